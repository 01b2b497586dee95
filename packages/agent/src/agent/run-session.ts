import type { JsonValue, MemoryStore, SessionRecord } from '@strata-memory/strata';

/** What the loop commits about a run besides memory layers: enough to replay and report it. */
export interface RunMeta {
  agent: string;
  seed: number;
  character: string;
  /** The simulator's ruleset; runs committed before rulesets existed played `sts1`. */
  ruleset?: 'sts1' | 'sts2';
  policy: string;
  /** Encoded actions taken so far (see encodeAction): the game replays them from the seed. */
  actions: string[];
  /** Prompt tokens and stable-prefix tokens per decision, for the final result after a resume. */
  tokens: number[];
  prefixes: number[];
  repairs: number;
  fallbacks: number;
  violations: number;
  status: 'running' | 'finished';
  /** The first model error of the run (with its step), kept across resumes for the summary. */
  firstModelError?: string;
}

/** Commits run meta for agents without a Strata memory (the baselines), with compare-and-swap. */
export interface RunSession {
  commit(step: number, meta: Record<string, JsonValue>): Promise<void>;
}

export function createRunSession(
  store: MemoryStore,
  sessionId: string,
  namespace: string,
  existing?: SessionRecord,
): RunSession {
  let version = existing?.version ?? 0;
  return {
    async commit(step, meta) {
      const record = await store.commitSession({
        sessionId,
        namespace,
        step,
        layers: {},
        meta,
        expectedVersion: version,
      });
      version = record.version;
    },
  };
}

export function toJsonMeta(meta: RunMeta): Record<string, JsonValue> {
  return meta as unknown as Record<string, JsonValue>;
}

/** Reads committed run meta, or undefined when the record does not hold one. */
export function readRunMeta(record: SessionRecord | undefined): RunMeta | undefined {
  const meta = record?.meta as Partial<RunMeta> | undefined;
  if (!meta || !Array.isArray(meta.actions) || typeof meta.agent !== 'string') return undefined;
  return {
    agent: meta.agent,
    seed: Number(meta.seed),
    character: String(meta.character),
    ruleset: meta.ruleset === 'sts2' ? 'sts2' : 'sts1',
    policy: String(meta.policy),
    actions: meta.actions.map(String),
    tokens: Array.isArray(meta.tokens) ? meta.tokens.map(Number) : [],
    prefixes: Array.isArray(meta.prefixes) ? meta.prefixes.map(Number) : [],
    repairs: Number(meta.repairs ?? 0),
    fallbacks: Number(meta.fallbacks ?? 0),
    violations: Number(meta.violations ?? 0),
    status: meta.status === 'finished' ? 'finished' : 'running',
    ...(typeof meta.firstModelError === 'string' ? { firstModelError: meta.firstModelError } : {}),
  };
}
