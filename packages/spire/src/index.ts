/**
 * The public surface of spire: the API types, the engine, its content, the bot and the bridges.
 *
 * @module @strata-memory/spire
 */
export * from './api/index.js';
export * from './bot/index.js';
export * from './bridges/index.js';
export * from './content/index.js';
export * from './engine/index.js';
export * from './replay/index.js';
