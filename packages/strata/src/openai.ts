/**
 * Entry `@strata-memory/strata/openai`: a ChatModel over the official `openai` SDK (OpenAI or any
 * OpenAI-compatible server). Needs the optional peer `openai` 6 or 7 (`npm install openai`), loaded on the
 * first call; missing, that call fails with MISSING_DEPENDENCY.
 *
 * @module @strata-memory/strata/openai
 */

// The chat-turn helper for the official SDK: sends toOpenAIMessages(context), records the reply (tool calls too).
export * from './adapters/openai/index.js';
export { createOpenAIChatModel, type OpenAIChatModelOptions } from './model/openai-chat-model.js';
