// The run state machine: creating a run, the legal actions of every screen, and applying one.
import { SpireError } from '../api/game-error.js';
import {
  allEvents,
  allPotions,
  cardPool,
  characterIds,
  colorlessPool,
  encountersOf,
  getCard,
  getCharacter,
  getEncounter,
  getEvent,
  getMonster,
  getPotion,
  getRelic,
  isActiveRuleset,
  randomCurses,
  withRuleset,
} from '../content/registry.js';
import { holdCard } from '../content/relic-cards.js';
import { provideRunServices } from '../content/run-services.js';
import { canEnchant, enchant, findEnchantment } from '../content/sts2/sts2-enchantments.js';
import { isEternal } from '../content/sts2/sts2-eternal.js';
import { resetSts2UnknownRoomOdds, rollSts2UnknownRoom } from '../content/sts2/sts2-unknown-room.js';
import type { EngineAction, EngineResult } from './action.js';
import { bareAction, optionAction, playCardAction } from './action-pool.js';
import { cardRewardAlternatives, openCardReward } from './card-reward-alternatives.js';
import { baseCost, Combat, type HandRules, hasRelic } from './combat.js';
import { copyDeckCard } from './deck-card-copy.js';
import type { EncounterDefinition, EventContext, RelicRestOption } from './definitions.js';
import { currentNode, findNode, generateMap, mapHeight } from './map.js';
import { isFlight, reachableNodes } from './map-travel.js';
import {
  createRandomState,
  nextFloat,
  nextInt,
  pick,
  pickWeighted,
  pickWhere,
  reseedStream,
} from './random.js';
import {
  addCardToDeck,
  combatRewards,
  gainGold,
  gainPotion,
  newCard,
  rollCardReward,
  rollPotion,
  rollRelic,
  rollRelicRarity,
} from './rewards.js';
import type {
  CardEnchantment,
  CharacterId,
  CombatCard,
  DeckCard,
  DeckSelection,
  MonsterState,
  RelicState,
  RewardItem,
  RoomType,
  Ruleset,
  RunCounters,
  RunState,
} from './run-state.js';
import { createShop, restockShop } from './shop.js';
import { upgradableCards } from './upgradable-cards.js';

/** The last act; beating its boss wins the run. */
export const FINAL_ACT = 3;
const MAX_LOG = 20;

/** Options of `createRun`. */
export interface RunOptions {
  /** Any string; the same seed and actions always give the same run. */
  readonly seed: string;
  readonly character: CharacterId;
  /** The game whose rules and content the run plays: `sts2` (default, Slay the Spire 2) or `sts1`. */
  readonly ruleset?: Ruleset;
}

function log(run: RunState, message: string): void {
  run.log.push(message);
  if (run.log.length > MAX_LOG) run.log.shift();
}

/** The counters a run starts with (the odds and prices of a fresh run); `nextUid` is the next card uid. */
export function initialRunCounters(nextUid: number): RunCounters {
  return {
    cardRarityOffset: 5,
    potionChance: 40,
    unknownMonsterChance: 10,
    unknownShopChance: 3,
    unknownTreasureChance: 2,
    removalPrice: 75,
    nextUid,
    actCombats: 0,
    steps: 0,
  };
}

/** Starts a run at its first map choice (the same seed and actions always give the same run). */
export function createRun(options: RunOptions): RunState {
  const ruleset = options.ruleset ?? 'sts2';
  if (ruleset !== 'sts1' && ruleset !== 'sts2') {
    throw new SpireError('CONFIG_INVALID', `Unknown ruleset "${String(ruleset)}". Use sts1 or sts2.`);
  }
  return withRuleset(ruleset, () => createRunOf(options, ruleset));
}

function createRunOf(options: RunOptions, ruleset: Ruleset): RunState {
  if (typeof options.seed !== 'string' || options.seed.length === 0) {
    throw new SpireError('CONFIG_INVALID', 'The seed is missing. Pass a non-empty string as `seed`.');
  }
  const character = getCharacter(options.character);
  if (character === undefined) {
    throw new SpireError(
      'CONFIG_INVALID',
      `Unknown character "${String(options.character)}" for ruleset ${ruleset}. Use one of: ${characterIds().join(', ')}.`,
    );
  }
  const run: RunState = {
    seed: options.seed,
    ruleset,
    character: character.id,
    random: createRandomState(options.seed),
    screen: 'MAP',
    act: 1,
    floor: 0,
    hp: character.maxHp,
    maxHp: character.maxHp,
    gold: character.gold,
    deck: [],
    relics: [],
    potions: [null, null, null],
    map: { nodes: [], bossId: '' },
    position: null,
    path: [],
    room: null,
    combat: null,
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
    counters: initialRunCounters(1),
    result: null,
    log: [],
  };
  for (const id of character.deck) run.deck.push(newCard(run, id));
  addRelic(run, character.relic);
  startAct(run, 1);
  return run;
}

function startAct(run: RunState, act: number): void {
  run.act = act;
  if (run.ruleset === 'sts2') resetSts2UnknownRoomOdds(run.counters);
  reseedStream(run.random, 'monster', run.seed, `act:${act}`);
  const bosses = encountersOf(act, 'boss');
  // `pickWeighted` over the bosses by weight (no encounter has the empty id), without a weighted list.
  const boss = pickEncounterExcept(run, bosses, '', bosses);
  run.map = generateMap(run.random, boss.id);
  run.position = null;
  run.path = [];
  run.counters.actCombats = 0;
  run.monsterQueue = [];
  const weak = encountersOf(act, 'weak');
  const strong = encountersOf(act, 'strong');
  let previous = '';
  for (let index = 0; index < 16; index++) {
    const chosen = pickEncounterExcept(run, index < 3 ? weak : strong, previous, strong);
    run.monsterQueue.push(chosen.id);
    previous = chosen.id;
  }
  run.eliteQueue = [];
  const elites = encountersOf(act, 'elite');
  previous = '';
  for (let index = 0; index < 10; index++) {
    // Not the previous elite (any elite when that leaves none), without a filtered list per pick.
    const chosen =
      pickWhere(run.random, 'monster', elites, (encounter) => encounter.id !== previous) ??
      pick(run.random, 'monster', elites);
    run.eliteQueue.push(chosen.id);
    previous = chosen.id;
  }
  run.screen = 'MAP';
  if (run.ruleset === 'sts2') for (const card of [...run.deck]) getCard(card.id).atActStart?.(run, card);
  log(run, `Act ${act} begins. Boss: ${boss.name}.`);
}

/**
 * `pickWeighted` over the encounters whose id is not `previous` (over `fallback` when none is left),
 * without building the filtered and weighted lists: the same sums in the same order, so the same draw.
 */
