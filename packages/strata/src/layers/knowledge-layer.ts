import type { JsonValue } from '../core/provenance.js';
import { StrataError } from '../errors/strata-error.js';
import { GenerationalCache } from '../tokenizer/generational-cache.js';
import { cosineSimilarity, type Embedder } from './embedder.js';
import { renderListItem, sectionFrame } from './escape-untrusted.js';
import { type FitCandidate, fitItems } from './fit-items.js';
import { KnowledgeIndex, type KnowledgeSearchStats } from './knowledge-index.js';
import type { FitRequest, Layer, LayerFit, LayerOptions } from './layer.js';
import { resolveLayerOptions } from './resolve-layer-options.js';

/** One entry of a read-only corpus (rules, card texts, product docs, API docs). */
export interface KnowledgeEntry {
  /** Unique key; also what "keys in play" match (case-insensitive). */
  key: string;
  text: string;
  title?: string;
  /** More keys this entry is about (also matched against keys in play). */
  tags?: string[];
}

export interface KnowledgeLayerOptions extends LayerOptions {
  entries: readonly KnowledgeEntry[];
  /** Most entries retrieved per call (default 8). */
  maxResults?: number;
  /** Re-ranks the lexical candidates by embedding similarity when set. */
  embedder?: Embedder;
  /** Weight of the embedding similarity against the normalized BM25 score (0..1, default 0.5). */
  embeddingWeight?: number;
  /** BM25 candidates passed to the embedder re-ranking (default 30). */
  rerankCandidates?: number;
  /**
   * Most entries read per query word, those where the word weighs most first (default 256). Bounds
   * the cost of a query whatever the corpus; the ranking is exact whenever the search proves its
   * result before reaching it (see `lastSearch.exact`).
   */
  postingsPerTerm?: number;
}

/**
 * A read-only corpus: BM25 retrieval per call (impact-ordered lists with early termination; with
 * keys in play, only their entries are scored), optional hybrid re-ranking.
 */
export interface KnowledgeLayer extends Layer {
  readonly size: number;
  /** Keys of the entries retrieved for a query and keys, best first. */
  retrieve(query: string | undefined, keys?: ReadonlySet<string>): string[];
  /** The work of the last BM25 search (entries read and scored; whether the ranking is exact). */
  readonly lastSearch: KnowledgeSearchStats;
}

