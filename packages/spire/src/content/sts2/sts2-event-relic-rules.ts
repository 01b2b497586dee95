// Hand-written rules of StS2 Ancient and event relics that had no rule yet: combat (Choices Paradox,
// Vitruvian Minion, Pael's Legion, Pael's Eye's extra turn), pickups that add cards or relics (Massive
// Scroll, Scroll Boxes, Sea Glass, Neow's Bones, Toy Box), the map (Fur Coat, Golden Compass),
// card-reward alternatives (Driftwood, Pael's Wing) and Meat Cleaver's rest-site Cook. Numbers come from the facts; numbers the
// game's text gives without a variable are named constants below.

import type { CombatContext } from '../../engine/definitions.js';
import { currentNode } from '../../engine/map.js';
import { nextInt } from '../../engine/random.js';
import type { CharacterId, CombatCard, RoomType, RunState } from '../../engine/run-state.js';
import { counterOf, countTo, relicState, setCounter } from '../relic-counter.js';
import { runServices } from '../run-services.js';
import { characterCards, obtainRelic, randomNewCards } from './sts2-ancient-relic-rules.js';
import { ALL_STS2_CARD_FACTS } from './sts2-cards.js';
import { STS2_MULTIPLAYER_ONLY_CARDS } from './sts2-multiplayer-only-cards.js';
import { addCardsToDeck, offerRewards, randomCards, removableCards } from './sts2-relic-pickup.js';
import type { Sts2RelicRules } from './sts2-relic-rule.js';

/** Combat counters of these relics. */
const COUNTER = {
  /** The uid of the card Choices Paradox gave Retain (+1; absent before the choice). */
  choicesParadox: 'relic:CHOICES_PARADOX',
  /** 1 once Pael's Eye gave its extra turn this combat. */
  paelsEye: 'relic:PAELS_EYE',
  /** The turn Pael's Legion wakes up again. */
  paelsLegionWakes: 'relic:PAELS_LEGION',
  /** The number (cards played this combat) of the card whose Block Pael's Legion is doubling. */
  paelsLegionCard: 'relic:PAELS_LEGION:card',
} as const;

/** Massive Scroll's cards offered: its text's "1 of 3" (no variable). */
const MASSIVE_SCROLL_CARDS = 3;
/**
 * Meat Cleaver's Cook: cards removed and Max HP raised. The export does not define Cook; the game's
 * option (as public mod code shows it) raises Max HP by 9 after a removal choice. 2 cards is a reading.
 */
const COOK = { cards: 2, maxHp: 9 } as const;
/**
 * Scroll Boxes' packs: v0.103.2's page gives only "1 of 2 packs"; v0.101.0's notes give each pack 2
 * Common and 1 Uncommon card of the character's pool, and say the game needs 4 Commons and 2 Uncommons
 * to make them, which the simulator reads as no card being in both packs. (Their 1% pack of 3 Claws is
 * the Defect's, whose cards the simulator does not play.)
 */
const SCROLL_BOXES = { packs: 2, commons: 2, uncommons: 1 } as const;
/** Sea Glass's cards of each rarity (the export's notes: 5 Common, 5 Uncommon, 5 Rare). */
const SEA_GLASS_RARITIES = ['Common', 'Uncommon', 'Rare'] as const;
/**
 * The relics Neow offers (the export's relic sources), for Neow's Bones. Neow's Bones itself is left
 * out (the export's notes) and so is Massive Scroll, which only multiplayer runs offer.
 */
const NEOW_RELICS = [
  'ARCANE_SCROLL',
  'BOOMING_CONCH',
  'CURSED_PEARL',
  'GOLDEN_PEARL',
  'HEFTY_TABLET',
  'LARGE_CAPSULE',
  'LAVA_ROCK',
  'LEAD_PAPERWEIGHT',
  'LEAFY_POULTICE',
  'LOST_COFFER',
  'NEOWS_TALISMAN',
  'NEOWS_TORMENT',
  'NEW_LEAF',
  'NUTRITIOUS_OYSTER',
  'PHIAL_HOLSTER',
  'POMANDER',
  'PRECARIOUS_SHEARS',
  'PRECISE_SCISSORS',
  'SCROLL_BOXES',
  'SILVER_CRUCIBLE',
  'SMALL_CAPSULE',
  'STONE_HUMIDIFIER',
  'WINGED_BOOTS',
] as const;