function pickEncounterExcept(
  run: RunState,
  encounters: readonly EncounterDefinition[],
  previous: string,
  fallback: readonly EncounterDefinition[],
): EncounterDefinition {
  let total = 0;
  let last: EncounterDefinition | undefined;
  for (const encounter of encounters)
    if (encounter.id !== previous) {
      total += encounter.weight;
      last = encounter;
    }
  if (last === undefined)
    return pickWeighted(
      run.random,
      'monster',
      fallback.map((item) => ({ item, weight: item.weight })),
    );
  let roll = nextFloat(run.random, 'monster') * total;
  for (const encounter of encounters) {
    if (encounter.id === previous) continue;
    roll -= encounter.weight;
    if (roll < 0) return encounter;
  }
  return last;
}

// Content rules reach these through content/run-services.ts (importing them would close a module circle).
provideRunServices({
  gainGold,
  addCardToDeck,
  gainPotion,
  newCard,
  rollCardReward,
  rollPotion,
  rollRelicRarity,
  rollRelic,
  addRelic: (run, relicId) => addRelic(run, relicId),
  getCard,
  getRelic,
  getMonster,
  cardPool,
  colorlessPool,
  randomCurses,
});

export function addRelic(run: RunState, relicId: string): void {
  const definition = getRelic(relicId);
  run.relics.push({ id: relicId, counter: -1, used: false });
  definition.onPickup?.(run);
  log(run, `Obtained ${definition.name}.`);
}

// ---- legal actions -------------------------------------------------------

// Legal actions only change when an action is accepted (`counters.steps` grows), so the last
// answer is kept for the run and step it was computed for. Callers get a fresh copy of the array.
let cachedRun: RunState | null = null;
let cachedStep = -1;
let cachedScreen = '';
let cachedActions: EngineAction[] = [];
// The hand rules a combat's cached actions were listed with (null on other screens): playing one of
// them reuses them for the card's cost instead of reading the powers again.
let cachedRules: HandRules | null = null;

/** Every legal action of the current screen, fully specified. */
export function legalActions(run: RunState): EngineAction[] {
  if (isActiveRuleset(run.ruleset)) return sharedLegalActions(run).slice();
  return withRuleset(run.ruleset, () => sharedLegalActions(run).slice());
}

/** The distinct action names of the current screen, in order of first appearance. */
export function legalActionNames(run: RunState): string[] {
  return withRuleset(run.ruleset, () => {
    const names: string[] = [];
    for (const action of sharedLegalActions(run))
      if (!names.includes(action.action)) names.push(action.action);
    return names;
  });
}

/** The cached legal actions themselves, for the engine's own checks: never handed out or changed. */
function sharedLegalActions(run: RunState): readonly EngineAction[] {
  if (cachedRun === run && cachedStep === run.counters.steps && cachedScreen === run.screen)
    return cachedActions;
  cachedRules = null;
  const actions = computeLegalActions(run);
  cachedRun = run;
  cachedStep = run.counters.steps;
  cachedScreen = run.screen;
  cachedActions = actions;
  return actions;
}

// One function per screen: a screen's rare path that deoptimizes its function then recompiles only
// that screen's code, not every screen's (recompiling the one big switch was a large share of the
// CPU of the first few hundred random playouts).
function computeLegalActions(run: RunState): EngineAction[] {
  const actions: EngineAction[] = [];
  switch (run.screen) {
    case 'COMBAT':
      combatActions(run, actions);
      return actions;
    case 'MAP':
      mapActions(run, actions);
      return actions;
    case 'REWARD':
      rewardActions(run, actions);
      return actions;
    case 'REST':
      restActions(run, actions);
      return actions;
    case 'SHOP':
      shopActions(run, actions);
      return actions;
    case 'EVENT':
      eventActions(run, actions);
      return actions;
    case 'CHEST':
      chestActions(run, actions);
      return actions;
    case 'CARD_SELECTION':
      deckSelectionActions(run, actions);
      return actions;
    default:
      return actions;
  }
}

function combatActions(run: RunState, actions: EngineAction[]): void {
  const combat = run.combat;
  if (combat === null || combat.over) return;
  const selection = combat.selection;
  if (selection !== null) {
    for (let index = 0; index < selection.options.length; index++)
      actions.push(optionAction('select_deck_card', index));
    if (selection.chosen.length >= selection.minimum) actions.push(bareAction('confirm_selection'));
    return;
  }
  const engine = new Combat(run);
  // The living monsters are the targets, in index order (read in place: no list per call).
  const monsters = combat.monsters;
  const rules = engine.handRules();
  cachedRules = rules;
  for (let index = 0; index < combat.hand.length; index++) {
    const card = combat.hand[index] as CombatCard;
    const definition = getCard(card.id);
    if (!engine.isPlayable(card, definition, rules)) continue;
    if (definition.target === 'AnyEnemy') {
      for (let target = 0; target < monsters.length; target++)
        if (monsters[target]?.alive === true) actions.push(playCardAction(index, target));
    } else {
      actions.push(playCardAction(index));
    }
  }
  potionActions(run, monsters, actions);
  actions.push(bareAction('end_turn'));
}

function mapActions(run: RunState, actions: EngineAction[]): void {
  const next = reachableNodes(run);
  if (next.length === 0 && (run.position?.row ?? -1) >= mapHeight(run.map) - 1) {
    actions.push(optionAction('choose_map_node', 0));
  } else {
    for (let index = 0; index < next.length; index++) actions.push(optionAction('choose_map_node', index));
  }
  potionActions(run, null, actions);
}

function rewardActions(run: RunState, actions: EngineAction[]): void {
  const reward = run.reward;
  if (reward === null) return;
  if (reward.openCards !== null) {
    const item = reward.items[reward.openCards];
    if (item?.kind === 'cards')
      for (let index = 0; index < item.cards.length; index++)
        actions.push(optionAction('choose_reward_card', index));
    actions.push(bareAction('skip_reward_cards'));
    const alternatives = cardRewardAlternatives(run).length;
    for (let index = 0; index < alternatives; index++)
      actions.push(optionAction('choose_reward_alternative', index));
    return;
  }
  reward.items.forEach((item, index) => {
    if (item.kind === 'potion' && (run.potions.indexOf(null) < 0 || hasRelic(run, 'SOZU'))) return;
    actions.push(optionAction('claim_reward', index));
  });
  potionActions(run, null, actions);
  actions.push(bareAction('proceed'));
}

