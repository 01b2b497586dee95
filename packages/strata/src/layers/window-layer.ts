import type { JsonValue, Provenance } from '../core/provenance.js';
import { StrataError } from '../errors/strata-error.js';
import { renderListItem, sectionFrame } from './escape-untrusted.js';
import { type FitCandidate, fitItems } from './fit-items.js';
import type { FitRequest, Layer, LayerAction, LayerFit, LayerOptions } from './layer.js';
import { eventList, resolveLayerOptions } from './resolve-layer-options.js';

export interface WindowEvent {
  id: string;
  text: string;
  provenance?: Provenance;
}

export interface WindowLayerOptions extends LayerOptions {
  /** Most events kept (older ones are forgotten on append). Default 50. */
  maxEvents?: number;
  /** Events that end this window's scope and clear it (e.g. 'combat-end'). */
  resetOn?: string | readonly string[];
}

/** Working memory: recent events, bounded by count and tokens, cleared when its scope ends. */
export interface WindowLayer extends Layer {
  readonly events: readonly WindowEvent[];
  /** Appends an event (a string, or text with an id and provenance). Returns its id. */
  append(event: string | { text: string; id?: string; provenance?: Provenance }): string;
  reset(): void;
}

/** Creates a window layer (defaults: budget 800, priority 60, dynamic). */
export function createWindowLayer(options: WindowLayerOptions = {}): WindowLayer {
  const resolved = resolveLayerOptions('window', options, { budget: 800, priority: 60, stable: false });
  const maxEvents = options.maxEvents ?? 50;
  if (!Number.isInteger(maxEvents) || maxEvents < 1) {
    throw new StrataError(
      'CONFIG_INVALID',
      `Layer '${resolved.name}': maxEvents must be a whole number >= 1.`,
    );
  }
  const frame = sectionFrame(resolved.name, resolved.instructions);
  let events: WindowEvent[] = [];
  let nextId = 1;
  let revision = 0;
  // Newest first; rebuilt only when the events change.
  let candidates: FitCandidate[] | undefined;

  const bindings = eventList(options.resetOn).map((event) => ({ event, action: 'reset' as LayerAction }));

  const layer: WindowLayer = {
    ...resolved,
    kind: 'window',
    usesQuery: false,
    bindings,
    get revision() {
      return revision;
    },
    get events() {
      return events;
    },
    append(event) {
      const item = typeof event === 'string' ? { text: event } : event;
      if (typeof item.text !== 'string') {
        throw new StrataError('INPUT_INVALID', `Window '${resolved.name}': an event needs a string 'text'.`);
      }
      const id = item.id ?? `e${nextId}`;
      nextId += 1;
      const stored: WindowEvent = { id, text: item.text };
      if (item.provenance) stored.provenance = item.provenance;
      events.push(stored);
      if (events.length > maxEvents) events = events.slice(events.length - maxEvents);
      candidates = undefined;
      revision += 1;
      return id;
    },
    reset() {
      events = [];
      candidates = undefined;
      revision += 1;
    },
    fit(request: FitRequest): LayerFit {
      candidates ??= events.map((event) => ({ id: event.id, line: renderListItem(event.text) })).reverse();
      return fitItems(candidates, frame, request, { contiguous: true, reverseForDisplay: true });
    },
    snapshot(): JsonValue {
      return { events: events as unknown as JsonValue, nextId };
    },
    restore(snapshot: JsonValue) {
      const value = snapshot as { events?: WindowEvent[]; nextId?: number } | null;
      events = Array.isArray(value?.events) ? value.events.map((event) => ({ ...event })) : [];
      nextId = typeof value?.nextId === 'number' ? value.nextId : events.length + 1;
      candidates = undefined;
      revision += 1;
    },
  };
  return layer;
}
