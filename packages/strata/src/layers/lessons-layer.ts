import { randomUUID } from 'node:crypto';
import type { JsonValue, Provenance } from '../core/provenance.js';
import { StrataError } from '../errors/strata-error.js';
import type { LessonRecord, LessonUpdate, MemoryStore, NewLesson } from '../store/memory-store.js';
import type { ExtractionMeta, ExtractionResult } from '../transitions/extractor.js';
import { sectionFrame } from './escape-untrusted.js';
import { type CandidateList, fitItems } from './fit-items.js';
import type { FitRequest, Layer, LayerFit, LayerOpenContext, LayerOptions } from './layer.js';
import { LessonEntry, LessonIndex } from './lesson-index.js';
import {
  type LessonScoring,
  type LessonWeights,
  lessonRank,
  relevanceBoost,
  scoreAt,
  timeShift,
} from './lesson-rank.js';
import { resolveLayerOptions } from './resolve-layer-options.js';
import { termSet } from './text-terms.js';

export type { LessonWeights } from './lesson-rank.js';

export interface LessonsLayerOptions extends LayerOptions {
  /**
   * Most lessons kept; adding beyond evicts the lowest score. Default 200. With a store, the store
   * enforces it for the whole namespace (every writer, every process) in the add's transaction.
   */
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
  /** Default: a random UUID, so writers sharing a namespace never collide. */
  id?: string;
}

/** What `addLesson` did: added (maybe evicting one), found a duplicate, or rejected it at capacity. */
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
  /** Deletes a lesson (from the store too). */
  removeLesson(id: string): Promise<void>;
  /** Score of a lesson for a query (for inspection and tests). */
  score(id: string, query?: string, keys?: ReadonlySet<string>): number;
  /** The `limit` best lessons by query-independent score (recency x importance x usefulness), best first. */
  top(limit?: number): LessonRecord[];
}