function restActions(run: RunState, actions: EngineAction[]): void {
  if (!run.restDone) {
    restOptions(run).forEach((option, index) => {
      if (option.enabled) actions.push(optionAction('choose_rest_option', index));
    });
  }
  potionActions(run, null, actions);
  actions.push(bareAction('proceed'));
}

function shopActions(run: RunState, actions: EngineAction[]): void {
  const shop = run.shop;
  if (shop === null) return;
  shop.cards.forEach((entry, index) => {
    if (!entry.sold && entry.price <= run.gold) actions.push(optionAction('buy_card', index));
  });
  shop.relics.forEach((entry, index) => {
    if (!entry.sold && entry.price <= run.gold) actions.push(optionAction('buy_relic', index));
  });
  shop.potions.forEach((entry, index) => {
    if (!entry.sold && entry.price <= run.gold && run.potions.includes(null) && !hasRelic(run, 'SOZU')) {
      actions.push(optionAction('buy_potion', index));
    }
  });
  if (!shop.removalUsed && shop.removalPrice <= run.gold && removableCards(run).length > 0) {
    actions.push(bareAction('remove_card_at_shop'));
  }
  potionActions(run, null, actions);
  actions.push(bareAction('proceed'));
}

function eventActions(run: RunState, actions: EngineAction[]): void {
  const event = run.event;
  if (event === null) return;
  if (event.done) {
    actions.push(optionAction('choose_event_option', 0));
    actions.push(bareAction('proceed'));
    return;
  }
  const page = getEvent(event.eventId).page(run, event.page, event.memory);
  page.options.forEach((option, index) => {
    if ((option.disabledReason ?? null) === null) actions.push(optionAction('choose_event_option', index));
  });
}

function chestActions(run: RunState, actions: EngineAction[]): void {
  if (run.bossRelic !== null) {
    for (let index = 0; index < run.bossRelic.relicIds.length; index++)
      actions.push(optionAction('choose_treasure_relic', index));
  } else if (run.treasure !== null) {
    if (!run.treasure.opened) actions.push(bareAction('open_chest'));
    else if (!run.treasure.claimed && run.treasure.relicId !== '')
      actions.push(optionAction('choose_treasure_relic', 0));
  }
  actions.push(bareAction('proceed'));
}

function deckSelectionActions(run: RunState, actions: EngineAction[]): void {
  const selection = run.selection;
  if (selection === null) return;
  for (let index = 0; index < selection.options.length; index++)
    actions.push(optionAction('select_deck_card', index));
  if (selection.cancellable) actions.push(bareAction('cancel_selection'));
}

/** The potion actions; `monsters` is the fight's (their living ones are the targets), null outside combat. */
function potionActions(
  run: RunState,
  monsters: readonly MonsterState[] | null,
  actions: EngineAction[],
): void {
  const potions = run.potions;
  for (let slot = 0; slot < potions.length; slot++) {
    const potionId = potions[slot];
    if (potionId === null || potionId === undefined) continue;
    const definition = getPotion(potionId);
    // Whether it is usable outside combat is asked only outside combat.
    const usable =
      monsters !== null || (!definition.combatOnly && (definition.usableOutsideCombat?.(run) ?? true));
    if (potionId !== 'FAIRY_IN_A_BOTTLE' && usable) {
      if (definition.target === 'AnyEnemy') {
        if (monsters !== null)
          for (let target = 0; target < monsters.length; target++)
            if (monsters[target]?.alive === true) actions.push(optionAction('use_potion', slot, target));
      } else {
        actions.push(optionAction('use_potion', slot));
      }
    }
    actions.push(optionAction('discard_potion', slot));
  }
}

export interface RestOption {
  /** 'rest', 'smith', or the id of an option a relic adds ('lift', 'dig'). */
  readonly id: string;
  readonly title: string;
  readonly label: string;
  readonly enabled: boolean;
}

/**
 * The options of a rest site for this run (rest heals 30% of max HP, smith upgrades a card), then
 * the options the run's relics add.
 */
export function restOptions(run: RunState): RestOption[] {
  const heal = Math.floor(run.maxHp * 0.3);
  const options: RestOption[] = [
    {
      id: 'rest',
      title: 'Rest',
      label: `Rest: heal ${heal} HP (30% of Max HP).`,
      enabled: !hasRelic(run, 'COFFEE_DRIPPER'),
    },
    {
      id: 'smith',
      title: 'Smith',
      label: 'Smith: upgrade a card in your deck.',
      enabled: !hasRelic(run, 'FUSION_HAMMER') && upgradableCards(run).length > 0,
    },
  ];
  for (const relic of run.relics) {
    const option = getRelic(relic.id).restOption;
    if (option !== undefined)
      options.push({ id: option.id, title: option.title, label: option.label, enabled: option.enabled(run) });
  }
  if (run.ruleset === 'sts2')
    for (const option of deckRestOptions(run))
      options.push({ id: option.id, title: option.title, label: option.label, enabled: option.enabled(run) });
  const taken = restOptionsTaken(run);
  if (taken === undefined) return options;
  return options.map((option, index) =>
    (taken.counter & (1 << index)) === 0 ? option : { ...option, enabled: false },
  );
}

/**
 * The state of a relic that lets every rest-site option be taken once per site (Miniature Tent):
 * its counter holds the options taken at this site, one bit per option index.
 */
function restOptionsTaken(run: RunState): RelicState | undefined {
  for (const relic of run.relics) if (getRelic(relic.id).everyRestOption === true) return relic;
  return undefined;
}

/** A rest-site option is done: the site's action is used, or only that option with Miniature Tent. */
function finishRestOption(run: RunState, id: string): void {
  const taken = restOptionsTaken(run);
  if (taken === undefined) {
    run.restDone = true;
    return;
  }
  const options = restOptions(run);
  taken.counter = Math.max(0, taken.counter) | (1 << options.findIndex((option) => option.id === id));
  run.restDone = restOptions(run).every((option) => !option.enabled);
}

/** StS2: the rest-site options of the deck's cards (Byrdonis Egg's Hatch), once each. */
function deckRestOptions(run: RunState): RelicRestOption[] {
  const options: RelicRestOption[] = [];
  for (const card of run.deck) {
    const option = getCard(card.id).restOption;
    if (option !== undefined && !options.includes(option)) options.push(option);
  }
  return options;
}

/** A relic's or a card's rest-site option (Girya's Lift, Shovel's Dig): its effect, then the site's action is used. */
function chooseRelicRestOption(run: RunState, id: string): void {
  const options = run.relics.map((relic) => getRelic(relic.id).restOption);
  if (run.ruleset === 'sts2') options.push(...deckRestOptions(run));
  for (const option of options) {
    if (option?.id !== id) continue;
    option.choose(run);
    finishRestOption(run, id);
    log(run, `${option.title}.`);
    return;
  }
}

