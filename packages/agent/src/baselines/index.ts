export { type CountedMessage, countedMessage, requestTokens, stablePrefix } from './message-history.js';
export { createNaiveContext, type NaiveContextOptions } from './naive-context.js';
export { createWindowContext, type WindowContextOptions } from './window-context.js';
