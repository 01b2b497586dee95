// Loads a real Slay the Spire 2 `GET /state` combat (the agent mod's JSON) into a simulator run of
// the StS2 ruleset, so the engine can play the fight on from there. What the state shows is taken
// as it is (HP, block, energy, stars, powers, hand, piles, enemies and their current move); what it
// does not show is filled in and named in `notes` (a draw pile order, monster move history). Names
// the ruleset does not know are reported in `unknown` and left out; they never throw.
import type { GameState } from '../api/game-state.js';
import { parseGameState } from '../api/game-state-schema.js';
import {
  allEncounters,
  getCard,
  getMonster,
  hasCard,
  hasMonster,
  hasPotion,
  hasPower,
  hasRelicDefinition,
  withRuleset,
} from '../content/registry.js';
import { findEnchantment } from '../content/sts2/sts2-enchantments.js';
import { UNHITTABLE_HP } from '../content/sts2/sts2-monsters.js';
import { baseCost, Combat, cardValue, toCombatCard } from '../engine/combat.js';
import { createRandomState, shuffleInPlace } from '../engine/random.js';
import { initialRunCounters } from '../engine/run.js';
import type {
  CharacterId,
  CombatCard,
  CombatState,
  DeckCard,
  MonsterState,
  RunState,
} from '../engine/run-state.js';
import { deckEnchantment, enchantCombatCards, handEnchantment } from './sts2-state-enchantments.js';
import { restoreTurnMarks } from './sts2-state-turn-marks.js';

/** Names of a state the StS2 ruleset does not know, per kind (each name once). */
export interface UnknownNames {
  cards: string[];
  relics: string[];
  powers: string[];
  potions: string[];
  enemies: string[];
}

/** What `fromSts2State` made of one recorded state: the run, and the names it did not know. */
export interface Sts2StateLoad {
  /** The run, on the COMBAT screen, or null when the state holds no combat. */
  readonly run: RunState | null;
  readonly state: GameState;
  readonly unknown: UnknownNames;
  /** What the simulator filled in because the state does not show it. */
  readonly notes: string[];
}

/** Options of `fromSts2State`. */
export interface FromSts2StateOptions {
  /** Seeds the simulator's random streams (default: the run id and turn of the state). */
  readonly seed?: string;
}

function note(unknown: string[], name: string | null | undefined): void {
  if (typeof name === 'string' && name.length > 0 && !unknown.includes(name)) unknown.push(name);
}

/** `STRENGTH_POWER` -> `STRENGTH`: the engine's power ids carry no suffix. */
export function enginePowerId(powerId: string): string {
  return powerId.replace(/_POWER$/, '');
}

/**
 * Turns a real StS2 combat state into a simulator run (StS2 ruleset). Accepts the raw state or a
 * snapshot line's `{ raw_state }` wrapper. A malformed state throws SpireError STATE_MALFORMED.
 */
export function fromSts2State(raw: unknown, options: FromSts2StateOptions = {}): Sts2StateLoad {
  const input =
    typeof raw === 'object' && raw !== null && 'raw_state' in raw
      ? (raw as { raw_state: unknown }).raw_state
      : raw;
  const state = parseGameState(input, 'StS2 state');
  return withRuleset('sts2', () => load(state, options));
}

