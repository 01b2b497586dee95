import type { Game } from '../../api/game.js';
import type { ActionResult, AvailableActions, GameAction } from '../../api/game-action.js';
import { formatGameAction } from '../../api/game-action.js';
import { parseGameAction } from '../../api/game-action-schema.js';
import { SpireError } from '../../api/game-error.js';
import type { GameState } from '../../api/game-state.js';
import { SUPPORTED_STATE_VERSIONS } from '../../api/game-state.js';
import { parseGameState } from '../../api/game-state-schema.js';
import {
  DEFAULT_STS2_BASE_URL,
  type ResolvedSts2GameConfig,
  type Sts2GameConfig,
} from './sts2-game-config.js';
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
  readonly baseUrl: string;
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

function resolveConfig(config: Sts2GameConfig): ResolvedSts2GameConfig {
  const baseUrl = config.baseUrl ?? DEFAULT_STS2_BASE_URL;
  let parsed: URL;
  try {
    parsed = new URL(baseUrl);
  } catch (error) {
    throw new SpireError(
      'CONFIG_INVALID',
      `baseUrl '${baseUrl}' is not a URL. Pass e.g. 'http://127.0.0.1:8080'.`,
      {
        cause: error,
      },
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new SpireError(
      'CONFIG_INVALID',
      `baseUrl '${baseUrl}' must start with http:// (the mod speaks plain HTTP).`,
    );
  }
  const sleep =
    config.sleep ?? ((milliseconds: number) => new Promise<void>((done) => setTimeout(done, milliseconds)));
  return {
    baseUrl,
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
  const client: Sts2ModClient = createSts2ModClient(resolved);
  let checkedHealth: Sts2Health | undefined;

  async function health(): Promise<Sts2Health> {
    const data = await client.request('GET', '/health');
    if (data === null || typeof data !== 'object') {
      throw new SpireError('PROTOCOL_ERROR', `GET /health at ${client.baseUrl} returned no health object.`);
    }
    const report = data as Sts2Health;
    if (report.service !== undefined && report.service !== MOD_SERVICE_NAME) {
      throw new SpireError(
        'PROTOCOL_ERROR',
        `The service at ${client.baseUrl} is '${String(report.service)}', not the StS2 agent mod ('${MOD_SERVICE_NAME}'). ` +
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
        `The StS2 agent mod ${report.mod_version ?? ''} at ${client.baseUrl} ${reason}.${missingText} ` +
          'Update the mod to a version that supports this game version, or pass allowDegraded: true to play anyway.',
        { details: { health: report } },
      );
    }
    if (report.status !== 'ready' && report.status !== 'degraded') {
      throw new SpireError(
        'STATE_UNAVAILABLE',
        `The StS2 agent mod at ${client.baseUrl} reports status '${String(report.status)}', not 'ready'. Wait for the game to finish loading.`,
        { details: { health: report }, isRetryable: true },
      );
    }
    return report;
  }

  async function ensureHealthy(): Promise<void> {
    if (!resolved.checkHealth || checkedHealth !== undefined) return;
    checkedHealth = await health();
  }

  function toGameState(raw: unknown, source: string): GameState {
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
    return toGameState(await client.request('GET', '/state'), `StS2 state from ${client.baseUrl}/state`);
  }

  /**
   * Polls while the game animates (only menu actions such as `save_and_quit` are offered, as the mod does
   * during enemy turns and card animations) so the agent gets a state it can act on.
   */
  async function settle(state: GameState): Promise<GameState> {
    let current = state;
    let waited = 0;
    while (isAnimating(current) && waited < resolved.waitForActionsMs) {
      await resolved.sleep(resolved.pollIntervalMs);
      waited += resolved.pollIntervalMs;
      current = await readState();
    }
    return current;
  }

  return {
    baseUrl: client.baseUrl,
    health,

    async state() {
      await ensureHealthy();
      return settle(await readState());
    },

    async act(action: GameAction) {
      const body = parseGameAction(action);
      await ensureHealthy();
      const data = await client.request('POST', '/action', body);
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
      await ensureHealthy();
      const data = await client.request('GET', '/actions/available');
      const value = data as Partial<AvailableActions> | null;
      if (value === null || typeof value !== 'object' || !Array.isArray(value.actions)) {
        throw new SpireError('PROTOCOL_ERROR', 'GET /actions/available returned no actions list.', {
          details: { data },
        });
      }
      return value as AvailableActions;
    },

    async close() {
      // Nothing to release: fetch keeps no connection that outlives a request.
    },
  };
}
