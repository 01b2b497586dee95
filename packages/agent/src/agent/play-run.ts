import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import {
  createSimulator,
  type Game,
  type GameAction,
  type GameState,
  listDescriptions,
  SpireError,
} from '@strata-memory/spire';
import {
  type ChatModel,
  createTiktokenTokenizer,
  type KnowledgeEntry,
  type MemoryStore,
  StrataError,
  type Tokenizer,
} from '@strata-memory/strata';
import { createNaiveContext } from '../baselines/naive-context.js';
import { createWindowContext } from '../baselines/window-context.js';
import { listLegalActions } from '../observe/list-legal-actions.js';
import { DEFAULT_OBSERVATION_TOKENS, observeState } from '../observe/render-observation.js';
import { createHeuristicPolicy } from '../policy/heuristic-policy.js';
import { createLlmPolicy, REPAIR_RESERVE_TOKENS } from '../policy/llm-policy.js';
import { findActionIndex, type Policy, type PolicyDecision } from '../policy/policy.js';
import { percentile } from '../report/trace-statistics.js';
import type { DecisionRecord, PlayResult } from '../trace/decision-record.js';
import { collectSecrets, environmentSecrets, redactDeep, redactText } from '../trace/redact-secrets.js';
import { decodeAction, encodeAction } from './action-codec.js';
import { AGENT_KINDS, type AgentContext, type AgentKind, type DecisionPrompt } from './agent-context.js';
import { defaultBot } from './default-bot.js';
import { actOf, detectGameEvents, floorOf } from './game-events.js';
import { type ModelSettings, resolveChatModel } from './resolve-chat-model.js';
import { resolveStore, type StoreSettings } from './resolve-store.js';
import { checkRunLimits, DEFAULT_MAX_CONSECUTIVE_FALLBACKS } from './run-limits.js';
import { createRunSession, type RunMeta, readRunMeta, toJsonMeta } from './run-session.js';
import { createStructuredContext, type StructuredContext } from './structured-context.js';

/** How far a run is, as `onProgress` reports it. */
export interface PlayProgress {
  step: number;
  maxSteps: number | undefined;
  act: number;
  floor: number;
  screen: string;
  hp: number;
  promptTokens: number;
}

/** Options of `playRun`. */
export interface PlayRunOptions extends ModelSettings, StoreSettings {
  /** Run id (session id in the store); default a random UUID. Required to resume. */
  runId?: string;
  /** Where the CLI writes the run's files; copied into the result. */
  runDir?: string;
  /** `structured` (default), `window` or `naive`. */
  agent?: AgentKind;
  seed?: number;
  /** `IRONCLAD` (default), `SILENT`, and in the StS2 ruleset `REGENT` or `NECROBINDER`. */
  character?: string;
  /** The simulator's game: `sts2` (default, Slay the Spire 2) or `sts1`. Ignored when `game` is given. */
  ruleset?: 'sts1' | 'sts2';
  /** `heuristic` (default), `llm`, or a ready policy. */
  policy?: 'heuristic' | 'llm' | Policy;
  /** Request budget of the structured agent (default 5,000). */
  budget?: number;
  /** Counts every prompt (default o200k_base). */
  tokenizer?: Tokenizer;
  /** Lessons namespace (default `agentic-sts/<character>`), shared across runs of one character. */
  namespace?: string;
  maxSteps?: number;
  /** Keep each request's messages in the decision records. */
  savePrompts?: boolean;
  /** Naive agent: truncate from the front above this many tokens. */
  contextLimit?: number;
  /** Window agent: past turns kept (default 8). */
  windowTurns?: number;
  /** Continue `runId` from what the store committed. */
  resume?: boolean;
  /** The game (default: the simulator on `seed` and `character`). A resumed run needs a fresh game on the same seed. */
  game?: Game;
  /** Legal actions of a state (default: the simulator's, or read from the state for other games). */
  legalActions?: (state: GameState) => GameAction[];
  /** The heuristic's move (default: spire's bot). */
  bot?: (state: GameState, actions: readonly GameAction[]) => GameAction;
  /** Wait for lesson extraction at combat end (default: when lessons are rule-based). */
  awaitExtractions?: boolean;
  /** Called once per decision, before its commit; a returned promise is awaited (e.g. a durable trace). */
  onDecision?: (record: DecisionRecord) => unknown;
  /**
   * Commit to the store every this many decisions (default 1). A crash loses the decisions since the
   * last commit, which a resume plays again (sending their records again). The loop also commits
   * before an update that writes to the store outside the session (the structured agent's lessons),
   * before stopping on a signal or on model failures, and at the end.
   */
  commitEvery?: number;
  /**
   * Called before every commit and awaited: the records sent since the last one must be durable when
   * it returns (a queue worker writes them in one batch here).
   */
  onCheckpoint?: () => unknown;
  /** Called after every decision with the run's progress. */
  onProgress?: (progress: PlayProgress) => void;
  /** Stops after the current decision; what was committed can be resumed. */
  signal?: AbortSignal;
  /**
   * Stop the run with an error after this many decisions in a row fell back to the heuristic
   * (default 5): a model that keeps failing must not quietly turn into the heuristic bot.
   */
  maxConsecutiveFallbacks?: number;
  /**
   * Values to keep out of records, the result, the store and errors, besides the API key in use and
   * the environment's keys and database URL (always redacted).
   */
  secrets?: readonly string[];
}