function load(state: GameState, options: FromSts2StateOptions): Sts2StateLoad {
  const unknown: UnknownNames = { cards: [], relics: [], powers: [], potions: [], enemies: [] };
  const notes: string[] = [];
  const runView = state.run;
  const combatView = state.combat;
  if (runView === null || runView === undefined || combatView === null || combatView === undefined) {
    return { run: null, state, unknown, notes: ['The state holds no combat.'] };
  }
  const seed =
    options.seed ?? `${state.run_id ?? 'sts2'}:${state.act ?? 0}:${runView.floor ?? 0}:${state.turn ?? 0}`;
  const random = createRandomState(seed);
  let nextUid = 1;
  const card = (id: string, upgraded: boolean): DeckCard | null => {
    if (!hasCard(id)) {
      note(unknown.cards, id);
      return null;
    }
    return { uid: nextUid++, id, upgraded };
  };
  const deck: DeckCard[] = [];
  for (const entry of runView.deck ?? []) {
    const made = card(entry.card_id, entry.upgraded);
    if (made === null) continue;
    const enchantment = deckEnchantment(entry);
    if (enchantment !== null) {
      if (findEnchantment(enchantment.id) !== undefined) made.enchantment = enchantment;
      else
        notes.push(
          `Enchantment ${enchantment.id} on ${entry.card_id} is not known: the card is loaded without it.`,
        );
    }
    deck.push(made);
  }
  const relics = [];
  for (const relic of runView.relics ?? []) {
    if (!hasRelicDefinition(relic.relic_id)) {
      note(unknown.relics, relic.relic_id);
      continue;
    }
    relics.push({
      id: relic.relic_id,
      counter: typeof relic.counter === 'number' ? relic.counter : -1,
      used: false,
    });
  }
  const potions: (string | null)[] = [];
  for (const potion of runView.potions ?? []) {
    const id = potion.potion_id ?? null;
    if (id !== null && !hasPotion(id)) {
      note(unknown.potions, id);
      potions.push(null);
    } else {
      potions.push(id);
    }
  }
  const player = combatView.player;
  const powersOf = (
    list: readonly { power_id: string; amount?: number | null }[],
  ): Record<string, number> => {
    const powers: Record<string, number> = {};
    for (const power of list) {
      const id = enginePowerId(power.power_id);
      if (!hasPower(id)) note(unknown.powers, power.power_id);
      powers[id] = (powers[id] ?? 0) + (typeof power.amount === 'number' ? power.amount : 1);
    }
    return powers;
  };
  const hand: CombatCard[] = [];
  // Hand cards whose enchantment the state does not tell: they may take a deck card's.
  const open = new Set<CombatCard>();
  for (const entry of combatView.hand) {
    const made = card(entry.card_id, entry.upgraded);
    if (made === null) continue;
    const combatCard = toCombatCard(made);
    const definition = getCard(made.id);
    const shown = entry.costs_x === true ? -1 : entry.energy_cost;
    if (
      shown >= 0 &&
      baseCost(definition, made.upgraded) >= 0 &&
      shown !== baseCost(definition, made.upgraded)
    ) {
      combatCard.turnCost = shown;
    }
    // A card's own damage grown in play (Sovereign Blade's Forge) shows as its Damage base_value.
    const shownBase = entry.dynamic_values?.find((value) => value.name === 'Damage')?.base_value;
    if (definition.damage !== undefined && shownBase !== undefined) {
      const grown = shownBase - cardValue(definition.damage, made.upgraded);
      if (grown > 0) combatCard.bonus = grown;
    }
    const enchanted = handEnchantment(entry, deck, runView.deck ?? [], notes);
    if (enchanted === null) open.add(combatCard);
    else if ('enchantment' in enchanted) {
      const enchantment = enchanted.enchantment;
      if (findEnchantment(enchantment.id) !== undefined) combatCard.enchantment = enchantment;
      else
        notes.push(
          `Enchantment ${enchantment.id} on ${entry.card_id} in the hand is not known: the card is loaded without it.`,
        );
    }
    hand.push(combatCard);
  }
  const pile = (list: readonly { card_id: string; upgraded: boolean }[] | undefined): CombatCard[] | null => {
    if (list === undefined) return null;
    const cards: CombatCard[] = [];
    for (const entry of list) {
      const made = card(entry.card_id, entry.upgraded);
      if (made !== null) cards.push(toCombatCard(made));
    }
    return cards;
  };
  let drawPile = pile(player.draw_cards);
  const discardPile = pile(player.discard_cards) ?? [];
  const exhaustPile = pile(player.exhaust_cards) ?? [];
  enchantCombatCards(deck, hand, open, [drawPile ?? [], discardPile, exhaustPile]);
  if (drawPile === null) {
    // Without piles in the state: the deck minus the hand is the draw pile.
    const left = deck.map((entry) => toCombatCard({ ...entry, uid: nextUid++ }));
    for (const inHand of hand) {
      const same = (entry: CombatCard): boolean =>
        entry.id === inHand.id && entry.upgraded === inHand.upgraded;
      // The deck's copy with the hand card's enchantment (or none) is the one in the hand.
      let index = left.findIndex((entry) => same(entry) && entry.enchantment?.id === inHand.enchantment?.id);
      if (index < 0) index = left.findIndex(same);
      if (index >= 0) left.splice(index, 1);
    }
    drawPile = left;
    notes.push('The state shows no draw, discard or exhaust pile: the draw pile is the deck minus the hand.');
  }
  shuffleInPlace(random, 'shuffle', drawPile);
  notes.push('The order of the draw pile is not shown: it is shuffled with the seed.');
  const kind: CombatState['kind'] =
    state.combat_type === 'boss' ? 'boss' : state.combat_type === 'elite' ? 'elite' : 'monster';
  const monsters: MonsterState[] = [];
  for (const enemy of combatView.enemies) {
    if (!hasMonster(enemy.enemy_id)) {
      note(unknown.enemies, enemy.enemy_id);
      continue;
    }
    const definition = getMonster(enemy.enemy_id);
    monsters.push({
      uid: nextUid++,
      id: definition.id,
      name: enemy.name ?? definition.name,
      hp: enemy.current_hp,
      maxHp: enemy.max_hp,
      block: enemy.block ?? 0,
      powers: powersOf(enemy.powers ?? []),
      alive: enemy.is_alive !== false && enemy.current_hp > 0,
      escaped: false,
      move: { id: 'NONE', name: 'None', intent: 'Unknown', baseDamage: null, hits: 0 },
      history: [],
      memory: {},
    });
  }
  const encounterId = encounterOf(state, monsters);
  const combat: CombatState = {
    encounterId,
    kind,
    turn: state.turn ?? 1,
    player: {
      block: player.block,
      energy: player.energy,
      stars: player.stars ?? 0,
      powers: powersOf(player.powers),
    },
    hand,
    drawPile,
    discardPile,
    exhaustPile,
    removedCards: [],
    monsters,
    summon: null,
    selection: null,
    counters: { turnDrawDone: 1 },
    stolenGold: 0,
    over: false,
    victory: false,
  };
  const character = (runView.character_id ?? 'IRONCLAD') as CharacterId;
  const run: RunState = {
    seed,
    ruleset: 'sts2',
    character,
    random,
    screen: 'COMBAT',
    act: state.act ?? runView.act ?? 1,
    floor: runView.floor ?? 0,
    hp: runView.current_hp,
    maxHp: runView.max_hp,
    gold: runView.gold ?? 0,
    deck,
    relics,
    potions: potions.length > 0 ? potions : [null, null, null],
    map: { nodes: [], bossId: state.boss_encounter_id ?? '' },
    path: [],
    position: null,
    room: kind === 'boss' ? 'boss' : kind === 'elite' ? 'elite' : 'monster',
    combat,
    reward: null,
    shop: null,
    event: null,
    selection: null,
    treasure: null,
    restDone: false,
    bossRelic: null,
    monsterQueue: [],
    eliteQueue: [],
    seenEvents: [],
    counters: initialRunCounters(nextUid),
    result: null,
    log: [],
  };
  const engine = new Combat(run);
  combatView.enemies
    .filter((enemy) => hasMonster(enemy.enemy_id))
    .forEach((enemy, index) => {
      const monster = monsters[index];
      if (monster === undefined || !monster.alive) return;
      restoreMove(engine, monster, index, enemy.move_id ?? null, enemy.intents ?? [], notes);
    });
  if (monsters.length > 0)
    notes.push('Monster move histories are not shown: each monster continues from its current move.');
  restoreTurnMarks(run, state, notes);
  engine.checkCombatOver();
  return { run, state, unknown, notes };
}

