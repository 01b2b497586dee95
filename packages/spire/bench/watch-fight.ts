// Plays one seed with the heuristic bot and prints the fights it names turn by turn: why the bot
// loses a fight is easier to see than to guess from the bench's death lists.
// Usage: npx tsx packages/spire/bench/watch-fight.ts <seed> <CHARACTER> [sts1|sts2] [boss|elite|all]
import type { GameState } from '../src/api/game-state.js';
import { createHeuristicBot } from '../src/bot/index.js';
import { type CharacterId, createSimulator, type Ruleset } from '../src/engine/index.js';

const [seed = 'bench-2000', character = 'IRONCLAD', ruleset = 'sts2', which = 'boss'] = process.argv.slice(2);

function describe(state: GameState): string {
  const combat = state.combat;
  if (combat === null || combat === undefined) return '';
  const player = combat.player;
  const powers = player.powers.map(
    (power) => `${power.power_id.replace('_POWER', '')} ${power.amount ?? ''}`,
  );
  const enemies = combat.enemies
    .filter((enemy) => enemy.is_alive)
    .map((enemy) => {
      const intents = enemy.intents.map((intent) =>
        intent.total_damage ? `${intent.damage}x${intent.hits}` : intent.intent_type,
      );
      const enemyPowers = enemy.powers.map(
        (power) => `${power.power_id.replace('_POWER', '')} ${power.amount ?? ''}`,
      );
      return `${enemy.name} ${enemy.current_hp}/${enemy.max_hp} block ${enemy.block} [${enemyPowers.join(', ')}] -> ${intents.join(' + ')} (${enemy.move_id ?? ''})`;
    });
  const hand = combat.hand.map(
    (card) =>
      `${card.name}${card.upgraded ? '+' : ''}(${card.energy_cost}${card.star_cost ? `/${card.star_cost}*` : ''})`,
  );
  return [
    `  turn ${state.turn}: HP ${player.current_hp}/${player.max_hp} block ${player.block} energy ${player.energy}${player.stars !== undefined ? ` stars ${player.stars}` : ''} [${powers.join(', ')}]`,
    ...enemies.map((line) => `    ${line}`),
    `    hand: ${hand.join(', ')}  draw ${player.draw_cards?.length ?? '?'} discard ${player.discard_cards?.length ?? '?'}`,
    `    potions: ${(state.run?.potions ?? [])
      .filter((potion) => potion.occupied)
      .map((potion) => potion.potion_id)
      .join(', ')}`,
  ].join('\n');
}

const bot = createHeuristicBot();
const simulator = createSimulator({ seed, character: character as CharacterId, ruleset: ruleset as Ruleset });
let steps = 0;
let lastTurn = -1;
let inFight = false;
while (!simulator.over && steps < 20_000) {
  const state = simulator.view();
  const action = bot.choose(state);
  const watched = state.screen === 'COMBAT' && (which === 'all' || state.combat_type === which);
  if (watched) {
    if (!inFight) {
      console.log(
        `\nfloor ${state.run?.floor} ${state.combat_type} deck (${state.run?.deck.length}): ${state.run?.deck.map((card) => card.name + (card.upgraded ? '+' : '')).join(', ')}`,
      );
      console.log(`relics: ${state.run?.relics.map((relic) => relic.relic_id).join(', ')}`);
      inFight = true;
    }
    if (state.turn !== lastTurn) console.log(describe(state));
    lastTurn = state.turn ?? -1;
    const card =
      action.card_index === undefined
        ? undefined
        : state.combat?.hand.find((entry) => entry.index === action.card_index);
    const selection = state.selection?.cards.find((entry) => entry.index === action.option_index);
    console.log(
      `    > ${action.action}${card ? ` ${card.name}` : ''}${selection ? ` ${selection.name}` : ''}${action.target_index !== undefined ? ` -> ${action.target_index}` : ''}${action.action === 'use_potion' ? ` ${state.run?.potions.find((potion) => potion.index === action.option_index)?.potion_id}` : ''}`,
    );
  } else if (state.screen !== 'COMBAT') {
    inFight = false;
    lastTurn = -1;
  }
  simulator.step(action);
  steps++;
}
console.log(
  `\nend: floor ${simulator.run.floor} act ${simulator.run.act} hp ${simulator.run.hp} victory ${simulator.run.result?.victory === true}`,
);
