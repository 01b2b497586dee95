import type { JsonValue, Provenance } from '../core/provenance.js';
import { StrataError } from '../errors/strata-error.js';
import type { LessonRecord, LessonUpdate, MemoryStore, NewLesson } from '../store/memory-store.js';
import type { ExtractionMeta, ExtractionResult } from '../transitions/extractor.js';
import { renderListItem, sectionFrame } from './escape-untrusted.js';
import { type FitCandidate, fitItems } from './fit-items.js';
import type {
  DroppedItem,
  DropReason,
  FitRequest,
  Layer,
  LayerFit,
  LayerOpenContext,
  LayerOptions,
} from './layer.js';
import { resolveLayerOptions } from './resolve-layer-options.js';
import { jaccard, termSet } from './text-terms.js';

/** Exponents of the lesson score `recency^a * relevance^b * importance^c * usefulness^d` (0 turns a factor off). */
export interface LessonWeights {
  recency: number;
  relevance: number;
  importance: number;
  usefulness: number;
}

export interface LessonsLayerOptions extends LayerOptions {
  /** Most lessons kept; adding beyond evicts the lowest score. Default 200. */
  capacity?: number;
  weights?: Partial<LessonWeights>;
  /** Age (ms since last use or creation) at which recency halves. Default 7 days. */
  halfLifeMs?: number;
  /** Jaccard similarity of word sets at or above which a new lesson is a near-duplicate. Default 0.8. */
  duplicateThreshold?: number;
  /** Persist lessons in this store namespace (default: the memory's namespace) when the memory has a store. */
  namespace?: string;
  /** Clock (default Date.now). */
  now?: () => number;
}

/** A lesson to add. */
export interface LessonInput {
  text: string;
  importance?: number;
  usefulness?: number;
  tags?: string[];
  provenance?: Provenance;
  /** Adding twice with the same key is a no-op (safe retries). */
  idempotencyKey?: string;
  id?: string;
}

export type AddLessonResult =
  | { status: 'added'; lesson: LessonRecord; evicted?: string }
  | { status: 'duplicate'; lesson: LessonRecord }
  | { status: 'rejected'; reason: 'lower-than-all-at-capacity' };

/** Insights kept across sessions: capped, ranked, deduplicated, each with provenance. */
export interface LessonsLayer extends Layer {
  readonly lessons: readonly LessonRecord[];
  /** Adds a lesson unless it is a near-duplicate or its idempotency key was seen; evicts the lowest score when full. */
  addLesson(input: LessonInput): Promise<AddLessonResult>;
  /** Compare-and-swap update (retried on STORE_CONFLICT against the store's latest version). */
  updateLesson(id: string, update: LessonUpdate): Promise<LessonRecord>;
  /** Records that lessons were shown and helped (`useful`) or not; nudges usefulness. */
  recordUse(ids: readonly string[], useful?: boolean): Promise<void>;
  removeLesson(id: string): Promise<void>;
  /** Score of a lesson for a query (for inspection and tests). */
  score(id: string, query?: string, keys?: ReadonlySet<string>): number;
}

interface Entry {
  record: LessonRecord;
  terms: Set<string>;
  line: string;
  candidate: FitCandidate;
  dropLayer: DroppedItem;
  dropTotal: DroppedItem;
  dropRanked: DroppedItem;
}

const DEFAULT_WEIGHTS: LessonWeights = { recency: 1, relevance: 1, importance: 1, usefulness: 1 };
/** Factors are floored so one zero factor (no word in common) does not erase a lesson's other merits. */
const FLOOR = 0.05;
const CONFLICT_RETRIES = 3;
/** Lessons put in exact order for a new query; past them, order is exact only after a full merge. */
const HEAD = 256;