/** Whether Pael's Legion doubles the Block of the combat's `play`th card: it woke for it, or is awake. */
function paelsLegionAwake(context: CombatContext, play: number): boolean {
  const combatCounters = counters(context);
  if (combatCounters[COUNTER.paelsLegionCard] === play) return true;
  return (context.run.combat?.turn ?? 0) >= (combatCounters[COUNTER.paelsLegionWakes] ?? 0);
}

function counters(context: CombatContext): Record<string, number> {
  const combat = context.run.combat;
  if (combat === null) throw new Error('a combat relic hook ran outside combat');
  return combat.counters;
}

/** `count` distinct random ids of `ids`, drawn with the combat's stream (a partial shuffle). */
function distinctRandom(context: CombatContext, ids: readonly string[], count: number): string[] {
  const pool = [...ids];
  const taken = Math.min(count, pool.length);
  for (let index = 0; index < taken; index++) {
    const other = context.randomInt(index, pool.length - 1);
    [pool[index], pool[other]] = [pool[other] as string, pool[index] as string];
  }
  return pool.slice(0, taken);
}

/** Choices Paradox's card: into the hand, with Retain for the rest of the combat. */
function addRetainedCard(context: CombatContext, id: string): void {
  const combat = context.run.combat;
  if (combat === null) return;
  context.addCard(id, 'hand');
  // A full hand sends the new card to the discard pile; it keeps its Retain there too.
  const card = combat.hand.at(-1)?.id === id ? combat.hand.at(-1) : combat.discardPile.at(-1);
  if (card !== undefined) counters(context)[COUNTER.choicesParadox] = card.uid + 1;
}

/** Cards "containing Minion": their name says so (Minion Strike, Minion Dive Bomb, Minion Sacrifice). */
function isMinionCard(card: CombatCard): boolean {
  return runServices().getCard(card.id).name.includes('Minion');
}

/** Lets the player choose cards to remove, back to the rest site (random ones off its screen). */
function cook(run: RunState): void {
  run.maxHp += COOK.maxHp;
  run.hp += COOK.maxHp;
  const removable = removableCards(run);
  if (run.screen !== 'REST' || run.selection !== null) {
    for (const card of randomCards(run, removable, COOK.cards)) run.deck.splice(run.deck.indexOf(card), 1);
    return;
  }
  run.selection = {
    purpose: 'remove',
    options: removable.map((card) => card.uid),
    count: COOK.cards,
    returnTo: 'rest',
    cancellable: false,
    chosen: [],
    transformInto: null,
  };
  run.screen = 'CARD_SELECTION';
}

/**
 * Golden Compass's path, first room to last (the game's single-player Golden Path map: 16 rooms up the
 * middle column, then the Boss). `event` is a `?` room.
 */
const GOLDEN_PATH: readonly RoomType[] = [
  'monster',
  'event',
  'monster',
  'rest',
  'monster',
  'rest',
  'event',
  'treasure',
  'event',
  'treasure',
  'event',
  'shop',
  'elite',
  'rest',
  'elite',
  'rest',
];
/** The column of the Golden Path (the middle of the map's 7). */
const GOLDEN_PATH_COLUMN = 3;

