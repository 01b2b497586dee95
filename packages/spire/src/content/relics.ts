// Relics with their rules text and hooks (numbers of the original game).
import type { RelicDefinition } from '../engine/definitions.js';
import { tick } from './relic-counter.js';

/** Every relic of the sts1 ruleset. */
export const RELICS: readonly RelicDefinition[] = [
  // Starters
  {
    id: 'BURNING_BLOOD',
    name: 'Burning Blood',
    rarity: 'Starter',
    character: 'IRONCLAD',
    text: 'At the end of combat, heal 6 HP.',
    onCombatEnd: (x) => x.heal(6),
  },
  {
    id: 'RING_OF_THE_SNAKE',
    name: 'Ring of the Snake',
    rarity: 'Starter',
    character: 'SILENT',
    text: 'At the start of each combat, draw 2 additional cards.',
  },
  // Commons
  {
    id: 'ANCHOR',
    name: 'Anchor',
    rarity: 'Common',
    text: 'Start each combat with 10 Block.',
    atCombatStart: (x) => x.gainBlock(10, true),
  },
  {
    id: 'BAG_OF_PREPARATION',
    name: 'Bag of Preparation',
    rarity: 'Common',
    text: 'At the start of each combat, draw 2 additional cards.',
  },
  {
    id: 'BLOOD_VIAL',
    name: 'Blood Vial',
    rarity: 'Common',
    text: 'At the start of each combat, heal 2 HP.',
    atCombatStart: (x) => x.heal(2),
  },
  {
    id: 'BRONZE_SCALES',
    name: 'Bronze Scales',
    rarity: 'Common',
    text: 'Start each combat with 3 Thorns.',
    atCombatStart: (x) => x.applyToPlayer('THORNS', 3),
  },
  {
    id: 'AKABEKO',
    name: 'Akabeko',
    rarity: 'Common',
    text: 'Your first Attack each combat deals 8 additional damage.',
    atCombatStart: (x) => x.applyToPlayer('VIGOR', 8),
  },
  {
    id: 'BAG_OF_MARBLES',
    name: 'Bag of Marbles',
    rarity: 'Common',
    text: 'At the start of each combat, apply 1 Vulnerable to ALL enemies.',
    atCombatStart: (x) => x.applyToAllMonsters('VULNERABLE', 1),
  },
  {
    id: 'HAPPY_FLOWER',
    name: 'Happy Flower',
    rarity: 'Common',
    text: 'Every 3 turns, gain 1 Energy.',
    atTurnStart: (x) => {
      if (tick(x, 'HAPPY_FLOWER', 3)) x.gainEnergy(1);
    },
  },
  {
    id: 'LANTERN',
    name: 'Lantern',
    rarity: 'Common',
    text: 'Gain 1 Energy on the first turn of each combat.',
    atTurnStart: (x, turn) => {
      if (turn === 1) x.gainEnergy(1);
    },
  },
  {
    id: 'ORICHALCUM',
    name: 'Orichalcum',
    rarity: 'Common',
    text: 'If you end your turn without Block, gain 6 Block.',
    atTurnEnd: (x) => {
      if ((x.run.combat?.player.block ?? 0) === 0) x.gainBlock(6, true);
    },
  },
  {
    id: 'PEN_NIB',
    name: 'Pen Nib',
    rarity: 'Common',
    text: 'Every 10th Attack you play deals double damage.',
    onCardPlayed: (x, _card, type) => {
      if (type === 'Attack') tick(x, 'PEN_NIB', 10);
    },
  },
  {
    id: 'VAJRA',
    name: 'Vajra',
    rarity: 'Common',
    text: 'At the start of each combat, gain 1 Strength.',
    atCombatStart: (x) => x.applyToPlayer('STRENGTH', 1),
  },
  {
    id: 'ODDLY_SMOOTH_STONE',
    name: 'Oddly Smooth Stone',
    rarity: 'Common',
    text: 'At the start of each combat, gain 1 Dexterity.',
    atCombatStart: (x) => x.applyToPlayer('DEXTERITY', 1),
  },
  {
    id: 'STRAWBERRY',
    name: 'Strawberry',
    rarity: 'Common',
    text: 'Upon pickup, raise your Max HP by 7.',
    onPickup: (run) => {
      run.maxHp += 7;
      run.hp += 7;
    },
  },
  {
    id: 'REGAL_PILLOW',
    name: 'Regal Pillow',
    rarity: 'Common',
    text: 'Heal an additional 15 HP when you Rest.',
    onRest: (run) => {
      run.hp = Math.min(run.maxHp, run.hp + 15);
    },
  },
  {
    id: 'POTION_BELT',
    name: 'Potion Belt',
    rarity: 'Common',
    text: 'Upon pickup, gain 2 potion slots.',
    onPickup: (run) => {
      run.potions.push(null, null);
    },
  },
  {
    id: 'PRESERVED_INSECT',
    name: 'Preserved Insect',
    rarity: 'Common',
    text: 'Enemies in Elite rooms have 25% less HP.',
    atCombatStart: (x) => {
      const combat = x.run.combat;
      if (combat?.kind !== 'elite') return;
      for (const monster of combat.monsters) {
        monster.hp = Math.max(1, Math.floor(monster.hp * 0.75));
      }
    },
  },
  {
    id: 'TOY_ORNITHOPTER',
    name: 'Toy Ornithopter',
    rarity: 'Common',
    text: 'Whenever you use a potion, heal 5 HP.',
  },
  // Uncommons
  {
    id: 'KUNAI',
    name: 'Kunai',
    rarity: 'Uncommon',
    text: 'Every time you play 3 Attacks in a single turn, gain 1 Dexterity.',
    onCardPlayed: (x, _card, type) => {
      if (type === 'Attack' && x.counter('attacksThisTurn') % 3 === 0) x.applyToPlayer('DEXTERITY', 1);
    },
  },
  {
    id: 'SHURIKEN',
    name: 'Shuriken',
    rarity: 'Uncommon',
    text: 'Every time you play 3 Attacks in a single turn, gain 1 Strength.',
    onCardPlayed: (x, _card, type) => {
      if (type === 'Attack' && x.counter('attacksThisTurn') % 3 === 0) x.applyToPlayer('STRENGTH', 1);
    },
  },
  {
    id: 'ORNAMENTAL_FAN',
    name: 'Ornamental Fan',
    rarity: 'Uncommon',
    text: 'Every time you play 3 Attacks in a single turn, gain 4 Block.',
    onCardPlayed: (x, _card, type) => {
      if (type === 'Attack' && x.counter('attacksThisTurn') % 3 === 0) x.gainBlock(4, true);
    },
  },
  {
    id: 'LETTER_OPENER',
    name: 'Letter Opener',
    rarity: 'Uncommon',
    text: 'Every time you play 3 Skills in a single turn, deal 5 damage to ALL enemies.',
    onCardPlayed: (x, _card, type) => {
      if (type === 'Skill' && x.counter('skillsThisTurn') % 3 === 0) x.damageAllMonsters(5);
    },
  },
  {
    id: 'HORN_CLEAT',
    name: 'Horn Cleat',
    rarity: 'Uncommon',
    text: 'At the start of your 2nd turn, gain 14 Block.',
    atTurnStart: (x, turn) => {
      if (turn === 2) x.gainBlock(14, true);
    },
  },
  {
    id: 'MEAT_ON_THE_BONE',
    name: 'Meat on the Bone',
    rarity: 'Uncommon',
    text: 'If your HP is at or below 50% at the end of combat, heal 12 HP.',
    onCombatEnd: (x) => {
      if (x.run.hp * 2 <= x.run.maxHp) x.heal(12);
    },
  },
  {
    id: 'PEAR',
    name: 'Pear',
    rarity: 'Uncommon',
    text: 'Upon pickup, raise your Max HP by 10.',
    onPickup: (run) => {
      run.maxHp += 10;
      run.hp += 10;
    },
  },
  {
    id: 'NUNCHAKU',
    name: 'Nunchaku',
    rarity: 'Common',
    text: 'Every time you play 10 Attacks, gain 1 Energy.',
    onCardPlayed: (x, _card, type) => {
      if (type === 'Attack' && tick(x, 'NUNCHAKU', 10)) x.gainEnergy(1);
    },
  },
  {
    id: 'GREMLIN_HORN',
    name: 'Gremlin Horn',
    rarity: 'Uncommon',
    text: 'Whenever an enemy dies, gain 1 Energy and draw 1 card.',
    onMonsterDeath: (x) => {
      if (x.livingMonsters().length > 0) {
        x.gainEnergy(1);
        x.draw(1);
      }
    },
  },
  {
    id: 'PAPER_PHROG',
    name: 'Paper Phrog',
    rarity: 'Uncommon',
    character: 'IRONCLAD',
    text: 'Enemies with Vulnerable take 75% more damage rather than 50%.',
  },
  {
    id: 'PAPER_KRANE',
    name: 'Paper Krane',
    rarity: 'Uncommon',
    character: 'SILENT',
    text: 'Enemies with Weak deal 40% less damage rather than 25%.',
  },
  {
    id: 'MERCURY_HOURGLASS',
    name: 'Mercury Hourglass',
    rarity: 'Uncommon',
    text: 'At the start of your turn, deal 3 damage to ALL enemies.',
    atTurnStart: (x) => x.damageAllMonsters(3),
  },
  {
    id: 'SUNDIAL',
    name: 'Sundial',
    rarity: 'Uncommon',
    text: 'Every 3 times you shuffle your draw pile, gain 2 Energy.',
    onShuffle: (x) => {
      if (tick(x, 'SUNDIAL', 3)) x.gainEnergy(2);
    },
  },
  {
    id: 'NINJA_SCROLL',
    name: 'Ninja Scroll',
    rarity: 'Uncommon',
    character: 'SILENT',
    text: 'Start each combat with 3 Shivs in hand.',
    atCombatStart: (x) => {
      for (let copy = 0; copy < 3; copy++) x.addCard('SHIV', 'hand');
    },
  },
  // Rares
  { id: 'GINGER', name: 'Ginger', rarity: 'Rare', text: 'You can no longer become Weakened.' },
  { id: 'TURNIP', name: 'Turnip', rarity: 'Rare', text: 'You can no longer become Frail.' },
  {
    id: 'TORII',
    name: 'Torii',
    rarity: 'Rare',
    text: 'Whenever you would receive 5 or less unblocked attack damage, reduce it to 1.',
  },
  {
    id: 'TUNGSTEN_ROD',
    name: 'Tungsten Rod',
    rarity: 'Rare',
    text: 'Whenever you would lose HP, lose 1 less.',
  },
  {
    id: 'LIZARD_TAIL',
    name: 'Lizard Tail',
    rarity: 'Rare',
    text: 'When you would die, heal to 50% of your Max HP instead (works once).',
  },
  {
    id: 'CALIPERS',
    name: 'Calipers',
    rarity: 'Rare',
    text: 'At the start of your turn, lose 15 Block rather than all of your Block.',
  },
  {
    id: 'CAPTAINS_WHEEL',
    name: "Captain's Wheel",
    rarity: 'Rare',
    text: 'At the start of your 3rd turn, gain 18 Block.',
    atTurnStart: (x, turn) => {
      if (turn === 3) x.gainBlock(18, true);
    },
  },
  {
    id: 'THREAD_AND_NEEDLE',
    name: 'Thread and Needle',
    rarity: 'Rare',
    text: 'At the start of each combat, gain 4 Plated Armor.',
    atCombatStart: (x) => x.applyToPlayer('PLATED_ARMOR', 4),
  },
  {
    id: 'CHAMPION_BELT',
    name: 'Champion Belt',
    rarity: 'Rare',
    character: 'IRONCLAD',
    text: 'Whenever you apply Vulnerable, also apply 1 Weak.',
  },
  {
    id: 'SNECKO_SKULL',
    name: 'Snecko Skull',
    rarity: 'Common',
    character: 'SILENT',
    text: 'Whenever you apply Poison, apply an additional 1 Poison.',
  },
  // Shop
  {
    id: 'CHEMICAL_X',
    name: 'Chemical X',
    rarity: 'Shop',
    text: 'The effects of your X-cost cards are increased by 2.',
  },
  {
    id: 'MEMBERSHIP_CARD',
    name: 'Membership Card',
    rarity: 'Shop',
    text: '50% discount on all products in shops.',
  },
  {
    id: 'SMILING_MASK',
    name: 'Smiling Mask',
    rarity: 'Common',
    text: "The merchant's card removal service now always costs 50 Gold.",
  },
  // Boss
  {
    id: 'BLACK_BLOOD',
    name: 'Black Blood',
    rarity: 'Boss',
    character: 'IRONCLAD',
    text: 'Replaces Burning Blood. At the end of combat, heal 12 HP.',
    onCombatEnd: (x) => x.heal(12),
    onPickup: (run) => {
      run.relics = run.relics.filter((relic) => relic.id !== 'BURNING_BLOOD');
    },
  },
  {
    id: 'COFFEE_DRIPPER',
    name: 'Coffee Dripper',
    rarity: 'Boss',
    energy: 1,
    text: 'Gain 1 Energy at the start of each turn. You can no longer Rest at rest sites.',
  },
  {
    id: 'FUSION_HAMMER',
    name: 'Fusion Hammer',
    rarity: 'Boss',
    energy: 1,
    text: 'Gain 1 Energy at the start of each turn. You can no longer Smith at rest sites.',
  },
  {
    id: 'SOZU',
    name: 'Sozu',
    rarity: 'Boss',
    energy: 1,
    text: 'Gain 1 Energy at the start of each turn. You can no longer obtain potions.',
  },
  {
    id: 'VELVET_CHOKER',
    name: 'Velvet Choker',
    rarity: 'Boss',
    energy: 1,
    text: 'Gain 1 Energy at the start of each turn. You cannot play more than 6 cards per turn.',
  },
  {
    id: 'PHILOSOPHERS_STONE',
    name: "Philosopher's Stone",
    rarity: 'Boss',
    energy: 1,
    text: 'Gain 1 Energy at the start of each turn. ALL enemies start combat with 1 Strength.',
    atCombatStart: (x) => x.applyToAllMonsters('STRENGTH', 1),
  },
  {
    id: 'MARK_OF_PAIN',
    name: 'Mark of Pain',
    rarity: 'Boss',
    character: 'IRONCLAD',
    energy: 1,
    text: 'Gain 1 Energy at the start of each turn. Start combats with 2 Wounds in your draw pile.',
    atCombatStart: (x) => {
      x.addCard('WOUND', 'drawRandom');
      x.addCard('WOUND', 'drawRandom');
    },
  },
  {
    id: 'RUNIC_PYRAMID',
    name: 'Runic Pyramid',
    rarity: 'Boss',
    text: 'At the end of your turn, you no longer discard your hand.',
  },
  {
    id: 'RING_OF_THE_SERPENT',
    name: 'Ring of the Serpent',
    rarity: 'Boss',
    character: 'SILENT',
    text: 'Replaces Ring of the Snake. At the start of your turn, draw 1 additional card.',
    atTurnStart: (x) => x.draw(1),
    onPickup: (run) => {
      run.relics = run.relics.filter((relic) => relic.id !== 'RING_OF_THE_SNAKE');
    },
  },
  // Special (events)
  {
    id: 'ODD_MUSHROOM',
    name: 'Odd Mushroom',
    rarity: 'Special',
    text: 'When Vulnerable, take 25% more attack damage rather than 50%.',
  },
  { id: 'GOLDEN_IDOL', name: 'Golden Idol', rarity: 'Special', text: 'Enemies drop 25% more Gold.' },
];