/** The deck cards that may be removed or transformed: all but StS2's Eternal ones. */
function removableCards(run: RunState): DeckCard[] {
  if (run.ruleset !== 'sts2') return run.deck;
  return run.deck.filter((card) => !isEternal(card, getCard(card.id)));
}

// ---- applying actions ----------------------------------------------------

function invalid(message: string): EngineResult {
  return { ok: false, error: { code: 'invalid_action', message, retryable: false } };
}

/** Applies one action. Illegal actions return the mod's error shape and change nothing. */
export function applyAction(run: RunState, action: EngineAction): EngineResult {
  if (isActiveRuleset(run.ruleset)) return applyActionOf(run, action);
  return withRuleset(run.ruleset, () => applyActionOf(run, action));
}

function applyActionOf(run: RunState, action: EngineAction): EngineResult {
  if (run.screen === 'GAME_OVER') return invalid('The run is over; no actions are available.');
  const legal = sharedLegalActions(run);
  // The shared legal action itself is the common case (bots and benches pass one back): found by
  // identity first, so no field compare runs on the actions listed before it.
  let found = legal.includes(action);
  if (!found)
    for (const candidate of legal)
      if (sameAction(candidate, action)) {
        found = true;
        break;
      }
  if (!found) return rejection(run, action, legal);
  run.counters.steps += 1;
  perform(run, action);
  return OK;
}

/** The one success result (frozen): an accepted action allocates no result object. */
const OK: EngineResult = Object.freeze({ ok: true });

/** Field-by-field equality (null and absent indices are the same), cheaper than building keys. */
function sameAction(a: EngineAction, b: EngineAction): boolean {
  return (
    a.action === b.action &&
    (a.card_index ?? null) === (b.card_index ?? null) &&
    (a.target_index ?? null) === (b.target_index ?? null) &&
    (a.option_index ?? null) === (b.option_index ?? null)
  );
}

function rejection(run: RunState, action: EngineAction, legal: readonly EngineAction[]): EngineResult {
  const sameName = legal.filter((candidate) => candidate.action === action.action);
  if (sameName.length > 0 && (action.action === 'play_card' || action.action === 'use_potion')) {
    const sameCard = sameName.filter(
      (candidate) =>
        candidate.card_index === action.card_index && candidate.option_index === action.option_index,
    );
    if (sameCard.length > 0) {
      const targets = sameCard
        .map((candidate) => candidate.target_index)
        .filter((target) => target !== undefined);
      return {
        ok: false,
        error: {
          code: 'invalid_target',
          message:
            targets.length > 0
              ? `Target ${String(action.target_index)} is not valid. Valid target_index values: ${targets.join(', ')}.`
              : 'This does not take a target. Leave out target_index.',
          retryable: false,
        },
      };
    }
  }
  const names = [...new Set(legal.map((candidate) => candidate.action))].join(', ');
  return invalid(
    `Action ${JSON.stringify(action)} is not legal on screen ${run.screen}. Legal actions here: ${names || 'none'}.`,
  );
}

/**
 * Ends the turn once a choice that held it is made: Well-Laid Plans' Retain at the end of the turn, or
 * the choice of the card whose play Time Warp ended the turn on (its effect resolves first).
 */
function endTurnAfterChoice(combat: Combat): void {
  const state = combat.combat;
  if (state.over || state.selection !== null) return;
  if ((state.counters.retainChosen ?? 0) === 0 && (state.counters.forceEndTurn ?? 0) === 0) return;
  combat.endTurn();
}

type Performer = (run: RunState, action: EngineAction, option: number) => void;

/**
 * What each action does, one function per action name, all called from one site in `perform`: V8
 * compiles each of them on its own, instead of inlining every one into one dispatcher that the first
 * use of a rare action (a shop's, an event's) deoptimized and recompiled whole.
 */
