import type { RunCommandOptions } from '../cli/run-options.js';
import type { RateLimit } from './shared-rate-limit.js';

/** The options of `strata play` that a queued run carries; store, files and output are the worker's. */
export type QueuedRunOptions = Omit<
  RunCommandOptions,
  'store' | 'db' | 'databaseUrl' | 'runsDir' | 'pricing' | 'json' | 'model'
>;

/** What `strata bench --queue` asked for, kept in strata_bench.settings for every worker to read. */
export interface QueuedBenchSettings {
  seeds: number[];
  agents: string[];
  /** One entry per model; `null` when the bench names none (the heuristic policy). */
  models: Array<string | null>;
  options: QueuedRunOptions;
  /** The shared limit every worker applies to this bench's model requests. */
  rateLimits: RateLimit[];
  /** Retries of a failed run before it goes to the dead-letter queue, and the first backoff delay. */
  retryLimit: number;
  retryDelaySeconds: number;
}

/** One pg-boss job: the run is looked up by id, so a re-delivered job always finds its current state. */
export interface RunJob {
  benchId: string;
  runId: string;
}

/** strata_bench_run.state */
export const RUN_STATES = ['queued', 'running', 'retrying', 'done', 'failed', 'cancelled'] as const;
export type RunState = (typeof RUN_STATES)[number];
/** States a run never leaves. */
export const FINAL_RUN_STATES: readonly RunState[] = ['done', 'failed', 'cancelled'];

/** The lessons namespace of a queued run: its own, as a local bench's fresh memory store per run. */
export function runNamespace(character: string, runId: string): string {
  return `agentic-sts/${character.toLowerCase()}/${runId}`;
}
