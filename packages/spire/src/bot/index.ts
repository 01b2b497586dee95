// The heuristic bot: legal, sensible, fast moves for every screen.
export { rateCard, removalPriority } from './card-ratings.js';
export { type Bot, createHeuristicBot, type HeuristicBotOptions } from './heuristic-bot.js';
export { chooseMapNode } from './map-planner.js';
export { planTurn } from './turn-planner.js';
