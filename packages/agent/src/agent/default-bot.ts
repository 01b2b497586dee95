import { createHeuristicBot, type GameAction, type GameState } from '@strata-memory/spire';

type Chooser = (state: GameState, actions: readonly GameAction[]) => GameAction;

const bot = createHeuristicBot();

/** The heuristic policy's default move: spire's heuristic bot (deterministic for a state). */
export const defaultBot: Chooser = (state) => bot.choose(state);