export const STS2_EVENT_RELIC_RULES: Sts2RelicRules = {
  GOLDEN_COMPASS: () => ({
    text: "Upon pickup, replace this Act's map with a single path (Monster, ?, Monster, Rest, Monster, Rest, ?, Treasure, ?, Treasure, ?, Shop, Elite, Rest, Elite, Rest, then the Boss). Its ? rooms are all events.",
    hooks: {
      // The relic is offered at the start of Act 2 (its text names that Act); the map of the Act it is
      // obtained in is the one replaced, and the path starts from its first room.
      onPickup: (run) => {
        setCounter(run, 'GOLDEN_COMPASS', run.act);
        run.map = {
          nodes: GOLDEN_PATH.map((type, row) => ({
            row,
            column: GOLDEN_PATH_COLUMN,
            type,
            children: row < GOLDEN_PATH.length - 1 ? [GOLDEN_PATH_COLUMN] : [],
          })),
          bossId: run.map.bossId,
          height: GOLDEN_PATH.length,
        };
        run.position = null;
        run.path = [];
      },
      unknownRoomsAreEvents: (run) => counterOf(run, 'GOLDEN_COMPASS') === run.act,
    },
  }),
  DRIFTWOOD: () => ({
    text: 'You may reroll each card reward once.',
    hooks: {
      cardRewardAlternative: {
        label: 'Driftwood: reroll these cards',
        available: (_run, item) => item.rerolled !== true,
        // The new cards are rolled as the reward's were: a Boss's after a Boss, an Elite's in an Elite
        // room, a regular fight's otherwise (event and relic rewards too), as many as were offered.
        choose: (run, item) => {
          const source = run.reward?.afterBoss === true ? 'boss' : run.room === 'elite' ? 'elite' : 'monster';
          item.cards = runServices().rollCardReward(run, source, item.cards.length);
          item.rerolled = true;
          return false;
        },
      },
    },
  }),
  PAELS_WING: (amount) => ({
    text: `You may sacrifice card rewards to Pael. Every ${amount('Sacrifices')} sacrifices, obtain a random Relic.`,
    hooks: {
      cardRewardAlternative: {
        label: "Pael's Wing: sacrifice these cards",
        available: () => true,
        choose: (run) => {
          if (countTo(run, 'PAELS_WING', amount('Sacrifices')))
            obtainRelic(run, runServices().rollRelic(run, runServices().rollRelicRarity(run)));
          return true;
        },
      },
    },
  }),
  FUR_COAT: (amount) => ({
    text: `Upon pickup, mark ${amount('Combats')} random fights ahead on this Act's map. Enemies in those rooms have 1 HP.`,
    hooks: {
      // Fights are the regular and Elite rooms of the map (not the Boss, nor `?` rooms that turn into a
      // fight), in rows still ahead of the player. The marks stay on this Act's map only.
      onPickup: (run) => {
        const row = run.position?.row ?? -1;
        const fights = run.map.nodes
          .filter((node) => node.row > row && (node.type === 'monster' || node.type === 'elite'))
          .map((node) => ({ uid: -1, id: `${node.row}:${node.column}`, upgraded: false }));
        for (const chosen of randomCards(run, fights, amount('Combats'))) {
          const node = run.map.nodes.find(
            (candidate) => `${candidate.row}:${candidate.column}` === chosen.id,
          );
          if (node !== undefined) node.marked = true;
        }
      },
      // Every enemy of a marked room, those that join later included (the export's notes).
      onMonsterSpawned: (x, monster) => {
        if (x.run.room === 'boss' || currentNode(x.run)?.marked !== true) return;
        monster.hp = Math.min(monster.hp, 1);
      },
    },
  }),
  CHOICES_PARADOX: (amount) => ({
    text: `At the start of each combat, choose 1 of ${amount('Cards')} random cards of your character to add into your Hand. It has Retain.`,
    hooks: {
      // The export's notes: on the first turn, from the cards a reward could offer (here the character's).
      atTurnStart: (x, turn) => {
        if (turn !== 1) return;
        const offered = distinctRandom(
          x,
          characterCards(x.run, ['Common', 'Uncommon', 'Rare']),
          amount('Cards'),
        );
        // A choice already open (Toolbox's) is not replaced: a random one of the cards is added then.
        if (x.run.combat?.selection !== null) {
          const id = offered[x.randomInt(0, Math.max(0, offered.length - 1))];
          if (id !== undefined) addRetainedCard(x, id);
          return;
        }
        x.requestSelection({
          source: 'generated',
          generated: offered,
          count: 1,
          prompt: 'Choose a card to add into your hand. It has Retain.',
          relic: 'CHOICES_PARADOX',
        });
      },
      onSelect: (x, chosen) => {
        for (const card of chosen) addRetainedCard(x, card.id);
      },
      atTurnEnd: (x) => {
        const uid = (counters(x)[COUNTER.choicesParadox] ?? 0) - 1;
        for (const card of x.run.combat?.hand ?? []) if (card.uid === uid) card.retainOnce = true;
      },
    },
  }),
  PAELS_EYE: () => ({
    text: 'The first time each combat you end your turn without playing cards, Exhaust your Hand and take an extra turn.',
    hooks: {
      atTurnEnd: (x) => {
        const combat = x.run.combat;
        const combatCounters = counters(x);
        if (combat === null || x.counter('cardsThisTurn') > 0 || (combatCounters[COUNTER.paelsEye] ?? 0) > 0)
          return;
        combatCounters[COUNTER.paelsEye] = 1;
        for (const card of [...combat.hand]) x.exhaustCard(card);
        // Combat.endTurn reads it once the hand is gone: the enemies' turn is skipped.
        combatCounters.extraTurn = 1;
      },
    },
  }),
  MASSIVE_SCROLL: () => ({
    text: `Upon pickup, choose 1 of ${MASSIVE_SCROLL_CARDS} random Multiplayer Cards (yours or Colorless) to add to your Deck.`,
    hooks: {
      // The cards only multiplayer runs offer, of the player's character or Colorless.
      onPickup: (run) => {
        const ids = ALL_STS2_CARD_FACTS.filter(
          (card) =>
            STS2_MULTIPLAYER_ONLY_CARDS.has(card.id) &&
            (card.character === 'Colorless' || card.character.toUpperCase() === run.character),
        ).map((card) => card.id);
        offerRewards(run, [{ kind: 'cards', cards: randomNewCards(run, ids, MASSIVE_SCROLL_CARDS) }]);
      },
    },
  }),
  VITRUVIAN_MINION: () => ({
    text: 'Cards with "Minion" in their name deal double damage and gain double Block.',
    hooks: {
      doublesAttackDamage: isMinionCard,
      cardBlockBonus: (_x, block, card) => (isMinionCard(card) ? block : 0),
    },
  }),
  PAELS_LEGION: (amount) => ({
    text: `Doubles the Block gained from a card, then sleeps for ${amount('Turns')} turns.`,
    hooks: {
      // Sleeping for 2 turns: after doubling on turn N it wakes on turn N+2. Every Block gain of the card
      // that woke it is doubled. The pet comes fresh to each combat: its sleep does not carry over.
      cardBlockBonus: (x, block, _card, play) => (paelsLegionAwake(x, play) ? block : 0),
      afterCardBlock: (x, _card, play) => {
        const combatCounters = counters(x);
        if (combatCounters[COUNTER.paelsLegionCard] === play || !paelsLegionAwake(x, play)) return;
        combatCounters[COUNTER.paelsLegionCard] = play;
        combatCounters[COUNTER.paelsLegionWakes] = (x.run.combat?.turn ?? 0) + amount('Turns');
      },
    },
  }),
  NEOWS_BONES: (amount) => ({
    text: `Upon pickup, obtain ${amount('Relics')} random Neow Relics. Add ${amount('Curses')} random Curse to your Deck.`,
    hooks: {
      onPickup: (run) => {
        // Picked as cards are (distinct, event stream); the ids are relics' here.
        const left = NEOW_RELICS.filter((id) => relicState(run, id) === undefined).map((id) => ({
          uid: -1,
          id,
          upgraded: false,
        }));
        for (const relic of randomCards(run, left, amount('Relics'))) obtainRelic(run, relic.id);
        for (const curse of randomNewCards(run, runServices().randomCurses(), amount('Curses')))
          addCardsToDeck(run, curse.id, 1);
      },
    },
  }),
  MEAT_CLEAVER: () => ({
    text: `You may Cook at Rest Sites: remove ${COOK.cards} cards of your choice from your Deck and raise your Max HP by ${COOK.maxHp}.`,
    hooks: {
      restOption: {
        id: 'cook',
        title: 'Cook',
        label: `Cook: remove ${COOK.cards} cards from your deck and raise your Max HP by ${COOK.maxHp}.`,
        enabled: (run) => removableCards(run).length >= COOK.cards,
        choose: cook,
      },
    },
  }),
  SCROLL_BOXES: () => ({
    text: `Upon pickup, lose all Gold and choose 1 of ${SCROLL_BOXES.packs} packs of cards (${SCROLL_BOXES.commons} Common and ${SCROLL_BOXES.uncommons} Uncommon card of your character each) to add to your Deck.`,
    hooks: {
      onPickup: (run) => {
        run.gold = 0;
        const { packs, commons, uncommons } = SCROLL_BOXES;
        const common = randomNewCards(run, characterCards(run, ['Common']), packs * commons);
        const uncommon = randomNewCards(run, characterCards(run, ['Uncommon']), packs * uncommons);
        const cards = Array.from({ length: packs }, (_, pack) => [
          ...common.slice(pack * commons, (pack + 1) * commons),
          ...uncommon.slice(pack * uncommons, (pack + 1) * uncommons),
        ]).flat();
        offerRewards(run, [{ kind: 'cards', cards, pack: commons + uncommons }]);
      },
    },
  }),
  SEA_GLASS: (amount) => ({
    text: `Upon pickup, see ${amount('Cards')} cards of another character (a third of each rarity) and add any number of them to your Deck.`,
    hooks: {
      // The character is one of the others at random (the game sets it where the relic is offered). Each
      // card is a reward of its own, so any number of them can be taken.
      onPickup: (run) => {
        const others = (['IRONCLAD', 'SILENT', 'REGENT', 'NECROBINDER'] as const).filter(
          (character) => character !== run.character,
        );
        const character: CharacterId =
          others[nextInt(run.random, 'event', 0, others.length - 1)] ?? 'IRONCLAD';
        const each = Math.floor(amount('Cards') / SEA_GLASS_RARITIES.length);
        const cards = SEA_GLASS_RARITIES.flatMap((rarity) =>
          randomNewCards(run, runServices().cardPool(character, rarity), each),
        );
        offerRewards(
          run,
          cards.map((card) => ({ kind: 'cards' as const, cards: [card] })),
        );
      },
    },
  }),
  TOY_BOX: (amount) => ({
    text: `Upon pickup, obtain ${amount('Relics')} Wax Relics. Every ${amount('Combats')} combats, your left-most Wax Relic melts away.`,
    hooks: {
      // Wax Relics are rolled as any reward relic (the export does not say which relics can be Wax).
      onPickup: (run) => {
        for (let relic = 0; relic < amount('Relics'); relic++) {
          const id = runServices().rollRelic(run, runServices().rollRelicRarity(run));
          if (id === null) break;
          obtainRelic(run, id);
          const state = relicState(run, id);
          if (state !== undefined) state.wax = true;
        }
        setCounter(run, 'TOY_BOX', 0);
      },
      onCombatEnd: (x) => {
        const run = x.run;
        if (!run.relics.some((relic) => relic.wax === true)) return;
        if (!countTo(run, 'TOY_BOX', amount('Combats'))) return;
        const melting = run.relics.findIndex((relic) => relic.wax === true);
        if (melting >= 0) run.relics.splice(melting, 1);
      },
    },
  }),
};