/**
 * Plays one run: observe -> update memory -> assemble -> decide -> check legality -> act, one
 * DecisionRecord per decision (via `onDecision`), and returns the PlayResult. Writes no files.
 *
 * @example const result = await playRun({ agent: 'structured', seed: 1, maxSteps: 200 });
 */
export async function playRun(options: PlayRunOptions = {}): Promise<PlayResult> {
  const started = performance.now();
  const agent = options.agent ?? 'structured';
  if (!AGENT_KINDS.includes(agent)) {
    throw new StrataError(
      'CONFIG_INVALID',
      `Unknown agent '${String(agent)}'. Use one of: ${AGENT_KINDS.join(', ')}.`,
    );
  }
  const seed = options.seed ?? 1;
  const character = (options.character ?? 'IRONCLAD').toUpperCase();
  const budget = options.budget ?? 5000;
  const maxConsecutiveFallbacks = options.maxConsecutiveFallbacks ?? DEFAULT_MAX_CONSECUTIVE_FALLBACKS;
  // The same bounds the CLI parses its flags with (RUN_LIMITS).
  checkRunLimits({
    budget,
    maxConsecutiveFallbacks,
    maxSteps: options.maxSteps,
    contextLimit: options.contextLimit,
    windowTurns: options.windowTurns,
  });
  const commitEvery = options.commitEvery ?? 1;
  if (!Number.isInteger(commitEvery) || commitEvery < 1) {
    throw new StrataError(
      'CONFIG_INVALID',
      `commitEvery must be a whole number of decisions >= 1, got ${String(commitEvery)}.`,
    );
  }
  if (typeof options.policy === 'string' && options.policy !== 'heuristic' && options.policy !== 'llm') {
    throw new StrataError('CONFIG_INVALID', `Unknown policy '${options.policy}'. Use heuristic or llm.`);
  }
  if (options.resume && !options.runId) {
    throw new StrataError('CONFIG_INVALID', 'resume needs the runId of the run to continue.');
  }
  const runId = options.runId ?? randomUUID();
  // A model may echo what it was sent (a key in a prompt, a proxy error): nothing it says is written verbatim.
  const secrets = collectSecrets([
    options.apiKey,
    options.databaseUrl,
    ...environmentSecrets(),
    ...(options.secrets ?? []),
  ]);
  const tokenizer = options.tokenizer ?? createTiktokenTokenizer('o200k_base');
  const ruleset = options.ruleset ?? 'sts2';
  if (ruleset !== 'sts1' && ruleset !== 'sts2') {
    throw new StrataError('CONFIG_INVALID', `Unknown ruleset '${String(ruleset)}'. Use sts2 or sts1.`);
  }
  // Lessons of one game do not carry to the other: StS2 runs keep theirs apart (StS1's keep the old name).
  const namespace =
    options.namespace ??
    (ruleset === 'sts1'
      ? `agentic-sts/${character.toLowerCase()}`
      : `agentic-sts/sts2/${character.toLowerCase()}`);
  const { store, owned: ownStore, persistent } = await resolveStore(options);

  try {
    const existing = await store.loadSession(runId);
    const committed = readRunMeta(existing);
    if (options.resume && !committed) {
      throw new StrataError(
        'SESSION_NOT_FOUND',
        `No committed run '${runId}' in the ${store.name} store; nothing to resume. Check the run id and the --db file.`,
      );
    }
    if (!options.resume && existing) {
      throw new StrataError(
        'INPUT_INVALID',
        `Run '${runId}' already exists in the store. Resume it, or choose a new run id.`,
      );
    }
    if (
      committed &&
      (committed.agent !== agent ||
        committed.seed !== seed ||
        committed.character !== character ||
        (options.game === undefined && (committed.ruleset ?? 'sts1') !== ruleset))
    ) {
      throw new StrataError(
        'INPUT_INVALID',
        `Run '${runId}' was started as agent ${committed.agent}, seed ${committed.seed}, ${committed.character}, ruleset ${committed.ruleset ?? 'sts1'}; resume it with the same settings.`,
      );
    }

    const model: ChatModel | undefined =
      options.policy === 'llm' || (options.model !== undefined && typeof options.policy !== 'object')
        ? resolveChatModel(options)
        : undefined;
    const bot = options.bot ?? defaultBot;
    const heuristic = createHeuristicPolicy({ choose: bot });
    const policy: Policy =
      typeof options.policy === 'object'
        ? options.policy
        : options.policy === 'llm'
          ? createLlmPolicy({ model: model as ChatModel, fallback: heuristic, tokenizer })
          : heuristic;

    const game =
      options.game ?? createSimulator({ seed: String(seed), character: character as 'IRONCLAD', ruleset });
    const legalActions = options.legalActions ?? defaultLegalActions(game);
    const context = createContext(agent, {
      tokenizer,
      budget: budget - REPAIR_RESERVE_TOKENS,
      store,
      namespace,
      runId,
      ...(model && policy.usesPrompt ? { lessonModel: model } : {}),
      // The simulator's rules are known up front; other games teach theirs through their states.
      ...(options.game === undefined ? { corpus: engineCorpus(ruleset) } : {}),
      ...(options.awaitExtractions === undefined ? {} : { awaitExtractions: options.awaitExtractions }),
      ...(options.contextLimit === undefined ? {} : { contextLimit: options.contextLimit }),
      ...(options.windowTurns === undefined ? {} : { windowTurns: options.windowTurns }),
    });
    // The request budget each decision is checked against (repair turns included).
    const requestBudget =
      agent === 'structured' ? budget : agent === 'naive' ? (options.contextLimit ?? null) : null;
    const meta: RunMeta = committed ?? {
      agent,
      seed,
      character,
      ...(options.game === undefined ? { ruleset } : {}),
      policy: policy.name,
      actions: [],
      tokens: [],
      prefixes: [],
      repairs: 0,
      fallbacks: 0,
      violations: 0,
      status: 'running',
    };
    const runSession =
      agent === 'structured' ? undefined : createRunSession(store, runId, namespace, existing);
    const commit = async (step: number) => {
      if (!persistent) return;
      if (runSession) await runSession.commit(step, toJsonMeta(meta));
      else await context.commit(step, toJsonMeta(meta) as Record<string, unknown>);
    };
    // Resume: replay the committed actions from the seed; the memory restores itself from the store.
    let state = await game.state();
    let previous: GameState | undefined;
    let previousAction: GameAction | undefined;
    if (committed) {
      if (context.kind === 'structured') (context as StructuredContext).resumeFrom(existing?.meta ?? {});
      for (const [index, encoded] of committed.actions.entries()) {
        const action = decodeAction(encoded);
        const actions = legalActions(state);
        const observation = observeState(state, {
          actions,
          tokenizer,
          maxTokens: DEFAULT_OBSERVATION_TOKENS,
        });
        const choice = findActionIndex(actions, action);
        const decision: PolicyDecision = { choice, repairs: 0, fallback: false, requests: [] };
        await context.replay?.({ step: index, state, observation, action, choice, decision });
        previous = state;
        previousAction = action;
        state = await game.act(action);
      }
    }

    let step = meta.actions.length;
    const maxSteps = options.maxSteps;
    let committedStep = meta.actions.length;
    /** Sends what is pending (the records, then the store's commit); `force` commits a changed status too. */
    const checkpoint = async (force = false) => {
      if (!force && step === committedStep) return;
      await options.onCheckpoint?.();
      await commit(step);
      committedStep = step;
    };
    const writesOutsideSession = (events: readonly string[]) =>
      context.storeWritesOn?.some((event) => events.includes(event)) === true;

    let consecutiveFallbacks = 0;
    while (state.screen !== 'GAME_OVER' && (maxSteps === undefined || step < maxSteps)) {
      // Let timers and signals run between decisions: with a synchronous store and the heuristic, every
      // await settles at once, and a Ctrl-C (SIGINT) would otherwise wait for the end of the game.
      await yieldToEventLoop();
      if (options.signal?.aborted) break;
      const actions = legalActions(state);
      if (actions.length === 0) {
        throw new StrataError(
          'STATE_CORRUPT',
          `The game offers no legal action on screen ${state.screen} at step ${step}; cannot continue.`,
        );
      }
      const observation = observeState(state, { actions, tokenizer, maxTokens: DEFAULT_OBSERVATION_TOKENS });
      const events = detectGameEvents(previous, state);
      if (writesOutsideSession(events)) await checkpoint();
      const input = {
        step,
        state,
        observation,
        events,
        ...(previous ? { previous } : {}),
        ...(previousAction ? { previousAction } : {}),
      };
      await context.update(input);
      const prompt = await context.prompt(input);
      const decisionStarted = performance.now();
      let decision = redactDeep(
        await policy.decide({ state, actions, messages: prompt.messages, step }),
        secrets,
      );
      if (!Number.isInteger(decision.choice) || decision.choice < 0 || decision.choice >= actions.length) {
        // A custom policy broke its contract: take the heuristic's move rather than an illegal one.
        const fallback = await heuristic.decide({ state, actions, messages: prompt.messages, step });
        decision = {
          ...fallback,
          fallback: true,
          error: `policy '${policy.name}' chose ${decision.choice}, outside 0-${actions.length - 1}`,
        };
      }
      const latencyMs = Math.round(performance.now() - decisionStarted);
      const action = actions[decision.choice] as GameAction;
      let next: GameState;
      try {
        next = await game.act(action);
      } catch (error) {
        if (SpireError.is(error, 'INVALID_ACTION') || SpireError.is(error, 'INVALID_TARGET')) {
          throw new StrataError(
            'STATE_CORRUPT',
            `The game rejected ${encodeAction(action)}, which legalActions offered at step ${step}: ${error.message}`,
            {
              cause: error,
            },
          );
        }
        throw error;
      }
      await context.record({ step, state, observation, action, choice: decision.choice, decision });
      meta.actions.push(encodeAction(action));
      meta.tokens.push(prompt.promptTokens);
      meta.prefixes.push(prompt.stablePrefixTokens);
      meta.repairs += decision.repairs;
      if (decision.fallback) meta.fallbacks += 1;
      if (decision.error !== undefined && meta.firstModelError === undefined) {
        meta.firstModelError = `step ${step}: ${decision.error}`;
      }
      consecutiveFallbacks = decision.fallback ? consecutiveFallbacks + 1 : 0;
      const overBudget =
        requestBudget !== null && maxRequestTokens(prompt, decision, tokenizer) > requestBudget;
      if (overBudget) meta.violations += 1;
      step += 1;
      // The record goes out before the commit: a crash between the two redoes this step on resume and
      // sends its record again (consumers keep the last one per step), so no step is ever missing from a trace.
      await options.onDecision?.(
        recordOf({
          runId,
          agent,
          seed,
          step: step - 1,
          state,
          prompt,
          action,
          policy,
          decision,
          latencyMs,
          requestBudget,
          savePrompts: options.savePrompts === true,
          secrets,
        }),
      );
      if (step - committedStep >= commitEvery) await checkpoint();
      options.onProgress?.({
        step,
        maxSteps,
        act: actOf(next),
        floor: floorOf(next),
        screen: next.screen,
        hp: next.run?.current_hp ?? 0,
        promptTokens: prompt.promptTokens,
      });
      if (consecutiveFallbacks >= maxConsecutiveFallbacks) {
        // Committed first, so the run can be resumed once the model works again.
        await checkpoint();
        throw new StrataError(
          decision.errorCode ?? 'MODEL_OUTPUT_INVALID',
          `The model failed ${consecutiveFallbacks} decisions in a row (the heuristic decided instead), so the run stopped at step ${step}. ` +
            `Last error: ${decision.error ?? 'unknown'}. First model error of the run: ${meta.firstModelError ?? 'none'}. ` +
            'Check the model server (--model, --base-url, the API key), or allow more with --max-fallbacks (maxConsecutiveFallbacks); continue with --resume.',
          {
            details: {
              reason: 'consecutive-fallbacks',
              step,
              consecutiveFallbacks,
              firstModelError: meta.firstModelError,
            },
          },
        );
      }
      previous = state;
      previousAction = action;
      state = next;
    }

    if (state.screen === 'GAME_OVER') {
      // The final transitions (combat-end, run-end) run so this run's lessons are kept.
      const actions: GameAction[] = [];
      const observation = observeState(state, { actions, tokenizer, maxTokens: DEFAULT_OBSERVATION_TOKENS });
      const events = detectGameEvents(previous, state);
      if (writesOutsideSession(events)) await checkpoint();
      await context.update({
        step,
        state,
        observation,
        events,
        ...(previous ? { previous } : {}),
        ...(previousAction ? { previousAction } : {}),
      });
      meta.status = 'finished';
      await checkpoint(true);
    } else {
      // Stopped (a signal, maxSteps): what was played is committed and can be resumed.
      await checkpoint();
    }
    await context.close();
    return {
      runId,
      agent,
      seed,
      policy: policy.name,
      character,
      won: state.screen === 'GAME_OVER' && state.game_over?.is_victory === true,
      floor: floorOf(state),
      act: actOf(state),
      steps: step,
      calls: meta.tokens.length,
      promptTokens: {
        p50: percentile(meta.tokens, 0.5),
        p95: percentile(meta.tokens, 0.95),
        max: meta.tokens.reduce((max, value) => Math.max(max, value), 0),
        total: meta.tokens.reduce((sum, value) => sum + value, 0),
      },
      stablePrefix: { p50: percentile(meta.prefixes, 0.5) },
      budget: requestBudget,
      budgetViolations: meta.violations,
      repairs: meta.repairs,
      fallbacks: meta.fallbacks,
      ...(meta.firstModelError === undefined ? {} : { firstModelError: meta.firstModelError }),
      elapsedMs: Math.round(performance.now() - started),
      runDir: options.runDir ?? '',
    };
  } catch (error) {
    // Errors quoting what a model or server said are printed and logged: scrub them too.
    if (error instanceof Error && secrets.length > 0) {
      error.message = redactText(error.message, secrets);
      if (error.stack) error.stack = redactText(error.stack, secrets);
    }
    throw error;
  } finally {
    if (ownStore) await store.close();
  }
}