/** Creates a lessons layer (defaults: budget 500, priority 40, stable, capacity 200). */
export function createLessonsLayer(options: LessonsLayerOptions = {}): LessonsLayer {
  const resolved = resolveLayerOptions('lessons', options, { budget: 500, priority: 40, stable: true });
  const capacity = options.capacity ?? 200;
  if (!Number.isInteger(capacity) || capacity < 1) {
    throw new StrataError(
      'CONFIG_INVALID',
      `Layer '${resolved.name}': capacity must be a whole number >= 1.`,
    );
  }
  const weights: LessonWeights = { ...DEFAULT_WEIGHTS, ...options.weights };
  const halfLifeMs = options.halfLifeMs ?? 7 * 24 * 3600 * 1000;
  const threshold = options.duplicateThreshold ?? 0.8;
  const now = options.now ?? Date.now;
  const frame = sectionFrame(resolved.name, resolved.instructions);

  const entries = new Map<string, Entry>();
  const postings = new Map<string, Set<string>>();
  const byKey = new Map<string, string>();
  let store: MemoryStore | undefined;
  let namespace = options.namespace ?? 'default';
  let revision = 0;
  let nextId = 1;
  let ranking: { key: string; order: Entry[]; candidates: FitCandidate[]; full: boolean } | undefined;
  let baseRanking:
    | { key: string; order: Entry[]; scores: Map<Entry, number>; sortedScores: Float64Array }
    | undefined;

  const index = (record: LessonRecord): Entry => {
    const terms = termSet(`${record.text} ${record.tags.join(' ')}`);
    const line = renderListItem(record.text);
    const entry: Entry = {
      record,
      terms,
      line,
      candidate: { id: record.id, line },
      dropLayer: Object.freeze({ id: record.id, reason: 'layer-budget' as DropReason }),
      dropTotal: Object.freeze({ id: record.id, reason: 'total-budget' as DropReason }),
      dropRanked: Object.freeze({ id: record.id, reason: 'ranked-out' as DropReason }),
    };
    const previous = entries.get(record.id);
    if (previous) unindex(previous);
    entries.set(record.id, entry);
    for (const term of terms) {
      let set = postings.get(term);
      if (!set) {
        set = new Set();
        postings.set(term, set);
      }
      set.add(record.id);
    }
    if (record.idempotencyKey) byKey.set(record.idempotencyKey, record.id);
    revision += 1;
    return entry;
  };
  const unindex = (entry: Entry): void => {
    entries.delete(entry.record.id);
    for (const term of entry.terms) postings.get(term)?.delete(entry.record.id);
    revision += 1;
  };

  const baseScore = (record: LessonRecord, at: number): number => {
    const age = Math.max(0, at - (record.lastUsedAt ?? record.createdAt));
    const recency = Math.max(FLOOR, 0.5 ** (age / halfLifeMs));
    const importance = Math.max(FLOOR, clamp01(record.importance));
    const usefulness = Math.max(FLOOR, clamp01(record.usefulness));
    return recency ** weights.recency * importance ** weights.importance * usefulness ** weights.usefulness;
  };

  /** Word overlap (cosine on sets) of every lesson sharing a word with the query or keys. */
  const relevances = (query: string | undefined, keys: ReadonlySet<string>): Map<Entry, number> => {
    const wanted = termSet(query ?? '');
    for (const key of keys) for (const term of termSet(key)) wanted.add(term);
    const overlap = new Map<Entry, number>();
    for (const term of wanted) {
      for (const id of postings.get(term) ?? []) {
        const entry = entries.get(id);
        if (entry) overlap.set(entry, (overlap.get(entry) ?? 0) + 1);
      }
    }
    for (const [entry, shared] of overlap)
      overlap.set(entry, shared / Math.sqrt(wanted.size * Math.max(1, entry.terms.size)));
    return overlap;
  };

  const scoreEntry = (entry: Entry, at: number, relevance: Map<Entry, number> | undefined): number => {
    const base = baseScore(entry.record, at);
    if (!relevance || weights.relevance === 0) return base;
    return base * Math.max(FLOOR, relevance.get(entry) ?? 0) ** weights.relevance;
  };

  /** Lessons by query-independent score (recency x importance x usefulness), best first; cached per revision and time bucket. */
  const rankByBase = (
    at: number,
  ): { order: Entry[]; scores: Map<Entry, number>; sortedScores: Float64Array } => {
    const key = `${revision}|${Math.floor(at / (halfLifeMs / 100))}`;
    if (baseRanking?.key === key) return baseRanking;
    const scores = new Map<Entry, number>();
    for (const entry of entries.values()) scores.set(entry, baseScore(entry.record, at));
    const order = [...entries.values()].sort(
      (a, b) => (scores.get(b) as number) - (scores.get(a) as number) || (a.record.id < b.record.id ? -1 : 1),
    );
    baseRanking = {
      key,
      order,
      scores,
      sortedScores: Float64Array.from(order, (entry) => scores.get(entry) as number),
    };
    return baseRanking;
  };

  /**
   * Full ranking for a query. Lessons sharing no word with the query all get the same relevance
   * factor, so among them the base order holds: only the few that share words are scored, then
   * merged into the cached base order (linear, no sort of the whole set).
   */
  const rank = (query: string | undefined, keys: ReadonlySet<string>, at: number, full: boolean): Entry[] => {
    const base = rankByBase(at);
    const hasQuery = (query !== undefined && query !== '') || keys.size > 0;
    if (!hasQuery || weights.relevance === 0) return base.order;
    const relevance = relevances(query, keys);
    if (relevance.size === 0) return base.order;
    const boosted: Array<{ entry: Entry; score: number }> = [];
    for (const [entry, value] of relevance) {
      boosted.push({
        entry,
        score: (base.scores.get(entry) ?? 0) * Math.max(FLOOR, value) ** weights.relevance,
      });
    }
    boosted.sort((a, b) => b.score - a.score || (a.entry.record.id < b.entry.record.id ? -1 : 1));
    const floorFactor = FLOOR ** weights.relevance;
    const order: Entry[] = [];
    let next = 0;
    const { order: baseOrder, sortedScores } = base;
    let position = 0;
    // Merge only the head: the fit rarely looks past a few dozen lessons. The tail keeps base order
    // (still a valid order for every lesson there that shares no word with the query).
    for (; position < baseOrder.length && (full || order.length < HEAD); position += 1) {
      const entry = baseOrder[position] as Entry;
      if (relevance.has(entry)) continue;
      const score = (sortedScores[position] as number) * floorFactor;
      while (next < boosted.length && (boosted[next] as { score: number }).score >= score) {
        order.push((boosted[next] as { entry: Entry }).entry);
        next += 1;
      }
      order.push(entry);
    }
    for (; next < boosted.length; next += 1) order.push((boosted[next] as { entry: Entry }).entry);
    for (; position < baseOrder.length; position += 1) {
      const entry = baseOrder[position] as Entry;
      if (!relevance.has(entry)) order.push(entry);
    }
    return order;
  };

  const findDuplicate = (terms: Set<string>): Entry | undefined => {
    if (terms.size === 0) return undefined;
    // A set B with Jaccard(A, B) >= t misses at most (1 - t)|A| words of A, so it contains one of
    // any floor((1 - t)|A|) + 1 words of A: look only at lessons holding one of A's rarest words.
    const rarest = [...terms].sort((a, b) => (postings.get(a)?.size ?? 0) - (postings.get(b)?.size ?? 0));
    const probe = rarest.slice(0, Math.floor((1 - threshold) * terms.size) + 1);
    const seen = new Set<string>();
    for (const term of probe) {
      for (const id of postings.get(term) ?? []) {
        if (seen.has(id)) continue;
        seen.add(id);
        const entry = entries.get(id);
        if (entry && jaccard(terms, entry.terms) >= threshold) return entry;
      }
    }
    return undefined;
  };

  const persistUpdate = async (id: string, update: LessonUpdate): Promise<LessonRecord> => {
    const entry = entries.get(id);
    if (!entry)
      throw new StrataError('INPUT_INVALID', `Lessons '${resolved.name}': no lesson with id '${id}'.`);
    if (!store) {
      const record = { ...entry.record, ...update, version: entry.record.version + 1 };
      index(record);
      return record;
    }
    let expected = entry.record.version;
    for (let attempt = 0; ; attempt += 1) {
      try {
        const record = await store.updateLesson(namespace, id, update, expected);
        index(record);
        return record;
      } catch (error) {
        if (!StrataError.is(error, 'STORE_CONFLICT') || attempt >= CONFLICT_RETRIES) throw error;
        // Someone else updated it: take their version and apply ours on top.
        const latest = (await store.listLessons(namespace)).find((lesson) => lesson.id === id);
        if (!latest) throw error;
        index(latest);
        expected = latest.version;
      }
    }
  };

  const layer: LessonsLayer = {
    ...resolved,
    kind: 'lessons',
    usesQuery: true,
    bindings: [],
    get revision() {
      // Recency changes with time: a new time bucket is a new revision (ranks are refreshed).
      return revision * 1_000_003 + Math.floor(now() / (halfLifeMs / 100));
    },
    get lessons() {
      return [...entries.values()].map((entry) => entry.record);
    },
    async open(context: LayerOpenContext) {
      store = context.store;
      namespace = options.namespace ?? context.namespace;
      if (!store) return;
      // Lessons added before the store was attached are written to it now.
      const early = [...entries.values()].map((entry) => entry.record);
      const persisted = await store.listLessons(namespace);
      const persistedIds = new Set(persisted.map((record) => record.id));
      for (const record of persisted) index(record);
      for (const record of early) {
        if (persistedIds.has(record.id)) continue;
        const { version: _version, namespace: _namespace, ...lesson } = record;
        const stored = await store.addLesson(namespace, lesson);
        if (stored.lesson.id !== record.id) {
          const previous = entries.get(record.id);
          if (previous) unindex(previous);
        }
        index(stored.lesson);
      }
    },
    async addLesson(input: LessonInput): Promise<AddLessonResult> {
      if (typeof input?.text !== 'string' || input.text.trim() === '') {
        throw new StrataError(
          'INPUT_INVALID',
          `Lessons '${resolved.name}': a lesson needs a non-empty 'text'.`,
        );
      }
      if (input.idempotencyKey) {
        const existing = byKey.get(input.idempotencyKey);
        const entry = existing === undefined ? undefined : entries.get(existing);
        if (entry) return { status: 'duplicate', lesson: entry.record };
      }
      const at = now();
      const terms = termSet(`${input.text} ${(input.tags ?? []).join(' ')}`);
      const duplicate = findDuplicate(terms);
      if (duplicate) return { status: 'duplicate', lesson: duplicate.record };
      const lesson: NewLesson = {
        id: input.id ?? `lesson-${at.toString(36)}-${(nextId++).toString(36)}`,
        text: input.text,
        importance: clamp01(input.importance ?? 0.5),
        usefulness: clamp01(input.usefulness ?? 0.5),
        uses: 0,
        tags: input.tags ?? [],
        provenance: input.provenance ?? { source: 'user', createdAt: at },
        createdAt: at,
      };
      if (input.idempotencyKey) lesson.idempotencyKey = input.idempotencyKey;
      let evicted: string | undefined;
      if (entries.size >= capacity) {
        let lowest: Entry | undefined;
        let lowestScore = Number.POSITIVE_INFINITY;
        for (const entry of entries.values()) {
          const score = baseScore(entry.record, at);
          if (score < lowestScore) {
            lowestScore = score;
            lowest = entry;
          }
        }
        if (lowest && baseScore({ ...lesson, namespace, version: 1 }, at) <= lowestScore) {
          return { status: 'rejected', reason: 'lower-than-all-at-capacity' };
        }
        if (lowest) {
          evicted = lowest.record.id;
          if (store) await store.deleteLesson(namespace, evicted);
          unindex(lowest);
        }
      }
      let record: LessonRecord;
      if (store) {
        const stored = await store.addLesson(namespace, lesson);
        record = stored.lesson;
        if (!stored.created) {
          index(record);
          return { status: 'duplicate', lesson: record };
        }
      } else record = { ...lesson, namespace, version: 1 };
      index(record);
      return evicted === undefined
        ? { status: 'added', lesson: record }
        : { status: 'added', lesson: record, evicted };
    },
    updateLesson: persistUpdate,
    async recordUse(ids, useful) {
      const at = now();
      for (const id of ids) {
        const entry = entries.get(id);
        if (!entry) continue;
        const usefulness =
          useful === undefined
            ? entry.record.usefulness
            : clamp01(entry.record.usefulness + (useful ? 0.1 : -0.1) * (1 - entry.record.usefulness / 2));
        await persistUpdate(id, { uses: entry.record.uses + 1, lastUsedAt: at, usefulness });
      }
    },
    async removeLesson(id) {
      const entry = entries.get(id);
      if (!entry) return;
      if (store) await store.deleteLesson(namespace, id);
      unindex(entry);
    },
    score(id, query, keys = new Set()) {
      const entry = entries.get(id);
      if (!entry) return 0;
      const hasQuery = (query !== undefined && query !== '') || keys.size > 0;
      return scoreEntry(entry, now(), hasQuery ? relevances(query, keys) : undefined);
    },
    fit(request: FitRequest): LayerFit {
      // Recency moves slowly: rank again when the content or the query changes, or every 1/100 half-life.
      const bucket = Math.floor(request.now / (halfLifeMs / 100));
      const key = `${revision}|${bucket}|${request.query ?? ''}|${[...request.keys].join('\u0000')}`;
      if (ranking?.key !== key) {
        const order = rank(request.query, request.keys, request.now, false);
        ranking = { key, order, candidates: order.map((entry) => entry.candidate), full: false };
      }
      const stats = { examined: 0 };
      let fit = fitRanked(ranking, request, stats);
      if (!ranking.full && stats.examined > HEAD) {
        const order = rank(request.query, request.keys, request.now, true);
        ranking = { key, order, candidates: order.map((entry) => entry.candidate), full: true };
        fit = fitRanked(ranking, request, stats);
      }
      return fit;
    },
    snapshot(): JsonValue {
      // With a store, lessons live in their namespace, not in the session.
      if (store) return null;
      return { lessons: [...entries.values()].map((entry) => entry.record) as unknown as JsonValue };
    },
    restore(snapshot: JsonValue) {
      const value = snapshot as { lessons?: LessonRecord[] } | null;
      if (!value || !Array.isArray(value.lessons)) return;
      for (const entry of [...entries.values()]) unindex(entry);
      byKey.clear();
      for (const record of value.lessons) index({ ...record });
    },
    async applyExtraction(result: ExtractionResult, meta: ExtractionMeta) {
      const lessons = result.lessons ?? [];
      for (let position = 0; position < lessons.length; position += 1) {
        const lesson = lessons[position];
        if (!lesson || typeof lesson.text !== 'string' || lesson.text.trim() === '') continue;
        const input: LessonInput = {
          text: lesson.text,
          provenance: meta.provenance,
          idempotencyKey: `${result.idempotencyKey}#${position}`,
        };
        if (lesson.importance !== undefined) input.importance = lesson.importance;
        if (lesson.tags !== undefined) input.tags = lesson.tags;
        await layer.addLesson(input);
      }
    },
  };

  function fitRanked(
    current: { order: Entry[]; candidates: FitCandidate[] },
    request: FitRequest,
    stats: { examined: number },
  ): LayerFit {
    const { order } = current;
    return fitItems(current.candidates, frame, request, {
      contiguous: false,
      stats,
      restReason: 'ranked-out',
      dropRecord: (position, reason) => {
        const entry = order[position] as Entry;
        return reason === 'ranked-out'
          ? entry.dropRanked
          : reason === 'total-budget'
            ? entry.dropTotal
            : entry.dropLayer;
      },
    });
  }

  return layer;
}

function clamp01(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(1, Math.max(0, value));
}
