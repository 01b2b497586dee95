// StS2 cards: every card of the facts table as a CardDefinition. Numbers, costs, types, rarities and
// keywords are the game's (version in facts.ts); the behaviour is the structured effects, plus the
// hand-written rules below for cards whose effects are mechanics (Sovereign Blade, Shivs). A card
// whose game text has parts the simulator does not model says so in its text.
import type {
  CardColor,
  CardDefinition,
  CardPlay,
  CardRarity,
  CardTarget,
  CardType,
  CombatContext,
} from '../../engine/definitions.js';
import type { CombatCard } from '../../engine/run-state.js';
import { STS2_CARD_FACTS } from './data/sts2-card-facts.js';
import type { Sts2CardFacts } from './facts.js';
import { STS2_CARD_RULES as HAND_RULES } from './sts2-card-rules.js';
import { STS2_CHARACTER_CARD_RULES } from './sts2-character-card-rules.js';
import { STS2_CHOICE_CARD_RULES } from './sts2-choice-card-rules.js';
import { STS2_COLORLESS_CARD_RULES } from './sts2-colorless-card-rules.js';
import { describeEffects, type EffectOptions, resolverOf, runEffects } from './sts2-effects.js';
import { enchantedBlock, enchantedDamage, enchantPlayedKey } from './sts2-enchantments.js';
import { MAD_SCIENCE_FACTS } from './sts2-mad-science.js';
import { MAD_SCIENCE_RULES } from './sts2-mad-science-rules.js';
import { STS2_MULTIPLAYER_CARD_RULES } from './sts2-multiplayer-card-rules.js';
import { STS2_POWER_CARD_RULES } from './sts2-power-card-rules.js';
import { STS2_QUEST_CARD_RULES } from './sts2-quest-card-rules.js';
import { STS2_SCALING_CARD_RULES } from './sts2-scaling-card-rules.js';
import { STS2_STATUS_CARD_RULES } from './sts2-status-card-rules.js';

// The hand-written rules, one file per kind of card.
const STS2_CARD_RULES = {
  ...HAND_RULES,
  ...STS2_SCALING_CARD_RULES,
  ...STS2_POWER_CARD_RULES,
  ...STS2_CHOICE_CARD_RULES,
  ...STS2_MULTIPLAYER_CARD_RULES,
  ...STS2_STATUS_CARD_RULES,
  ...STS2_COLORLESS_CARD_RULES,
  ...STS2_CHARACTER_CARD_RULES,
  ...MAD_SCIENCE_RULES,
  ...STS2_QUEST_CARD_RULES,
};

const COLORS: Readonly<Record<string, CardColor>> = {
  Ironclad: 'IRONCLAD',
  Silent: 'SILENT',
  Regent: 'REGENT',
  Necrobinder: 'NECROBINDER',
  Defect: 'DEFECT',
  Status: 'STATUS',
  Curse: 'CURSE',
};

const RARITIES: Readonly<Record<string, CardRarity>> = {
  Basic: 'Basic',
  Common: 'Common',
  Uncommon: 'Uncommon',
  Rare: 'Rare',
  Curse: 'Curse',
};

const TARGETS: Readonly<Record<string, CardTarget>> = {
  AnyEnemy: 'AnyEnemy',
  AllEnemies: 'AllEnemies',
  RandomEnemy: 'RandomEnemy',
  Self: 'Self',
  None: 'None',
  AnyAlly: 'Self',
  AllAllies: 'Self',
};

/** Upgraded costs the real states show where the export gives none. */
const UPGRADED_COSTS: Readonly<Record<string, number>> = {
  SHADOWMELD: 0,
  // The export's own card file (cards/BansheesCry.json) gives its upgraded cost; cards.json does not.
  BANSHEES_CRY: 7,
};

/** Sovereign Blade: its Forge bonus is the card's `bonus`; Seeking Edge makes it hit everyone. */
function playSovereignBlade(context: CombatContext, play: CardPlay): void {
  const hits = 1 + context.playerPower('SWORD_SAGE');
  if (context.playerPower('SEEKING_EDGE') > 0) {
    context.attack('all', play.damage, hits);
    return;
  }
  const monster = context.run.combat?.monsters[play.target];
  const doubled = monster !== undefined && (monster.powers.CONQUEROR ?? 0) > 0;
  context.attack(play.target, doubled ? play.damage * 2 : play.damage, hits);
}

/** A Shiv's Accuracy, and Phantom Blades on the turn's first Shiv (its `ownDamageBonus`). */
function shivDamageBonus(context: CombatContext): number {
  let bonus = context.playerPower('ACCURACY');
  if (context.playerPower('PHANTOM_BLADES') > 0 && context.counter('shivsThisTurn') === 0)
    bonus += context.playerPower('PHANTOM_BLADES');
  return bonus;
}