/** Creates a knowledge layer (defaults: budget 1,000, priority 30, stable). */
export function createKnowledgeLayer(options: KnowledgeLayerOptions): KnowledgeLayer {
  const resolved = resolveLayerOptions('knowledge', options, { budget: 1000, priority: 30, stable: true });
  if (!Array.isArray(options.entries)) {
    throw new StrataError(
      'CONFIG_INVALID',
      `Knowledge layer '${resolved.name}' needs 'entries': an array of { key, text }.`,
    );
  }
  const maxResults = options.maxResults ?? 8;
  const embedder = options.embedder;
  const embeddingWeight = options.embeddingWeight ?? 0.5;
  const rerankCandidates = options.rerankCandidates ?? 30;
  const frame = sectionFrame(resolved.name, resolved.instructions);

  const byKey = new Map<string, { text: string; line: string }>();
  const keyOf: string[] = [];
  const byMatchKey = new Map<string, number[]>();
  const fields: string[][] = [];
  for (const entry of options.entries) {
    if (typeof entry?.key !== 'string' || typeof entry.text !== 'string') {
      throw new StrataError(
        'CONFIG_INVALID',
        `Knowledge layer '${resolved.name}': every entry needs string 'key' and 'text'.`,
      );
    }
    if (byKey.has(entry.key)) {
      throw new StrataError(
        'CONFIG_INVALID',
        `Knowledge layer '${resolved.name}': duplicate key '${entry.key}'.`,
      );
    }
    const label = entry.title ?? entry.key;
    const document = keyOf.length;
    keyOf.push(entry.key);
    byKey.set(entry.key, { text: entry.text, line: renderListItem(`${label}: ${entry.text}`) });
    for (const matchKey of [entry.key, ...(entry.tags ?? [])]) {
      const lower = matchKey.toLowerCase();
      const list = byMatchKey.get(lower) ?? [];
      list.push(document);
      byMatchKey.set(lower, list);
    }
    fields.push([label, entry.text, (entry.tags ?? []).join(' ')]);
  }
  const search = new KnowledgeIndex(
    fields,
    options.postingsPerTerm === undefined ? {} : { postingsPerTerm: options.postingsPerTerm },
  );
  fields.length = 0;

  const retrievals = new GenerationalCache<string, string[]>(256);
  const queryVectors = new GenerationalCache<string, number[]>(256);
  let corpusVectors: Map<string, number[]> | undefined;

  const retrieve = (query: string | undefined, keys: ReadonlySet<string> = new Set()): string[] => {
    const cacheKey = `${query ?? ''}\u0001${[...keys].join('\u0000')}`;
    const cached = retrievals.get(cacheKey);
    if (cached) return cached;
    let allowed: Set<number> | undefined;
    if (keys.size > 0) {
      allowed = new Set();
      for (const key of keys) for (const document of byMatchKey.get(key) ?? []) allowed.add(document);
    }
    const ranked: Array<{ key: string; score: number }> = [];
    if (query && query.trim() !== '') {
      // Only as many as are shown (or re-ranked); with keys in play, only their entries are scored.
      const limit = embedder && corpusVectors ? Math.max(maxResults, rerankCandidates) : maxResults;
      const hits = search.search(query, limit, allowed ? [...allowed] : undefined);
      for (let at = 0; at < hits.documents.length; at += 1)
        ranked.push({ key: keyOf[hits.documents[at] as number] as string, score: hits.scores[at] as number });
    }
    const vector = query ? queryVectors.get(query) : undefined;
    if (embedder && vector && corpusVectors && ranked.length > 1) {
      // Hybrid: normalized BM25 blended with cosine similarity, over the lexical top candidates.
      const head = ranked.slice(0, rerankCandidates);
      const best = head[0]?.score ?? 1;
      for (const item of head) {
        const similarity = cosineSimilarity(vector, corpusVectors.get(item.key) ?? []);
        item.score = (1 - embeddingWeight) * (item.score / best) + embeddingWeight * similarity;
      }
      head.sort((a, b) => b.score - a.score);
      ranked.splice(0, head.length, ...head);
    }
    const keysOut = ranked.map((item) => item.key);
    // Entries whose key is in play but share no word with the query still count: they follow.
    if (allowed) {
      for (const document of allowed) {
        if (keysOut.length >= maxResults) break;
        const key = keyOf[document] as string;
        if (!keysOut.includes(key)) keysOut.push(key);
      }
    }
    const result = keysOut.slice(0, maxResults);
    retrievals.set(cacheKey, result);
    return result;
  };

  return {
    ...resolved,
    kind: 'knowledge',
    usesQuery: true,
    bindings: [],
    revision: 0,
    get size() {
      return byKey.size;
    },
    get lastSearch() {
      return search.stats;
    },
    retrieve,
    async prepare({ query }) {
      if (!embedder || !query) return;
      if (!corpusVectors) {
        const keys = [...byKey.keys()];
        const vectors = await embedder.embed(keys.map((key) => byKey.get(key)?.text ?? ''));
        corpusVectors = new Map(keys.map((key, index) => [key, vectors[index] ?? []]));
        retrievals.clear();
      }
      if (!queryVectors.get(query)) {
        const [vector] = await embedder.embed([query]);
        queryVectors.set(query, vector ?? []);
        retrievals.clear();
      }
    },
    fit(request: FitRequest): LayerFit {
      const candidates: FitCandidate[] = [];
      for (const key of retrieve(request.query, request.keys)) {
        const entry = byKey.get(key);
        if (entry) candidates.push({ id: key, line: entry.line });
      }
      return fitItems(candidates, frame, request, { contiguous: false });
    },
    snapshot(): JsonValue {
      return null;
    },
    restore() {},
  };
}
