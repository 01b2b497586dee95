/**
 * Entry `@strata-memory/strata/errors`: StrataError and its codes alone, for programs that must start fast
 * (a CLI's --help) and need no memory, tokenizer or layer code. The root entry exports the same.
 *
 * @module @strata-memory/strata/errors
 */
export * from './errors/index.js';
