import type { JsonValue, Provenance } from '../core/provenance.js';
import { StrataError } from '../errors/strata-error.js';
import { renderListItem, sectionFrame } from './escape-untrusted.js';
import { type CandidateList, type FitCandidate, fitItems } from './fit-items.js';
import type { FitRequest, Layer, LayerAction, LayerFit, LayerOptions } from './layer.js';
import { eventList, resolveLayerOptions } from './resolve-layer-options.js';

/** One event of a window layer. */
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
  /** Removes every event (the scope ended). */
  reset(): void;
}

/** An event with its line rendered once, at append. */
interface Slot {
  readonly id: string;
  readonly line: string;
  readonly event: WindowEvent;
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
  // A ring of already-rendered events, oldest at `start`: an append writes one slot (no copy, no
  // re-render), and the fit reads newest-first only as far as the section has room. Line counts
  // come from the tokenizer's content cache, so each line is tokenized once while it is in view.
  let ring: Slot[] = [];
  let start = 0;
  let nextId = 1;
  let revision = 0;
  let listed: WindowEvent[] | undefined;

  const newestFirst: CandidateList = {
    get length() {
      return ring.length;
    },
    at(index: number): FitCandidate | undefined {
      if (index < 0 || index >= ring.length) return undefined;
      return ring[(start + ring.length - 1 - index) % ring.length];
    },
  };
  const put = (event: WindowEvent): void => {
    const slot: Slot = { id: event.id, line: renderListItem(event.text), event };
    if (ring.length < maxEvents) ring.push(slot);
    else {
      ring[start] = slot;
      start = (start + 1) % maxEvents;
    }
  };
  const clear = (): void => {
    ring = [];
    start = 0;
  };

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
      // Built on demand (inspection, snapshots), not on every append.
      listed ??= Array.from({ length: ring.length }, (_, index) => {
        return (ring[(start + index) % ring.length] as Slot).event;
      });
      return listed;
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
      put(stored);
      listed = undefined;
      revision += 1;
      return id;
    },
    reset() {
      clear();
      listed = undefined;
      revision += 1;
    },
    fit(request: FitRequest): LayerFit {
      return fitItems(newestFirst, frame, request, {
        contiguous: true,
        reverseForDisplay: true,
        countRest: true,
      });
    },
    snapshot(): JsonValue {
      return { events: layer.events as unknown as JsonValue, nextId };
    },
    restore(snapshot: JsonValue) {
      const value = snapshot as { events?: WindowEvent[]; nextId?: number } | null;
      const events = Array.isArray(value?.events) ? value.events.slice(-maxEvents) : [];
      clear();
      for (const event of events) put({ ...event });
      nextId = typeof value?.nextId === 'number' ? value.nextId : events.length + 1;
      listed = undefined;
      revision += 1;
    },
  };
  return layer;
}
