/** Options of `createSts2Game`. Every field has a default suited to a local game. */
export interface Sts2GameConfig {
  /** Where the mod's HTTP API listens. Default `http://127.0.0.1:8080` (the mod's documented default; see `api_port` in /health). */
  baseUrl?: string;
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
   * When a state has no available actions (the game is animating), poll `GET /state` for up to this many
   * milliseconds until it has some. 0 disables waiting. Default 10 000.
   */
  waitForActionsMs?: number;
  /** Delay between those polls in milliseconds. Default 200. */
  pollIntervalMs?: number;
  /** Injectable for tests: the fetch implementation. Default the global `fetch`. */
  fetch?: typeof fetch;
  /** Injectable for tests: how to wait. Default `setTimeout`. */
  sleep?: (milliseconds: number) => Promise<void>;
}

export const DEFAULT_STS2_BASE_URL = 'http://127.0.0.1:8080';

export type ResolvedSts2GameConfig = Required<Sts2GameConfig>;
