// Bridges to the real games: Slay the Spire 2 (agent mod HTTP API) and Slay the Spire 1 (CommunicationMod).
export * from './sts1/index.js';
export * from './sts2/index.js';