const PERFORMERS = new Map<string, Performer>([
  [
    'play_card',
    (run, action) => {
      const combat = new Combat(run);
      // applyActionOf has just found the action among the cached ones, listed with `cachedRules` from
      // this very state (one handRules less per card played; see handRules for the callgrind numbers).
      combat.playCard(action.card_index ?? 0, action.target_index ?? -1, cachedRules ?? combat.handRules());
      // Time Warp ends the turn once the card resolved (unless a choice is pending).
      if (
        !combat.combat.over &&
        (combat.combat.counters.forceEndTurn ?? 0) > 0 &&
        combat.combat.selection === null
      )
        combat.endTurn();
      afterCombatAction(run);
    },
  ],
  [
    'end_turn',
    (run) => {
      const combat = new Combat(run);
      // Well-Laid Plans asks which cards to Retain first; the turn ends once that choice is made.
      if (!combat.openRetainChoice()) combat.endTurn();
      afterCombatAction(run);
    },
  ],
  [
    'select_deck_card',
    (run, _action, option) => {
      if (run.screen !== 'COMBAT') {
        selectDeckCard(run, option);
        return;
      }
      const combat = new Combat(run);
      combat.choose(option);
      endTurnAfterChoice(combat);
      afterCombatAction(run);
    },
  ],
  [
    'confirm_selection',
    (run) => {
      const combat = new Combat(run);
      combat.resolveSelection();
      endTurnAfterChoice(combat);
      afterCombatAction(run);
    },
  ],
  [
    'use_potion',
    (run, action, option) => {
      const potionId = run.potions[option];
      if (potionId === undefined || potionId === null) return;
      run.potions[option] = null;
      const inCombat = run.screen === 'COMBAT' && run.combat !== null;
      const combat = inCombat ? new Combat(run) : null;
      getPotion(potionId).use(combat, run, action.target_index ?? -1);
      if (hasRelic(run, 'TOY_ORNITHOPTER')) run.hp = Math.min(run.maxHp, run.hp + 5);
      log(run, `Used ${getPotion(potionId).name}.`);
      if (combat !== null) {
        for (const relic of run.relics) getRelic(relic.id).onPotionUsed?.(combat);
        combat.checkCombatOver();
        afterCombatAction(run);
      }
    },
  ],
  [
    'discard_potion',
    (run, _action, option) => {
      run.potions[option] = null;
    },
  ],
  [
    'choose_map_node',
    (run, _action, option) => {
      enterNode(run, option);
    },
  ],
  [
    'claim_reward',
    (run, _action, option) => {
      claimReward(run, option);
    },
  ],
  [
    'choose_reward_card',
    (run, _action, option) => {
      const reward = run.reward;
      const item = reward?.items[reward.openCards ?? -1];
      if (reward === null || item?.kind !== 'cards') return;
      // A pack (Scroll Boxes) is taken whole: the chosen card and the others of its pack.
      const pack = item.pack ?? 1;
      const first = option - (option % pack);
      for (const card of item.cards.slice(first, first + pack)) {
        addCardToDeck(run, card);
        log(run, `Added ${getCard(card.id).name}${card.upgraded ? '+' : ''} to the deck.`);
      }
      reward.items.splice(reward.openCards ?? 0, 1);
      reward.openCards = null;
    },
  ],
  [
    'choose_reward_alternative',
    (run, _action, option) => {
      const reward = run.reward;
      const item = openCardReward(run);
      const alternative = cardRewardAlternatives(run)[option];
      if (reward === null || item === undefined || alternative === undefined) return;
      log(run, `${alternative.label}.`);
      if (!alternative.choose(run, item)) return;
      reward.items.splice(reward.items.indexOf(item), 1);
      reward.openCards = null;
    },
  ],
  [
    'skip_reward_cards',
    (run) => {
      const reward = run.reward;
      if (reward === null) return;
      reward.items.splice(reward.openCards ?? 0, 1);
      reward.openCards = null;
    },
  ],
  [
    'choose_rest_option',
    (run, _action, option) => {
      const chosen = restOptions(run)[option];
      if (chosen?.id === 'rest') {
        run.hp = Math.min(run.maxHp, run.hp + Math.floor(run.maxHp * 0.3));
        for (const relic of run.relics) getRelic(relic.id).onRest?.(run);
        finishRestOption(run, 'rest');
        log(run, 'Rested.');
      } else if (chosen?.id === 'smith') {
        openDeckSelection(run, 'upgrade', 'rest', true);
      } else if (chosen !== undefined) {
        chooseRelicRestOption(run, chosen.id);
      }
    },
  ],
  [
    'choose_event_option',
    (run, _action, option) => {
      if (run.event?.done === true) backToMap(run);
      else chooseEventOption(run, option);
    },
  ],
  [
    'buy_card',
    (run, _action, option) => {
      const shop = run.shop;
      const entry = shop?.cards[option];
      if (entry === undefined) return;
      run.gold -= entry.price;
      entry.sold = true;
      addCardToDeck(run, entry.card);
      restockShop(run, 'card', option);
    },
  ],
  [
    'buy_relic',
    (run, _action, option) => {
      const entry = run.shop?.relics[option];
      if (entry === undefined) return;
      run.gold -= entry.price;
      entry.sold = true;
      addRelic(run, entry.relicId);
      restockShop(run, 'relic', option);
    },
  ],
  [
    'buy_potion',
    (run, _action, option) => {
      const entry = run.shop?.potions[option];
      if (entry === undefined) return;
      run.gold -= entry.price;
      entry.sold = true;
      gainPotion(run, entry.potionId);
      restockShop(run, 'potion', option);
    },
  ],
  [
    'remove_card_at_shop',
    (run) => {
      openDeckSelection(run, 'remove', 'shop', true);
    },
  ],
  [
    'cancel_selection',
    (run) => {
      const selection = run.selection;
      if (selection === null) return;
      run.selection = null;
      // Back on the map, what a relic offered meanwhile shows first.
      if (selection.returnTo === 'map') backToMap(run);
      else
        run.screen = selection.returnTo === 'rest' ? 'REST' : selection.returnTo === 'shop' ? 'SHOP' : 'MAP';
    },
  ],
  [
    'open_chest',
    (run) => {
      const treasure = run.treasure;
      if (treasure === null) return;
      treasure.opened = true;
      gainGold(run, treasure.gold);
    },
  ],
  [
    'choose_treasure_relic',
    (run, _action, option) => {
      if (run.bossRelic !== null) {
        const relicId = run.bossRelic.relicIds[option];
        // Obtained on the new act's map, so a relic whose pickup opens a deck choice or a reward
        // screen (StS2's Ancient relics) shows it there.
        nextAct(run);
        if (relicId !== undefined) addRelic(run, relicId);
        return;
      }
      const treasure = run.treasure;
      if (treasure === null) return;
      treasure.claimed = true;
      addRelic(run, treasure.relicId);
    },
  ],
  [
    'proceed',
    (run) => {
      proceed(run);
    },
  ],
]);

function perform(run: RunState, action: EngineAction): void {
  PERFORMERS.get(action.action)?.(run, action, action.option_index ?? 0);
}

function afterCombatAction(run: RunState): void {
  const combat = run.combat;
  if (combat === null || !combat.over) return;
  if (!combat.victory || run.hp <= 0) {
    endRun(run, false, `Defeated by ${combat.monsters.map((monster) => monster.name).join(', ')}.`);
    return;
  }
  const kind = combat.kind;
  log(run, `Won the fight against ${getEncounterName(combat.encounterId)}.`);
  const stolen = combat.stolenGold;
  // StS2's The Hunt: a Fatal hit earned another card reward.
  const extraCardRewards = combat.player.powers.THE_HUNT ?? 0;
  run.combat = null;
  if (kind === 'boss' && run.act >= FINAL_ACT) {
    endRun(run, true, 'Defeated the final boss.');
    return;
  }
  const eventRewards = run.event?.fightRewards ?? null;
  // Built by pushes, not spreads: every won fight builds one.
  let items: RewardItem[];
  if (eventRewards === null) {
    items = combatRewards(run, kind, stolen, extraCardRewards);
  } else {
    items = eventRewards.slice();
    for (let extra = 0; extra < extraCardRewards; extra++)
      items.push({ kind: 'cards', cards: rollCardReward(run, kind) });
  }
  for (const item of takePendingRewards(run)) items.push(item);
  run.reward = { items, openCards: null, afterBoss: kind === 'boss' };
  run.screen = 'REWARD';
}

function getEncounterName(id: string): string {
  try {
    return getEncounter(id).name;
  } catch {
    return id;
  }
}

function endRun(run: RunState, victory: boolean, cause: string): void {
  run.screen = 'GAME_OVER';
  run.result = { victory, floor: run.floor, act: run.act, cause };
  run.combat = run.combat === null ? null : { ...run.combat, selection: null };
  log(run, victory ? 'Victory!' : `Defeat: ${cause}`);
}

function claimReward(run: RunState, index: number): void {
  const reward = run.reward;
  const item = reward?.items[index];
  if (reward === null || item === undefined) return;
  if (item.kind === 'cards') {
    reward.openCards = index;
    return;
  }
  if (item.kind === 'gold' || item.kind === 'stolen_gold') gainGold(run, item.amount);
  else if (item.kind === 'potion') gainPotion(run, item.potionId);
  else if (item.kind === 'relic') addRelic(run, item.relicId);
  reward.items.splice(index, 1);
}

