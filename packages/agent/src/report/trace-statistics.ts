import type { DecisionRecord } from '../trace/decision-record.js';

/** Numbers of one run computed from its trace alone (so any trace can be reported, even an unfinished one). */
export interface TraceStatistics {
  calls: number;
  lastStep: number;
  promptTokens: { p50: number; p95: number; max: number; total: number; first: number; last: number };
  stablePrefix: { p50: number; total: number; shareP50: number };
  budget: number | null;
  budgetViolations: number;
  repairs: number;
  fallbacks: number;
  lastFloor: number;
  lastAct: number;
  layers: string[];
}

/** Nearest-rank percentile of `values` (0 for none); `fraction` in (0, 1]. */
export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((left, right) => left - right);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(fraction * sorted.length)));
  return sorted[rank - 1] ?? 0;
}

/** Prompt-token statistics of a run's decisions: percentiles, total, over-budget calls, stable prefix. */
export function summarizeTrace(records: readonly DecisionRecord[]): TraceStatistics {
  const tokens = records.map((record) => record.promptTokens);
  const prefixes = records.map((record) => record.stablePrefixTokens);
  const shares = records.map((record) =>
    record.promptTokens > 0 ? record.stablePrefixTokens / record.promptTokens : 0,
  );
  const budgets = records
    .map((record) => record.budget)
    .filter((budget): budget is number => budget !== null);
  const layers = new Set<string>();
  for (const record of records) for (const name of Object.keys(record.layers)) layers.add(name);
  const last = records.at(-1);
  return {
    calls: records.length,
    lastStep: last?.step ?? 0,
    promptTokens: {
      p50: percentile(tokens, 0.5),
      p95: percentile(tokens, 0.95),
      max: tokens.reduce((max, value) => Math.max(max, value), 0),
      total: tokens.reduce((sum, value) => sum + value, 0),
      first: records[0]?.promptTokens ?? 0,
      last: last?.promptTokens ?? 0,
    },
    stablePrefix: {
      p50: percentile(prefixes, 0.5),
      total: prefixes.reduce((sum, value) => sum + value, 0),
      shareP50: percentile(shares, 0.5),
    },
    budget: budgets.length > 0 ? Math.max(...budgets) : null,
    budgetViolations: records.filter(
      (record) => record.budget !== null && record.promptTokens > record.budget,
    ).length,
    repairs: records.reduce((sum, record) => sum + record.repairs, 0),
    fallbacks: records.filter((record) => record.fallback).length,
    lastFloor: last?.floor ?? 0,
    lastAct: last?.act ?? 0,
    layers: [...layers],
  };
}
