// Runs and describes the structured effects of StS2 cards, relics and potions (see facts.ts). The
// text is the simulator's own, written from the effects; what the effects do not cover is named as
// not simulated, never guessed.
import type { AttackTarget, CombatContext } from '../../engine/definitions.js';
import type { Sts2Effect } from './facts.js';
import { sts2PowerName } from './sts2-powers.js';

/** Resolves an effect amount (a variable name or a number) for a card or relic. */
export type AmountResolver = (amount: string | number | boolean | undefined) => number;

export function resolverOf(
  vars: Readonly<Record<string, readonly [number, number]>>,
  upgraded: boolean,
): AmountResolver {
  return (amount) => {
    if (typeof amount === 'number') return amount;
    if (typeof amount !== 'string') return 0;
    const value = vars[amount] ?? vars[`${amount}Power`] ?? vars[amount.replace(/Power$/, '')];
    if (value === undefined) return 0;
    return upgraded ? value[1] : value[0];
  };
}

function targetOf(where: unknown, target: number): AttackTarget {
  if (where === 'all') return 'all';
  if (where === 'random') return 'random';
  return target;
}

export interface EffectOptions {
  readonly target: number;
  /** Energy spent on an X-cost card. */
  readonly xValue: number;
  /** Extra damage per hit (Sovereign Blade's Forge). */
  readonly bonusDamage: number;
  /** The card's damage number with its enchantment (Sharp, Instinct...), when it has one. */
  readonly damageOf?: (amount: number) => number;
  /** The card's Block number with its enchantment (Nimble, Goopy), when it has one. */
  readonly blockOf?: (amount: number) => number;
  /** The card id, for effects that copy the card. */
  readonly cardId: string;
  readonly upgraded: boolean;
}

/** Applies effects in order; stops when the combat ends. */
export function runEffects(
  context: CombatContext,
  effects: readonly Sts2Effect[],
  amountOf: AmountResolver,
  options: EffectOptions,
): void {
  for (const effect of effects) {
    if (context.run.combat?.over === true) return;
    const amount = amountOf(effect.amount);
    switch (effect.kind) {
      case 'damage': {
        const hits = effect.hits === 'X' ? options.xValue : amountOf(effect.hits);
        const damage = amount + options.bonusDamage;
        context.attack(
          targetOf(effect.target, options.target),
          options.damageOf === undefined ? damage : options.damageOf(damage),
          hits,
        );
        break;
      }
      case 'block':
        context.gainBlock(options.blockOf === undefined ? amount : options.blockOf(amount));
        break;
      case 'draw':
        context.draw(amount);
        break;
      case 'energy':
        context.gainEnergy(amount);
        break;
      case 'nextTurnEnergy':
        context.applyToPlayer('NEXT_TURN_ENERGY', amount);
        break;
      case 'stars':
        context.gainStars(amount);
        break;
      case 'loseHp':
        context.loseHp(amount);
        break;
      case 'heal':
        context.heal(amount);
        break;
      case 'forge':
        context.forge(amount);
        break;
      case 'summon':
        context.summon(amount);
        break;
      case 'osty': {
        // The card's damage number: its bonus (Momentum) and enchantment (Sharp) add to it as to a
        // card the player deals.
        const damage = amount + options.bonusDamage;
        context.summonAttack(
          effect.target === 'all' ? 'all' : options.target,
          options.damageOf === undefined ? damage : options.damageOf(damage),
        );
        break;
      }
      case 'gold':
        context.gainGold(amount);
        break;
      case 'maxHp':
        context.run.maxHp += amount;
        context.heal(amount);
        break;
      case 'multiplyBlock': {
        const combat = context.run.combat;
        if (combat !== null) combat.player.block *= amount;
        break;
      }
      case 'copySelf':
        context.addCard(options.cardId, 'discard', options.upgraded);
        break;
      case 'addCard': {
        const pile = effect.pile === 'hand' ? 'hand' : effect.pile === 'discard' ? 'discard' : 'drawRandom';
        for (let copy = 0; copy < amount; copy++) context.addCard(String(effect.card), pile);
        break;
      }
      case 'power':
        applyPower(context, effect, effect.negative === true ? -amount : amount, options.target);
        break;
      default:
        break;
    }
  }
}

