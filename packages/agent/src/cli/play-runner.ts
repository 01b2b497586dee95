import type { DecisionRecord, PlayResult } from '../trace/decision-record.js';
import type { AgentName } from './parse-cli-values.js';

/** `sim`: spire's deterministic simulator; `sts2`: the real game through the StS2 agent mod. */
export const PLAY_GAMES = ['sim', 'sts2'] as const;
export type PlayGame = (typeof PLAY_GAMES)[number];

/** Everything one run needs, resolved from the command line (and, on resume, from the run's manifest). */
export interface PlayRunRequest {
  runId: string;
  runDir: string;
  agent: AgentName;
  seed: number;
  character: string;
  /** The simulator's ruleset (`sts2` or `sts1`); runs recorded before rulesets existed played `sts1`. */
  ruleset?: string;
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
  /** --policy llm: decisions in a row that may fall back to the heuristic before the run stops (default 5). */
  maxFallbacks?: number;
  /** Which game: the simulator (default) or the real Slay the Spire 2 through spire's StS2 bridge. */
  game?: PlayGame;
  /** The StS2 agent mod's HTTP API (game `sts2`). */
  sts2Url?: string;
  /** Called once per decision, in order, before its commit; the CLI appends each record to trace.jsonl. */
  onDecision(record: DecisionRecord): unknown;
  /** Called (and awaited) before every commit to the store (see PlayRunOptions.onCheckpoint). */
  onCheckpoint?(): unknown;
  /** Commit to the store every this many decisions (default 1; see PlayRunOptions.commitEvery). */
  commitEvery?: number;
  /** Lessons namespace (default `agentic-sts/<character>`); a queued bench gives every run its own. */
  namespace?: string;
  /** The HTTP client of the model adapter (a queue worker passes one under the shared rate limit). */
  fetch?: typeof globalThis.fetch;
  /** Aborted on Ctrl-C: the runner stops after the current decision (what was committed can be resumed). */
  signal?: AbortSignal;
}

/** Plays one run. The CLI's default runner is the agent loop; tests may pass their own. */
export type PlayRunner = (request: PlayRunRequest) => Promise<PlayResult>;

/** `sts2Url` when none was given: the StS2 bridge probes the upstream mod's 8080, then the AgenticSTS fork's 8128. */
export const STS2_PROBE = 'probe';