function proceed(run: RunState): void {
  switch (run.screen) {
    case 'REWARD': {
      const afterBoss = run.reward?.afterBoss === true;
      const returnToShop = run.reward?.returnToShop === true;
      run.reward = null;
      if (returnToShop && run.shop !== null) {
        run.screen = 'SHOP';
        return;
      }
      if (afterBoss) {
        const relicIds: string[] = [];
        for (let slot = 0; slot < 3; slot++) {
          const relicId = rollRelic(run, 'Boss', relicIds);
          if (relicId !== null && !relicIds.includes(relicId) && getRelicRarity(relicId) === 'Boss')
            relicIds.push(relicId);
        }
        run.bossRelic = { relicIds };
        run.screen = 'CHEST';
        return;
      }
      backToMap(run);
      return;
    }
    case 'CHEST':
      if (run.bossRelic !== null) {
        nextAct(run);
        return;
      }
      backToMap(run);
      return;
    case 'EVENT':
    case 'REST':
    case 'SHOP':
      backToMap(run);
      return;
    default:
      return;
  }
}

function getRelicRarity(relicId: string): string {
  return getRelic(relicId).rarity;
}

function backToMap(run: RunState): void {
  run.shop = null;
  run.event = null;
  run.treasure = null;
  run.restDone = false;
  // A deck choice a relic opened meanwhile comes first; its end comes back here for the next.
  const waiting = takePendingSelection(run);
  if (waiting !== null) {
    run.selection = waiting;
    run.screen = 'CARD_SELECTION';
    return;
  }
  const pending = takePendingRewards(run);
  if (pending.length > 0) {
    run.reward = { items: pending, openCards: null, afterBoss: false };
    run.screen = 'REWARD';
    return;
  }
  run.screen = 'MAP';
}

/**
 * The next deck choice a relic opened while another screen was open (see `RunState.pendingSelections`),
 * with the cards still in the deck (and, for an upgrade, still upgradable); null when none is left.
 */
function takePendingSelection(run: RunState): DeckSelection | null {
  const pending = run.pendingSelections;
  while (pending !== undefined && pending.length > 0) {
    const selection = pending.shift() as DeckSelection;
    const options = selection.options.filter((uid) =>
      run.deck.some((card) => card.uid === uid && !(selection.purpose === 'upgrade' && card.upgraded)),
    );
    if (options.length > 0) {
      if (pending.length === 0) delete run.pendingSelections;
      return { ...selection, options };
    }
  }
  delete run.pendingSelections;
  return null;
}

/** What relics offered while another screen was open (see `RunState.pendingRewards`), now taken. */
function takePendingRewards(run: RunState): RewardItem[] {
  const pending = run.pendingRewards;
  if (pending === undefined) return [];
  delete run.pendingRewards;
  return pending;
}

function nextAct(run: RunState): void {
  run.bossRelic = null;
  run.hp = run.maxHp;
  startAct(run, run.act + 1);
}

// ---- rooms -----------------------------------------------------------------

/** StS2: the Gold a Spoils Map marked at this treasure site (0 elsewhere); the map is used up. */
function spoilsAt(run: RunState): number {
  const node = currentNode(run);
  const spoils = node?.spoils;
  if (node === undefined || spoils === undefined) return 0;
  delete node.spoils;
  const index = run.deck.findIndex((card) => card.uid === spoils.uid);
  if (index >= 0) run.deck.splice(index, 1);
  log(run, `The Spoils Map's site holds ${spoils.gold} more Gold.`);
  return spoils.gold;
}

function enterNode(run: RunState, option: number): void {
  const next = reachableNodes(run);
  run.floor += 1;
  const label = `floor:${run.floor}`;
  reseedStream(run.random, 'monster', run.seed, label);
  reseedStream(run.random, 'ai', run.seed, label);
  reseedStream(run.random, 'shuffle', run.seed, label);
  reseedStream(run.random, 'misc', run.seed, label);
  if (next.length === 0) {
    run.position = { row: mapHeight(run.map), column: 3 };
    enterRoom(run, 'boss');
    return;
  }
  const node = next[option];
  if (node === undefined) return;
  if (isFlight(run, node)) for (const relic of run.relics) getRelic(relic.id).onFreeTravel?.(run);
  run.position = { row: node.row, column: node.column };
  run.path.push({ row: node.row, column: node.column });
  enterRoom(run, node.type);
}

/**
 * Enters a room: sets it up, then the relics react to it (a shop's stock, a chest's contents are there to
 * see). A `?` room: first what it turned into, then 'event'.
 */
function enterRoom(run: RunState, type: RoomType): void {
  run.room = type;
  setUpRoom(run, type);
  for (const relic of run.relics) getRelic(relic.id).onRoomEntered?.(run, type);
}

/**
 * How each kind of room is set up, one function per kind called from one site in `setUpRoom`: V8
 * compiles each on its own (a shop's or a chest's set-up is not inlined into, and recompiled with, the fights').
 */
const ROOM_SETUPS = new Map<RoomType, (run: RunState) => void>([
  [
    'monster',
    (run) => {
      const encounterId =
        run.monsterQueue[run.counters.actCombats] ??
        run.monsterQueue[run.monsterQueue.length - 1] ??
        'JAW_WORM';
      run.counters.actCombats += 1;
      startFight(run, encounterId, 'monster');
    },
  ],
  [
    'elite',
    (run) => {
      const encounterId = run.eliteQueue.shift() ?? 'GREMLIN_NOB';
      run.eliteQueue.push(encounterId);
      startFight(run, encounterId, 'elite');
    },
  ],
  [
    'rest',
    (run) => {
      run.restDone = false;
      const taken = restOptionsTaken(run);
      if (taken !== undefined) taken.counter = 0;
      run.screen = 'REST';
    },
  ],
  [
    'shop',
    (run) => {
      run.shop = createShop(run);
      run.screen = 'SHOP';
    },
  ],
  [
    'treasure',
    (run) => {
      const roll = nextInt(run.random, 'treasure', 0, 99);
      const size = roll < 50 ? 'small' : roll < 83 ? 'medium' : 'large';
      const rarityRoll = nextInt(run.random, 'treasure', 0, 99);
      const rarity =
        size === 'small'
          ? rarityRoll < 75
            ? 'Common'
            : 'Uncommon'
          : size === 'medium'
            ? rarityRoll < 35
              ? 'Common'
              : rarityRoll < 85
                ? 'Uncommon'
                : 'Rare'
            : rarityRoll < 75
              ? 'Uncommon'
              : 'Rare';
      const goldChance = size === 'small' ? 50 : size === 'medium' ? 35 : 50;
      const goldBase = size === 'small' ? 25 : size === 'medium' ? 50 : 75;
      const gold =
        nextInt(run.random, 'treasure', 0, 99) < goldChance
          ? Math.round(goldBase * (0.9 + nextInt(run.random, 'treasure', 0, 20) / 100))
          : 0;
      run.treasure = {
        size,
        relicId: rollRelic(run, rarity) ?? '',
        gold: gold + spoilsAt(run),
        opened: false,
        claimed: false,
      };
      run.screen = 'CHEST';
    },
  ],
  [
    'event',
    (run) => {
      const rolled = run.relics.some((relic) => getRelic(relic.id).unknownRoomsAreEvents?.(run) === true)
        ? 'event'
        : run.ruleset === 'sts2'
          ? rollSts2UnknownRoom(run)
          : rollUnknownRoom(run);
      const outcome =
        rolled === 'monster' && run.relics.some((relic) => getRelic(relic.id).unknownRoomsWithoutFights)
          ? 'event'
          : rolled;
      if (outcome === 'monster') {
        enterRoom(run, 'monster');
        run.room = 'event';
      } else if (outcome === 'event') {
        startEvent(run);
      } else {
        enterRoom(run, outcome);
      }
    },
  ],
  [
    'boss',
    (run) => {
      startFight(run, run.map.bossId, 'boss');
    },
  ],
]);

