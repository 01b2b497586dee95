/**
 * The root entry `@strata-memory/strata`: the core (memory, layers, tokenizer, assembly, adapters, errors).
 * It loads no database driver, provider SDK or native module. Backends and test doubles are subpaths, each
 * a top-level file of src/: `./sqlite`, `./postgres`, `./openai`, `./anthropic`, and `./testing`
 * (src/testing/index.ts); framework adapters add theirs the same way (e.g. `./ai-sdk`, `./langchain`).
 *
 * @module @strata-memory/strata
 */
export * from './adapters/index.js';
export * from './chat/index.js';
export * from './conversation/index.js';
export * from './core/index.js';
export * from './errors/index.js';
export * from './extractors/index.js';
export * from './layers/index.js';
export * from './memory/index.js';
export * from './model/index.js';
export * from './state/index.js';
export * from './store/index.js';
export * from './telemetry/index.js';
export * from './tokenizer/index.js';
export * from './transitions/index.js';
