import type { Game } from '../../api/game.js';
import type { ActionResult, AvailableActions, GameAction } from '../../api/game-action.js';
import { formatGameAction } from '../../api/game-action.js';
import { parseGameAction } from '../../api/game-action-schema.js';
import { SpireError } from '../../api/game-error.js';
import type { GameState } from '../../api/game-state.js';
import { SUPPORTED_STATE_VERSIONS } from '../../api/game-state.js';
import { parseGameState } from '../../api/game-state-schema.js';
import {
  actionNameToSpire,
  actionToDialect,
  detectSts2Dialect,
  STS2_DEFAULT_URLS,
  type Sts2Dialect,
  stateToSpire,
} from './sts2-dialect.js';
import { waitOnEventStream } from './sts2-event-stream.js';
import type { ResolvedSts2GameConfig, Sts2GameConfig } from './sts2-game-config.js';
import { createSts2ModClient, type Sts2ModClient } from './sts2-mod-client.js';

/** What the mod's `GET /health` reports (fields spire reads; the rest passes through). */
export interface Sts2Health {
  service: string;
  status: string;
  mod_version?: string;
  protocol_version?: string;
  game_version?: string;
  api_port?: number;
  compatibility?: {
    reflected_members_checked?: number;
    reflected_members_missing?: number;
    missing_members?: Array<{ member: string; feature: string }>;
  };
  [key: string]: unknown;
}

/** A `Game` over the StS2 agent mod, plus the mod's own endpoints. */
export interface Sts2Game extends Game {
  /** The mod's URL: the one given, else the probed one once a call found it ('' before). */
  readonly baseUrl: string;
  /** The mod dialect spoken: given, or detected from /health or the first state (undefined before). */
  readonly dialect: Sts2Dialect | undefined;
  /** `GET /health`, checked: throws `GAME_VERSION_DEGRADED` for a degraded mod unless `allowDegraded`. */
  health(): Promise<Sts2Health>;
  /** `GET /actions/available`. */
  availableActions(): Promise<AvailableActions>;
}

const MOD_SERVICE_NAME = 'sts2-ai-agent';

/** Actions the mod offers even while the game animates; a state offering only these is not settled. */
const ALWAYS_OFFERED_ACTIONS = new Set([
  'save_and_quit',
  'abandon_run',
  'return_to_main_menu',
  'discard_potion',
]);

function isAnimating(state: GameState): boolean {
  if (state.screen === 'GAME_OVER' || state.screen === 'MAIN_MENU') return false;
  return state.available_actions.every((action) => ALWAYS_OFFERED_ACTIONS.has(action));
}

