import { createSts2Game, type Sts2GameConfig } from '@strata-memory/spire';
import type { AgentKind } from '../agent/agent-context.js';
import { type PlayRunOptions, playRun } from '../agent/index.js';
import { type PlayRunner, type PlayRunRequest, STS2_PROBE } from './play-runner.js';

/** The CLI's request as the agent loop's options. */
export function toPlayRunOptions(
  request: PlayRunRequest,
  sts2Config: Omit<Sts2GameConfig, 'baseUrl'> = {},
): PlayRunOptions {
  const llm = request.policy === 'llm';
  return {
    runId: request.runId,
    runDir: request.runDir,
    agent: request.agent as AgentKind,
    seed: request.seed,
    character: request.character,
    ...(request.ruleset === 'sts1' || request.ruleset === 'sts2' ? { ruleset: request.ruleset } : {}),
    policy: llm ? 'llm' : 'heuristic',
    budget: request.budget,
    store: request.store,
    dbFile: request.dbFile,
    resume: request.resume,
    savePrompts: request.savePrompts,
    onDecision: request.onDecision,
    ...(request.onCheckpoint === undefined ? {} : { onCheckpoint: () => request.onCheckpoint?.() }),
    ...(request.commitEvery === undefined ? {} : { commitEvery: request.commitEvery }),
    // The model settings matter only to an llm policy (a model name alone would make the loop open a client).
    ...(llm && request.model !== undefined ? { model: request.model } : {}),
    ...(llm && request.baseUrl !== undefined ? { baseUrl: request.baseUrl } : {}),
    ...(llm && request.provider !== undefined ? { provider: request.provider } : {}),
    ...(request.databaseUrl === undefined ? {} : { databaseUrl: request.databaseUrl }),
    ...(request.namespace === undefined ? {} : { namespace: request.namespace }),
    ...(llm && request.fetch !== undefined ? { fetch: request.fetch } : {}),
    ...(request.maxSteps === undefined ? {} : { maxSteps: request.maxSteps }),
    ...(request.contextLimit === undefined ? {} : { contextLimit: request.contextLimit }),
    ...(request.windowTurns === undefined ? {} : { windowTurns: request.windowTurns }),
    ...(request.maxFallbacks === undefined ? {} : { maxConsecutiveFallbacks: request.maxFallbacks }),
    ...(request.signal === undefined ? {} : { signal: request.signal }),
    // The real game through the bridge; seed and character then come from the game itself.
    ...(request.game === 'sts2'
      ? {
          game: createSts2Game(
            request.sts2Url === undefined || request.sts2Url === STS2_PROBE
              ? sts2Config
              : { ...sts2Config, baseUrl: request.sts2Url },
          ),
        }
      : {}),
  };
}

/** The agent loop as a runner; `sts2Config` tunes the StS2 bridge (timeouts, retries) for `--game sts2`. */
export function createAgentPlayRunner(sts2Config: Omit<Sts2GameConfig, 'baseUrl'> = {}): PlayRunner {
  return (request) => playRun(toPlayRunOptions(request, sts2Config));
}

/** The default runner: the agent loop (packages/agent/src/agent), with the bridge's defaults. */
export const agentPlayRunner: PlayRunner = createAgentPlayRunner();
