/**
 * Entry `@strata-memory/strata/testing`: test doubles. Fake OpenAI-compatible and Anthropic servers on
 * 127.0.0.1 (with a scripted or computed reply per request and a record of every request), a fake
 * ChatModel, a seeded random source, and a throwaway Postgres database per test (needs `pg`). Not part of the root entry.
 *
 * @module @strata-memory/strata/testing
 */
export { countOpenAIRequestTokens } from './count-openai-request.js';
export { startFakeAnthropicServer } from './fake-anthropic-server.js';
export {
  createFakeChatModel,
  type FakeChatModel,
  type FakeChatModelOptions,
  type FakeChatResponse,
} from './fake-chat-model.js';
export type { FakeServerRequest } from './fake-http-server.js';
export { type FakeModelReply, fakeReply } from './fake-model-reply.js';
export type { FakeModelServer, FakeModelServerOptions } from './fake-model-server.js';
export { startFakeOpenAIServer } from './fake-openai-server.js';
export {
  createTestDatabase,
  describeUnavailable,
  type PostgresProbe,
  probePostgres,
  type TestDatabase,
  terminateBackends,
} from './postgres-test-database.js';
export { createSeededRandom } from './seeded-random.js';