function checkUrl(baseUrl: string, what: string): void {
  let parsed: URL;
  try {
    parsed = new URL(baseUrl);
  } catch (error) {
    throw new SpireError(
      'CONFIG_INVALID',
      `${what} '${baseUrl}' is not a URL. Pass e.g. 'http://127.0.0.1:8080'.`,
      {
        cause: error,
      },
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new SpireError(
      'CONFIG_INVALID',
      `${what} '${baseUrl}' must start with http:// (the mod speaks plain HTTP).`,
    );
  }
}

function resolveConfig(config: Sts2GameConfig): ResolvedSts2GameConfig {
  if (config.baseUrl !== undefined) checkUrl(config.baseUrl, 'baseUrl');
  const probeUrls = config.probeUrls ?? [STS2_DEFAULT_URLS.upstream, STS2_DEFAULT_URLS['agentic-sts']];
  for (const url of probeUrls) checkUrl(url, 'probeUrls entry');
  const dialect = config.dialect ?? 'auto';
  if (!['auto', 'upstream', 'agentic-sts'].includes(dialect)) {
    throw new SpireError(
      'CONFIG_INVALID',
      `dialect '${String(dialect)}' is not one of auto, upstream (CharTyr/STS2-Agent) or agentic-sts (the AgenticSTS fork).`,
    );
  }
  const sleep =
    config.sleep ?? ((milliseconds: number) => new Promise<void>((done) => setTimeout(done, milliseconds)));
  return {
    baseUrl: config.baseUrl ?? '',
    probeUrls,
    dialect,
    maxResponseBytes: config.maxResponseBytes ?? 16 * 1024 * 1024,
    useEventStream: config.useEventStream ?? true,
    requestTimeoutMs: config.requestTimeoutMs ?? 10_000,
    actionTimeoutMs: config.actionTimeoutMs ?? 30_000,
    maxRetries: config.maxRetries ?? 4,
    retryDelayMs: config.retryDelayMs ?? 250,
    maxRetryDelayMs: config.maxRetryDelayMs ?? 4_000,
    checkHealth: config.checkHealth ?? true,
    allowDegraded: config.allowDegraded ?? false,
    supportedStateVersions: config.supportedStateVersions ?? SUPPORTED_STATE_VERSIONS,
    keepAgentView: config.keepAgentView ?? false,
    waitForActionsMs: config.waitForActionsMs ?? 10_000,
    pollIntervalMs: config.pollIntervalMs ?? 200,
    fetch: config.fetch ?? globalThis.fetch,
    sleep,
  };
}

function isModHealth(data: unknown): data is Sts2Health {
  return (
    data !== null && typeof data === 'object' && (data as { service?: unknown }).service === MOD_SERVICE_NAME
  );
}

function describeMod(health: Sts2Health | undefined): string {
  if (health === undefined) return 'the mod';
  return `mod ${health.mod_version ?? '?'} (protocol ${health.protocol_version ?? '?'}) on game ${health.game_version ?? '?'}`;
}

/**
 * Plays Slay the Spire 2 through the agent mod's HTTP API (`GET /health`, `GET /state`,
 * `GET /actions/available`, `POST /action`).
 *
 * @example
 * const game = createSts2Game({ baseUrl: 'http://127.0.0.1:8080' });
 * let state = await game.state();
 * state = await game.act({ action: 'end_turn' });
 */
export function createSts2Game(config: Sts2GameConfig = {}): Sts2Game {
  const resolved = resolveConfig(config);
  let client: Sts2ModClient | undefined =
    config.baseUrl === undefined ? undefined : createSts2ModClient(resolved);
  let probing: Promise<Sts2ModClient> | undefined;
  let checkedHealth: Sts2Health | undefined;
  let dialect: Sts2Dialect | undefined = resolved.dialect === 'auto' ? undefined : resolved.dialect;
  // The action names the last raw state offered, in the mod's own dialect.
  let offered: string[] | undefined;
  let eventStreamMissing = !resolved.useEventStream;

  /** Tries the probe URLs in order (upstream 8080, then the fork's 8128); the first mod to answer wins. */
  async function probe(): Promise<Sts2ModClient> {
    const tried: string[] = [];
    for (const url of resolved.probeUrls) {
      const candidate = createSts2ModClient({
        ...resolved,
        baseUrl: url,
        maxRetries: 0,
        requestTimeoutMs: Math.min(resolved.requestTimeoutMs, 2_000),
      });
      try {
        const data = await candidate.request('GET', '/health');
        if (isModHealth(data)) {
          client = createSts2ModClient({ ...resolved, baseUrl: url });
          return client;
        }
        tried.push(
          `${url} answers, but not as the mod (service '${String((data as { service?: unknown } | null)?.service)}')`,
        );
      } catch (error) {
        tried.push(`${url}: ${SpireError.is(error) ? `${error.code}` : String(error)}`);
      }
    }
    throw new SpireError(
      'GAME_UNREACHABLE',
      `No StS2 agent mod answers at ${resolved.probeUrls.join(' or ')} (${tried.join('; ')}). Start Slay the Spire 2 ` +
        'with the agent mod enabled (the upstream mod listens on 8080, the AgenticSTS fork on 8128), or pass baseUrl.',
      { details: { probed: resolved.probeUrls, tried } },
    );
  }

  async function connect(): Promise<Sts2ModClient> {
    if (client) return client;
    probing ??= probe().finally(() => {
      probing = undefined;
    });
    return probing;
  }

  async function health(): Promise<Sts2Health> {
    const mod = await connect();
    const data = await mod.request('GET', '/health');
    if (data === null || typeof data !== 'object') {
      throw new SpireError('PROTOCOL_ERROR', `GET /health at ${mod.baseUrl} returned no health object.`);
    }
    const report = data as Sts2Health;
    if (report.service !== undefined && report.service !== MOD_SERVICE_NAME) {
      throw new SpireError(
        'PROTOCOL_ERROR',
        `The service at ${mod.baseUrl} is '${String(report.service)}', not the StS2 agent mod ('${MOD_SERVICE_NAME}'). ` +
          'Point baseUrl at the mod (see api_port in its /health).',
        { details: { health: report } },
      );
    }
    const gameVersion = typeof report.game_version === 'string' ? report.game_version.trim() : '';
    const unknownGame = gameVersion === '' || gameVersion.toLowerCase() === 'unknown';
    if ((report.status === 'degraded' || unknownGame) && !resolved.allowDegraded) {
      const missing = report.compatibility?.missing_members ?? [];
      const missingText =
        missing.length === 0
          ? ''
          : ` Broken: ${missing
              .slice(0, 5)
              .map((entry) => `${entry.feature} (${entry.member})`)
              .join(', ')}${missing.length > 5 ? `, and ${missing.length - 5} more` : ''}.`;
      const reason = unknownGame
        ? `cannot tell which game version it runs on (game_version '${gameVersion}')`
        : `runs degraded on game ${gameVersion}: the game changed and some state fields fall back to defaults`;
      throw new SpireError(
        'GAME_VERSION_DEGRADED',
        `The StS2 agent mod ${report.mod_version ?? ''} at ${mod.baseUrl} ${reason}.${missingText} ` +
          'Update the mod to a version that supports this game version, or pass allowDegraded: true to play anyway.',
        { details: { health: report } },
      );
    }
    if (report.status !== 'ready' && report.status !== 'degraded') {
      throw new SpireError(
        'STATE_UNAVAILABLE',
        `The StS2 agent mod at ${mod.baseUrl} reports status '${String(report.status)}', not 'ready'. Wait for the game to finish loading.`,
        { details: { health: report }, isRetryable: true },
      );
    }
    dialect ??= detectSts2Dialect({ health: report, baseUrl: mod.baseUrl });
    return report;
  }

  async function ensureHealthy(): Promise<Sts2ModClient> {
    const mod = await connect();
    if (!resolved.checkHealth || checkedHealth !== undefined) return mod;
    checkedHealth = await health();
    return mod;
  }

  function toGameState(rawState: unknown, source: string): GameState {
    const baseUrl = client?.baseUrl ?? '';
    dialect ??= detectSts2Dialect({ baseUrl, state: rawState });
    const listed = (rawState as { available_actions?: unknown } | null)?.available_actions;
    offered = Array.isArray(listed)
      ? listed.filter((name): name is string => typeof name === 'string')
      : undefined;
    const raw = stateToSpire(rawState, dialect ?? 'upstream');
    if (raw !== null && typeof raw === 'object' && 'state_version' in raw) {
      const version = (raw as { state_version: unknown }).state_version;
      if (typeof version === 'number' && !resolved.supportedStateVersions.includes(version)) {
        throw new SpireError(
          'STATE_VERSION_UNSUPPORTED',
          `The StS2 agent mod reports state_version ${version} (${describeMod(checkedHealth)}), but spire models ` +
            `state_version ${resolved.supportedStateVersions.join(' and ')}. Update spire, or install a mod version ` +
            'with a supported state_version; pass supportedStateVersions to try anyway.',
          {
            details: {
              stateVersion: version,
              supported: resolved.supportedStateVersions,
              health: checkedHealth,
            },
          },
        );
      }
    }
    const state = parseGameState(raw, source);
    if (!resolved.keepAgentView && 'agent_view' in state) {
      const { agent_view: _dropped, ...rest } = state;
      return rest;
    }
    return state;
  }

  async function readState(): Promise<GameState> {
    const mod = await connect();
    return toGameState(await mod.request('GET', '/state'), `StS2 state from ${mod.baseUrl}/state`);
  }

  function busy(state: GameState, waitedMs: number): SpireError {
    const actions = state.available_actions.join(', ') || 'no action';
    return new SpireError(
      'GAME_BUSY',
      `The game is still busy after ${waitedMs} ms: screen ${state.screen} offers only ${actions} (an animation, ` +
        'an enemy turn or a loading screen). Call state() again once it has settled, or raise waitForActionsMs.',
      {
        details: { screen: state.screen, availableActions: state.available_actions, waitedMs },
        isRetryable: true,
      },
    );
  }

  /**
   * Waits while the game animates (only menu actions such as `save_and_quit` are offered, as the mod does
   * during enemy turns and card animations) so the agent gets a state it can act on: on the mod's event
   * stream when it has one, else by polling. Still busy at the end of `waitForActionsMs` is GAME_BUSY.
   */
  async function settle(state: GameState): Promise<GameState> {
    if (!isAnimating(state) || resolved.waitForActionsMs <= 0) return state;
    let current = state;
    const started = Date.now();
    if (!eventStreamMissing) {
      const mod = await connect();
      const outcome = await waitOnEventStream({
        url: `${mod.baseUrl}/events/stream`,
        fetch: resolved.fetch,
        timeoutMs: resolved.waitForActionsMs,
        isSettled: async () => {
          current = await readState();
          return !isAnimating(current);
        },
      });
      if (outcome.kind === 'settled') return current;
      if (outcome.kind === 'timeout') throw busy(current, resolved.waitForActionsMs);
      if (outcome.kind === 'unsupported') eventStreamMissing = true;
    }
    let waited = Date.now() - started;
    while (isAnimating(current) && waited < resolved.waitForActionsMs) {
      await resolved.sleep(resolved.pollIntervalMs);
      waited += resolved.pollIntervalMs;
      current = await readState();
    }
    if (isAnimating(current)) throw busy(current, resolved.waitForActionsMs);
    return current;
  }

  return {
    get baseUrl() {
      return client?.baseUrl ?? resolved.baseUrl;
    },
    get dialect() {
      return dialect;
    },
    health,

    async state() {
      await ensureHealthy();
      return settle(await readState());
    },

    async act(action: GameAction) {
      const body = parseGameAction(action);
      const mod = await ensureHealthy();
      const wire = actionToDialect(body, dialect ?? 'upstream', offered);
      const data = await mod.request('POST', '/action', wire);
      const result = data as Partial<ActionResult> | null;
      if (result === null || typeof result !== 'object') {
        throw new SpireError(
          'PROTOCOL_ERROR',
          `POST /action (${formatGameAction(body)}) returned no result object.`,
        );
      }
      if (result.status === 'failed') {
        throw new SpireError(
          'GAME_ERROR',
          `The game reports that ${formatGameAction(body)} failed: ${result.message ?? 'no message'}. Read the state and choose again.`,
          { details: { result: { ...result, state: undefined } } },
        );
      }
      if (result.status === 'pending' || result.stable === false || result.state === undefined) {
        await resolved.sleep(resolved.pollIntervalMs);
        return settle(await readState());
      }
      return settle(toGameState(result.state, `state returned by POST /action (${formatGameAction(body)})`));
    },

    async availableActions() {
      const mod = await ensureHealthy();
      const data = await mod.request('GET', '/actions/available');
      const value = data as Partial<AvailableActions> | null;
      if (value === null || typeof value !== 'object' || !Array.isArray(value.actions)) {
        throw new SpireError('PROTOCOL_ERROR', 'GET /actions/available returned no actions list.', {
          details: { data },
        });
      }
      const spoken = dialect ?? 'upstream';
      return {
        ...(value as AvailableActions),
        actions: (value as AvailableActions).actions.map((entry) => ({
          ...entry,
          name: actionNameToSpire(entry.name, spoken),
        })),
      };
    },

    async close() {
      // Nothing to release: fetch keeps no connection that outlives a request.
    },
  };
}