function applyPower(context: CombatContext, effect: Sts2Effect, amount: number, target: number): void {
  const power = String(effect.power);
  const temporary = effect.thisTurn === true;
  if (effect.to === 'self' || effect.to === 'player') {
    context.applyToPlayer(power, amount);
    if (temporary && power === 'STRENGTH') context.applyToPlayer('LOSE_STRENGTH', amount);
    if (temporary && power === 'DEXTERITY') context.applyToPlayer('LOSE_DEXTERITY', amount);
    return;
  }
  const indices =
    effect.to === 'all'
      ? context.livingMonsters().map((monster) => context.monsterIndex(monster))
      : [effect.to === 'random' ? context.randomMonsterIndex() : target];
  for (const index of indices) {
    if (index < 0) continue;
    context.applyToMonster(index, power, amount);
    // "Loses N Strength this turn": the loss comes back at the end of the round (Shackled).
    if (temporary && power === 'STRENGTH' && amount < 0) context.applyToMonster(index, 'SHACKLED', -amount);
  }
}

function plural(count: number, word: string): string {
  return count === 1 ? `${count} ${word}` : `${count} ${word}s`;
}

function where(target: unknown): string {
  if (target === 'all') return ' to ALL enemies';
  if (target === 'random') return ' to a random enemy';
  return '';
}

/** The simulator's text for a list of effects. */
export function describeEffects(
  effects: readonly Sts2Effect[],
  amountOf: AmountResolver,
  cardName: (id: string) => string,
): string {
  const parts: string[] = [];
  for (const effect of effects) {
    const amount = amountOf(effect.amount);
    switch (effect.kind) {
      case 'damage': {
        const hits =
          effect.hits === 'X'
            ? ' X times'
            : amountOf(effect.hits) > 1
              ? ` ${amountOf(effect.hits)} times`
              : '';
        parts.push(`Deal ${amount} damage${where(effect.target)}${hits}.`);
        break;
      }
      case 'block':
        parts.push(`Gain ${amount} Block.`);
        break;
      case 'draw':
        parts.push(`Draw ${plural(amount, 'card')}.`);
        break;
      case 'energy':
        parts.push(`Gain ${amount} Energy.`);
        break;
      case 'nextTurnEnergy':
        parts.push(`Next turn, gain ${amount} Energy.`);
        break;
      case 'stars':
        parts.push(`Gain ${plural(amount, 'Star')}.`);
        break;
      case 'loseHp':
        parts.push(`Lose ${amount} HP.`);
        break;
      case 'heal':
        parts.push(`Heal ${amount} HP.`);
        break;
      case 'forge':
        parts.push(
          `Forge ${amount} (Sovereign Blade deals ${amount} more damage; creates it if you have none).`,
        );
        break;
      case 'summon':
        parts.push(`Summon ${amount} (Osty gains ${amount} max HP and HP).`);
        break;
      case 'osty':
        parts.push(`Osty deals ${amount} damage${where(effect.target)}.`);
        break;
      case 'gold':
        parts.push(`Gain ${amount} Gold.`);
        break;
      case 'maxHp':
        parts.push(`Raise your Max HP by ${amount}.`);
        break;
      case 'multiplyBlock':
        parts.push(`Multiply your Block by ${amount}.`);
        break;
      case 'copySelf':
        parts.push('Add a copy of this card into your Discard Pile.');
        break;
      case 'addCard': {
        const pile =
          effect.pile === 'hand' ? 'Hand' : effect.pile === 'discard' ? 'Discard Pile' : 'Draw Pile';
        parts.push(`Add ${amount} ${cardName(String(effect.card))} into your ${pile}.`);
        break;
      }
      case 'power': {
        const name = sts2PowerName(String(effect.power));
        const turn = effect.thisTurn === true ? ' this turn' : '';
        if (effect.negative === true) {
          parts.push(
            `${effect.to === 'all' ? 'ALL enemies lose' : 'The enemy loses'} ${amount} ${name}${turn}.`,
          );
        } else if (effect.to === 'self' || effect.to === 'player') {
          parts.push(`Gain ${amount} ${name}${turn}.`);
        } else {
          parts.push(`Apply ${amount} ${name}${effect.to === 'all' ? ' to ALL enemies' : ''}.`);
        }
        break;
      }
      default:
        break;
    }
  }
  return parts.join(' ');
}
