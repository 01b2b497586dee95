/**
 * Entry `@strata-memory/strata/langchain`: LangChain.js adapters (a Runnable in place of `trimMessages`,
 * and a chat message history on a Strata store). Needs the optional peer `@langchain/core` 1.
 *
 * @module @strata-memory/strata/langchain
 */
export * from './adapters/langchain/index.js';
