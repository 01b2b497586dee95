import type { DecisionRecord } from '../trace/decision-record.js';

/** What one layer lost over a run's calls. */
export interface LayerLosses {
  layer: string;
  callsWithDropped: number;
  itemsDropped: number;
  callsWithTruncated: number;
  itemsTruncated: number;
}

/** One call that dropped or truncated items, by layer. */
export interface CallLosses {
  call: number;
  step: number;
  floor: number;
  screen: string;
  dropped: Record<string, number>;
  truncated: Record<string, number>;
}

/** Per layer: how many calls lost items to the budget (dropped) or showed one cut short (truncated). */
export function summarizeLosses(records: readonly DecisionRecord[]): {
  layers: LayerLosses[];
  calls: CallLosses[];
} {
  const layers = new Map<string, LayerLosses>();
  const calls: CallLosses[] = [];
  const entry = (layer: string) => {
    const existing = layers.get(layer);
    if (existing) return existing;
    const created = { layer, callsWithDropped: 0, itemsDropped: 0, callsWithTruncated: 0, itemsTruncated: 0 };
    layers.set(layer, created);
    return created;
  };
  records.forEach((record, index) => {
    const dropped = Object.fromEntries(Object.entries(record.dropped ?? {}).filter(([, count]) => count > 0));
    const truncated = Object.fromEntries(
      Object.entries(record.truncated ?? {}).filter(([, count]) => count > 0),
    );
    for (const [layer, count] of Object.entries(dropped)) {
      const losses = entry(layer);
      losses.callsWithDropped += 1;
      losses.itemsDropped += count;
    }
    for (const [layer, count] of Object.entries(truncated)) {
      const losses = entry(layer);
      losses.callsWithTruncated += 1;
      losses.itemsTruncated += count;
    }
    if (Object.keys(dropped).length > 0 || Object.keys(truncated).length > 0) {
      calls.push({
        call: index + 1,
        step: record.step,
        floor: record.floor,
        screen: record.screen,
        dropped,
        truncated,
      });
    }
  });
  return { layers: [...layers.values()], calls };
}
