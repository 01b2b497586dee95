/**
 * Entry `@strata-memory/strata/ai-sdk`: the Vercel AI SDK adapter (a language-model middleware for
 * `wrapLanguageModel`, and `toAiSdkMessages`). Needs the optional peers `ai` 7 and `@ai-sdk/provider` 4 for
 * its types (ai 7 runs on Node 22+); the middleware itself imports nothing from them at run time.
 *
 * @module @strata-memory/strata/ai-sdk
 */
export * from './adapters/ai-sdk/index.js';
