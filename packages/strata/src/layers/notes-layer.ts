import type { JsonValue, Provenance } from '../core/provenance.js';
import { StrataError } from '../errors/strata-error.js';
import { renderListItem, sectionFrame } from './escape-untrusted.js';
import { type FitCandidate, fitItems, markExactFit } from './fit-items.js';
import type { DroppedItem, FitRequest, Layer, LayerAction, LayerFit, LayerOptions } from './layer.js';
import { resolveLayerOptions } from './resolve-layer-options.js';

/** A note the agent wrote, with the scope that ends it. */
export interface Note {
  id: string;
  text: string;
  scope: string;
  /** Shown only when one of these is a key in play or appears in the query (case-insensitive). */
  triggers?: string[];
  provenance: Provenance;
}

export interface NotesLayerOptions extends LayerOptions {
  /** Scope name -> the event that ends it. Default: turn -> turn-end, combat -> combat-end, run -> run-end. */
  scopes?: Record<string, string>;
  /** Most notes kept (the oldest are forgotten). Default 100. */
  maxNotes?: number;
  /** Clock for provenance (default Date.now). */
  now?: () => number;
}

/** Scoped notes the agent writes itself; they expire when their scope's end event fires. */
export interface NotesLayer extends Layer {
  readonly notes: readonly Note[];
  /** Adds a note (scope default 'run'). Returns its id. */
  add(note: {
    text: string;
    scope?: string;
    triggers?: string[];
    id?: string;
    provenance?: Provenance;
  }): string;
  /** Removes a note by id. */
  remove(id: string): boolean;
  /** Drops every note whose scope ends at `event`. */
  expire(event: string): void;
}

const DEFAULT_SCOPES = { turn: 'turn-end', combat: 'combat-end', run: 'run-end' };

/** Creates a notes layer (defaults: budget 300, priority 50, dynamic). */
export function createNotesLayer(options: NotesLayerOptions = {}): NotesLayer {
  const resolved = resolveLayerOptions('notes', options, { budget: 300, priority: 50, stable: false });
  const scopes = options.scopes ?? DEFAULT_SCOPES;
  const maxNotes = options.maxNotes ?? 100;
  const now = options.now ?? Date.now;
  const frame = sectionFrame(resolved.name, resolved.instructions);
  let notes: Note[] = [];
  let nextId = 1;
  let revision = 0;
  const endEvents = new Set(Object.values(scopes));
  const bindings = [...endEvents].map((event) => ({ event, action: 'expire' as LayerAction }));
  const touch = (): void => {
    revision += 1;
  };

  return {
    ...resolved,
    kind: 'notes',
    usesQuery: true,
    bindings,
    get revision() {
      return revision;
    },
    get notes() {
      return notes;
    },
    add(note) {
      if (typeof note?.text !== 'string') {
        throw new StrataError('INPUT_INVALID', `Notes '${resolved.name}': a note needs a string 'text'.`);
      }
      const scope = note.scope ?? 'run';
      if (!(scope in scopes)) {
        throw new StrataError(
          'INPUT_INVALID',
          `Notes '${resolved.name}': unknown scope '${scope}'. Use one of: ${Object.keys(scopes).join(', ')}, or configure 'scopes'.`,
        );
      }
      const id = note.id ?? `n${nextId}`;
      nextId += 1;
      const stored: Note = {
        id,
        text: note.text,
        scope,
        provenance: note.provenance ?? { source: 'agent-note', createdAt: now() },
      };
      if (note.triggers && note.triggers.length > 0)
        stored.triggers = note.triggers.map((t) => t.toLowerCase());
      notes = [...notes.filter((existing) => existing.id !== id), stored];
      if (notes.length > maxNotes) notes = notes.slice(notes.length - maxNotes);
      touch();
      return id;
    },
    remove(id) {
      const before = notes.length;
      notes = notes.filter((note) => note.id !== id);
      if (notes.length === before) return false;
      touch();
      return true;
    },
    expire(event) {
      const ending = new Set(
        Object.entries(scopes)
          .filter(([, end]) => end === event)
          .map(([scope]) => scope),
      );
      if (ending.size === 0) return;
      const before = notes.length;
      notes = notes.filter((note) => !ending.has(note.scope));
      if (notes.length !== before) touch();
    },
    reset() {
      notes = [];
      touch();
    },
    fit(request: FitRequest): LayerFit {
      const query = request.query?.toLowerCase();
      const candidates: FitCandidate[] = [];
      const notTriggered: DroppedItem[] = [];
      for (let index = notes.length - 1; index >= 0; index -= 1) {
        const note = notes[index] as Note;
        if (
          note.triggers &&
          !note.triggers.some((t) => request.keys.has(t) || (query?.includes(t) ?? false))
        ) {
          notTriggered.push({ id: note.id, reason: 'not-triggered' });
          continue;
        }
        candidates.push({ id: note.id, line: renderListItem(note.text) });
      }
      const fit = fitItems(candidates, frame, request, { contiguous: false });
      return notTriggered.length === 0
        ? fit
        : markExactFit({ ...fit, dropped: [...fit.dropped, ...notTriggered] });
    },
    snapshot(): JsonValue {
      return { notes: notes as unknown as JsonValue, nextId };
    },
    restore(snapshot: JsonValue) {
      const value = snapshot as { notes?: Note[]; nextId?: number } | null;
      notes = Array.isArray(value?.notes) ? value.notes.map((note) => ({ ...note })) : [];
      nextId = typeof value?.nextId === 'number' ? value.nextId : notes.length + 1;
      touch();
    },
  };
}
