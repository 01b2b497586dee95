/** Fields of real StS2 states that only repeat the rest for human viewers. */
const REDUNDANT_KEYS = new Set(['agent_view', 'glossary']);

/**
 * The state as compact JSON for the window baseline: nulls, empty lists and empty objects
 * dropped, keys in the game's order. The agent sees the raw state, as such baselines do.
 */
export function renderStateJson(state: unknown): string {
  return JSON.stringify(compact(state)) ?? 'null';
}

function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(compact);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (REDUNDANT_KEYS.has(key) || item === null || item === undefined) continue;
    if (Array.isArray(item) && item.length === 0) continue;
    const inner = compact(item);
    if (
      typeof inner === 'object' &&
      inner !== null &&
      !Array.isArray(inner) &&
      Object.keys(inner).length === 0
    )
      continue;
    out[key] = inner;
  }
  return out;
}
