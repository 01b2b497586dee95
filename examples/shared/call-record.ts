import { type AssembledContext, countChatTokens, type Tokenizer } from '@strata-memory/strata';

/** What one assembled call used, layer by layer: what the examples print and their tests check. */
export interface CallRecord {
  /** Which step of the example made the call (e.g. 'T-1001 turn 2'). */
  label: string;
  /** Tokens of the whole request as the memory reports them. */
  tokens: number;
  /** The same request counted again from its messages, independently of the assembler. */
  recounted: number;
  budget: number;
  stablePrefixTokens: number;
  layers: Array<{
    name: string;
    tokens: number;
    budget: number;
    items: number;
    kept: string[];
    dropped: number;
  }>;
}

/** Builds the record of one call; `recounted` counts the final messages with the chat framing rule. */
export function recordCall(label: string, context: AssembledContext, tokenizer: Tokenizer): CallRecord {
  return {
    label,
    tokens: context.tokens,
    recounted: countChatTokens(context.messages, tokenizer),
    budget: context.budget,
    stablePrefixTokens: context.stablePrefixTokens,
    layers: context.layers.map((layer) => ({
      name: layer.name,
      tokens: layer.tokens,
      budget: layer.budget,
      items: layer.items,
      kept: [...layer.kept],
      dropped: layer.dropped.length,
    })),
  };
}

/** One line per call: per-layer tokens/budget (items shown, items left out), then the total against the budget. */
export function formatCall(record: CallRecord): string {
  const layers = record.layers
    .map((layer) => {
      const left = layer.dropped > 0 ? `, ${layer.dropped} left out` : '';
      return `${layer.name} ${layer.tokens}/${layer.budget} (${layer.items}${left})`;
    })
    .join(' | ');
  return `${record.label.padEnd(22)} ${layers} | total ${record.tokens}/${record.budget}, stable prefix ${record.stablePrefixTokens}`;
}