const DEFAULT_WEIGHTS: LessonWeights = { recency: 1, relevance: 1, importance: 1, usefulness: 1 };
const CONFLICT_RETRIES = 3;

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
  const halfLifeMs = options.halfLifeMs ?? 7 * 24 * 3600 * 1000;
  if (!(halfLifeMs > 0) || !Number.isFinite(halfLifeMs)) {
    throw new StrataError(
      'CONFIG_INVALID',
      `Layer '${resolved.name}': halfLifeMs must be a positive number of milliseconds.`,
    );
  }
  const scoring: LessonScoring = { weights: { ...DEFAULT_WEIGHTS, ...options.weights }, halfLifeMs };
  const threshold = options.duplicateThreshold ?? 0.8;
  const now = options.now ?? Date.now;
  // Stamps never repeat: two lessons added in one millisecond (an in-memory store, one extraction)
  // would tie on recency and fall to the id order, a random UUID's, so which one a prompt shows first
  // depended on how fast the store was; one millisecond apart, the later is the newer.
  let lastStamp = Number.NEGATIVE_INFINITY;
  const stamp = (): number => {
    lastStamp = Math.max(now(), lastStamp + 1);
    return lastStamp;
  };
  const frame = sectionFrame(resolved.name, resolved.instructions);
  const boost = (relevance: number): number => relevanceBoost(relevance, scoring);

  const index = new LessonIndex();
  const byKey = new Map<string, string>();
  let store: MemoryStore | undefined;
  let namespace = options.namespace ?? 'default';
  let revision = 0;
  let ranking: { key: string; list: CandidateList } | undefined;

  const termsOf = (record: Pick<LessonRecord, 'text' | 'tags'>): Set<string> =>
    termSet(`${record.text} ${record.tags.join(' ')}`);
  const entryOf = (record: LessonRecord): LessonEntry =>
    new LessonEntry(compactRecord(record, lessonRank(record, scoring)));

  /** Indexes a record (a compact copy of it) and returns the indexed record. */
  const put = (record: LessonRecord, terms: Set<string> = termsOf(record)): LessonRecord => {
    const entry = entryOf(record);
    index.add(entry, terms);
    if (record.idempotencyKey) byKey.set(record.idempotencyKey, record.id);
    revision += 1;
    return entry.record;
  };
  const putAll = (records: readonly LessonRecord[]): void => {
    index.addAll(records.map((record) => ({ entry: entryOf(record), terms: termsOf(record) })));
    for (const record of records) if (record.idempotencyKey) byKey.set(record.idempotencyKey, record.id);
    revision += 1;
  };
  const drop = (entry: LessonEntry): void => {
    index.remove(entry);
    if (entry.record.idempotencyKey && byKey.get(entry.record.idempotencyKey) === entry.id)
      byKey.delete(entry.record.idempotencyKey);
    revision += 1;
  };

  const wantedTerms = (query: string | undefined, keys: ReadonlySet<string>): Set<string> => {
    const wanted = termSet(query ?? '');
    for (const key of keys) for (const term of termSet(key)) wanted.add(term);
    return wanted;
  };

  /** The lessons in fit order for a query: the ranked order itself, or a lazy merge with the query's hits. */
  const rank = (query: string | undefined, keys: ReadonlySet<string>): CandidateList => {
    if (scoring.weights.relevance === 0) return index.order;
    const wanted = wantedTerms(query, keys);
    if (wanted.size === 0) return index.order;
    return index.rankFor(wanted, boost);
  };

  const persistUpdate = async (id: string, update: LessonUpdate): Promise<LessonRecord> => {
    const entry = index.get(id);
    if (!entry)
      throw new StrataError('INPUT_INVALID', `Lessons '${resolved.name}': no lesson with id '${id}'.`);
    const ranked = (base: LessonRecord): LessonUpdate => ({
      ...update,
      rank: lessonRank({ ...base, ...update }, scoring),
    });
    if (!store) {
      return put({ ...entry.record, ...ranked(entry.record), version: entry.record.version + 1 });
    }
    let base: LessonRecord = entry.record;
    for (let attempt = 0; ; attempt += 1) {
      try {
        return put(await store.updateLesson(namespace, id, ranked(base), base.version));
      } catch (error) {
        if (!StrataError.is(error, 'STORE_CONFLICT') || attempt >= CONFLICT_RETRIES) throw error;
        // Someone else updated it: take their version and apply ours on top.
        const latest = (await store.listLessons(namespace)).find((lesson) => lesson.id === id);
        if (!latest) throw error;
        put(latest);
        base = latest;
      }
    }
  };

  /** Keeps this layer's view within capacity: drops its lowest-ranked lessons (the store keeps its own). */
  const trimLocal = (): string | undefined => {
    let first: string | undefined;
    while (index.size > capacity) {
      const lowest = index.lowest() as LessonEntry;
      first ??= lowest.id;
      drop(lowest);
    }
    return first;
  };

  const layer: LessonsLayer = {
    ...resolved,
    kind: 'lessons',
    usesQuery: true,
    bindings: [],
    get revision() {
      // Time never reorders lessons (see lessonRank), so only changes bump the revision.
      return revision;
    },
    get lessons() {
      return Array.from(index.values(), (entry) => entry.record);
    },
    useTokenizer(tokenizer) {
      // Lessons added from now on are counted as they are added (a few microseconds each), not by
      // the call that first shows them.
      index.useTokenizer(tokenizer);
    },
    top(limit = capacity) {
      return index.top(Math.max(0, limit)).map((entry) => entry.record);
    },
    async open(context: LayerOpenContext) {
      store = context.store;
      namespace = options.namespace ?? context.namespace;
      if (!store) return;
      // Lessons added before the store was attached are written to it now.
      const early = Array.from(index.values(), (entry) => entry.record);
      // The store keeps at most `capacity` per namespace; load no more than that in any case.
      const persisted = await store.listLessons(namespace, { limit: capacity });
      const persistedIds = new Set(persisted.map((record) => record.id));
      putAll(persisted);
      for (const record of early) {
        if (persistedIds.has(record.id)) continue;
        const { version: _version, namespace: _namespace, ...lesson } = record;
        const stored = await store.addLesson(namespace, lesson, { capacity });
        for (const id of stored.evicted) {
          const evicted = index.get(id);
          if (evicted) drop(evicted);
        }
        if (stored.lesson.id !== record.id) {
          const previous = index.get(record.id);
          if (previous) drop(previous);
        }
        if (!stored.evicted.includes(stored.lesson.id)) put(stored.lesson);
      }
      trimLocal();
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
        const entry = existing === undefined ? undefined : index.get(existing);
        if (entry) return { status: 'duplicate', lesson: entry.record };
      }
      const at = stamp();
      const tags = input.tags ?? [];
      const terms = termsOf({ text: input.text, tags });
      const duplicate = index.findDuplicate(terms, threshold);
      if (duplicate) return { status: 'duplicate', lesson: duplicate.record };
      const lesson: NewLesson = {
        // normalize() flattens the string Node builds by concatenation (about 490 bytes -> 64).
        id: input.id ?? randomUUID().normalize(),
        text: input.text,
        importance: clamp01(input.importance ?? 0.5),
        usefulness: clamp01(input.usefulness ?? 0.5),
        uses: 0,
        tags,
        provenance: input.provenance ?? { source: 'user', createdAt: at },
        createdAt: at,
      };
      if (input.idempotencyKey) lesson.idempotencyKey = input.idempotencyKey;
      lesson.rank = lessonRank(lesson, scoring);
      if (!store) {
        let evicted: string | undefined;
        if (index.size >= capacity) {
          const lowest = index.lowest() as LessonEntry;
          // Ties lose: a newcomer must beat the weakest lesson to take its place.
          if (lesson.rank <= lowest.rank) return { status: 'rejected', reason: 'lower-than-all-at-capacity' };
          evicted = lowest.id;
          drop(lowest);
        }
        const record = put({ ...lesson, namespace, version: 1 }, terms);
        return evicted === undefined
          ? { status: 'added', lesson: record }
          : { status: 'added', lesson: record, evicted };
      }
      // The store decides for the whole namespace, in the same transaction as the insert.
      const stored = await store.addLesson(namespace, lesson, { capacity });
      if (!stored.created) {
        put(stored.lesson);
        return { status: 'duplicate', lesson: stored.lesson };
      }
      let evicted: string | undefined;
      for (const id of stored.evicted) {
        const entry = index.get(id);
        if (!entry) continue;
        evicted ??= id;
        drop(entry);
      }
      if (stored.evicted.includes(stored.lesson.id))
        return { status: 'rejected', reason: 'lower-than-all-at-capacity' };
      put(stored.lesson, terms);
      evicted ??= trimLocal();
      return evicted === undefined
        ? { status: 'added', lesson: stored.lesson }
        : { status: 'added', lesson: stored.lesson, evicted };
    },
    updateLesson: persistUpdate,
    async recordUse(ids, useful) {
      const at = stamp();
      for (const id of ids) {
        const entry = index.get(id);
        if (!entry) continue;
        const usefulness =
          useful === undefined
            ? entry.record.usefulness
            : clamp01(entry.record.usefulness + (useful ? 0.1 : -0.1) * (1 - entry.record.usefulness / 2));
        await persistUpdate(id, { uses: entry.record.uses + 1, lastUsedAt: at, usefulness });
      }
    },
    async removeLesson(id) {
      const entry = index.get(id);
      if (!entry) return;
      if (store) await store.deleteLesson(namespace, id);
      drop(entry);
    },
    score(id, query, keys = new Set()) {
      const entry = index.get(id);
      if (!entry) return 0;
      const at = now();
      const base = scoreAt(entry.rank, at, scoring);
      if (scoring.weights.relevance === 0) return base;
      const hasQuery = (query !== undefined && query !== '') || keys.size > 0;
      if (!hasQuery) return base;
      const wanted = wantedTerms(query, keys);
      let shared = 0;
      for (const posting of entry.postings) if (wanted.has(posting.term)) shared += 1;
      const relevance =
        wanted.size === 0 ? 0 : shared / Math.sqrt(wanted.size * Math.max(1, entry.termCount));
      return Math.exp(entry.rank - timeShift(at, scoring) + boost(relevance));
    },
    fit(request: FitRequest): LayerFit {
      // Lines are counted once each with this tokenizer (new lessons as they are added).
      index.useTokenizer(request.tokenizer);
      const key = `${revision}|${request.query ?? ''}|${[...request.keys].join('\u0000')}`;
      if (ranking?.key !== key) ranking = { key, list: rank(request.query, request.keys) };
      // Only what the fit reads is ranked; the rest is reported as one ranked-out count.
      return fitItems(ranking.list, frame, request, {
        contiguous: false,
        restReason: 'ranked-out',
        countRest: true,
      });
    },
    snapshot(): JsonValue {
      // With a store, lessons live in their namespace, not in the session.
      if (store) return null;
      return { lessons: layer.lessons as unknown as JsonValue };
    },
    restore(snapshot: JsonValue) {
      const value = snapshot as { lessons?: LessonRecord[] } | null;
      if (!value || !Array.isArray(value.lessons)) return;
      index.clear();
      byKey.clear();
      putAll(value.lessons.map((record) => ({ ...record })));
      trimLocal();
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
  return layer;
}

function clamp01(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(1, Math.max(0, value));
}

/**
 * A copy of a lesson record built by one object literal in one field order, with the rank the layer
 * orders it by, so every indexed lesson shares V8's hidden classes and keeps its fields in the
 * object: records made by object spread got one hidden class each (about 300 bytes per lesson,
 * measured with a heap snapshot at 20,000 lessons).
 */
function compactRecord(record: LessonRecord, rank: number): LessonRecord & { rank: number } {
  const out: LessonRecord & { rank: number } = {
    id: record.id,
    namespace: record.namespace,
    text: record.text,
    importance: record.importance,
    usefulness: record.usefulness,
    uses: record.uses,
    tags: record.tags,
    provenance: record.provenance,
    createdAt: record.createdAt,
    rank,
    version: record.version,
  };
  if (record.lastUsedAt !== undefined) out.lastUsedAt = record.lastUsedAt;
  if (record.idempotencyKey !== undefined) out.idempotencyKey = record.idempotencyKey;
  return out;
}
