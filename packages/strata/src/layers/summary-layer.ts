import type { JsonValue, Provenance } from '../core/provenance.js';
import { StrataError } from '../errors/strata-error.js';
import type { ExtractionMeta, ExtractionResult } from '../transitions/extractor.js';
import { escapeUntrusted, sectionFrame } from './escape-untrusted.js';
import { fitItems } from './fit-items.js';
import type { FitRequest, Layer, LayerAction, LayerFit, LayerOptions } from './layer.js';
import { eventList, resolveLayerOptions } from './resolve-layer-options.js';

export interface SummaryLayerOptions extends LayerOptions {
  /** Initial summary. */
  text?: string;
  /** Events whose payload overwrites the summary (see `overwrite`). */
  overwriteOn?: string | readonly string[];
  /** Turns an event payload into the new summary (default: the payload if a string, or its `summary` field). */
  fromPayload?: (payload: unknown) => string | undefined;
}

/** The one current summary: overwritten at named transitions, truncated to budget as a last resort. */
export interface SummaryLayer extends Layer {
  readonly text: string;
  readonly provenance: Provenance | undefined;
  /** Replaces the summary. */
  set(text: string, provenance?: Provenance): void;
}

/** Creates a summary layer (defaults: budget 300, priority 70, stable). */
export function createSummaryLayer(options: SummaryLayerOptions = {}): SummaryLayer {
  const resolved = resolveLayerOptions('summary', options, { budget: 300, priority: 70, stable: true });
  const frame = sectionFrame(resolved.name, resolved.instructions);
  const fromPayload = options.fromPayload ?? defaultFromPayload;
  let text = options.text ?? '';
  let provenance: Provenance | undefined;
  let revision = 0;
  const bindings = eventList(options.overwriteOn).map((event) => ({
    event,
    action: 'overwrite' as LayerAction,
  }));

  const set = (next: string, from?: Provenance): void => {
    if (typeof next !== 'string') {
      throw new StrataError(
        'INPUT_INVALID',
        `Summary '${resolved.name}' must be a string, got ${typeof next}.`,
      );
    }
    text = next;
    provenance = from;
    revision += 1;
  };

  return {
    ...resolved,
    kind: 'summary',
    usesQuery: false,
    bindings,
    get revision() {
      return revision;
    },
    get text() {
      return text;
    },
    get provenance() {
      return provenance;
    },
    set,
    fit(request: FitRequest): LayerFit {
      if (text === '') return fitItems([], frame, request, { contiguous: true });
      return fitItems([{ id: 'summary', line: escapeUntrusted(text) }], frame, request, { contiguous: true });
    },
    snapshot(): JsonValue {
      return { text, provenance: (provenance ?? null) as JsonValue };
    },
    restore(snapshot: JsonValue): void {
      const value = snapshot as { text?: unknown; provenance?: unknown } | null;
      text = typeof value?.text === 'string' ? value.text : '';
      provenance = (value?.provenance ?? undefined) as Provenance | undefined;
      revision += 1;
    },
    overwrite(payload: unknown): void {
      const next = fromPayload(payload);
      if (next !== undefined) set(next, { source: 'transition', createdAt: Date.now() });
    },
    reset(): void {
      set('');
    },
    async applyExtraction(result: ExtractionResult, meta: ExtractionMeta): Promise<void> {
      if (typeof result.summary === 'string') set(result.summary, meta.provenance);
    },
  };
}

function defaultFromPayload(payload: unknown): string | undefined {
  if (typeof payload === 'string') return payload;
  if (
    payload &&
    typeof payload === 'object' &&
    typeof (payload as { summary?: unknown }).summary === 'string'
  ) {
    return (payload as { summary: string }).summary;
  }
  return undefined;
}
