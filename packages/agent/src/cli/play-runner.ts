import type { DecisionRecord, PlayResult } from '../trace/decision-record.js';
import type { AgentName } from './parse-cli-values.js';

/** Everything one run needs, resolved from the command line (and, on resume, from the run's manifest). */
export interface PlayRunRequest {
  runId: string;
  runDir: string;
  agent: AgentName;
  seed: number;
  character: string;
  policy: string;
  model?: string;
  baseUrl?: string;
  provider?: string;
  budget: number;
  store: string;
  /** SQLite file (store `sqlite`). */
  dbFile: string;
  /** Postgres URL (store `postgres`); never printed. */
  databaseUrl?: string;
  /** Continue `runId` from what the store committed. */
  resume: boolean;
  savePrompts: boolean;
  maxSteps?: number;
  contextLimit?: number;
  windowTurns?: number;
  /** Called once per decision, in order; the CLI appends each record to trace.jsonl. */
  onDecision(record: DecisionRecord): void;
  /** Aborted on Ctrl-C: the runner stops after the current decision (what was committed can be resumed). */
  signal?: AbortSignal;
}

/** Plays one run. The CLI's default runner is the agent loop; tests may pass their own. */
export type PlayRunner = (request: PlayRunRequest) => Promise<PlayResult>;
