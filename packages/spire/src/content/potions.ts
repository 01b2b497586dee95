// Potions with their rules text (numbers of the original game).
import type { PotionDefinition } from '../engine/definitions.js';

export const POTIONS: readonly PotionDefinition[] = [
  { id: 'FIRE_POTION', name: 'Fire Potion', rarity: 'Common', target: 'AnyEnemy', combatOnly: true, text: 'Deal 20 damage to target enemy.', use: (x, _run, target) => void x?.damageMonster(target, 20, { ignoreVulnerable: true }) },
  { id: 'EXPLOSIVE_POTION', name: 'Explosive Potion', rarity: 'Common', target: 'AllEnemies', combatOnly: true, text: 'Deal 10 damage to ALL enemies.', use: (x) => x?.damageAllMonsters(10) },
  { id: 'BLOCK_POTION', name: 'Block Potion', rarity: 'Common', target: 'Self', combatOnly: true, text: 'Gain 12 Block.', use: (x) => x?.gainBlock(12, true) },
  { id: 'STRENGTH_POTION', name: 'Strength Potion', rarity: 'Common', target: 'Self', combatOnly: true, text: 'Gain 2 Strength.', use: (x) => x?.applyToPlayer('STRENGTH', 2) },
  { id: 'DEXTERITY_POTION', name: 'Dexterity Potion', rarity: 'Common', target: 'Self', combatOnly: true, text: 'Gain 2 Dexterity.', use: (x) => x?.applyToPlayer('DEXTERITY', 2) },
  { id: 'ENERGY_POTION', name: 'Energy Potion', rarity: 'Common', target: 'Self', combatOnly: true, text: 'Gain 2 Energy.', use: (x) => x?.gainEnergy(2) },
  { id: 'SWIFT_POTION', name: 'Swift Potion', rarity: 'Common', target: 'Self', combatOnly: true, text: 'Draw 3 cards.', use: (x) => x?.draw(3) },
  { id: 'WEAK_POTION', name: 'Weak Potion', rarity: 'Common', target: 'AnyEnemy', combatOnly: true, text: 'Apply 3 Weak to target enemy.', use: (x, _run, target) => x?.applyToMonster(target, 'WEAK', 3) },
  { id: 'FEAR_POTION', name: 'Fear Potion', rarity: 'Common', target: 'AnyEnemy', combatOnly: true, text: 'Apply 3 Vulnerable to target enemy.', use: (x, _run, target) => x?.applyToMonster(target, 'VULNERABLE', 3) },
  { id: 'POISON_POTION', name: 'Poison Potion', rarity: 'Common', target: 'AnyEnemy', combatOnly: true, text: 'Apply 6 Poison to target enemy.', use: (x, _run, target) => x?.applyToMonster(target, 'POISON', 6) },
  { id: 'FLEX_POTION', name: 'Flex Potion', rarity: 'Common', target: 'Self', combatOnly: true, text: 'Gain 5 Strength. At the end of your turn, lose 5 Strength.', use: (x) => { x?.applyToPlayer('STRENGTH', 5); x?.applyToPlayer('LOSE_STRENGTH', 5); } },
  { id: 'SPEED_POTION', name: 'Speed Potion', rarity: 'Common', target: 'Self', combatOnly: true, text: 'Gain 5 Dexterity. At the end of your turn, lose 5 Dexterity.', use: (x) => { x?.applyToPlayer('DEXTERITY', 5); x?.applyToPlayer('LOSE_DEXTERITY', 5); } },
  { id: 'ANCIENT_POTION', name: 'Ancient Potion', rarity: 'Uncommon', target: 'Self', combatOnly: true, text: 'Gain 1 Artifact.', use: (x) => x?.applyToPlayer('ARTIFACT', 1) },
  { id: 'BLOOD_POTION', name: 'Blood Potion', rarity: 'Common', target: 'Self', combatOnly: false, text: 'Heal for 20% of your Max HP.', use: (_x, run) => { run.hp = Math.min(run.maxHp, run.hp + Math.floor(run.maxHp * 0.2)); } },
  { id: 'LIQUID_BRONZE', name: 'Liquid Bronze', rarity: 'Uncommon', target: 'Self', combatOnly: true, text: 'Gain 3 Thorns.', use: (x) => x?.applyToPlayer('THORNS', 3) },
  { id: 'ESSENCE_OF_STEEL', name: 'Essence of Steel', rarity: 'Uncommon', target: 'Self', combatOnly: true, text: 'Gain 4 Plated Armor.', use: (x) => x?.applyToPlayer('PLATED_ARMOR', 4) },
  { id: 'CULTIST_POTION', name: 'Cultist Potion', rarity: 'Rare', target: 'Self', combatOnly: true, text: 'Gain 1 Ritual (gain 1 Strength at the start of each of your turns).', use: (x) => x?.applyToPlayer('RITUAL', 1) },
  { id: 'FRUIT_JUICE', name: 'Fruit Juice', rarity: 'Rare', target: 'Self', combatOnly: false, text: 'Gain 5 Max HP.', use: (_x, run) => { run.maxHp += 5; run.hp += 5; } },
  { id: 'FAIRY_IN_A_BOTTLE', name: 'Fairy in a Bottle', rarity: 'Rare', target: 'Self', combatOnly: true, text: 'When you would die, heal to 30% of your Max HP instead and discard this potion (used automatically).', use: () => {} },
];