function engineCorpus(ruleset: 'sts1' | 'sts2'): KnowledgeEntry[] {
  return listDescriptions(ruleset).map((description) => ({
    key: description.key.toLowerCase(),
    title: description.name,
    text: description.text,
  }));
}

interface ContextSettings {
  tokenizer: Tokenizer;
  budget: number;
  store: MemoryStore;
  namespace: string;
  runId: string;
  lessonModel?: ChatModel;
  corpus?: readonly KnowledgeEntry[];
  awaitExtractions?: boolean;
  contextLimit?: number;
  windowTurns?: number;
}

function createContext(agent: AgentKind, settings: ContextSettings): AgentContext {
  if (agent === 'naive') {
    return createNaiveContext({
      tokenizer: settings.tokenizer,
      ...(settings.contextLimit === undefined ? {} : { contextLimit: settings.contextLimit }),
    });
  }
  if (agent === 'window') {
    return createWindowContext({
      tokenizer: settings.tokenizer,
      ...(settings.windowTurns === undefined ? {} : { windowTurns: settings.windowTurns }),
    });
  }
  return createStructuredContext({
    tokenizer: settings.tokenizer,
    budget: settings.budget,
    store: settings.store,
    namespace: settings.namespace,
    sessionId: settings.runId,
    ...(settings.lessonModel ? { lessonModel: settings.lessonModel } : {}),
    ...(settings.corpus ? { corpus: settings.corpus } : {}),
    ...(settings.awaitExtractions === undefined ? {} : { awaitExtractions: settings.awaitExtractions }),
  });
}

