/**
 * The public surface of agentic-sts: the agent loop and its baselines, policies, the observation renderer,
 * traces and reports. The CLI (src/cli) is an application, not part of the library.
 *
 * @module @strata-memory/agentic-sts
 */
export * from './agent/index.js';
export * from './baselines/index.js';
export * from './observe/index.js';
export * from './policy/index.js';
export * from './report/index.js';
export * from './trace/index.js';