function playShiv(context: CombatContext, play: CardPlay): void {
  const damage = play.damage + shivDamageBonus(context);
  const combat = context.run.combat;
  if (combat !== null) combat.counters.shivsThisTurn = (combat.counters.shivsThisTurn ?? 0) + 1;
  context.attack(context.playerPower('FAN_OF_KNIVES') > 0 ? 'all' : play.target, damage, 1);
}

/** What an Osty Attack without a rule of its own adds to its damage: nothing (Osty still deals it). */
const nothingMore: NonNullable<CardDefinition['summonDamage']> = () => 0;

/** The effect options of an enchanted card: its damage and Block numbers go through the enchantment. */
function enchantedOptions(context: CombatContext, card: CombatCard, options: EffectOptions): EffectOptions {
  const first = context.counter(enchantPlayedKey(card.uid)) === 0;
  return {
    ...options,
    damageOf: (amount) => enchantedDamage(card, amount, first),
    blockOf: (amount) => enchantedBlock(card, amount),
  };
}

const HAND_WRITTEN: Readonly<Record<string, (context: CombatContext, play: CardPlay) => void>> = {
  SOVEREIGN_BLADE: playSovereignBlade,
  SHIV: playShiv,
};

/** The card's keywords, without the Unplayable the export's cards.json gives cards that are played (`playable`). */
function keywordsOf(facts: Sts2CardFacts): readonly string[] {
  return STS2_CARD_RULES[facts.id]?.playable === true
    ? facts.keywords.filter((keyword) => keyword !== 'Unplayable')
    : facts.keywords;
}

function keywordFlag(facts: Sts2CardFacts, keyword: string): readonly [boolean, boolean] {
  const base = keywordsOf(facts).includes(keyword);
  const change = facts.upgradeKeywords[keyword];
  // The export writes the changes as `add_keyword` and `remove_keyword`.
  const upgraded =
    change === 'add' || change === 'add_keyword'
      ? true
      : change === 'remove' || change === 'remove_keyword'
        ? false
        : base;
  return [base, upgraded];
}

function pair(value: readonly [number, number] | undefined): readonly [number, number] | undefined {
  return value === undefined ? undefined : [value[0], value[1]];
}

const NAMES = new Map<string, string>(STS2_CARD_FACTS.map((facts) => [facts.id, facts.name]));
NAMES.set('MAD_SCIENCE', 'Mad Science');

/** The simulator's rules text of a StS2 card (`!D!` stands for the damage so Forge shows). */
function textOf(facts: Sts2CardFacts, upgraded: boolean): string {
  const resolve = resolverOf(facts.vars, upgraded);
  const rule = STS2_CARD_RULES[facts.id];
  let text =
    rule === undefined
      ? describeEffects(facts.effects, resolve, (id) => NAMES.get(id) ?? id)
      : typeof rule.text === 'string'
        ? rule.text
        : rule.text[upgraded ? 1 : 0];
  const damage = facts.vars.Damage;
  if (damage !== undefined)
    text = text.replace(`Deal ${upgraded ? damage[1] : damage[0]} damage`, 'Deal !D! damage');
  if (HAND_WRITTEN[facts.id] !== undefined && text === '') text = 'Deal !D! damage.';
  const words: string[] = [];
  if (facts.starCost > 0) words.push(`Costs ${facts.starCost} Stars.`);
  if (text !== '') words.push(text);
  const flags = ['Ethereal', 'Innate', 'Retain', 'Exhaust', 'Unplayable', 'Eternal', 'Sly'].filter(
    (keyword) => keywordFlag(facts, keyword)[upgraded ? 1 : 0],
  );
  if (flags.length > 0) words.push(`${flags.join('. ')}.`);
  if (rule?.unsimulated !== undefined) words.push(`(${rule.unsimulated})`);
  else if (!isFullyModelledSts2Card(facts)) {
    words.push(
      `(${facts.unmodelled === 1 ? 'One more effect' : `${facts.unmodelled} more effects`} of the real card ${facts.unmodelled === 1 ? 'is' : 'are'} not simulated.)`,
    );
  }
  return words.join(' ');
}

/** Whether every part of a card's game text is modelled by the simulator. */
export function isFullyModelledSts2Card(facts: Sts2CardFacts): boolean {
  const rule = STS2_CARD_RULES[facts.id];
  if (rule?.unsimulated !== undefined) return false;
  return facts.unmodelled === 0 || HAND_WRITTEN[facts.id] !== undefined || rule !== undefined;
}