/** The simulator knows its legal actions; other games (bridges) are read from the state. */
function defaultLegalActions(game: Game): (state: GameState) => GameAction[] {
  const withLegal = game as Game & { legalActions?: () => GameAction[] };
  if (typeof withLegal.legalActions === 'function')
    return () => (withLegal.legalActions as () => GameAction[])();
  return (state) => listLegalActions(state) as GameAction[];
}

/** Largest request sent for a decision (repair turns add to the first), counted as the provider would. */
function maxRequestTokens(prompt: DecisionPrompt, decision: PolicyDecision, tokenizer: Tokenizer): number {
  if (decision.requests.length <= 1) return prompt.promptTokens;
  let max = prompt.promptTokens;
  for (const request of decision.requests.slice(1)) {
    const extra = request.slice(prompt.messages.length);
    let tokens = prompt.promptTokens;
    for (const message of extra)
      tokens += 3 + tokenizer.count(message.role) + tokenizer.count(message.content);
    max = Math.max(max, tokens);
  }
  return max;
}

function recordOf(input: {
  runId: string;
  agent: AgentKind;
  seed: number;
  step: number;
  state: GameState;
  prompt: DecisionPrompt;
  action: GameAction;
  policy: Policy;
  decision: PolicyDecision;
  latencyMs: number;
  requestBudget: number | null;
  savePrompts: boolean;
  secrets: readonly string[];
}): DecisionRecord {
  const { prompt, decision, action } = input;
  const record: DecisionRecord = {
    runId: input.runId,
    agent: input.agent,
    seed: input.seed,
    step: input.step,
    act: actOf(input.state),
    floor: floorOf(input.state),
    screen: input.state.screen,
    layers: prompt.layers,
    promptTokens: prompt.promptTokens,
    budget: input.requestBudget,
    stablePrefixTokens: prompt.stablePrefixTokens,
    dropped: prompt.dropped,
    action: {
      action: action.action,
      ...(action.card_index === undefined ? {} : { card_index: action.card_index }),
      ...(action.target_index === undefined ? {} : { target_index: action.target_index }),
      ...(action.option_index === undefined ? {} : { option_index: action.option_index }),
    },
    policy: input.policy.name,
    promptUsedByPolicy: input.policy.usesPrompt && !decision.fallback,
    repairs: decision.repairs,
    fallback: decision.fallback,
    latencyMs: input.latencyMs,
  };
  if (prompt.truncated !== undefined && Object.keys(prompt.truncated).length > 0)
    record.truncated = prompt.truncated;
  if (decision.usage) record.usage = decision.usage;
  if (input.savePrompts)
    record.messages = (decision.requests.at(-1) ?? prompt.messages).map((message) => ({
      role: message.role,
      content: message.content,
    }));
  if (decision.note) record.note = `${decision.note.scope}: ${decision.note.text}`;
  if (decision.error) record.error = decision.error;
  return redactDeep(record, input.secrets);
}
