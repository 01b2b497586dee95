// The wire API of spire: plain-JSON state and actions in the shape of the StS2 agent mod's HTTP API.
export * from './card-current-value.js';
export * from './game.js';
export * from './game-action.js';
export * from './game-action-schema.js';
export * from './game-error.js';
export * from './game-state.js';
export * from './game-state-schema.js';
export * from './legal-actions-from-state.js';
export * from './state-malformed-error.js';