function definitionOf(facts: Sts2CardFacts): CardDefinition {
  const type = (
    ['Attack', 'Skill', 'Power', 'Status', 'Curse'].includes(facts.type) ? facts.type : 'Skill'
  ) as CardType;
  const rule = STS2_CARD_RULES[facts.id];
  const unplayable = keywordsOf(facts).includes('Unplayable');
  const cost = unplayable ? -2 : facts.cost;
  const upgradedCost = unplayable ? -2 : (UPGRADED_COSTS[facts.id] ?? cost);
  // An Osty Attack's OstyDamage is its damage (the export's own card files type it Damage): the
  // play, an enchantment (Sharp) and the view read it as they read any card's damage.
  const ostyDamage = facts.vars.Damage === undefined ? facts.vars.OstyDamage : undefined;
  const damage = rule?.damage ?? pair(facts.vars.Damage ?? ostyDamage);
  const block = rule?.block ?? pair(facts.vars.Block);
  const magicName = Object.keys(facts.vars).find(
    (name) => name !== 'Damage' && name !== 'Block' && (ostyDamage === undefined || name !== 'OstyDamage'),
  );
  const magic = rule?.magic ?? (magicName === undefined ? undefined : pair(facts.vars[magicName]));
  const repeat = facts.vars.Repeat;
  const handWritten = HAND_WRITTEN[facts.id] ?? rule?.play;
  const definition: CardDefinition = {
    id: facts.id,
    name: facts.name,
    color: COLORS[facts.character] ?? 'COLORLESS',
    type,
    rarity: RARITIES[facts.rarity] ?? 'Special',
    cost: [cost, upgradedCost],
    ...(facts.starCost > 0 ? { starCost: facts.starCost } : {}),
    target: TARGETS[facts.target] ?? 'None',
    ...(damage !== undefined ? { damage } : {}),
    ...(block !== undefined ? { block } : {}),
    ...(magic !== undefined ? { magic } : {}),
    ...(repeat !== undefined ? { hits: [repeat[0], repeat[1]] as const } : {}),
    exhaust: keywordFlag(facts, 'Exhaust'),
    ethereal: keywordFlag(facts, 'Ethereal'),
    innate: keywordFlag(facts, 'Innate'),
    retain: keywordFlag(facts, 'Retain'),
    sly: keywordFlag(facts, 'Sly'),
    eternal: keywordFlag(facts, 'Eternal'),
    text: textOf(facts, false),
    upgradedText: textOf(facts, true),
    ...(rule?.onSelect !== undefined ? { onSelect: rule.onSelect } : {}),
    ...(rule?.unplayableReason !== undefined ? { unplayableReason: rule.unplayableReason } : {}),
    ...(rule?.dynamicCost !== undefined ? { dynamicCost: rule.dynamicCost } : {}),
    ...(rule?.summonDamage !== undefined
      ? { summonDamage: rule.summonDamage }
      : ostyDamage !== undefined
        ? { summonDamage: nothingMore }
        : {}),
    ...(facts.id === 'SHIV' ? { ownDamageBonus: shivDamageBonus } : {}),
    ...(rule?.whileInHand !== undefined ? { whileInHand: rule.whileInHand } : {}),
    ...(rule?.restOption !== undefined ? { restOption: rule.restOption } : {}),
    ...(rule?.atActStart !== undefined ? { atActStart: rule.atActStart } : {}),
    ...(rule?.leavesDeckAfterCombats !== undefined
      ? { leavesDeckAfterCombats: rule.leavesDeckAfterCombats }
      : {}),
    ...(rule?.endOfTurnInHand !== undefined ? { endOfTurnInHand: rule.endOfTurnInHand } : {}),
    ...(rule?.onDraw !== undefined ? { onDraw: rule.onDraw } : {}),
    ...(rule?.afterPlay !== undefined ? { afterPlay: rule.afterPlay } : {}),
    ...(rule?.onCreatureDeath !== undefined ? { onCreatureDeath: rule.onCreatureDeath } : {}),
    ...(rule?.onOtherCardPlayed !== undefined ? { onOtherCardPlayed: rule.onOtherCardPlayed } : {}),
    ...(rule?.playedFromDrawTopAtTurnEnd === true ? { playedFromDrawTopAtTurnEnd: true } : {}),
    play:
      handWritten ??
      ((context, play) => {
        const card = play.card;
        const options: EffectOptions = {
          target: play.target,
          xValue: context.xValue,
          bonusDamage: card.bonus,
          cardId: facts.id,
          upgraded: play.upgraded,
        };
        runEffects(
          context,
          facts.effects,
          resolverOf(facts.vars, play.upgraded),
          card.enchantment === undefined ? options : enchantedOptions(context, card, options),
        );
      }),
  };
  return definition;
}

/** Every StS2 card's facts: the export's cards.json and the Mad Science cards (its own page). */
export const ALL_STS2_CARD_FACTS: readonly Sts2CardFacts[] = [...STS2_CARD_FACTS, ...MAD_SCIENCE_FACTS];

export function buildSts2Cards(): CardDefinition[] {
  return ALL_STS2_CARD_FACTS.map(definitionOf);
}
