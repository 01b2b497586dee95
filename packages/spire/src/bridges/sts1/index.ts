export {
  type CommunicationModAgentOptions,
  type CommunicationModAgentResult,
  runCommunicationModAgent,
  type Sts1Policy,
} from './communication-mod-agent.js';
export {
  type CommunicationModGameState,
  type CommunicationModMessage,
  parseCommunicationModLine,
} from './communication-mod-protocol.js';
export { chooseFirstLegalAction } from './first-legal-action.js';
export { loadSpireContentText } from './spire-content-text.js';
export { type Sts1StartOptions, sts1ActionToCommand } from './sts1-command-translator.js';
export { createSts1Game, type Sts1Game, type Sts1GameConfig } from './sts1-game.js';
export { STS1_CHARACTERS, type Sts1TextSources, translateSts1State } from './sts1-state-translator.js';
