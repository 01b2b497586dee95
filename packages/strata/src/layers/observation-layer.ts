import type { JsonValue } from '../core/provenance.js';
import { escapeUntrusted, sectionFrame } from './escape-untrusted.js';
import { fitItems } from './fit-items.js';
import type { FitRequest, Layer, LayerFit, LayerOptions } from './layer.js';
import { resolveLayerOptions } from './resolve-layer-options.js';

export interface ObservationLayerOptions<T> extends LayerOptions {
  /** Renders the current observation (default: strings as they are, anything else as JSON). */
  render?: (observation: T) => string;
}

/** What the agent sees now: replaced every call, rendered by a user function, truncated only as a last resort. */
export interface ObservationLayer<T = unknown> extends Layer {
  /** The current rendering ('' before the first `set`). */
  readonly text: string;
  /** Replaces the observation. */
  set(observation: T): void;
}

/** Creates an observation layer (defaults: budget 500, priority 100, dynamic). */
export function createObservationLayer<T = unknown>(
  options: ObservationLayerOptions<T> = {},
): ObservationLayer<T> {
  const resolved = resolveLayerOptions('observation', options, { budget: 500, priority: 100, stable: false });
  const frame = sectionFrame(resolved.name, resolved.instructions);
  const render = options.render ?? defaultRender;
  let text = '';
  let line = '';
  let revision = 0;
  return {
    ...resolved,
    kind: 'observation',
    usesQuery: false,
    bindings: [],
    get revision() {
      return revision;
    },
    get text() {
      return text;
    },
    set(observation: T) {
      const next = render(observation);
      if (next === text) return;
      text = next;
      line = escapeUntrusted(next);
      revision += 1;
    },
    fit(request: FitRequest): LayerFit {
      return fitItems(text === '' ? [] : [{ id: 'observation', line }], frame, request, { contiguous: true });
    },
    snapshot(): JsonValue {
      return { text };
    },
    restore(snapshot: JsonValue) {
      const value = snapshot as { text?: unknown } | null;
      text = typeof value?.text === 'string' ? value.text : '';
      line = escapeUntrusted(text);
      revision += 1;
    },
    reset() {
      text = '';
      line = '';
      revision += 1;
    },
  };
}

function defaultRender(observation: unknown): string {
  if (typeof observation === 'string') return observation;
  return JSON.stringify(observation) ?? '';
}
