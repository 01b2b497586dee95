// Hand-written rules of the StS2 Ancient, Event and character relics. Numbers come from the facts.

import { toCombatCard } from '../../engine/combat-card.js';
import type { CardPlay, CombatContext } from '../../engine/definitions.js';
import type { CombatCard, DeckCard, RewardItem, RunState } from '../../engine/run-state.js';
import { releaseCard } from '../relic-cards.js';
import { counterOf, relicState, setCounter, tick } from '../relic-counter.js';
import { runServices } from '../run-services.js';
import { ALL_STS2_CARD_FACTS } from './sts2-cards.js';
import { strikeDummyRule } from './sts2-common-relic-rules.js';
import { findEnchantment } from './sts2-enchantments.js';
import { isEternal } from './sts2-eternal.js';
import {
  addCardsToDeck,
  canUpgrade,
  chooseDeckCards,
  givePotion,
  offerRewards,
  procurePotions,
  randomCards,
  removableCards,
  transformInto,
  upgradeRandomCards,
} from './sts2-relic-pickup.js';
import type { Sts2RelicRules } from './sts2-relic-rule.js';

/** The combat's counters (for a relic's own per-combat bookkeeping). */
function counters(context: CombatContext): Record<string, number> {
  return context.run.combat?.counters ?? {};
}

/** The combat's player powers, written directly where a relic sets a rule for the turn. */
function playerPowers(context: CombatContext): Record<string, number> {
  return context.run.combat?.player.powers ?? {};
}

/** Adds to a player power without the rules of applying one (Artifact), removing it at 0. */
function addPower(context: CombatContext, id: string, amount: number): void {
  const powers = playerPowers(context);
  const next = (powers[id] ?? 0) + amount;
  if (next === 0) delete powers[id];
  else powers[id] = next;
}

/** Spends one charge of a relic with charges; false when none is left. */
function spendCharge(run: RunState, id: string): boolean {
  const left = counterOf(run, id);
  if (left <= 0) return false;
  setCounter(run, id, left - 1);
  return true;
}

/** Max HP gained (and healed by the same amount) or lost (HP capped). */
function changeMaxHp(run: RunState, amount: number): void {
  run.maxHp = Math.max(1, run.maxHp + amount);
  run.hp = amount > 0 ? Math.min(run.maxHp, run.hp + amount) : Math.min(run.hp, run.maxHp);
}

/** Obtains a relic not yet owned through the engine's own pickup (its pickup effect runs). */
export function obtainRelic(run: RunState, id: string | null): void {
  if (id !== null && relicState(run, id) === undefined) runServices().addRelic(run, id);
}

/** Plays a copy of a card for free against a random enemy; the copy leaves no card behind. */
function playCopy(context: CombatContext, card: DeckCard): void {
  const combat = context.run.combat;
  if (combat === null) return;
  const copy = toCombatCard({ ...card, uid: context.run.counters.nextUid++ });
  context.playFree(copy, true);
  const index = combat.exhaustPile.indexOf(copy);
  if (index >= 0) combat.exhaustPile.splice(index, 1);
}

/** The card of this uid anywhere in the combat's piles. */
function findCombatCard(context: CombatContext, uid: number): CombatCard | undefined {
  const combat = context.run.combat;
  if (combat === null) return undefined;
  for (const pile of [
    combat.hand,
    combat.discardPile,
    combat.drawPile,
    combat.exhaustPile,
    combat.removedCards,
  ])
    for (const card of pile) if (card.uid === uid) return card;
  return undefined;
}

/** Ids of the character's reward cards of these rarities that pass `filter`. */
export function characterCards(
  run: RunState,
  rarities: readonly ('Common' | 'Uncommon' | 'Rare')[],
  filter: (id: string) => boolean = () => true,
): string[] {
  return rarities.flatMap((rarity) => runServices().cardPool(run.character, rarity)).filter(filter);
}

/** `count` distinct random ids of `ids` (event stream), as new deck cards. */
export function randomNewCards(run: RunState, ids: readonly string[], count: number): DeckCard[] {
  const offered = ids.map((id) => ({ uid: -1, id, upgraded: false }));
  return randomCards(run, offered, count).map((card) => runServices().newCard(run, card.id));
}

/** Transforms a deck card into a random other card of the character's reward pools. */
function transformRandomly(run: RunState, card: DeckCard): void {
  if (isEternal(card, runServices().getCard(card.id))) return;
  const [into] = randomNewCards(
    run,
    characterCards(run, ['Common', 'Uncommon', 'Rare'], (id) => id !== card.id),
    1,
  );
  if (into === undefined) return;
  const index = run.deck.indexOf(card);
  if (index >= 0) run.deck.splice(index, 1, into);
}

/** Bookmark's combat counter of a card whose cost it lowered. */
function bookmarkKey(uid: number): string {
  return `relic:BOOKMARK:${uid}`;
}

/** A combat card's energy cost for the combat (its enchantment's cost first, as the engine's); -1 for X. */
function combatCostOf(card: CombatCard): number {
  const definition = runServices().getCard(card.id);
  const base = typeof definition.cost === 'number' ? definition.cost : definition.cost[card.upgraded ? 1 : 0];
  if (base < 0) return base;
  const enchanted = card.enchantment === undefined ? undefined : findEnchantment(card.enchantment.id)?.cost;
  return enchanted ?? card.combatCost ?? base;
}

/** Whether a deck card is a Basic card whose id contains `kind` (STRIKE, DEFEND). */
function isBasic(card: DeckCard, kind: string): boolean {
  return card.id.includes(kind) && runServices().getCard(card.id).rarity === 'Basic';
}

/** The first Basic card of the deck whose id contains `kind` (STRIKE, DEFEND), preferring unupgraded ones. */
function basicCard(run: RunState, kind: string): DeckCard | undefined {
  const basics = run.deck.filter((card) => isBasic(card, kind));
  return basics.find((card) => !card.upgraded) ?? basics[0];
}

/**
 * Glass Eye's cards by rarity: the numbers are in its text, not in the export's variables. Distinct
 * cards within a rarity, as a card reward's are.
 */
const GLASS_EYE_CARDS = [
  ['Common', 2],
  ['Uncommon', 2],
  ['Rare', 1],
] as const;

/** Archaic Tooth: each character's starter card and its Ancient version. */
const ANCIENT_VERSIONS: Readonly<Record<string, string>> = {
  BASH: 'BREAK',
  NEUTRALIZE: 'SUPPRESS',
  UNLEASH: 'PROTECTOR',
  FALLING_STAR: 'METEOR_SHOWER',
  DUALCAST: 'QUADCAST',
};

/** Replays the card just played (Throwing Axe), at its target or a random enemy if it died. */
function playAgain(context: CombatContext, play: CardPlay): void {
  const combat = context.run.combat;
  if (combat === null || combat.over || combat.selection !== null) return;
  const definition = runServices().getCard(play.card.id);
  const target = combat.monsters[play.target]?.alive === true ? play.target : context.randomMonsterIndex();
  definition.play?.(context, { ...play, target });
}

/** Adds `count` relic rewards (by the usual rarity odds, none twice) to a reward screen. */
function addRelicRewards(run: RunState, items: RewardItem[], count: number): void {
  const offered = items.flatMap((item) => (item.kind === 'relic' ? [item.relicId] : []));
  for (let relic = 0; relic < count; relic++) {
    const relicId = runServices().rollRelic(run, runServices().rollRelicRarity(run), offered);
    if (relicId === null) return;
    offered.push(relicId);
    items.push({ kind: 'relic', relicId });
  }
}

/** Touch of Orobas: each starter relic and its Ancient version. */
const ANCIENT_STARTERS: Readonly<Record<string, string>> = {
  BURNING_BLOOD: 'BLACK_BLOOD',
  RING_OF_THE_SNAKE: 'RING_OF_THE_DRAKE',
  DIVINE_RIGHT: 'DIVINE_DESTINY',
  BOUND_PHYLACTERY: 'PHYLACTERY_UNBOUND',
  CRACKED_CORE: 'INFUSED_CORE',
};

