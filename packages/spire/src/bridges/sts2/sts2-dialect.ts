import type { GameAction } from '../../api/game-action.js';
import { formatGameAction } from '../../api/game-action.js';
import { SpireError } from '../../api/game-error.js';

/**
 * The two HTTP dialects of the StS2 agent mod:
 * - `upstream`: CharTyr/STS2-Agent, port 8080 by default;
 * - `agentic-sts`: the AlayaLab/AgenticSTS fork, port 8128 by default, which renames the Crystal
 *   Sphere actions and adds a few of its own.
 * Spire speaks the upstream vocabulary (`ACTION_NAMES`); the bridge translates for the fork.
 */
export type Sts2Dialect = 'upstream' | 'agentic-sts';

/** Where each dialect listens by default, probed in this order when no URL is given. */
export const STS2_DEFAULT_URLS: Readonly<Record<Sts2Dialect, string>> = {
  upstream: 'http://127.0.0.1:8080',
  'agentic-sts': 'http://127.0.0.1:8128',
};

/** Fork action name -> spire's (upstream) name, for the actions both mods have under other names. */
const FORK_TO_SPIRE: Readonly<Record<string, string>> = {
  crystal_sphere_set_tool: 'crystal_set_tool',
  crystal_sphere_click_cell: 'crystal_clear_cell',
  crystal_sphere_proceed: 'proceed',
};

/** Actions only the fork has (spire names them as the fork does). */
export const FORK_ONLY_ACTIONS: ReadonlySet<string> = new Set([
  'sacrifice_reward_cards',
  'close_pause_menu',
  'close_capstone_overlay',
]);

/** Protocol versions each mod has published (GET /health `protocol_version`). */
const FORK_PROTOCOL_VERSIONS = new Set(['2026-04-06-v1']);
const UPSTREAM_PROTOCOL_VERSIONS = new Set(['2026-03-10-v0', '2026-03-11-v1']);

/** What `/health` and the first state tell about the dialect. */
export interface DialectEvidence {
  health?: { protocol_version?: unknown; api_port?: unknown; [key: string]: unknown } | undefined;
  /** The URL the mod answers on. */
  baseUrl: string;
  /** A raw state, when one was read. */
  state?: unknown;
}

/**
 * Tells the dialect from `/health` (its protocol version, its `api_port`), else from a state (fork-only
 * or fork-named actions), else from the port; undefined when nothing tells yet.
 */
export function detectSts2Dialect(evidence: DialectEvidence): Sts2Dialect | undefined {
  const protocol = evidence.health?.protocol_version;
  if (typeof protocol === 'string') {
    if (FORK_PROTOCOL_VERSIONS.has(protocol)) return 'agentic-sts';
    if (UPSTREAM_PROTOCOL_VERSIONS.has(protocol)) return 'upstream';
  }
  const actions = (evidence.state as { available_actions?: unknown } | null | undefined)?.available_actions;
  if (Array.isArray(actions)) {
    if (
      actions.some(
        (name) => typeof name === 'string' && (name in FORK_TO_SPIRE || FORK_ONLY_ACTIONS.has(name)),
      )
    ) {
      return 'agentic-sts';
    }
    if (actions.some((name) => name === 'crystal_set_tool' || name === 'crystal_clear_cell'))
      return 'upstream';
  }
  const port = evidence.health?.api_port ?? portOf(evidence.baseUrl);
  if (port === 8128 || port === '8128') return 'agentic-sts';
  if (port === 8080 || port === '8080') return 'upstream';
  return undefined;
}

function portOf(baseUrl: string): string | undefined {
  try {
    return new URL(baseUrl).port || undefined;
  } catch {
    return undefined;
  }
}

/** One action name of the dialect in spire's vocabulary. */
export function actionNameToSpire(name: string, dialect: Sts2Dialect): string {
  return dialect === 'upstream' ? name : (FORK_TO_SPIRE[name] ?? name);
}

/** A raw state with the dialect's action names in spire's vocabulary (the input is not changed). */
export function stateToSpire(raw: unknown, dialect: Sts2Dialect): unknown {
  if (dialect === 'upstream' || raw === null || typeof raw !== 'object') return raw;
  const actions = (raw as { available_actions?: unknown }).available_actions;
  if (!Array.isArray(actions)) return raw;
  const translated: unknown[] = [];
  for (const name of actions) {
    const spireName = typeof name === 'string' ? (FORK_TO_SPIRE[name] ?? name) : name;
    if (!translated.includes(spireName)) translated.push(spireName);
  }
  return { ...(raw as Record<string, unknown>), available_actions: translated };
}

/**
 * The `POST /action` body in the dialect's vocabulary. `offered` is what the last raw state listed
 * (`proceed` goes to the fork as `crystal_sphere_proceed` when that is what the state offers).
 */
export function actionToDialect(
  action: GameAction,
  dialect: Sts2Dialect,
  offered: readonly string[] | undefined,
): Record<string, unknown> {
  if (dialect === 'upstream') {
    if (FORK_ONLY_ACTIONS.has(action.action)) {
      throw new SpireError(
        'NOT_SUPPORTED',
        `${formatGameAction(action)} is an action of the AgenticSTS fork of the mod; the upstream mod has no such action. Choose one of the state's available_actions.`,
        { details: { action: action.action, dialect } },
      );
    }
    return { ...action };
  }
  switch (action.action) {
    case 'crystal_set_tool':
      return { action: 'crystal_sphere_set_tool', tool: action.tool };
    case 'crystal_clear_cell':
      // The fork clicks with the current tool; it takes no tool parameter.
      return { action: 'crystal_sphere_click_cell', x: action.x, y: action.y };
    case 'proceed':
      return offered?.includes('crystal_sphere_proceed') && !offered.includes('proceed')
        ? { action: 'crystal_sphere_proceed' }
        : { ...action };
    default:
      return { ...action };
  }
}
