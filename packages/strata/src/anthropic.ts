/**
 * Entry `@strata-memory/strata/anthropic`: a ChatModel over the official `@anthropic-ai/sdk`. Needs that
 * optional peer (`npm install @anthropic-ai/sdk`), loaded on the first call; missing, that call fails with
 * MISSING_DEPENDENCY.
 *
 * @module @strata-memory/strata/anthropic
 */
export { type AnthropicChatModelOptions, createAnthropicChatModel } from './model/anthropic-chat-model.js';
