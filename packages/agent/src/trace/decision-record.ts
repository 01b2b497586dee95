/**
 * One line of `runs/<run-id>/trace.jsonl`: what one decision of an agent cost and did.
 * Written by the agent loop, read by reports and `strata report`. Add fields; never rename.
 */
export interface DecisionRecord {
  runId: string;
  /** `structured` (Strata layers), `window` or `naive`. */
  agent: string;
  seed: number;
  step: number;
  act: number;
  floor: number;
  screen: string;
  /** Tokens per layer (structured) or per part (baselines: system, state, history, ...). */
  layers: Record<string, number>;
  /** Exact tokens of the whole request as sent (o200k_base unless configured). */
  promptTokens: number;
  budget: number | null;
  stablePrefixTokens: number;
  /** Items dropped to fit the budget this call, by layer. */
  dropped: Record<string, number>;
  /** Items shown only in part (ending with the truncation marker) this call, by layer; absent when none. */
  truncated?: Record<string, number>;
  /** The action taken, as sent to the game. */
  action: { action: string; card_index?: number; target_index?: number; option_index?: number };
  /** `heuristic` policies ignore the prompt (it is still assembled and measured); `llm` decides from it. */
  policy: string;
  promptUsedByPolicy: boolean;
  /** Repair turns used and whether the heuristic fallback was taken (llm policy). */
  repairs: number;
  fallback: boolean;
  /** Model usage when an llm decided. */
  usage?: { input: number; cachedInput: number; output: number };
  latencyMs: number;
  /** Full request messages, only with --save-prompts. */
  messages?: Array<{ role: string; content: string }>;
  note?: string;
  error?: string;
}

/** The `--json` result of `strata play` (DESIGN.md section 4); `bench` prints `{ runs: PlayResult[], summary }`. */
export interface PlayResult {
  runId: string;
  agent: string;
  seed: number;
  policy: string;
  character: string;
  won: boolean;
  floor: number;
  act: number;
  steps: number;
  calls: number;
  promptTokens: { p50: number; p95: number; max: number; total: number };
  stablePrefix: { p50: number };
  budget: number | null;
  budgetViolations: number;
  repairs: number;
  fallbacks: number;
  /** The first model error of the run (`step N: ...`), when a model failed at least once. */
  firstModelError?: string;
  elapsedMs: number;
  runDir: string;
}
