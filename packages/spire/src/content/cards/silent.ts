// The Silent's cards: starter deck plus commons, uncommons and rares with the original numbers.
import type { CardDefinition, CombatContext } from '../../engine/definitions.js';
import { POTIONS } from '../potions.js';
import { card, isAttack, isSkill, loseStrengthThisTurn } from './card.js';

const C = 'SILENT' as const;

function addShivs(x: CombatContext, count: number): void {
  for (let copy = 0; copy < count; copy++) x.addCard('SHIV', 'hand');
}

const discardOne =
  (prompt = 'Choose a card to discard.') =>
  (x: CombatContext, count = 1) =>
    x.requestSelection({ source: 'hand', count, prompt });

export const SILENT_CARDS: readonly CardDefinition[] = [
  card({
    id: 'STRIKE_SILENT',
    name: 'Strike',
    color: C,
    type: 'Attack',
    rarity: 'Basic',
    cost: 1,
    target: 'AnyEnemy',
    damage: [6, 9],
    text: 'Deal !D! damage.',
    play: (x, c) => void x.attack(c.target, c.damage),
  }),
  card({
    id: 'DEFEND_SILENT',
    name: 'Defend',
    color: C,
    type: 'Skill',
    rarity: 'Basic',
    cost: 1,
    target: 'Self',
    block: [5, 8],
    text: 'Gain !B! Block.',
    play: (x, c) => x.gainBlock(c.block),
  }),
  card({
    id: 'NEUTRALIZE',
    name: 'Neutralize',
    color: C,
    type: 'Attack',
    rarity: 'Basic',
    cost: 0,
    target: 'AnyEnemy',
    damage: [3, 4],
    magic: [1, 2],
    text: 'Deal !D! damage. Apply !M! Weak.',
    play: (x, c) => {
      x.attack(c.target, c.damage);
      x.applyToMonster(c.target, 'WEAK', c.magic);
    },
  }),
  card({
    id: 'SURVIVOR',
    name: 'Survivor',
    color: C,
    type: 'Skill',
    rarity: 'Basic',
    cost: 1,
    target: 'Self',
    block: [8, 11],
    text: 'Gain !B! Block. Discard a card.',
    play: (x, c) => {
      x.gainBlock(c.block);
      discardOne()(x);
    },
    onSelect: (x, chosen) => {
      for (const other of chosen) x.discardCard(other);
    },
  }),
  // Commons
  card({
    id: 'ACROBATICS',
    name: 'Acrobatics',
    color: C,
    type: 'Skill',
    rarity: 'Common',
    cost: 1,
    target: 'Self',
    magic: [3, 4],
    text: 'Draw !M! cards. Discard 1 card.',
    play: (x, c) => {
      x.draw(c.magic);
      discardOne()(x);
    },
    onSelect: (x, chosen) => {
      for (const other of chosen) x.discardCard(other);
    },
  }),
  card({
    id: 'BACKFLIP',
    name: 'Backflip',
    color: C,
    type: 'Skill',
    rarity: 'Common',
    cost: 1,
    target: 'Self',
    block: [5, 8],
    text: 'Gain !B! Block. Draw 2 cards.',
    play: (x, c) => {
      x.gainBlock(c.block);
      x.draw(2);
    },
  }),
  card({
    id: 'BANE',
    name: 'Bane',
    color: C,
    type: 'Attack',
    rarity: 'Common',
    cost: 1,
    target: 'AnyEnemy',
    damage: [7, 10],
    text: 'Deal !D! damage. If the enemy is Poisoned, deal !D! damage again.',
    play: (x, c) => {
      x.attack(c.target, c.damage);
      if ((x.run.combat?.monsters[c.target]?.powers.POISON ?? 0) > 0) x.attack(c.target, c.damage);
    },
  }),
  card({
    id: 'BLADE_DANCE',
    name: 'Blade Dance',
    color: C,
    type: 'Skill',
    rarity: 'Common',
    cost: 1,
    target: 'Self',
    magic: [3, 4],
    text: 'Add !M! Shivs into your hand.',
    play: (x, c) => addShivs(x, c.magic),
  }),
  card({
    id: 'CLOAK_AND_DAGGER',
    name: 'Cloak and Dagger',
    color: C,
    type: 'Skill',
    rarity: 'Common',
    cost: 1,
    target: 'Self',
    block: [6, 6],
    magic: [1, 2],
    text: 'Gain !B! Block. Add !M! Shiv(s) into your hand.',
    play: (x, c) => {
      x.gainBlock(c.block);
      addShivs(x, c.magic);
    },
  }),
  card({
    id: 'DAGGER_SPRAY',
    name: 'Dagger Spray',
    color: C,
    type: 'Attack',
    rarity: 'Common',
    cost: 1,
    target: 'AllEnemies',
    damage: [4, 6],
    hits: [2, 2],
    text: 'Deal !D! damage to ALL enemies twice.',
    play: (x, c) => void x.attack('all', c.damage, 2),
  }),
  card({
    id: 'DAGGER_THROW',
    name: 'Dagger Throw',
    color: C,
    type: 'Attack',
    rarity: 'Common',
    cost: 1,
    target: 'AnyEnemy',
    damage: [9, 12],
    text: 'Deal !D! damage. Draw 1 card. Discard 1 card.',
    play: (x, c) => {
      x.attack(c.target, c.damage);
      x.draw(1);
      discardOne()(x);
    },
    onSelect: (x, chosen) => {
      for (const other of chosen) x.discardCard(other);
    },
  }),
  card({
    id: 'DEADLY_POISON',
    name: 'Deadly Poison',
    color: C,
    type: 'Skill',
    rarity: 'Common',
    cost: 1,
    target: 'AnyEnemy',
    magic: [5, 7],
    text: 'Apply !M! Poison.',
    play: (x, c) => x.applyToMonster(c.target, 'POISON', c.magic),
  }),
  card({
    id: 'DEFLECT',
    name: 'Deflect',
    color: C,
    type: 'Skill',
    rarity: 'Common',
    cost: 0,
    target: 'Self',
    block: [4, 7],
    text: 'Gain !B! Block.',
    play: (x, c) => x.gainBlock(c.block),
  }),
  card({
    id: 'DODGE_AND_ROLL',
    name: 'Dodge and Roll',
    color: C,
    type: 'Skill',
    rarity: 'Common',
    cost: 1,
    target: 'Self',
    block: [4, 6],
    text: 'Gain !B! Block. Next turn, gain !B! Block.',
    play: (x, c) => {
      x.gainBlock(c.block);
      const before = x.run.combat?.player.block ?? 0;
      x.gainBlock(c.block);
      const gained = (x.run.combat?.player.block ?? 0) - before;
      if (x.run.combat !== null) x.run.combat.player.block = before;
      x.applyToPlayer('NEXT_TURN_BLOCK', gained);
    },
  }),
  card({
    id: 'FLYING_KNEE',
    name: 'Flying Knee',
    color: C,
    type: 'Attack',
    rarity: 'Common',
    cost: 1,
    target: 'AnyEnemy',
    damage: [8, 11],
    text: 'Deal !D! damage. Next turn, gain 1 Energy.',
    play: (x, c) => {
      x.attack(c.target, c.damage);
      x.applyToPlayer('NEXT_TURN_ENERGY', 1);
    },
  }),
  card({
    id: 'OUTMANEUVER',
    name: 'Outmaneuver',
    color: C,
    type: 'Skill',
    rarity: 'Common',
    cost: 1,
    target: 'Self',
    magic: [2, 3],
    text: 'Next turn, gain !M! Energy.',
    play: (x, c) => x.applyToPlayer('NEXT_TURN_ENERGY', c.magic),
  }),
  card({
    id: 'PIERCING_WAIL',
    name: 'Piercing Wail',
    color: C,
    type: 'Skill',
    rarity: 'Common',
    cost: 1,
    target: 'AllEnemies',
    magic: [6, 8],
    exhaust: true,
    text: 'ALL enemies lose !M! Strength this turn. Exhaust.',
    play: (x, c) => {
      for (const monster of x.livingMonsters()) loseStrengthThisTurn(x, x.monsterIndex(monster), c.magic);
    },
  }),
  card({
    id: 'POISONED_STAB',
    name: 'Poisoned Stab',
    color: C,
    type: 'Attack',
    rarity: 'Common',
    cost: 1,
    target: 'AnyEnemy',
    damage: [6, 8],
    magic: [3, 4],
    text: 'Deal !D! damage. Apply !M! Poison.',
    play: (x, c) => {
      x.attack(c.target, c.damage);
      x.applyToMonster(c.target, 'POISON', c.magic);
    },
  }),
  card({
    id: 'PREPARED',
    name: 'Prepared',
    color: C,
    type: 'Skill',
    rarity: 'Common',
    cost: 0,
    target: 'Self',
    magic: [1, 2],
    text: 'Draw !M! card(s). Discard !M! card(s).',
    play: (x, c) => {
      x.draw(c.magic);
      discardOne('Choose cards to discard.')(x, c.magic);
    },
    onSelect: (x, chosen) => {
      for (const other of chosen) x.discardCard(other);
    },
  }),
  card({
    id: 'QUICK_SLASH',
    name: 'Quick Slash',
    color: C,
    type: 'Attack',
    rarity: 'Common',
    cost: 1,
    target: 'AnyEnemy',
    damage: [8, 12],
    text: 'Deal !D! damage. Draw 1 card.',
    play: (x, c) => {
      x.attack(c.target, c.damage);
      x.draw(1);
    },
  }),
  card({
    id: 'SLICE',
    name: 'Slice',
    color: C,
    type: 'Attack',
    rarity: 'Common',
    cost: 0,
    target: 'AnyEnemy',
    damage: [6, 9],
    text: 'Deal !D! damage.',
    play: (x, c) => void x.attack(c.target, c.damage),
  }),
  card({
    id: 'SNEAKY_STRIKE',
    name: 'Sneaky Strike',
    color: C,
    type: 'Attack',
    rarity: 'Common',
    cost: 2,
    target: 'AnyEnemy',
    damage: [12, 16],
    text: 'Deal !D! damage. If you have discarded a card this turn, gain 2 Energy.',
    play: (x, c) => {
      x.attack(c.target, c.damage);
      if (x.counter('discardedThisTurn') > 0) x.gainEnergy(2);
    },
  }),
  card({
    id: 'SUCKER_PUNCH',
    name: 'Sucker Punch',
    color: C,
    type: 'Attack',
    rarity: 'Common',
    cost: 1,
    target: 'AnyEnemy',
    damage: [7, 9],
    magic: [1, 2],
    text: 'Deal !D! damage. Apply !M! Weak.',
    play: (x, c) => {
      x.attack(c.target, c.damage);
      x.applyToMonster(c.target, 'WEAK', c.magic);
    },
  }),
  // Uncommons
  card({
    id: 'ACCURACY',
    name: 'Accuracy',
    color: C,
    type: 'Power',
    rarity: 'Uncommon',
    cost: 1,
    target: 'Self',
    magic: [4, 6],
    text: 'Shivs deal !M! additional damage.',
    play: (x, c) => x.applyToPlayer('ACCURACY', c.magic),
  }),
  card({
    id: 'ALL_OUT_ATTACK',
    name: 'All-Out Attack',
    color: C,
    type: 'Attack',
    rarity: 'Uncommon',
    cost: 1,
    target: 'AllEnemies',
    damage: [10, 14],
    text: 'Deal !D! damage to ALL enemies. Discard a random card.',
    play: (x, c) => {
      x.attack('all', c.damage);
      const hand = x.run.combat?.hand ?? [];
      if (hand.length > 0) {
        const victim = hand[x.randomInt(0, hand.length - 1)];
        if (victim !== undefined) x.discardCard(victim);
      }
    },
  }),
  card({
    id: 'BACKSTAB',
    name: 'Backstab',
    color: C,
    type: 'Attack',
    rarity: 'Uncommon',
    cost: 0,
    target: 'AnyEnemy',
    damage: [11, 15],
    innate: true,
    exhaust: true,
    text: 'Innate. Deal !D! damage. Exhaust.',
    play: (x, c) => void x.attack(c.target, c.damage),
  }),
  card({
    id: 'BLUR',
    name: 'Blur',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: 1,
    target: 'Self',
    block: [5, 8],
    text: 'Gain !B! Block. Block is not removed at the start of your next turn.',
    play: (x, c) => {
      x.gainBlock(c.block);
      x.applyToPlayer('BLUR', 1);
    },
  }),
  card({
    id: 'BOUNCING_FLASK',
    name: 'Bouncing Flask',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: 2,
    target: 'AllEnemies',
    magic: [3, 4],
    text: 'Apply 3 Poison to a random enemy !M! times.',
    play: (x, c) => {
      for (let bounce = 0; bounce < c.magic; bounce++) {
        const target = x.randomMonsterIndex();
        if (target >= 0) x.applyToMonster(target, 'POISON', 3);
      }
    },
  }),
  card({
    id: 'CALCULATED_GAMBLE',
    name: 'Calculated Gamble',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: 0,
    target: 'Self',
    exhaust: [true, false],
    text: 'Discard your hand, then draw that many cards. Exhaust.',
    upgradedText: 'Discard your hand, then draw that many cards.',
    play: (x) => {
      const hand = [...(x.run.combat?.hand ?? [])];
      for (const other of hand) x.discardCard(other);
      x.draw(hand.length);
    },
  }),
  card({
    id: 'CALTROPS',
    name: 'Caltrops',
    color: C,
    type: 'Power',
    rarity: 'Uncommon',
    cost: 1,
    target: 'Self',
    magic: [3, 5],
    text: 'Whenever you are attacked, deal !M! damage back.',
    play: (x, c) => x.applyToPlayer('THORNS', c.magic),
  }),
  card({
    id: 'CATALYST',
    name: 'Catalyst',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: 1,
    target: 'AnyEnemy',
    magic: [2, 3],
    exhaust: true,
    text: "Double an enemy's Poison. Exhaust.",
    upgradedText: "Triple an enemy's Poison. Exhaust.",
    play: (x, c) => {
      const poison = x.run.combat?.monsters[c.target]?.powers.POISON ?? 0;
      if (poison > 0) x.applyToMonster(c.target, 'POISON', poison * (c.magic - 1));
    },
  }),
  card({
    id: 'CONCENTRATE',
    name: 'Concentrate',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: 0,
    target: 'Self',
    magic: [3, 2],
    text: 'Discard !M! cards. Gain 2 Energy.',
    play: (x, c) => {
      if ((x.run.combat?.hand.length ?? 0) === 0) x.gainEnergy(2);
      else discardOne('Choose cards to discard.')(x, c.magic);
    },
    onSelect: (x, chosen) => {
      for (const other of chosen) x.discardCard(other);
      x.gainEnergy(2);
    },
  }),
  card({
    id: 'CRIPPLING_CLOUD',
    name: 'Crippling Cloud',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: 2,
    target: 'AllEnemies',
    magic: [4, 7],
    exhaust: true,
    text: 'Apply !M! Poison and 2 Weak to ALL enemies. Exhaust.',
    play: (x, c) => {
      x.applyToAllMonsters('POISON', c.magic);
      x.applyToAllMonsters('WEAK', 2);
    },
  }),
  card({
    id: 'DASH',
    name: 'Dash',
    color: C,
    type: 'Attack',
    rarity: 'Uncommon',
    cost: 2,
    target: 'AnyEnemy',
    damage: [10, 13],
    block: [10, 13],
    text: 'Gain !B! Block. Deal !D! damage.',
    play: (x, c) => {
      x.gainBlock(c.block);
      x.attack(c.target, c.damage);
    },
  }),
  card({
    id: 'ESCAPE_PLAN',
    name: 'Escape Plan',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: 0,
    target: 'Self',
    block: [3, 5],
    text: 'Draw 1 card. If you draw a Skill, gain !B! Block.',
    play: (x, c) => {
      const before = x.run.combat?.hand.length ?? 0;
      x.draw(1);
      const hand = x.run.combat?.hand ?? [];
      const drawn = hand.length > before ? hand[hand.length - 1] : undefined;
      if (drawn !== undefined && isSkill(drawn.id)) x.gainBlock(c.block);
    },
  }),
  card({
    id: 'EVISCERATE',
    name: 'Eviscerate',
    color: C,
    type: 'Attack',
    rarity: 'Uncommon',
    cost: 3,
    target: 'AnyEnemy',
    damage: [7, 9],
    hits: [3, 3],
    text: 'Costs 1 less Energy for each card discarded this turn. Deal !D! damage three times.',
    dynamicCost: (x, base) => Math.max(0, base - x.counter('discardedThisTurn')),
    play: (x, c) => void x.attack(c.target, c.damage, 3),
  }),
  card({
    id: 'EXPERTISE',
    name: 'Expertise',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: 1,
    target: 'Self',
    magic: [6, 7],
    text: 'Draw cards until you have !M! in your hand.',
    play: (x, c) => x.draw(Math.max(0, c.magic - (x.run.combat?.hand.length ?? 0))),
  }),
  card({
    id: 'FINISHER',
    name: 'Finisher',
    color: C,
    type: 'Attack',
    rarity: 'Uncommon',
    cost: 1,
    target: 'AnyEnemy',
    damage: [6, 8],
    text: 'Deal !D! damage for each Attack played this turn.',
    play: (x, c) => void x.attack(c.target, c.damage, Math.max(0, x.counter('attacksThisTurn') - 1)),
  }),
  card({
    id: 'FLECHETTES',
    name: 'Flechettes',
    color: C,
    type: 'Attack',
    rarity: 'Uncommon',
    cost: 1,
    target: 'AnyEnemy',
    damage: [4, 6],
    text: 'Deal !D! damage for each Skill in your hand.',
    play: (x, c) =>
      void x.attack(
        c.target,
        c.damage,
        (x.run.combat?.hand ?? []).filter((other) => isSkill(other.id)).length,
      ),
  }),
  card({
    id: 'FOOTWORK',
    name: 'Footwork',
    color: C,
    type: 'Power',
    rarity: 'Uncommon',
    cost: 1,
    target: 'Self',
    magic: [2, 3],
    text: 'Gain !M! Dexterity.',
    play: (x, c) => x.applyToPlayer('DEXTERITY', c.magic),
  }),
  card({
    id: 'HEEL_HOOK',
    name: 'Heel Hook',
    color: C,
    type: 'Attack',
    rarity: 'Uncommon',
    cost: 1,
    target: 'AnyEnemy',
    damage: [5, 8],
    text: 'Deal !D! damage. If the enemy is Weak, gain 1 Energy and draw 1 card.',
    play: (x, c) => {
      const weak = (x.run.combat?.monsters[c.target]?.powers.WEAK ?? 0) > 0;
      x.attack(c.target, c.damage);
      if (weak) {
        x.gainEnergy(1);
        x.draw(1);
      }
    },
  }),
  card({
    id: 'INFINITE_BLADES',
    name: 'Infinite Blades',
    color: C,
    type: 'Power',
    rarity: 'Uncommon',
    cost: 1,
    target: 'Self',
    innate: [false, true],
    text: 'At the start of your turn, add a Shiv into your hand.',
    upgradedText: 'Innate. At the start of your turn, add a Shiv into your hand.',
    play: (x) => x.applyToPlayer('INFINITE_BLADES', 1),
  }),
  card({
    id: 'LEG_SWEEP',
    name: 'Leg Sweep',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: 2,
    target: 'AnyEnemy',
    block: [11, 14],
    magic: [2, 3],
    text: 'Apply !M! Weak. Gain !B! Block.',
    play: (x, c) => {
      x.applyToMonster(c.target, 'WEAK', c.magic);
      x.gainBlock(c.block);
    },
  }),
  card({
    id: 'MASTERFUL_STAB',
    name: 'Masterful Stab',
    color: C,
    type: 'Attack',
    rarity: 'Uncommon',
    cost: 0,
    target: 'AnyEnemy',
    damage: [12, 16],
    text: 'Costs 1 additional Energy for each time you lose HP this combat. Deal !D! damage.',
    dynamicCost: (x, base) => base + x.counter('timesDamaged'),
    play: (x, c) => void x.attack(c.target, c.damage),
  }),
  card({
    id: 'NOXIOUS_FUMES',
    name: 'Noxious Fumes',
    color: C,
    type: 'Power',
    rarity: 'Uncommon',
    cost: 1,
    target: 'Self',
    magic: [2, 3],
    text: 'At the start of your turn, apply !M! Poison to ALL enemies.',
    play: (x, c) => x.applyToPlayer('NOXIOUS_FUMES', c.magic),
  }),
  card({
    id: 'PREDATOR',
    name: 'Predator',
    color: C,
    type: 'Attack',
    rarity: 'Uncommon',
    cost: 2,
    target: 'AnyEnemy',
    damage: [15, 20],
    text: 'Deal !D! damage. Next turn, draw 2 additional cards.',
    play: (x, c) => {
      x.attack(c.target, c.damage);
      x.applyToPlayer('NEXT_TURN_DRAW', 2);
    },
  }),
  card({
    id: 'RIDDLE_WITH_HOLES',
    name: 'Riddle with Holes',
    color: C,
    type: 'Attack',
    rarity: 'Uncommon',
    cost: 2,
    target: 'AnyEnemy',
    // 3 x5, upgraded 4 x5 (decompiled RiddleWithHoles: upgradeDamage(1), 5 hits).
    damage: [3, 4],
    magic: [5, 5],
    hits: 'magic',
    text: 'Deal !D! damage !M! times.',
    play: (x, c) => void x.attack(c.target, c.damage, c.magic),
  }),
  card({
    id: 'SKEWER',
    name: 'Skewer',
    color: C,
    type: 'Attack',
    rarity: 'Uncommon',
    cost: -1,
    target: 'AnyEnemy',
    damage: [7, 10],
    text: 'Deal !D! damage X times.',
    play: (x, c) => void x.attack(c.target, c.damage, x.xValue),
  }),
  card({
    id: 'TERROR',
    name: 'Terror',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: [1, 0],
    target: 'AnyEnemy',
    exhaust: true,
    text: 'Apply 99 Vulnerable. Exhaust.',
    play: (x, c) => x.applyToMonster(c.target, 'VULNERABLE', 99),
  }),
  // Rares
  card({
    id: 'A_THOUSAND_CUTS',
    name: 'A Thousand Cuts',
    color: C,
    type: 'Power',
    rarity: 'Rare',
    cost: 2,
    target: 'Self',
    magic: [1, 2],
    text: 'Whenever you play a card, deal !M! damage to ALL enemies.',
    play: (x, c) => x.applyToPlayer('THOUSAND_CUTS', c.magic),
  }),
  card({
    id: 'ADRENALINE',
    name: 'Adrenaline',
    color: C,
    type: 'Skill',
    rarity: 'Rare',
    cost: 0,
    target: 'Self',
    magic: [1, 2],
    exhaust: true,
    text: 'Gain !M! Energy. Draw 2 cards. Exhaust.',
    play: (x, c) => {
      x.gainEnergy(c.magic);
      x.draw(2);
    },
  }),
  card({
    id: 'AFTER_IMAGE',
    name: 'After Image',
    color: C,
    type: 'Power',
    rarity: 'Rare',
    cost: 1,
    target: 'Self',
    innate: [false, true],
    text: 'Whenever you play a card, gain 1 Block.',
    upgradedText: 'Innate. Whenever you play a card, gain 1 Block.',
    play: (x) => x.applyToPlayer('AFTER_IMAGE', 1),
  }),
  card({
    id: 'BULLET_TIME',
    name: 'Bullet Time',
    color: C,
    type: 'Skill',
    rarity: 'Rare',
    cost: [3, 2],
    target: 'Self',
    text: 'You cannot draw any more cards this turn. Reduce the cost of all cards in your hand to 0 this turn.',
    play: (x) => {
      x.applyToPlayer('NO_DRAW', 1);
      for (const other of x.run.combat?.hand ?? []) other.turnCost = 0;
    },
  }),
  card({
    id: 'BURST',
    name: 'Burst',
    color: C,
    type: 'Skill',
    rarity: 'Rare',
    cost: 1,
    target: 'Self',
    magic: [1, 2],
    text: 'This turn, your next !M! Skill(s) are played twice.',
    play: (x, c) => x.applyToPlayer('BURST', c.magic),
  }),
  card({
    id: 'DIE_DIE_DIE',
    name: 'Die Die Die',
    color: C,
    type: 'Attack',
    rarity: 'Rare',
    cost: 1,
    target: 'AllEnemies',
    damage: [13, 17],
    exhaust: true,
    text: 'Deal !D! damage to ALL enemies. Exhaust.',
    play: (x, c) => void x.attack('all', c.damage),
  }),
  card({
    id: 'ENVENOM',
    name: 'Envenom',
    color: C,
    type: 'Power',
    rarity: 'Rare',
    cost: [2, 1],
    target: 'Self',
    text: 'Whenever an Attack deals unblocked damage, apply 1 Poison.',
    play: (x) => x.applyToPlayer('ENVENOM', 1),
  }),
  card({
    id: 'GRAND_FINALE',
    name: 'Grand Finale',
    color: C,
    type: 'Attack',
    rarity: 'Rare',
    cost: 0,
    target: 'AllEnemies',
    damage: [50, 60],
    text: 'Can only be played if there are no cards in your draw pile. Deal !D! damage to ALL enemies.',
    unplayableReason: (x) =>
      (x.run.combat?.drawPile.length ?? 0) === 0 ? null : 'Grand Finale needs an empty draw pile.',
    play: (x, c) => void x.attack('all', c.damage),
  }),
  card({
    id: 'MALAISE',
    name: 'Malaise',
    color: C,
    type: 'Skill',
    rarity: 'Rare',
    cost: -1,
    target: 'AnyEnemy',
    magic: [0, 1],
    exhaust: true,
    text: 'Enemy loses X Strength. Apply X Weak. Exhaust.',
    upgradedText: 'Enemy loses X+1 Strength. Apply X+1 Weak. Exhaust.',
    play: (x, c) => {
      const amount = x.xValue + c.magic;
      if (amount > 0) {
        x.applyToMonster(c.target, 'STRENGTH', -amount);
        x.applyToMonster(c.target, 'WEAK', amount);
      }
    },
  }),
  card({
    id: 'PHANTASMAL_KILLER',
    name: 'Phantasmal Killer',
    color: C,
    type: 'Skill',
    rarity: 'Rare',
    cost: [1, 0],
    target: 'Self',
    text: 'On your next turn, your Attacks deal double damage.',
    play: (x) => x.applyToPlayer('DOUBLE_DAMAGE_NEXT', 1),
  }),
  card({
    id: 'STORM_OF_STEEL',
    name: 'Storm of Steel',
    color: C,
    type: 'Skill',
    rarity: 'Rare',
    cost: 1,
    target: 'Self',
    text: 'Discard your hand. Add 1 Shiv into your hand for each card discarded.',
    upgradedText: 'Discard your hand. Add 1 Shiv+ into your hand for each card discarded.',
    play: (x, c) => {
      const hand = [...(x.run.combat?.hand ?? [])];
      for (const other of hand) x.discardCard(other);
      for (const _ of hand) x.addCard('SHIV', 'hand', c.upgraded);
    },
  }),
  card({
    id: 'TOOLS_OF_THE_TRADE',
    name: 'Tools of the Trade',
    color: C,
    type: 'Power',
    rarity: 'Rare',
    cost: [1, 0],
    target: 'Self',
    text: 'At the start of your turn, draw 1 card and discard 1 card.',
    play: (x) => x.applyToPlayer('TOOLS_OF_THE_TRADE', 1),
    // The start-of-turn discard (see Combat.startPlayerTurn) resolves here.
    onSelect: (x, chosen) => {
      for (const other of chosen) x.discardCard(other);
    },
  }),
  card({
    id: 'UNLOAD',
    name: 'Unload',
    color: C,
    type: 'Attack',
    rarity: 'Rare',
    cost: 1,
    target: 'AnyEnemy',
    damage: [14, 18],
    text: 'Deal !D! damage. Discard all non-Attack cards in your hand.',
    play: (x, c) => {
      x.attack(c.target, c.damage);
      for (const other of [...(x.run.combat?.hand ?? [])]) if (!isAttack(other.id)) x.discardCard(other);
    },
  }),
  card({
    id: 'WRAITH_FORM',
    name: 'Wraith Form',
    color: C,
    type: 'Power',
    rarity: 'Rare',
    cost: 3,
    target: 'Self',
    magic: [2, 3],
    text: 'Gain !M! Intangible. At the end of your turn, lose 1 Dexterity.',
    play: (x, c) => {
      x.applyToPlayer('INTANGIBLE', c.magic);
      x.applyToPlayer('WRAITH_FORM', 1);
    },
  }),
  card({
    id: 'CHOKE',
    name: 'Choke',
    color: C,
    type: 'Attack',
    rarity: 'Uncommon',
    cost: 2,
    target: 'AnyEnemy',
    damage: [12, 12],
    magic: [3, 5],
    text: 'Deal !D! damage. Whenever you play a card this turn, the enemy loses !M! HP.',
    play: (x, c) => {
      x.attack(c.target, c.damage);
      if (x.run.combat?.monsters[c.target]?.alive === true) x.applyToMonster(c.target, 'CHOKED', c.magic);
    },
  }),
  card({
    id: 'CORPSE_EXPLOSION',
    name: 'Corpse Explosion',
    color: C,
    type: 'Skill',
    rarity: 'Rare',
    cost: 2,
    target: 'AnyEnemy',
    magic: [6, 9],
    text: 'Apply !M! Poison. When the enemy dies, deal damage equal to its Max HP to ALL enemies.',
    play: (x, c) => {
      x.applyToMonster(c.target, 'POISON', c.magic);
      x.applyToMonster(c.target, 'CORPSE_EXPLOSION', 1);
    },
  }),
  card({
    id: 'DOPPELGANGER',
    name: 'Doppelganger',
    color: C,
    type: 'Skill',
    rarity: 'Rare',
    cost: -1,
    target: 'Self',
    exhaust: true,
    text: 'Next turn, draw X cards and gain X Energy. Exhaust.',
    upgradedText: 'Next turn, draw X+1 cards and gain X+1 Energy. Exhaust.',
    play: (x, c) => {
      const amount = x.xValue + (c.upgraded ? 1 : 0);
      if (amount <= 0) return;
      x.applyToPlayer('NEXT_TURN_DRAW', amount);
      x.applyToPlayer('NEXT_TURN_ENERGY', amount);
    },
  }),
  card({
    id: 'ENDLESS_AGONY',
    name: 'Endless Agony',
    color: C,
    type: 'Attack',
    rarity: 'Uncommon',
    cost: 0,
    target: 'AnyEnemy',
    damage: [4, 6],
    exhaust: true,
    text: 'Whenever you draw this card, add a copy of it into your hand. Deal !D! damage. Exhaust.',
    play: (x, c) => void x.attack(c.target, c.damage),
    onDraw: (x, c) => x.addCard('ENDLESS_AGONY', 'hand', c.upgraded),
  }),
  card({
    id: 'GLASS_KNIFE',
    name: 'Glass Knife',
    color: C,
    type: 'Attack',
    rarity: 'Rare',
    cost: 1,
    target: 'AnyEnemy',
    damage: [8, 12],
    hits: [2, 2],
    text: 'Deal !D! damage twice. Glass Knife deals 2 less damage for the rest of combat.',
    play: (x, c) => {
      x.attack(c.target, Math.max(0, c.damage), 2);
      // The played copy keeps the loss (CombatCard.bonus is added to its damage), down to 0 damage.
      c.card.bonus -= Math.min(2, Math.max(0, c.damage));
    },
  }),
  card({
    id: 'REFLEX',
    name: 'Reflex',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: -2,
    target: 'None',
    magic: [2, 3],
    text: 'Unplayable. If this card is discarded from your hand, draw !M! cards.',
    onManualDiscard: (x, c) => x.draw(c.magic),
  }),
  card({
    id: 'SETUP',
    name: 'Setup',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: [1, 0],
    target: 'Self',
    text: 'Put a card from your hand on top of your draw pile. It costs 0 until played (in the simulator: for the rest of combat).',
    play: (x) =>
      x.requestSelection({
        source: 'hand',
        count: 1,
        prompt: 'Choose a card to put on top of your draw pile.',
      }),
    onSelect: (x, chosen) => {
      const combat = x.run.combat;
      if (combat === null) return;
      for (const other of chosen) {
        const index = combat.hand.indexOf(other);
        if (index < 0) continue;
        combat.hand.splice(index, 1);
        other.combatCost = 0;
        combat.drawPile.push(other);
      }
    },
  }),
  card({
    id: 'TACTICIAN',
    name: 'Tactician',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: -2,
    target: 'None',
    magic: [1, 2],
    text: 'Unplayable. If this card is discarded from your hand, gain !M! Energy.',
    onManualDiscard: (x, c) => x.gainEnergy(c.magic),
  }),
  card({
    id: 'DISTRACTION',
    name: 'Distraction',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: [1, 0],
    target: 'Self',
    exhaust: true,
    text: 'Add a random Skill into your hand. It costs 0 this turn. Exhaust.',
    play: (x) => {
      const skill = RANDOM_SKILLS[x.randomInt(0, RANDOM_SKILLS.length - 1)];
      if (skill !== undefined) x.addCard(skill, 'hand', false, true);
    },
  }),
  card({
    id: 'WELL_LAID_PLANS',
    name: 'Well-Laid Plans',
    color: C,
    type: 'Power',
    rarity: 'Uncommon',
    cost: 1,
    target: 'Self',
    magic: [1, 2],
    text: 'At the end of your turn, Retain up to !M! card(s).',
    play: (x, c) => x.applyToPlayer('WELL_LAID_PLANS', c.magic),
    // The end-of-turn choice: the chosen cards stay in hand for the next turn.
    onSelect: (_x, chosen) => {
      for (const other of chosen) other.retainOnce = true;
    },
  }),
  card({
    id: 'ALCHEMIZE',
    name: 'Alchemize',
    color: C,
    type: 'Skill',
    rarity: 'Rare',
    cost: [1, 0],
    target: 'Self',
    exhaust: true,
    text: 'Obtain a random potion. Exhaust.',
    play: (x) => {
      const slot = x.run.potions.indexOf(null);
      if (slot < 0 || x.run.relics.some((relic) => relic.id === 'SOZU')) return;
      const potion = POTIONS[x.randomInt(0, POTIONS.length - 1)];
      if (potion !== undefined) x.run.potions[slot] = potion.id;
    },
  }),
  card({
    id: 'NIGHTMARE',
    name: 'Nightmare',
    color: C,
    type: 'Skill',
    rarity: 'Rare',
    cost: [3, 2],
    target: 'Self',
    exhaust: true,
    text: 'Choose a card. Next turn, add 3 copies of that card into your hand. Exhaust.',
    play: (x) =>
      x.requestSelection({
        source: 'hand',
        count: 1,
        prompt: 'Choose a card: next turn, 3 copies of it go into your hand.',
      }),
    onSelect: (x, chosen) => {
      const combat = x.run.combat;
      if (combat === null) return;
      for (const other of chosen) {
        // Kept per card (id and upgrade) until the next turn starts; the power only flags that some wait.
        const key = `nightmare:${other.id}:${other.upgraded ? 1 : 0}`;
        combat.counters[key] = (combat.counters[key] ?? 0) + 3;
        x.applyToPlayer('NIGHTMARE', 1);
      }
    },
  }),
];

const RANDOM_SKILLS: string[] = [];
for (const definition of SILENT_CARDS) {
  if (definition.type === 'Skill' && definition.rarity !== 'Basic' && definition.cost !== -2)
    RANDOM_SKILLS.push(definition.id);
}
