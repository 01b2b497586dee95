/**
 * `strata serve`, an OpenAI-compatible memory gateway any OpenAI client points its base URL at, and
 * `strata keys`, its API keys. Sessions, state and key hashes live in a Strata store (SQLite or Postgres);
 * every upstream request is the core chat context's bounded assembly.
 *
 * @module @strata-memory/gateway
 */
export { type ApiKeyInfo, type ApiKeys, createApiKeys } from './api-keys.js';
export { type CallRecord, createChatCompletions, type LayerTokens } from './chat-completions.js';
export { createGateway, type Gateway, type GatewayOptions, type LogStream } from './create-gateway.js';
export {
  createGatewayCommands,
  GATEWAY_COMMAND_SUMMARIES,
  isLoopbackHost,
  runServe,
  type ServeOptions,
} from './gateway-commands.js';
export {
  type ExtractionConfig,
  type GatewayConfig,
  type GatewayConfigInput,
  type LessonsConfig,
  loadGatewayConfig,
  parseGatewayConfig,
  type SummaryConfig,
  type TenantConfig,
} from './gateway-config.js';
export { createGatewayMetrics, type GatewayMetrics } from './gateway-metrics.js';
export {
  type CommittedTurn,
  createGatewaySessions,
  type GatewaySessions,
  type LoadedSession,
  type PlacedMessage,
  type PlaceLayers,
  type SessionMemory,
  type SessionSettings,
  type SessionTurn,
  type UpstreamReply,
} from './gateway-sessions.js';
export { firstNewTurn } from './new-client-turns.js';
export { toOpenAIError } from './openai-error.js';
export {
  createUpstream,
  type Upstream,
  type UpstreamOptions,
  type UpstreamResponse,
} from './upstream-client.js';
