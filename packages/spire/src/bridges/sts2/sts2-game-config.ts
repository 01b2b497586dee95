/** Options of `createSts2Game`. Every field has a default suited to a local game. */
export interface Sts2GameConfig {
  /**
   * Where the mod's HTTP API listens. Default: probe `probeUrls` (the upstream mod's 8080, then the
   * AgenticSTS fork's 8128) and use the first that answers as the mod.
   */
  baseUrl?: string;
  /** URLs tried in order when `baseUrl` is not given. Default `http://127.0.0.1:8080`, `http://127.0.0.1:8128`. */
  probeUrls?: readonly string[];
  /**
   * Which mod dialect to speak: `upstream` (CharTyr/STS2-Agent) or `agentic-sts` (the AlayaLab fork,
   * which names the Crystal Sphere actions differently). Default `auto`: told from /health, else
   * from the first state, else from the port.
   */
  dialect?: 'auto' | 'upstream' | 'agentic-sts';
  /** Largest response body read, in bytes; larger answers fail with PROTOCOL_ERROR. Default 16 MiB. */
  maxResponseBytes?: number;
  /**
   * Wait for the game to settle on the mod's `/events/stream` (server-sent events) instead of
   * polling `/state`; falls back to polling when the mod has no stream. Default true.
   */
  useEventStream?: boolean;
  /** Timeout of one GET request in milliseconds. Default 10 000. */
  requestTimeoutMs?: number;
  /** Timeout of one `POST /action` in milliseconds; the mod may take up to 20 s for reward flows. Default 30 000. */
  actionTimeoutMs?: number;
  /** Retries after a retryable failure (the mod's `retryable: true`, 502/503/504, a refused connection). Default 4. */
  maxRetries?: number;
  /** First backoff delay in milliseconds, doubled after each retry. Default 250. */
  retryDelayMs?: number;
  /** Longest backoff delay in milliseconds. Default 4 000. */
  maxRetryDelayMs?: number;
  /** Call `GET /health` before the first state and refuse a degraded mod. Default true. */
  checkHealth?: boolean;
  /** Play on even when /health says `degraded` (some fields then fall back to defaults). Default false. */
  allowDegraded?: boolean;
  /** `state_version`s accepted. Default `SUPPORTED_STATE_VERSIONS` (10 and 11). */
  supportedStateVersions?: readonly number[];
  /** Keep the mod's `agent_view` (a compact duplicate of the state) in returned states. Default false. */
  keepAgentView?: boolean;
  /**
   * When a state has no available actions (the game is animating), wait up to this many milliseconds
   * for one that has (on the event stream, else by polling `GET /state`); still busy after that is
   * GAME_BUSY. 0 disables waiting (the busy state is returned as it is). Default 10 000.
   */
  waitForActionsMs?: number;
  /** Delay between those polls in milliseconds. Default 200. */
  pollIntervalMs?: number;
  /** Injectable for tests: the fetch implementation. Default the global `fetch`. */
  fetch?: typeof fetch;
  /** Injectable for tests: how to wait. Default `setTimeout`. */
  sleep?: (milliseconds: number) => Promise<void>;
}

/** The upstream StS2 agent mod's default address. */
export const DEFAULT_STS2_BASE_URL = 'http://127.0.0.1:8080';

export type ResolvedSts2GameConfig = Required<Omit<Sts2GameConfig, 'baseUrl'>> & {
  /** Undefined until probed when the caller gave none. */
  baseUrl: string;
};