function setUpRoom(run: RunState, type: RoomType): void {
  ROOM_SETUPS.get(type)?.(run);
}

/**
 * What a `?` room holds: monster, shop, treasure or event, from the current odds in that order; the
 * outcome picked goes back to its base chance (10, 3, 2) and every outcome not picked grows by its
 * base (decompiled EventHelper.roll).
 */
export function rollUnknownRoom(run: RunState): 'monster' | 'shop' | 'treasure' | 'event' {
  const counters = run.counters;
  const roll = nextInt(run.random, 'event', 0, 99);
  const monster = counters.unknownMonsterChance;
  const shop = counters.unknownShopChance;
  const treasure = counters.unknownTreasureChance;
  const outcome =
    roll < monster
      ? 'monster'
      : roll < monster + shop
        ? 'shop'
        : roll < monster + shop + treasure
          ? 'treasure'
          : 'event';
  counters.unknownMonsterChance = outcome === 'monster' ? 10 : monster + 10;
  counters.unknownShopChance = outcome === 'shop' ? 3 : shop + 3;
  counters.unknownTreasureChance = outcome === 'treasure' ? 2 : treasure + 2;
  return outcome;
}

function startFight(run: RunState, encounterId: string, kind: 'monster' | 'elite' | 'boss'): void {
  const encounter = getEncounter(encounterId);
  const monsterIds = encounter.monsters((items) => pick(run.random, 'monster', items));
  run.screen = 'COMBAT';
  Combat.start(run, encounterId, monsterIds, kind);
  log(run, `Fight: ${encounter.name}.`);
  afterCombatAction(run);
}

function startEvent(run: RunState): void {
  const forced = allEvents().find(
    (event) => !run.seenEvents.includes(event.id) && event.forced?.(run) === true,
  );
  if (forced !== undefined) {
    enterEvent(run, forced.id);
    return;
  }
  const pool = allEvents().filter(
    (event) =>
      event.acts.includes(run.act) && !run.seenEvents.includes(event.id) && (event.available?.(run) ?? true),
  );
  if (pool.length === 0) {
    enterRoom(run, 'monster');
    return;
  }
  enterEvent(run, pick(run.random, 'event', pool).id);
}

/** Starts an event of the run's ruleset by id (a `?` room that rolled it; tests enter one directly). */
export function enterEvent(run: RunState, eventId: string): void {
  withRuleset(run.ruleset, () => {
    const event = getEvent(eventId);
    run.seenEvents.push(event.id);
    run.event = { eventId: event.id, page: 0, memory: {}, done: false, fightRewards: null };
    run.screen = 'EVENT';
    event.setup?.(eventContext(run), run.event.memory);
  });
}

function eventContext(run: RunState): EventContext {
  return {
    run,
    roll: () => nextInt(run.random, 'event', 0, 99),
    randomInt: (min, max) => nextInt(run.random, 'event', min, max),
    gainGold: (amount) => gainGold(run, amount),
    loseGold: (amount) => {
      run.gold = Math.max(0, run.gold - amount);
    },
    heal: (amount) => {
      run.hp = Math.min(run.maxHp, run.hp + amount);
    },
    loseHp: (amount) => {
      run.hp = Math.max(0, run.hp - amount);
      if (run.hp <= 0)
        endRun(
          run,
          false,
          `Died in the event ${run.event === null ? '' : getEvent(run.event.eventId).name}.`,
        );
    },
    gainMaxHp: (amount) => {
      run.maxHp += amount;
      run.hp += amount;
    },
    loseMaxHp: (amount) => {
      run.maxHp = Math.max(1, run.maxHp - amount);
      run.hp = Math.min(run.hp, run.maxHp);
    },
    addCard: (id, upgraded = false) => addCardToDeck(run, newCard(run, id, upgraded)),
    addRandomCard: (rarity) => {
      const pool = cardPool(run.character, rarity ?? 'Common');
      addCardToDeck(run, newCard(run, pick(run.random, 'event', pool)));
    },
    addRelic: (relicId) => {
      const id = relicId ?? rollRelic(run, 'Common');
      if (id !== null && !hasRelic(run, id)) addRelic(run, id);
    },
    addPotion: (potionId) => {
      gainPotion(run, potionId ?? rollPotion(run));
    },
    selectDeck: (purpose, count, options) => {
      openDeckSelection(run, purpose, 'event', false, {
        count,
        filter: options?.filter ?? null,
        transformInto: options?.into ?? null,
      });
    },
    enchantDeck: (enchantment, count, filter) => {
      openDeckSelection(run, 'enchant', 'event', false, {
        count,
        filter: (card) =>
          canEnchant(card, getCard(card.id).type, enchantment.id) && (filter === undefined || filter(card)),
        transformInto: null,
        enchantWith: enchantment,
      });
    },
    fight: (encounterId, rewards) => {
      if (run.event !== null) {
        run.event.done = true;
        run.event.fightRewards = rewards === undefined ? null : [...rewards];
      }
      startFight(run, encounterId, 'monster');
    },
    offerRewards: (items) => {
      if (run.event !== null) run.event.done = true;
      run.reward = { items: [...items, ...takePendingRewards(run)], openCards: null, afterBoss: false };
      run.screen = 'REWARD';
    },
    cardPool: (rarity, character) => cardPool(character ?? run.character, rarity),
    colorlessPool: () => [...colorlessPool('Uncommon'), ...colorlessPool('Rare')],
    rollRelic: (rarity, exclude) => rollRelic(run, rarity ?? rollRelicRarity(run), exclude ?? []),
    rollPotion: (rarity) => {
      if (rarity === null) return rollPotion(run);
      const pool = allPotions().filter((potion) => potion.rarity === rarity);
      return pool.length === 0 ? rollPotion(run) : pick(run.random, 'event', pool).id;
    },
    cardReward: () => ({ kind: 'cards', cards: rollCardReward(run, 'monster') }),
    newCard: (id, upgraded) => newCard(run, id, upgraded ?? false),
  };
}