/** Phylactery Unbound's Summons: the export gives no numbers (the wiki's notes do). */
const PHYLACTERY_SUMMONS = { combat: 5, turn: 2 } as const;

/** Spiked Gauntlets' extra Power cost: a literal 1 in the game's text, no variable in the export. */
const SPIKED_GAUNTLETS_POWER_COST = 1;

/** Ivory Tile's cost threshold: the export's variable has no value (the wiki's text says 3). */
const IVORY_TILE_THRESHOLD = 3;
/** Whispering Earring: the most cards Vakuu plays (the export's notes: up to 13). */
const WHISPERING_EARRING_PLAYS = 13;

/** Brimstone's Strength: the export gives no numbers (the wiki's notes do). */
const BRIMSTONE_STRENGTH = { self: 2, enemies: 1 } as const;

/** Ember Tea and Bone Tea last this many combats; the export gives no number (the wiki's notes do). */
const TEA_COMBATS: Readonly<Record<string, number>> = { EMBER_TEA: 5, BONE_TEA: 1, TEA_OF_DISCOURTESY: 1 };

export const STS2_ANCIENT_RELIC_RULES: Sts2RelicRules = {
  // ---- Ancient relics -------------------------------------------------------------------------
  VERY_HOT_COCOA: (amount) => ({
    text: `Start each combat with ${amount('Energy')} additional Energy.`,
    hooks: { atTurnStart: (context, turn) => turn === 1 && context.gainEnergy(amount('Energy')) },
  }),
  PAELS_BLOOD: (amount) => ({
    text: `At the start of your turn, draw ${amount('Cards')} additional card(s).`,
    hooks: { atTurnStart: (context) => context.draw(amount('Cards')) },
  }),
  THROWING_AXE: () => ({
    text: 'The first card you play each combat is played an extra time.',
    hooks: {
      onCardPlayed: (context, play) => {
        const own = counters(context);
        if ((own.throwingAxe ?? 0) > 0) return;
        own.throwingAxe = 1;
        playAgain(context, play);
      },
    },
  }),
  IRON_CLUB: (amount) => ({
    text: `Every ${amount('Cards')} cards you play, draw 1 card (the count carries over between combats).`,
    hooks: {
      onCardPlayed: (context) => {
        if (tick(context, 'IRON_CLUB', amount('Cards'))) context.draw(1);
      },
    },
  }),
  PAELS_FLESH: (amount) => ({
    text: `From your 3rd turn of each combat on, gain ${amount('Energy')} additional Energy each turn.`,
    hooks: { atTurnStart: (context, turn) => turn >= 3 && context.gainEnergy(amount('Energy')) },
  }),
  PAELS_TEARS: (amount) => ({
    text: `If you end your turn with unspent Energy, gain ${amount('Energy')} additional Energy next turn.`,
    hooks: {
      atTurnEnd: (context) => {
        if ((context.run.combat?.player.energy ?? 0) > 0) counters(context).paelsTears = 1;
      },
      atTurnStart: (context) => {
        const own = counters(context);
        if ((own.paelsTears ?? 0) === 0) return;
        own.paelsTears = 0;
        context.gainEnergy(amount('Energy'));
      },
    },
  }),
  BOOMING_CONCH: (amount) => ({
    text: `At the start of Elite combats, draw ${amount('Cards')} additional cards.`,
    hooks: {
      atTurnStart: (context, turn) => {
        if (turn === 1 && context.run.combat?.kind === 'elite') context.draw(amount('Cards'));
      },
    },
  }),
  TOASTY_MITTENS: (amount) => ({
    text: `At the start of your turn, Exhaust the top card of your Draw Pile and gain ${amount('Strength')} Strength.`,
    hooks: {
      atTurnStart: (context) => {
        const top = context.run.combat?.drawPile.at(-1);
        if (top !== undefined) context.exhaustCard(top);
        context.applyToPlayer('STRENGTH', amount('Strength'));
      },
    },
  }),
  FIDDLE: (amount) => ({
    text: `At the start of your turn, draw ${amount('Cards')} additional cards. You cannot draw cards during your turn.`,
    hooks: {
      atTurnStart: (context) => {
        context.draw(amount('Cards'));
        playerPowers(context).NO_DRAW = 1;
      },
    },
  }),
  SNECKO_EYE: (amount) => ({
    text: `At the start of your turn, draw ${amount('Cards')} additional cards. Start each combat Confused (drawn cards cost 0 to 3 at random).`,
    hooks: {
      atCombatStart: (context) => context.applyToPlayer('CONFUSED', 1),
      atTurnStart: (context) => context.draw(amount('Cards')),
    },
  }),
  PHILOSOPHERS_STONE: (amount) => ({
    text: `Gain ${amount('Energy')} Energy at the start of each turn. ALL enemies start combat with ${amount('Strength')} Strength.`,
    hooks: {
      energy: amount('Energy'),
      atCombatStart: (context) => context.applyToAllMonsters('STRENGTH', amount('Strength')),
    },
  }),
  BLESSED_ANTLER: (amount) => ({
    text: `Gain ${amount('Energy')} Energy at the start of each turn. At the start of each combat, shuffle ${amount('Cards')} Dazed into your Draw Pile.`,
    hooks: {
      energy: amount('Energy'),
      atCombatStart: (context) => {
        for (let copy = 0; copy < amount('Cards'); copy++) context.addCard('DAZED', 'drawRandom');
      },
    },
  }),
  BLOOD_SOAKED_ROSE: (amount) => ({
    text: `Upon pickup, add 1 Enthralled to your Deck. Gain ${amount('Energy')} Energy at the start of each turn.`,
    hooks: { energy: amount('Energy'), onPickup: (run) => addCardsToDeck(run, 'ENTHRALLED', 1) },
  }),
  PUMPKIN_CANDLE: (amount) => ({
    text: `Gain ${amount('Energy')} Energy at the start of each turn, until Act 3 starts.`,
    hooks: { atTurnStart: (context) => context.run.act < 3 && context.gainEnergy(amount('Energy')) },
  }),
  SOZU: (amount) => ({
    text: `Gain ${amount('Energy')} Energy at the start of each turn. You can no longer obtain potions.`,
    hooks: { energy: amount('Energy') },
  }),
  VELVET_CHOKER: (amount) => ({
    text: `Gain ${amount('Energy')} Energy at the start of each turn. You cannot play more than ${amount('Cards')} cards per turn.`,
    hooks: { energy: amount('Energy') },
  }),
  SEAL_OF_GOLD: (amount) => ({
    text: `At the start of your turn, if you have at least ${amount('Gold')} Gold, spend ${amount('Gold')} Gold to gain ${amount('Energy')} Energy.`,
    hooks: {
      atTurnStart: (context) => {
        if (context.run.gold < amount('Gold')) return;
        context.run.gold -= amount('Gold');
        context.gainEnergy(amount('Energy'));
      },
    },
  }),
  CROSSBOW: () => ({
    text: "At the start of your turn, add a random Attack of your character's cards into your Hand; it costs 0 this turn.",
    hooks: {
      atTurnStart: (context) => {
        const attacks = characterCards(
          context.run,
          ['Common', 'Uncommon', 'Rare'],
          (id) => runServices().getCard(id).type === 'Attack',
        );
        if (attacks.length === 0) return;
        context.addCard(attacks[context.randomInt(0, attacks.length - 1)] ?? '', 'hand', false, true);
      },
    },
  }),
  JEWELED_MASK: () => ({
    text: 'At the start of each combat, put a random Power from your Draw Pile into your Hand; it costs 0 that turn.',
    hooks: {
      atCombatStart: (context) => {
        const combat = context.run.combat;
        if (combat === null) return;
        const powers = combat.drawPile.filter((card) => runServices().getCard(card.id).type === 'Power');
        const chosen = powers[powers.length <= 1 ? 0 : context.randomInt(0, powers.length - 1)];
        if (chosen === undefined) return;
        combat.drawPile.splice(combat.drawPile.indexOf(chosen), 1);
        chosen.turnCost = 0;
        combat.hand.push(chosen);
      },
    },
  }),
  DELICATE_FROND: () => ({
    text: 'At the start of each combat, fill all empty potion slots with random potions.',
    hooks: {
      atCombatStart: (context) => {
        const run = context.run;
        while (run.potions.includes(null) && !run.relics.some((relic) => relic.id === 'SOZU'))
          givePotion(run, runServices().rollPotion(run));
      },
    },
  }),
  BIIIG_HUG: (amount) => ({
    text: `Upon pickup, remove ${amount('Cards')} cards of your choice from your Deck. Whenever you shuffle your Draw Pile, add a Soot into it.`,
    hooks: {
      onPickup: (run) => chooseDeckCards(run, 'remove', amount('Cards')),
      onShuffle: (context) => context.addCard('SOOT', 'drawRandom'),
    },
  }),
  SAND_CASTLE: (amount) => ({
    text: `Upon pickup, Upgrade ${amount('Cards')} random cards.`,
    hooks: { onPickup: (run) => upgradeRandomCards(run, amount('Cards')) },
  }),
  PHIAL_HOLSTER: (amount) => ({
    text: `Upon pickup, gain ${amount('PotionSlots')} potion slot(s) and procure ${amount('Potions')} random potions.`,
    hooks: {
      onPickup: (run) => {
        for (let slot = 0; slot < amount('PotionSlots'); slot++) run.potions.push(null);
        procurePotions(run, amount('Potions'));
      },
    },
  }),
  ALCHEMICAL_COFFER: (amount) => ({
    text: `Upon pickup, gain ${amount('PotionSlots')} potion slots filled with random potions.`,
    hooks: {
      onPickup: (run) => {
        for (let slot = 0; slot < amount('PotionSlots'); slot++) run.potions.push(null);
        procurePotions(run, amount('PotionSlots'));
      },
    },
  }),
  DISTINGUISHED_CAPE: (amount) => ({
    text: `Upon pickup, lose ${amount('HpLoss')} Max HP. Add ${amount('Cards')} Apparitions to your Deck.`,
    hooks: {
      onPickup: (run) => {
        changeMaxHp(run, -amount('HpLoss'));
        addCardsToDeck(run, 'APPARITION', amount('Cards'));
      },
    },
  }),
  NEOWS_TORMENT: () => ({
    text: "Upon pickup, add 1 Neow's Fury to your Deck.",
    hooks: { onPickup: (run) => addCardsToDeck(run, 'NEOWS_FURY', 1) },
  }),
  JEWELRY_BOX: () => ({
    text: 'Upon pickup, add 1 Apotheosis to your Deck.',
    hooks: { onPickup: (run) => addCardsToDeck(run, 'APOTHEOSIS', 1) },
  }),
  STORYBOOK: () => ({
    text: 'Upon pickup, add 1 Brightest Flame to your Deck.',
    hooks: { onPickup: (run) => addCardsToDeck(run, 'BRIGHTEST_FLAME', 1) },
  }),
  PAELS_HORN: () => ({
    text: 'Upon pickup, add 2 Relax to your Deck.',
    hooks: { onPickup: (run) => addCardsToDeck(run, 'RELAX', 2) },
  }),
  TANXS_WHISTLE: () => ({
    text: 'Upon pickup, add 1 Whistle to your Deck.',
    hooks: { onPickup: (run) => addCardsToDeck(run, 'WHISTLE', 1) },
  }),
  CURSED_PEARL: (amount) => ({
    text: `Upon pickup, add Greed to your Deck and gain ${amount('Gold')} Gold.`,
    hooks: {
      onPickup: (run) => {
        addCardsToDeck(run, 'GREED', 1);
        runServices().gainGold(run, amount('Gold'));
      },
    },
  }),
  SERE_TALON: (amount) => ({
    text: `Upon pickup, add ${amount('Curses')} different random Curses and ${amount('Wishes')} Wishes to your Deck.`,
    hooks: {
      onPickup: (run) => {
        for (const curse of randomNewCards(run, runServices().randomCurses(), amount('Curses')))
          addCardsToDeck(run, curse.id, 1);
        addCardsToDeck(run, 'WISH', amount('Wishes'));
      },
    },
  }),
  PRESERVED_FOG: (amount) => ({
    text: `Upon pickup, remove ${amount('Cards')} cards of your choice from your Deck. Add Folly to your Deck.`,
    hooks: {
      onPickup: (run) => {
        chooseDeckCards(run, 'remove', amount('Cards'));
        addCardsToDeck(run, 'FOLLY', 1);
      },
    },
  }),
  PRECISE_SCISSORS: (amount) => ({
    text: `Upon pickup, remove ${amount('Cards')} card(s) of your choice from your Deck.`,
    hooks: { onPickup: (run) => chooseDeckCards(run, 'remove', amount('Cards')) },
  }),
  EMPTY_CAGE: (amount) => ({
    text: `Upon pickup, remove ${amount('Cards')} cards of your choice from your Deck.`,
    hooks: { onPickup: (run) => chooseDeckCards(run, 'remove', amount('Cards')) },
  }),
  PRECARIOUS_SHEARS: (amount) => ({
    text: `Upon pickup, remove ${amount('Cards')} cards of your choice from your Deck and lose ${amount('Damage')} HP (never below 1).`,
    hooks: {
      onPickup: (run) => {
        chooseDeckCards(run, 'remove', amount('Cards'));
        run.hp = Math.max(1, run.hp - amount('Damage'));
      },
    },
  }),
  POMANDER: (amount) => ({
    text: `Upon pickup, Upgrade ${amount('Cards')} card(s) of your choice.`,
    hooks: { onPickup: (run) => chooseDeckCards(run, 'upgrade', amount('Cards')) },
  }),
  YUMMY_COOKIE: (amount) => ({
    text: `Upon pickup, Upgrade ${amount('Cards')} cards of your choice.`,
    hooks: { onPickup: (run) => chooseDeckCards(run, 'upgrade', amount('Cards')) },
  }),
  NEOWS_TALISMAN: () => ({
    text: 'Upon pickup, Upgrade 1 of your Strikes and 1 of your Defends.',
    hooks: {
      onPickup: (run) => {
        for (const kind of ['STRIKE', 'DEFEND']) {
          const card = basicCard(run, kind);
          if (card !== undefined && canUpgrade(card)) card.upgraded = true;
        }
      },
    },
  }),
  LEAFY_POULTICE: (amount) => ({
    text: `Upon pickup, Transform 1 of your Strikes and 1 of your Defends (into random cards of your character) and lose ${amount('MaxHp')} Max HP.`,
    hooks: {
      onPickup: (run) => {
        for (const kind of ['STRIKE', 'DEFEND']) {
          const card = basicCard(run, kind);
          if (card !== undefined) transformRandomly(run, card);
        }
        changeMaxHp(run, -amount('MaxHp'));
      },
    },
  }),
  ARCHAIC_TOOTH: () => ({
    text: 'Upon pickup, Transform your starter card into its Ancient version (Bash into Break, Neutralize into Suppress, Unleash into Protector, Falling Star into Meteor Shower, Dualcast into Quadcast), keeping its upgrade.',
    hooks: {
      onPickup: (run) => {
        const card = run.deck.find((candidate) => ANCIENT_VERSIONS[candidate.id] !== undefined);
        if (card !== undefined) transformInto(run, card, ANCIENT_VERSIONS[card.id] ?? card.id);
      },
    },
  }),
  ARCANE_SCROLL: (amount) => ({
    text: `Upon pickup, add ${amount('Cards')} random Rare card(s) of your character to your Deck.`,
    hooks: {
      onPickup: (run) => {
        for (const card of randomNewCards(run, characterCards(run, ['Rare']), amount('Cards')))
          addCardsToDeck(run, card.id, 1);
      },
    },
  }),
  HEFTY_TABLET: (amount) => ({
    text: `Upon pickup, choose 1 of ${amount('Cards')} Rare cards of your character to add to your Deck, and add 1 Injury to your Deck.`,
    hooks: {
      onPickup: (run) => {
        addCardsToDeck(run, 'INJURY', 1);
        offerRewards(run, [
          { kind: 'cards', cards: randomNewCards(run, characterCards(run, ['Rare']), amount('Cards')) },
        ]);
      },
    },
  }),
  LEAD_PAPERWEIGHT: () => ({
    text: 'Upon pickup, choose 1 of 2 random Colorless cards to add to your Deck.',
    hooks: {
      onPickup: (run) =>
        offerRewards(run, [
          {
            kind: 'cards',
            cards: randomNewCards(
              run,
              [...runServices().colorlessPool('Uncommon'), ...runServices().colorlessPool('Rare')],
              2,
            ),
          },
        ]),
    },
  }),
  LOST_COFFER: () => ({
    text: 'Upon pickup, gain 1 card reward and procure 1 random potion.',
    hooks: {
      onPickup: (run) => {
        procurePotions(run, 1);
        offerRewards(run, [{ kind: 'cards', cards: runServices().rollCardReward(run, 'monster') }]);
      },
    },
  }),
  SMALL_CAPSULE: () => ({
    text: 'Upon pickup, obtain a random Relic.',
    hooks: {
      onPickup: (run) => obtainRelic(run, runServices().rollRelic(run, runServices().rollRelicRarity(run))),
    },
  }),
  LARGE_CAPSULE: (amount) => ({
    text: `Upon pickup, obtain ${amount('Relics') || 2} random Relics. Add an additional Strike and Defend to your Deck.`,
    hooks: {
      onPickup: (run) => {
        for (let relic = 0; relic < (amount('Relics') || 2); relic++)
          obtainRelic(run, runServices().rollRelic(run, runServices().rollRelicRarity(run)));
        addCardsToDeck(run, `STRIKE_${run.character}`, 1);
        addCardsToDeck(run, `DEFEND_${run.character}`, 1);
      },
    },
  }),
  CALLING_BELL: (amount) => ({
    text: `Upon pickup, add Curse of the Bell to your Deck and choose among ${amount('Relics')} Relics (one Common, one Uncommon, one Rare).`,
    hooks: {
      onPickup: (run) => {
        addCardsToDeck(run, 'CURSE_OF_THE_BELL', 1);
        const relics: string[] = [];
        for (const rarity of ['Common', 'Uncommon', 'Rare'] as const) {
          const id = runServices().rollRelic(run, rarity, relics);
          if (id !== null) relics.push(id);
        }
        offerRewards(
          run,
          relics.map((relicId) => ({ kind: 'relic', relicId })),
        );
      },
    },
  }),

  WINGED_BOOTS: (amount) => ({
    text: `${amount('Rooms')} times, you may ignore the paths when choosing the next room (any room of the next row).`,
    hooks: {
      onPickup: (run) => setCounter(run, 'WINGED_BOOTS', amount('Rooms')),
      freeTravel: (run) => counterOf(run, 'WINGED_BOOTS') > 0,
      onFreeTravel: (run) => spendCharge(run, 'WINGED_BOOTS'),
    },
  }),
  TOUCH_OF_OROBAS: () => ({
    text: 'Upon pickup, replace your starter Relic with its Ancient version (Burning Blood with Black Blood, Ring of the Snake with Ring of the Drake, Divine Right with Divine Destiny, Bound Phylactery with Phylactery Unbound, Cracked Core with Infused Core).',
    hooks: {
      onPickup: (run) => {
        const relic = run.relics.find((owned) => ANCIENT_STARTERS[owned.id] !== undefined);
        if (relic === undefined) return;
        relic.id = ANCIENT_STARTERS[relic.id] ?? relic.id;
        relic.counter = -1;
        runServices().getRelic(relic.id).onPickup?.(run);
      },
    },
  }),
  PANDORAS_BOX: () => ({
    text: "Upon pickup, Transform ALL Strikes and Defends (into random cards of your character's pools).",
    hooks: {
      onPickup: (run) => {
        for (const card of run.deck.filter(
          (candidate) => isBasic(candidate, 'STRIKE') || isBasic(candidate, 'DEFEND'),
        ))
          transformRandomly(run, card);
      },
    },
  }),
  // The wiki export's notes: both yield a random card of the same cost.
  NEW_LEAF: (amount) => ({
    text: `Upon pickup, Transform ${amount('Cards')} card(s) of your choice into random cards of the same cost.`,
    hooks: { onPickup: (run) => chooseDeckCards(run, 'transform', amount('Cards'), { sameCost: true }) },
  }),
  ASTROLABE: (amount) => ({
    text: `Upon pickup, Transform ${amount('Cards')} cards of your choice into random cards of the same cost, then Upgrade them.`,
    hooks: {
      onPickup: (run) =>
        chooseDeckCards(run, 'transform', amount('Cards'), { upgrade: true, sameCost: true }),
    },
  }),
  GLASS_EYE: () => ({
    text: `Upon pickup, add ${GLASS_EYE_CARDS.map(([rarity, count]) => `${count} random ${rarity}`).join(', ')} cards of your character to your Deck.`,
    hooks: {
      onPickup: (run) => {
        for (const [rarity, count] of GLASS_EYE_CARDS)
          for (const card of randomNewCards(run, characterCards(run, [rarity]), count))
            runServices().addCardToDeck(run, card);
      },
    },
  }),
  LORDS_PARASOL: () => ({
    text: 'When you enter a shop, obtain every card, relic and potion the Merchant sells, for free (potions while you have empty slots), and remove a card of your choice for free.',
    hooks: {
      onRoomEntered: (run, room) => {
        const shop = run.shop;
        if (room !== 'shop' || shop === null) return;
        for (const entry of shop.cards) {
          entry.sold = true;
          runServices().addCardToDeck(run, entry.card);
        }
        for (const entry of shop.relics) {
          entry.sold = true;
          obtainRelic(run, entry.relicId);
        }
        for (const entry of shop.potions) {
          if (!run.potions.includes(null)) break;
          entry.sold = true;
          givePotion(run, entry.potionId);
        }
        // The export's notes: the card removal is bought too. Free, it opens now unless a relic just
        // obtained opened a screen of its own; then the shop offers it for 0 Gold.
        if (shop.removalUsed) return;
        shop.removalPrice = 0;
        const removable = removableCards(run);
        if (run.screen !== 'SHOP' || run.selection !== null || run.reward !== null || removable.length === 0)
          return;
        run.selection = {
          purpose: 'remove',
          options: removable.map((card) => card.uid),
          count: 1,
          returnTo: 'shop',
          cancellable: true,
          chosen: [],
          transformInto: null,
        };
        run.screen = 'CARD_SELECTION';
      },
    },
  }),
  DIAMOND_DIADEM: (amount) => ({
    text: `Whenever you play ${amount('CardThreshold')} or fewer cards in a turn, take half damage from enemies until your next turn.`,
    // The power halves enemy attacks (monsterAttackDamage). It is set after the turn-end damage of
    // Constrict and Disintegration (the relics' turn-end hooks run last), and gone when the next turn
    // starts (before Sharp Hide can hurt), so while it lasts enemies hurt the player only by attacks.
    hooks: {
      atTurnEnd: (context) => {
        if (context.counter('cardsThisTurn') <= amount('CardThreshold'))
          playerPowers(context).DIAMOND_DIADEM = 1;
      },
    },
  }),
  CLAWS: (amount) => ({
    text: `Upon pickup, Transform up to ${amount('Cards')} cards of your choice into Maul; each keeps its upgrade and, where a Maul may have it, its enchantment.`,
    hooks: {
      // The export's notes: upgrades and compatible enchantments carry over.
      onPickup: (run) =>
        chooseDeckCards(run, 'transform', amount('Cards'), { into: 'MAUL', upTo: true, carryOver: true }),
    },
  }),
  DUSTY_TOME: () => ({
    text: "Upon pickup, add a random upgraded Ancient card of your character's to your Deck.",
    hooks: {
      onPickup: (run) => {
        const ancients = ALL_STS2_CARD_FACTS.filter(
          (card) => card.rarity === 'Ancient' && card.character.toUpperCase() === run.character,
        ).map((card) => card.id);
        for (const card of randomNewCards(run, ancients, 1)) addCardsToDeck(run, card.id, 1, true);
      },
    },
  }),
  SILVER_CRUCIBLE: (amount) => ({
    text: `The first ${amount('Cards')} card rewards you see are Upgraded. The first Treasure Chest you open is empty.`,
    hooks: {
      onPickup: (run) => setCounter(run, 'SILVER_CRUCIBLE', amount('Cards')),
      onCardReward: (run, cards) => {
        if (!spendCharge(run, 'SILVER_CRUCIBLE')) return;
        for (const card of cards) if (canUpgrade(card)) card.upgraded = true;
      },
      onRoomEntered: (run) => {
        const relic = relicState(run, 'SILVER_CRUCIBLE');
        if (relic === undefined || relic.used || run.treasure === null) return;
        relic.used = true;
        run.treasure.relicId = '';
        run.treasure.gold = 0;
      },
    },
  }),
  LAVA_ROCK: (amount) => ({
    text: `The Act 1 Boss drops ${amount('Relics')} Relics.`,
    hooks: {
      onCombatRewards: (run, items, source) => {
        const relic = relicState(run, 'LAVA_ROCK');
        if (relic === undefined || relic.used || source !== 'boss' || run.act !== 1) return;
        relic.used = true;
        addRelicRewards(run, items, amount('Relics'));
      },
    },
  }),
  BLACK_STAR: () => ({
    text: 'Elites drop an additional Relic when defeated.',
    hooks: { onCombatRewards: (run, items, source) => source === 'elite' && addRelicRewards(run, items, 1) },
  }),
  WAR_HAMMER: (amount) => ({
    text: `Whenever you defeat an Elite, Upgrade ${amount('Cards')} random cards.`,
    hooks: {
      onCombatEnd: (context) => {
        if (context.run.combat?.kind === 'elite') upgradeRandomCards(context.run, amount('Cards'));
      },
    },
  }),
  STONE_HUMIDIFIER: (amount) => ({
    text: `Whenever you Rest at a Rest Site, raise your Max HP by ${amount('MaxHp')}.`,
    hooks: { onRest: (run) => changeMaxHp(run, amount('MaxHp')) },
  }),
  PRISMATIC_GEM: (amount) => ({
    // The export's notes: card rewards draw from every color's pool (here every character the simulator
    // plays, the player's own included).
    text: `Gain ${amount('Energy')} Energy at the start of each turn. Card rewards hold cards of every character.`,
    hooks: { energy: amount('Energy'), everyCharacterCardRewards: true },
  }),
  SPIKED_GAUNTLETS: (amount) => ({
    text: `Gain ${amount('Energy')} Energy at the start of each turn. Powers cost ${SPIKED_GAUNTLETS_POWER_COST} more Energy.`,
    hooks: { energy: amount('Energy'), powerCostIncrease: SPIKED_GAUNTLETS_POWER_COST },
  }),
  BRILLIANT_SCARF: (amount) => ({
    // An X-cost card played then spends no Energy and its X is the Energy you have (Combat.playCard).
    text: `The ${amount('Cards')}th card you play each turn costs no Energy.`,
    hooks: { freeCardOfTurn: amount('Cards') },
  }),
  WHISPERING_EARRING: (amount) => ({
    text: `Gain ${amount('Energy')} Energy at the start of each turn. Vakuu plays your first turn of each combat for you (up to ${WHISPERING_EARRING_PLAYS} cards), then ends it.`,
    // How Vakuu picks its cards: Combat.playFirstTurnForPlayer.
    hooks: { energy: amount('Energy'), playsFirstTurn: WHISPERING_EARRING_PLAYS },
  }),
  ECTOPLASM: (amount) => ({
    text: `You can no longer gain Gold. Gain ${amount('Energy')} Energy at the start of each turn.`,
    hooks: { energy: amount('Energy'), preventsGoldGain: true },
  }),

  PAELS_TOOTH: (amount) => ({
    text: `Upon pickup, remove ${amount('Cards')} upgradable cards of your choice from your Deck. After each combat you win, one of them at random comes back Upgraded.`,
    hooks: {
      // The export's notes: only upgradable cards may be chosen; the relic holds them.
      onPickup: (run) =>
        chooseDeckCards(run, 'remove', amount('Cards'), { filter: canUpgrade, keepFor: 'PAELS_TOOTH' }),
      onCombatEnd: (context) => {
        const held = relicState(context.run, 'PAELS_TOOTH')?.cards ?? [];
        if (held.length === 0) return;
        const card = releaseCard(context.run, 'PAELS_TOOTH', context.randomInt(0, held.length - 1));
        if (card !== undefined) runServices().addCardToDeck(context.run, { ...card, upgraded: true });
      },
    },
  }),
  MUSIC_BOX: () => ({
    text: 'The first Attack you play each turn adds an Ethereal copy of itself (same upgrade and enchantment) into your Hand.',
    hooks: {
      onCardPlayed: (context, play, type) => {
        const combat = context.run.combat;
        if (combat === null || type !== 'Attack' || context.counter('attacksThisTurn') !== 1) return;
        const inHand = combat.hand.length;
        context.addCard(play.card.id, 'hand', play.card.upgraded);
        // A full hand sends the new card to the discard pile.
        const copy = combat.hand.length > inHand ? combat.hand.at(-1) : combat.discardPile.at(-1);
        if (copy === undefined) return;
        copy.ethereal = true;
        if (play.card.enchantment !== undefined) copy.enchantment = { ...play.card.enchantment };
      },
    },
  }),

  // ---- Event relics ---------------------------------------------------------------------------
  THE_BOOT: (amount) => ({
    text: `Whenever you would deal ${amount('DamageThreshold')} or less unblocked attack damage, increase it to ${amount('DamageMinimum')}.`,
    hooks: {
      // Only a hit that gets past the Block: a fully blocked hit deals no unblocked damage to raise.
      unblockedAttackDamage: (_context, damage) =>
        damage <= amount('DamageThreshold') ? Math.max(damage, amount('DamageMinimum')) : damage,
    },
  }),
  HAND_DRILL: (amount) => ({
    text: `Whenever you break an enemy's Block, apply ${amount('Vulnerable')} Vulnerable to it.`,
    hooks: {
      onMonsterBlockBroken: (context, index) =>
        context.applyToMonster(index, 'VULNERABLE', amount('Vulnerable')),
    },
  }),
  RAZOR_TOOTH: () => ({
    text: 'Every time you play an Attack or Skill, Upgrade it for the rest of the combat.',
    hooks: {
      onCardPlayed: (context, play, type) =>
        (type === 'Attack' || type === 'Skill') && context.upgradeCard(play.card),
    },
  }),
  PHYLACTERY_UNBOUND: (amount) => ({
    text: `At the start of each combat, Summon ${amount('StartOfCombat') || PHYLACTERY_SUMMONS.combat}. At the start of your turn, Summon ${amount('StartOfTurn') || PHYLACTERY_SUMMONS.turn}.`,
    hooks: {
      atCombatStart: (context) => context.summon(amount('StartOfCombat') || PHYLACTERY_SUMMONS.combat),
      atTurnStart: (context) => context.summon(amount('StartOfTurn') || PHYLACTERY_SUMMONS.turn),
    },
  }),
  BYRDPIP: () => ({
    text: 'Upon pickup, your Byrdonis Egg hatches into Byrd Swoop (with no Egg, Byrd Swoop is added to your Deck).',
    hooks: {
      // The export's notes: the pickup turns every Byrdonis Egg into Byrd Swoop (hatching one gives the
      // relic). The Byrdpip in battle only animates Byrd Swoop's attack: it does nothing of its own.
      onPickup: (run) => {
        const eggs = run.deck.filter((card) => card.id === 'BYRDONIS_EGG');
        for (const egg of eggs) transformInto(run, egg, 'BYRD_SWOOP');
        if (eggs.length === 0) addCardsToDeck(run, 'BYRD_SWOOP', 1);
      },
    },
  }),
  WONGOS_MYSTERY_TICKET: (amount) => ({
    text: `After ${amount('RemainingCombats')} combats, receive ${amount('Repeat')} random Relics.`,
    hooks: {
      onCombatEnd: (context) => {
        const relic = relicState(context.run, 'WONGOS_MYSTERY_TICKET');
        if (relic === undefined || relic.used) return;
        relic.counter = Math.max(0, relic.counter) + 1;
        if (relic.counter < amount('RemainingCombats')) return;
        relic.used = true;
        for (let prize = 0; prize < amount('Repeat'); prize++)
          obtainRelic(
            context.run,
            runServices().rollRelic(context.run, runServices().rollRelicRarity(context.run)),
          );
      },
    },
  }),
  LASTING_CANDY: () => ({
    text: "Every other combat, your card reward holds an additional Power of your character's cards.",
    hooks: {
      onCombatRewards: (run, items) => {
        const relic = relicState(run, 'LASTING_CANDY');
        if (relic === undefined) return;
        relic.counter = relic.counter === 1 ? 0 : 1;
        const reward = items.find((item) => item.kind === 'cards');
        if (relic.counter !== 0 || reward?.kind !== 'cards') return;
        const powers = characterCards(
          run,
          ['Common', 'Uncommon', 'Rare'],
          (id) => runServices().getCard(id).type === 'Power' && !reward.cards.some((card) => card.id === id),
        );
        reward.cards.push(...randomNewCards(run, powers, 1));
      },
    },
  }),
  CIRCLET: () => ({ text: 'Does nothing.', hooks: {} }),
  FAKE_VENERABLE_TEA_SET: (amount) => ({
    text: `Whenever you enter a Rest Site, start the next combat with ${amount('Energy')} additional Energy.`,
    hooks: {
      onRoomEntered: (run, room) => room === 'rest' && setCounter(run, 'FAKE_VENERABLE_TEA_SET', 1),
      atTurnStart: (context, turn) => {
        if (turn === 1 && spendCharge(context.run, 'FAKE_VENERABLE_TEA_SET'))
          context.gainEnergy(amount('Energy'));
      },
    },
  }),
  MAW_BANK: (amount) => ({
    text: `Whenever you climb a floor, gain ${amount('Gold')} Gold. Stops for good once you spend Gold at a shop.`,
    hooks: {
      onRoomEntered: (run, room) => {
        const relic = relicState(run, 'MAW_BANK');
        if (relic === undefined || relic.used) return;
        // The counter holds the Gold held on entering the last shop: less now means some was spent there.
        if (relic.counter >= 0 && run.gold < relic.counter) {
          relic.used = true;
          return;
        }
        runServices().gainGold(run, amount('Gold'));
        relic.counter = room === 'shop' ? run.gold : -1;
      },
    },
  }),
  CHOSEN_CHEESE: (amount) => ({
    text: `At the end of combat, gain ${amount('MaxHp')} Max HP.`,
    hooks: { onCombatEnd: (context) => changeMaxHp(context.run, amount('MaxHp')) },
  }),
  DAUGHTER_OF_THE_WIND: (amount) => ({
    text: `Whenever you play an Attack, gain ${amount('Block')} Block.`,
    hooks: {
      onCardPlayed: (context, _play, type) => type === 'Attack' && context.gainBlock(amount('Block'), true),
    },
  }),
  FORGOTTEN_SOUL: (amount) => ({
    text: `Whenever you Exhaust a card, deal ${amount('Damage')} damage to a random enemy.`,
    hooks: {
      onExhaust: (context) =>
        context.damageMonster(context.randomMonsterIndex(), amount('Damage'), { ignoreVulnerable: true }),
    },
  }),
  LOST_WISP: (amount) => ({
    text: `Whenever you play a Power, deal ${amount('Damage')} damage to ALL enemies.`,
    hooks: {
      onCardPlayed: (context, _play, type) => type === 'Power' && context.damageAllMonsters(amount('Damage')),
    },
  }),
  MR_STRUGGLES: () => ({
    text: 'At the start of your turn, deal damage equal to the turn number to ALL enemies.',
    hooks: { atTurnStart: (context, turn) => context.damageAllMonsters(turn) },
  }),
  HISTORY_COURSE: () => ({
    text: 'At the start of your turn, play a copy of the last Attack or Skill you played in your previous turn.',
    hooks: {
      onCardPlayed: (context, play, type) => {
        const own = counters(context);
        if ((own.historyCourseCopying ?? 0) === 0 && (type === 'Attack' || type === 'Skill'))
          own.historyCourse = play.card.uid + 1;
      },
      atTurnStart: (context) => {
        const own = counters(context);
        const uid = (own.historyCourse ?? 0) - 1;
        own.historyCourse = 0;
        const card = uid < 0 ? undefined : findCombatCard(context, uid);
        if (card === undefined) return;
        own.historyCourseCopying = 1;
        playCopy(context, card);
        own.historyCourseCopying = 0;
      },
    },
  }),
  BONE_TEA: (amount) => ({
    text: `At the start of the next ${amount('Combats') || TEA_COMBATS.BONE_TEA} combat(s), Upgrade your starting hand.`,
    hooks: {
      onPickup: (run) => setCounter(run, 'BONE_TEA', amount('Combats') || (TEA_COMBATS.BONE_TEA ?? 1)),
      atTurnStart: (context, turn) => {
        if (turn !== 1 || !spendCharge(context.run, 'BONE_TEA')) return;
        for (const card of context.run.combat?.hand ?? []) context.upgradeCard(card);
      },
    },
  }),
  EMBER_TEA: (amount) => ({
    text: `At the start of the next ${amount('Combats') || TEA_COMBATS.EMBER_TEA} combats, gain ${amount('Strength')} Strength.`,
    hooks: {
      onPickup: (run) => setCounter(run, 'EMBER_TEA', amount('Combats') || (TEA_COMBATS.EMBER_TEA ?? 1)),
      atCombatStart: (context) => {
        if (spendCharge(context.run, 'EMBER_TEA')) context.applyToPlayer('STRENGTH', amount('Strength'));
      },
    },
  }),
  TEA_OF_DISCOURTESY: (amount) => ({
    text: `At the start of the next combat, shuffle ${amount('DazedCount')} Dazed into your Draw Pile.`,
    hooks: {
      onPickup: (run) => setCounter(run, 'TEA_OF_DISCOURTESY', TEA_COMBATS.TEA_OF_DISCOURTESY ?? 1),
      atCombatStart: (context) => {
        if (!spendCharge(context.run, 'TEA_OF_DISCOURTESY')) return;
        for (let copy = 0; copy < amount('DazedCount'); copy++) context.addCard('DAZED', 'drawRandom');
      },
    },
  }),
  SWORD_OF_STONE: (amount) => ({
    text: `After you defeat ${amount('Elites')} Elites, becomes Sword of Jade.`,
    hooks: {
      onCombatEnd: (context) => {
        if (context.run.combat?.kind !== 'elite') return;
        const relic = relicState(context.run, 'SWORD_OF_STONE');
        if (relic === undefined) return;
        relic.counter = Math.max(0, relic.counter) + 1;
        if (relic.counter < amount('Elites')) return;
        relic.id = 'SWORD_OF_JADE';
        relic.counter = -1;
      },
    },
  }),
  FAKE_ORICHALCUM: (amount) => ({
    text: `If you end your turn without Block, gain ${amount('Block')} Block.`,
    hooks: {
      atTurnEnd: (context) => {
        if (context.run.combat?.player.block === 0) context.gainBlock(amount('Block'), true);
      },
    },
  }),
  FAKE_HAPPY_FLOWER: (amount) => ({
    text: `Every ${amount('Turns')} turns of a combat, gain ${amount('Energy')} Energy.`,
    hooks: {
      atTurnStart: (context, turn) => turn % amount('Turns') === 0 && context.gainEnergy(amount('Energy')),
    },
  }),
  POLLINOUS_CORE: (amount) => ({
    text: `Every ${amount('Turns')} turns of a combat, draw ${amount('Cards')} additional cards.`,
    hooks: {
      atTurnStart: (context, turn) => turn % amount('Turns') === 0 && context.draw(amount('Cards')),
    },
  }),
  FAKE_SNECKO_EYE: () => ({
    text: 'Start each combat Confused (drawn cards cost 0 to 3 at random).',
    hooks: { atCombatStart: (context) => context.applyToPlayer('CONFUSED', 1) },
  }),
  RING_OF_THE_DRAKE: (amount) => ({
    text: `At the start of your first ${amount('Turns')} turns of each combat, draw ${amount('Cards')} additional cards.`,
    hooks: { atTurnStart: (context, turn) => turn <= amount('Turns') && context.draw(amount('Cards')) },
  }),
  SPARKLING_ROUGE: (amount) => ({
    text: `At the start of your 3rd turn, gain ${amount('Strength')} Strength and ${amount('Dexterity')} Dexterity.`,
    hooks: {
      atTurnStart: (context, turn) => {
        if (turn !== 3) return;
        context.applyToPlayer('STRENGTH', amount('Strength'));
        context.applyToPlayer('DEXTERITY', amount('Dexterity'));
      },
    },
  }),
  BIG_MUSHROOM: (amount) => ({
    text: `Upon pickup, raise your Max HP by ${amount('MaxHp')}. Draw ${amount('Cards')} fewer cards on the first turn of each combat.`,
    hooks: {
      onPickup: (run) => changeMaxHp(run, amount('MaxHp')),
      atCombatStart: (context) => {
        const powers = playerPowers(context);
        powers.DRAW_REDUCTION = (powers.DRAW_REDUCTION ?? 0) + amount('Cards');
      },
    },
  }),
  FRAGRANT_MUSHROOM: (amount) => ({
    // Its HP loss is taken by the Hungry for Mushrooms event, the relic's only source (it can kill there).
    text: `Upon pickup, lose ${amount('HpLoss')} HP and Upgrade ${amount('Cards')} random cards.`,
    hooks: { onPickup: (run) => upgradeRandomCards(run, amount('Cards')) },
  }),
  FAKE_LEES_WAFFLE: (amount) => ({
    text: `Upon pickup, heal ${amount('Heal')}% of your Max HP.`,
    hooks: {
      onPickup: (run) => {
        run.hp = Math.min(run.maxHp, run.hp + Math.floor((run.maxHp * amount('Heal')) / 100));
      },
    },
  }),
  FAKE_MERCHANTS_RUG: () => ({ text: 'Does nothing.', hooks: {} }),

  // The imitation's rule is Strike Dummy's, with its own (smaller) number.
  FAKE_STRIKE_DUMMY: strikeDummyRule,
  WONGO_CUSTOMER_APPRECIATION_BADGE: () => ({ text: 'Does nothing.', hooks: {} }),
  BING_BONG: () => ({
    text: 'Whenever you add a card to your Deck, add one additional copy.',
    hooks: {
      onCardAddedToDeck: (run, card) => {
        // The copy goes in directly, so it is not copied again.
        run.deck.push({ uid: run.counters.nextUid++, id: card.id, upgraded: card.upgraded });
      },
    },
  }),
  DARKSTONE_PERIAPT: (amount) => ({
    text: `Whenever you obtain a Curse, raise your Max HP by ${amount('MaxHp')}.`,
    hooks: {
      onCardAddedToDeck: (run, card) => {
        if (runServices().getCard(card.id).type === 'Curse') changeMaxHp(run, amount('MaxHp'));
      },
    },
  }),
  DREAM_CATCHER: () => ({
    text: 'Whenever you Rest, you may add a card to your Deck (a card reward follows the rest).',
    hooks: {
      onRest: (run) => {
        run.reward = {
          items: [{ kind: 'cards', cards: runServices().rollCardReward(run, 'monster') }],
          openCards: null,
          afterBoss: false,
        };
        run.screen = 'REWARD';
      },
    },
  }),

  // ---- Character relics -----------------------------------------------------------------------
  BRIMSTONE: (amount) => ({
    text: `At the start of your turn, gain ${amount('SelfStrength') || BRIMSTONE_STRENGTH.self} Strength and ALL enemies gain ${amount('EnemyStrength') || BRIMSTONE_STRENGTH.enemies} Strength.`,
    hooks: {
      atTurnStart: (context) => {
        context.applyToPlayer('STRENGTH', amount('SelfStrength') || BRIMSTONE_STRENGTH.self);
        context.applyToAllMonsters('STRENGTH', amount('EnemyStrength') || BRIMSTONE_STRENGTH.enemies);
      },
    },
  }),
  CHARONS_ASHES: (amount) => ({
    text: `Whenever you Exhaust a card, deal ${amount('Damage')} damage to ALL enemies.`,
    hooks: { onExhaust: (context) => context.damageAllMonsters(amount('Damage')) },
  }),
  DEMON_TONGUE: () => ({
    text: 'The first time you lose HP on your turn, heal that much HP (once per turn).',
    hooks: {
      onPlayerHpLoss: (context, lost) => {
        const combat = context.run.combat;
        if (combat === null || context.counter('monsterTurn') > 0) return;
        if ((combat.counters.demonTongueTurn ?? 0) === combat.turn) return;
        combat.counters.demonTongueTurn = combat.turn;
        context.heal(lost);
      },
    },
  }),
  PAPER_PHROG: () => ({
    text: 'Enemies with Vulnerable take 75% more damage from your Attacks rather than 50%.',
    hooks: {},
  }),
  RED_SKULL: (amount) => {
    // The Strength is granted or taken back whenever HP may have crossed the threshold.
    const check = (context: CombatContext): void => {
      const combat = context.run.combat;
      if (combat === null) return;
      const low = context.run.hp * 100 <= context.run.maxHp * amount('HpThreshold');
      const active = (combat.counters.redSkull ?? 0) > 0;
      if (low === active) return;
      combat.counters.redSkull = low ? 1 : 0;
      // Written directly: taking the bonus back is not a debuff for Artifact to block.
      addPower(context, 'STRENGTH', low ? amount('Strength') : -amount('Strength'));
    };
    return {
      text: `While your HP is at or below ${amount('HpThreshold')}%, you have ${amount('Strength')} additional Strength (checked at the start of combat and of each turn, after each card played and each HP loss).`,
      hooks: { atCombatStart: check, atTurnStart: check, onCardPlayed: check, onPlayerHpLoss: check },
    };
  },
  RUINED_HELMET: () => ({
    text: 'The first time you gain Strength each combat, double the amount gained.',
    hooks: {
      strengthGainBonus: (context, gained) => {
        const own = counters(context);
        if ((own.ruinedHelmet ?? 0) > 0) return 0;
        own.ruinedHelmet = 1;
        return gained;
      },
    },
  }),
  SELF_FORMING_CLAY: (amount) => ({
    text: `Whenever you lose HP in combat, gain ${amount('BlockNextTurn')} Block at the start of your next turn.`,
    hooks: {
      onPlayerHpLoss: (context) => {
        const powers = playerPowers(context);
        powers.NEXT_TURN_BLOCK = (powers.NEXT_TURN_BLOCK ?? 0) + amount('BlockNextTurn');
      },
    },
  }),
  HELICAL_DART: (amount) => ({
    text: `Whenever you play a Shiv, gain ${amount('Dexterity')} Dexterity this turn.`,
    hooks: {
      onCardPlayed: (context, play) => {
        if (play.card.id !== 'SHIV') return;
        context.applyToPlayer('DEXTERITY', amount('Dexterity'));
        addPower(context, 'LOSE_DEXTERITY', amount('Dexterity'));
      },
    },
  }),
  PAPER_KRANE: () => ({
    text: 'Enemies with Weak deal 40% less damage to you rather than 25%.',
    hooks: {},
  }),
  TINGSHA: (amount) => ({
    text: `Whenever you discard a card during your turn, deal ${amount('Damage')} damage to a random enemy.`,
    hooks: {
      onCardDiscarded: (context, discarded) => {
        if (context.counter('monsterTurn') > 0) return;
        for (let card = 0; card < discarded; card++)
          context.damageMonster(context.randomMonsterIndex(), amount('Damage'), { ignoreVulnerable: true });
      },
    },
  }),
  TOUGH_BANDAGES: (amount) => ({
    text: `Whenever you discard a card during your turn, gain ${amount('Block')} Block.`,
    hooks: {
      onCardDiscarded: (context, discarded) => {
        if (context.counter('monsterTurn') === 0) context.gainBlock(amount('Block') * discarded, true);
      },
    },
  }),
  GALACTIC_DUST: (amount) => ({
    text: `For every ${amount('Stars')} Stars spent, gain ${amount('Block')} Block (the count carries over between combats).`,
    hooks: {
      onStarsSpent: (context, spent) => {
        const relic = relicState(context.run, 'GALACTIC_DUST');
        if (relic === undefined) return;
        relic.counter = Math.max(0, relic.counter) + spent;
        while (relic.counter >= amount('Stars')) {
          relic.counter -= amount('Stars');
          context.gainBlock(amount('Block'), true);
        }
      },
    },
  }),
  LUNAR_PASTRY: (amount) => ({
    text: `At the end of your turn, gain ${amount('Stars')} Star(s).`,
    hooks: { atTurnEnd: (context) => context.gainStars(amount('Stars')) },
  }),
  MINI_REGENT: (amount) => ({
    text: `The first time you spend Stars each turn, gain ${amount('Strength')} Strength.`,
    hooks: {
      onStarsSpent: (context) => {
        const combat = context.run.combat;
        if (combat === null || (combat.counters.miniRegentTurn ?? 0) === combat.turn) return;
        combat.counters.miniRegentTurn = combat.turn;
        context.applyToPlayer('STRENGTH', amount('Strength'));
      },
    },
  }),
  ORANGE_DOUGH: (amount) => ({
    text: `At the start of each combat, add ${amount('Cards')} random Colorless cards into your Hand.`,
    hooks: {
      atCombatStart: (context) => {
        const pool = [...runServices().colorlessPool('Uncommon'), ...runServices().colorlessPool('Rare')];
        for (let card = 0; card < amount('Cards') && pool.length > 0; card++)
          context.addCard(pool[context.randomInt(0, pool.length - 1)] ?? '', 'hand');
      },
    },
  }),
  REGALITE: (amount) => ({
    // Cards enemies add to your piles (statuses, Hex's Dazed) are theirs: they give no Block.
    text: `Whenever you create a card, gain ${amount('Block')} Block.`,
    hooks: { onCardCreated: (context) => context.gainBlock(amount('Block'), true) },
  }),
  BIG_HAT: (amount) => ({
    text: `At the start of each combat, add ${amount('Cards')} random Ethereal cards of your character into your Hand.`,
    hooks: {
      atCombatStart: (context) => {
        const ethereal = characterCards(context.run, ['Common', 'Uncommon', 'Rare'], (id) => {
          const value = runServices().getCard(id).ethereal;
          return value === true || (Array.isArray(value) && value[0] === true);
        });
        for (let card = 0; card < amount('Cards') && ethereal.length > 0; card++)
          context.addCard(ethereal[context.randomInt(0, ethereal.length - 1)] ?? '', 'hand');
      },
    },
  }),
  BONE_FLUTE: (amount) => ({
    text: `Whenever Osty attacks, gain ${amount('Block')} Block.`,
    hooks: { onSummonAttack: (context) => context.gainBlock(amount('Block'), true) },
  }),
  BOOK_REPAIR_KNIFE: (amount) => ({
    text: `Whenever an enemy that is not a Minion dies to Doom, heal ${amount('Heal')} HP.`,
    hooks: { onDoomKill: (context) => context.heal(amount('Heal')) },
  }),
  POWER_CELL: (amount) => ({
    text: `At the start of each combat, add ${amount('Cards')} random zero-cost cards from your Draw Pile into your Hand.`,
    hooks: {
      atCombatStart: (context) => {
        const combat = context.run.combat;
        if (combat === null) return;
        const zeroCost = combat.drawPile.filter((card) => combatCostOf(card) === 0);
        for (let moved = 0; moved < amount('Cards') && zeroCost.length > 0; moved++) {
          const [card] = zeroCost.splice(context.randomInt(0, zeroCost.length - 1), 1);
          if (card === undefined) continue;
          combat.drawPile.splice(combat.drawPile.indexOf(card), 1);
          combat.hand.push(card);
        }
      },
    },
  }),
  BOOKMARK: () => ({
    text: 'At the end of each turn, lower the cost of a random Retained card by 1 until it is played.',
    hooks: {
      // Any Retained card may be picked, as the text says (one costing 0 or X stays as it is).
      onCardsRetained: (context, cards) => {
        const card = cards[context.randomInt(0, cards.length - 1)];
        const cost = card === undefined ? -1 : combatCostOf(card);
        if (card === undefined || cost <= 0) return;
        const key = bookmarkKey(card.uid);
        const combatCounters = counters(context);
        // The cost it goes back to once played: its combat cost before the first lowering (+1; 0 is none).
        if (combatCounters[key] === undefined) combatCounters[key] = (card.combatCost ?? -1) + 1;
        card.combatCost = cost - 1;
      },
      onCardPlayed: (context, play) => {
        const combatCounters = counters(context);
        const saved = combatCounters[bookmarkKey(play.card.uid)];
        if (saved === undefined) return;
        play.card.combatCost = saved === 0 ? null : saved - 1;
        delete combatCounters[bookmarkKey(play.card.uid)];
      },
    },
  }),
  IVORY_TILE: (amount) => ({
    text: `Whenever you play a card that costs ${IVORY_TILE_THRESHOLD} or more Energy, gain ${amount('Energy')} Energy.`,
    hooks: {
      // The cost the card had when played, with every change of the turn or combat: the Energy paid for
      // it (a card played for free costs 0 then). An X-cost card has no number to cost, so it never counts.
      onCardPlayed: (context, play) => {
        const definition = runServices().getCard(play.card.id);
        const base =
          typeof definition.cost === 'number' ? definition.cost : definition.cost[play.upgraded ? 1 : 0];
        if (base >= 0 && context.energySpent >= IVORY_TILE_THRESHOLD) context.gainEnergy(amount('Energy'));
      },
    },
  }),
  UNDYING_SIGIL: () => ({
    text: 'Enemies with at least as much Doom as HP deal 50% less damage.',
    hooks: {},
  }),
};
