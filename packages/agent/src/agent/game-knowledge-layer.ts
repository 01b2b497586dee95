import {
  type FitCandidate,
  type FitRequest,
  fitItems,
  type KnowledgeEntry,
  type Layer,
  type LayerFit,
  renderListItem,
  sectionFrame,
} from '@strata-memory/strata';

/** Options of `createGameKnowledgeLayer`. */
export interface GameKnowledgeLayerOptions {
  name?: string;
  budget?: number;
  priority?: number;
  /** A static corpus to start from (e.g. the engine's rules text). */
  entries?: readonly KnowledgeEntry[];
  instructions?: string;
}

/** Knowledge that grows as the game shows new cards, relics, powers and enemies. */
export interface GameKnowledgeLayer extends Layer {
  readonly size: number;
  /**
   * Adds entries whose key is new; returns how many were added. The first text of a key wins:
   * rules do not change, and re-rendered variants (a cost shown in hand) would churn the prefix.
   */
  add(entries: readonly KnowledgeEntry[]): number;
}

/**
 * The knowledge layer for game rules: entries keyed `card:bash`, `relic:vajra`, ..., retrieved by
 * the keys in play in the order given (most stable first, so the section changes rarely and its
 * tokens stay in the cacheable prefix), fitted to the layer's budget.
 * Strata's own knowledge layer is a read-only corpus; the real game teaches its rules as it goes.
 */
export function createGameKnowledgeLayer(options: GameKnowledgeLayerOptions = {}): GameKnowledgeLayer {
  const name = options.name ?? 'knowledge';
  const frame = sectionFrame(name, options.instructions);
  const lines = new Map<string, string>();
  let revision = 0;
  const layer: GameKnowledgeLayer = {
    name,
    kind: 'knowledge',
    budget: options.budget ?? 1200,
    minimum: 0,
    priority: options.priority ?? 30,
    stable: true,
    usesQuery: true,
    bindings: [],
    get revision() {
      return revision;
    },
    get size() {
      return lines.size;
    },
    add(entries) {
      let changed = 0;
      for (const entry of entries) {
        const key = entry.key.toLowerCase();
        if (lines.has(key)) continue;
        lines.set(key, renderListItem(`${entry.title ?? entry.key}: ${entry.text}`));
        changed += 1;
      }
      if (changed > 0) revision += 1;
      return changed;
    },
    fit(request: FitRequest): LayerFit {
      const candidates: FitCandidate[] = [];
      for (const key of request.keys) {
        const line = lines.get(key);
        if (line !== undefined) candidates.push({ id: key, line });
      }
      return fitItems(candidates, frame, request, { contiguous: false, restReason: 'ranked-out' });
    },
    // Rebuilt from the states on resume (the loop replays them); nothing session-specific to keep.
    snapshot() {
      return null;
    },
    restore() {},
  };
  if (options.entries) layer.add(options.entries);
  return layer;
}