/** The encounter whose monsters are the state's enemies, else the boss encounter, else a placeholder. */
function encounterOf(state: GameState, monsters: readonly MonsterState[]): string {
  const ids = monsters.map((monster) => monster.id).sort();
  for (const encounter of allEncounters()) {
    const members = [...encounter.monsters((items) => items[0] as never)].sort();
    if (members.length === ids.length && members.every((id, index) => id === ids[index])) return encounter.id;
  }
  if (
    state.combat_type === 'boss' &&
    state.boss_encounter_id !== null &&
    state.boss_encounter_id !== undefined
  ) {
    if (allEncounters().some((encounter) => encounter.id === state.boss_encounter_id))
      return state.boss_encounter_id;
  }
  return allEncounters()[0]?.id ?? 'UNKNOWN';
}

/** Sets a monster's current move from the state, and the phase memory of the hand-written bosses. */
function restoreMove(
  engine: Combat,
  monster: MonsterState,
  index: number,
  moveId: string | null,
  intents: readonly { intent_type?: string | null; damage?: number | null; hits?: number | null }[],
  notes: string[],
): void {
  const definition = getMonster(monster.id);
  const attack = intents.find((intent) => typeof intent.damage === 'number');
  if (monster.id === 'WATERFALL_GIANT' && monster.maxHp >= UNHITTABLE_HP) {
    monster.memory.exploding = 1;
    monster.memory.EXPLODE_MOVE_DAMAGE = monster.powers.STEAM_ERUPTION ?? attack?.damage ?? 0;
    monster.memory.EXPLODE_MOVE_HITS = 1;
  }
  if (monster.id === 'TEST_SUBJECT') {
    monster.memory.phase = monster.maxHp >= 300 ? 3 : monster.maxHp >= 200 ? 2 : 1;
    if (moveId === 'MULTI_CLAW_MOVE') {
      monster.memory.claws = Math.max(1, (attack?.hits ?? 3) - 2);
      monster.memory.MULTI_CLAW_MOVE_HITS = attack?.hits ?? 3;
      monster.memory.MULTI_CLAW_MOVE_DAMAGE = 10;
    }
  }
  if (moveId !== null && definition.moves.some((move) => move.id === moveId)) {
    engine.setMove(monster, moveId);
    if (monster.move.baseDamage === null && attack?.damage !== undefined && attack.damage !== null) {
      notes.push(`${monster.name}'s ${moveId} damage is taken from the state's intent.`);
      monster.memory[`${moveId}_DAMAGE`] = attack.damage;
      monster.memory[`${moveId}_HITS`] = attack.hits ?? 1;
      engine.setMove(monster, moveId);
    }
    return;
  }
  if (moveId !== null) notes.push(`${monster.name}'s move ${moveId} is not known: it rolls a new one.`);
  engine.rollMove(index);
}