function chooseEventOption(run: RunState, option: number): void {
  const event = run.event;
  if (event === null) return;
  const definition = getEvent(event.eventId);
  const next = definition.choose(eventContext(run), event.page, option, event.memory);
  if (run.screen === 'GAME_OVER') return;
  if (next === null) event.done = true;
  else event.page = next;
  log(run, `${definition.name}: chose option ${option}.`);
}

interface DeckSelectionOptions {
  readonly count: number;
  readonly filter: ((card: DeckCard) => boolean) | null;
  readonly transformInto: string | null;
  /** The enchantment an `enchant` selection puts on the chosen cards. */
  readonly enchantWith?: CardEnchantment;
}

function selectionCandidates(
  run: RunState,
  purpose: DeckSelection['purpose'],
  filter: ((card: DeckCard) => boolean) | null,
): DeckCard[] {
  const candidates =
    purpose === 'upgrade'
      ? upgradableCards(run)
      : purpose === 'remove' || purpose === 'transform'
        ? removableCards(run)
        : run.deck;
  return filter === null ? candidates : candidates.filter(filter);
}

function openDeckSelection(
  run: RunState,
  purpose: DeckSelection['purpose'],
  returnTo: 'rest' | 'shop' | 'event',
  cancellable: boolean,
  options: DeckSelectionOptions = { count: 1, filter: null, transformInto: null },
): void {
  const candidates = selectionCandidates(run, purpose, options.filter);
  if (candidates.length === 0) return;
  run.selection = {
    purpose,
    options: candidates.map((card) => card.uid),
    count: Math.max(1, options.count),
    returnTo,
    cancellable,
    chosen: [],
    transformInto: options.transformInto,
    ...(options.enchantWith !== undefined ? { enchantWith: { ...options.enchantWith } } : {}),
  };
  run.screen = 'CARD_SELECTION';
}

/** The cards of `pool` costing what `card` costs when the selection asks for it (all of them if none does). */
function sameCostIf(selection: DeckSelection, card: DeckCard, pool: readonly string[]): readonly string[] {
  if (selection.sameCost !== true) return pool;
  const cost = baseCost(getCard(card.id), false);
  const same = pool.filter((id) => baseCost(getCard(id), false) === cost);
  return same.length > 0 ? same : pool;
}

/** A new card of `id` replacing `card`; with `carryOver`, it keeps the upgrade and (where allowed) the enchantment. */
function transformedInto(run: RunState, card: DeckCard, id: string, carryOver: boolean): DeckCard {
  const next = newCard(run, id, carryOver && card.upgraded);
  if (carryOver && card.enchantment !== undefined && canEnchant(next, getCard(id).type, card.enchantment.id))
    enchant(next, card.enchantment);
  return next;
}

function selectDeckCard(run: RunState, option: number): void {
  const selection = run.selection;
  if (selection === null) return;
  const uid = selection.options[option];
  const index = run.deck.findIndex((card) => card.uid === uid);
  const card = run.deck[index];
  if (card === undefined) return;
  switch (selection.purpose) {
    case 'upgrade':
      card.upgraded = true;
      log(run, `Upgraded ${getCard(card.id).name}.`);
      break;
    case 'remove':
      run.deck.splice(index, 1);
      if (selection.keepFor !== undefined) holdCard(run, selection.keepFor, card);
      if (card.id === 'PARASITE') {
        run.maxHp = Math.max(1, run.maxHp - 3);
        run.hp = Math.min(run.hp, run.maxHp);
      }
      log(run, `Removed ${getCard(card.id).name}.`);
      break;
    case 'transform': {
      run.deck.splice(index, 1);
      const upgraded = selection.upgradeTransformed === true;
      if (selection.transformInto !== null) {
        addCardToDeck(run, transformedInto(run, card, selection.transformInto, selection.carryOver === true));
        break;
      }
      const type = getCard(card.id).type;
      const pool =
        type === 'Curse'
          ? randomCurses().filter((id) => id !== card.id)
          : cardPool(run.character, 'Common')
              .concat(cardPool(run.character, 'Uncommon'), cardPool(run.character, 'Rare'))
              .filter((id) => id !== card.id);
      addCardToDeck(
        run,
        newCard(run, pick(run.random, 'event', sameCostIf(selection, card, pool)), upgraded),
      );
      break;
    }
    case 'duplicate':
      addCardToDeck(run, copyDeckCard(card, run.counters.nextUid++));
      break;
    case 'enchant':
      if (selection.enchantWith !== undefined) {
        enchant(card, selection.enchantWith);
        log(
          run,
          `Enchanted ${getCard(card.id).name} with ${findEnchantment(selection.enchantWith.id)?.name}.`,
        );
      }
      break;
  }
  // A selection of several cards (an event's "remove 2 cards") offers the rest of the cards again;
  // the filter was applied when it opened, so the cards still offered are the ones it allowed.
  selection.chosen.push(card.uid);
  const rest = selection.options.filter(
    (candidate) => candidate !== uid && run.deck.some((deckCard) => deckCard.uid === candidate),
  );
  if (selection.chosen.length < selection.count && rest.length > 0) {
    selection.options = rest;
    return;
  }
  run.selection = null;
  if (selection.returnTo === 'rest') {
    // Smith's upgrade ends here; a relic's option (Cook's removal) was marked when it was chosen.
    if (selection.purpose === 'upgrade') finishRestOption(run, 'smith');
    run.screen = 'REST';
  } else if (selection.returnTo === 'shop') {
    // Only the shop's card removal is paid for here (a relic bought there may open a free choice).
    if (run.shop !== null && selection.purpose === 'remove') {
      run.gold -= run.shop.removalPrice;
      run.shop.removalUsed = true;
      run.counters.removalPrice += 25;
    }
    run.screen = 'SHOP';
  } else if (selection.returnTo === 'map') {
    backToMap(run);
  } else {
    run.screen = run.event === null ? 'MAP' : 'EVENT';
  }
}

export { findNode };
