import { StrataError } from '../errors/strata-error.js';
import type { ChatModel } from '../model/chat-model.js';
import type { ExtractorContext, ExtractorInput, SummaryOutput, TypedExtractor } from './extractor.js';
import { extractionKey } from './idempotency-key.js';
import { DATA_RULE, renderTranscript } from './render-transcript.js';

/** Options of `createSummarizer`. */
export interface SummarizerOptions {
  model: ChatModel;
  /** What the summary must keep (e.g. "the customer's profile and open issue"). */
  instructions?: string;
  /** Output cap for the model call, and the length the prompt asks for (default 300 tokens). */
  maxTokens?: number;
  /** Reads the current summary from the input (default: `layers.summary` when it is a string). */
  previousSummary?: (input: ExtractorInput) => string | undefined;
  /** Name in keys (default 'summary'). */
  name?: string;
}

const DEFAULT_INSTRUCTIONS =
  'Keep what a reader needs to continue: goals, decisions, current progress, open problems, and facts that will matter later. Drop play-by-play detail.';

/**
 * An extractor that rewrites a running summary: old summary + new material -> new summary,
 * which overwrites the old one. An empty answer rejects with MODEL_OUTPUT_INVALID.
 */
export function createSummarizer(options: SummarizerOptions): TypedExtractor<ExtractorInput, SummaryOutput> {
  if (!options.model || typeof options.model.generate !== 'function') {
    throw new StrataError('CONFIG_INVALID', "createSummarizer needs a 'model' (a ChatModel).");
  }
  const name = options.name ?? 'summary';
  const maxTokens = options.maxTokens ?? 300;
  const readPrevious =
    options.previousSummary ??
    ((input: ExtractorInput) => {
      const snapshot = input.layers?.summary;
      return typeof snapshot === 'string' ? snapshot : undefined;
    });

  return {
    name,
    async run(input: ExtractorInput, context: ExtractorContext = {}): Promise<SummaryOutput> {
      const previous = readPrevious(input);
      const previousBlock =
        previous === undefined || previous.trim() === ''
          ? 'There is no previous summary.'
          : `The previous summary, also quoted data:\n${JSON.stringify(previous).replace(/</g, '\\u003c')}`;
      const result = await options.model.generate({
        messages: [
          {
            role: 'system',
            content: `You maintain a running summary for an agent's memory. Rewrite it to include what happened up to event '${input.event}'.\n${options.instructions ?? DEFAULT_INSTRUCTIONS}\nWrite at most about ${Math.floor(maxTokens * 0.75)} words of plain prose, no preamble.\n${DATA_RULE}`,
          },
          { role: 'user', content: `${previousBlock}\n\nNew material:\n${renderTranscript(input)}` },
        ],
        maxOutputTokens: maxTokens,
        temperature: 0,
        ...(context.signal ? { signal: context.signal } : {}),
      });
      const summary = result.text.trim();
      if (summary === '') {
        throw new StrataError(
          'MODEL_OUTPUT_INVALID',
          `Model '${options.model.modelId}' returned an empty summary for event '${input.event}'; the old summary is kept.`,
          { details: { finishReason: result.finishReason ?? null } },
        );
      }
      return { kind: 'summary', idempotencyKey: extractionKey(name, input), summary };
    },
  };
}
