// Colorless cards (shop and generated), statuses and curses.
import type { CardDefinition } from '../../engine/definitions.js';
import { card } from './card.js';

export const COLORLESS_CARDS: readonly CardDefinition[] = [
  card({ id: 'SHIV', name: 'Shiv', color: 'COLORLESS', type: 'Attack', rarity: 'Special', cost: 0, target: 'AnyEnemy', damage: [4, 6], exhaust: true, text: 'Deal !D! damage. Exhaust.', play: (x, c) => void x.attack(c.target, c.damage + x.playerPower('ACCURACY')) }),
  card({ id: 'SWIFT_STRIKE', name: 'Swift Strike', color: 'COLORLESS', type: 'Attack', rarity: 'Uncommon', cost: 0, target: 'AnyEnemy', damage: [7, 10], text: 'Deal !D! damage.', play: (x, c) => void x.attack(c.target, c.damage) }),
  card({ id: 'FLASH_OF_STEEL', name: 'Flash of Steel', color: 'COLORLESS', type: 'Attack', rarity: 'Uncommon', cost: 0, target: 'AnyEnemy', damage: [3, 6], text: 'Deal !D! damage. Draw 1 card.', play: (x, c) => { x.attack(c.target, c.damage); x.draw(1); } }),
  card({ id: 'DRAMATIC_ENTRANCE', name: 'Dramatic Entrance', color: 'COLORLESS', type: 'Attack', rarity: 'Uncommon', cost: 0, target: 'AllEnemies', damage: [8, 12], innate: true, exhaust: true, text: 'Innate. Deal !D! damage to ALL enemies. Exhaust.', play: (x, c) => void x.attack('all', c.damage) }),
  card({ id: 'GOOD_INSTINCTS', name: 'Good Instincts', color: 'COLORLESS', type: 'Skill', rarity: 'Uncommon', cost: 0, target: 'Self', block: [6, 9], text: 'Gain !B! Block.', play: (x, c) => x.gainBlock(c.block) }),
  card({ id: 'FINESSE', name: 'Finesse', color: 'COLORLESS', type: 'Skill', rarity: 'Uncommon', cost: 0, target: 'Self', block: [2, 4], text: 'Gain !B! Block. Draw 1 card.', play: (x, c) => { x.gainBlock(c.block); x.draw(1); } }),
  card({ id: 'TRIP', name: 'Trip', color: 'COLORLESS', type: 'Skill', rarity: 'Uncommon', cost: 0, target: 'AnyEnemy', magic: [2, 2], text: 'Apply !M! Vulnerable.', upgradedText: 'Apply !M! Vulnerable to ALL enemies.', play: (x, c) => { if (c.upgraded) x.applyToAllMonsters('VULNERABLE', c.magic); else x.applyToMonster(c.target, 'VULNERABLE', c.magic); } }),
  card({ id: 'BANDAGE_UP', name: 'Bandage Up', color: 'COLORLESS', type: 'Skill', rarity: 'Uncommon', cost: 0, target: 'Self', magic: [4, 6], exhaust: true, text: 'Heal !M! HP. Exhaust.', play: (x, c) => x.heal(c.magic) }),
  card({ id: 'DARK_SHACKLES', name: 'Dark Shackles', color: 'COLORLESS', type: 'Skill', rarity: 'Uncommon', cost: 0, target: 'AnyEnemy', magic: [9, 15], exhaust: true, text: 'Enemy loses !M! Strength this turn. Exhaust.', play: (x, c) => { x.applyToMonster(c.target, 'STRENGTH', -c.magic); x.applyToMonster(c.target, 'SHACKLED', c.magic); } }),
  card({ id: 'MASTER_OF_STRATEGY', name: 'Master of Strategy', color: 'COLORLESS', type: 'Skill', rarity: 'Rare', cost: 0, target: 'Self', magic: [3, 4], exhaust: true, text: 'Draw !M! cards. Exhaust.', play: (x, c) => x.draw(c.magic) }),
  card({ id: 'HAND_OF_GREED', name: 'Hand of Greed', color: 'COLORLESS', type: 'Attack', rarity: 'Rare', cost: 2, target: 'AnyEnemy', damage: [20, 25], magic: [20, 25], text: 'Deal !D! damage. If Fatal, gain !M! Gold.', play: (x, c) => { const monster = x.run.combat?.monsters[c.target]; x.attack(c.target, c.damage); if (monster !== undefined && !monster.alive && !monster.escaped) x.gainGold(c.magic); } }),
  card({ id: 'APOTHEOSIS', name: 'Apotheosis', color: 'COLORLESS', type: 'Skill', rarity: 'Rare', cost: [2, 1], target: 'Self', exhaust: true, text: 'Upgrade ALL of your cards for the rest of combat. Exhaust.', play: (x) => { const combat = x.run.combat; if (combat === null) return; for (const pile of [combat.hand, combat.drawPile, combat.discardPile, combat.exhaustPile]) for (const other of pile) x.upgradeCard(other); } }),
  // Statuses
  card({ id: 'SLIMED', name: 'Slimed', color: 'STATUS', type: 'Status', rarity: 'Special', cost: 1, target: 'Self', exhaust: true, text: 'Exhaust.' }),
  card({ id: 'DAZED', name: 'Dazed', color: 'STATUS', type: 'Status', rarity: 'Special', cost: -2, target: 'None', ethereal: true, text: 'Unplayable. Ethereal.' }),
  card({ id: 'WOUND', name: 'Wound', color: 'STATUS', type: 'Status', rarity: 'Special', cost: -2, target: 'None', text: 'Unplayable.' }),
  card({ id: 'BURN', name: 'Burn', color: 'STATUS', type: 'Status', rarity: 'Special', cost: -2, target: 'None', magic: [2, 4], text: 'Unplayable. At the end of your turn, take !M! damage.', endOfTurnInHand: (x, c) => { const combat = x.run.combat; if (combat === null) return; const absorbed = Math.min(combat.player.block, c.magic); combat.player.block -= absorbed; x.loseHp(c.magic - absorbed); } }),
  card({ id: 'VOID', name: 'Void', color: 'STATUS', type: 'Status', rarity: 'Special', cost: -2, target: 'None', ethereal: true, text: 'Unplayable. Ethereal. When drawn, lose 1 Energy.', onDraw: (x) => x.gainEnergy(-1) }),
  // Curses
  card({ id: 'REGRET', name: 'Regret', color: 'CURSE', type: 'Curse', rarity: 'Curse', cost: -2, target: 'None', text: 'Unplayable. At the end of your turn, lose 1 HP for each card in your hand.', endOfTurnInHand: (x) => x.loseHp(x.run.combat?.hand.length ?? 0) }),
  card({ id: 'DOUBT', name: 'Doubt', color: 'CURSE', type: 'Curse', rarity: 'Curse', cost: -2, target: 'None', text: 'Unplayable. At the end of your turn, gain 1 Weak.', endOfTurnInHand: (x) => x.applyToPlayer('WEAK', 1) }),
  card({ id: 'SHAME', name: 'Shame', color: 'CURSE', type: 'Curse', rarity: 'Curse', cost: -2, target: 'None', text: 'Unplayable. At the end of your turn, gain 1 Frail.', endOfTurnInHand: (x) => x.applyToPlayer('FRAIL', 1) }),
  card({ id: 'DECAY', name: 'Decay', color: 'CURSE', type: 'Curse', rarity: 'Curse', cost: -2, target: 'None', text: 'Unplayable. At the end of your turn, take 2 damage.', endOfTurnInHand: (x) => x.loseHp(2) }),
  card({ id: 'INJURY', name: 'Injury', color: 'CURSE', type: 'Curse', rarity: 'Curse', cost: -2, target: 'None', text: 'Unplayable.' }),
  card({ id: 'CLUMSY', name: 'Clumsy', color: 'CURSE', type: 'Curse', rarity: 'Curse', cost: -2, target: 'None', ethereal: true, text: 'Unplayable. Ethereal.' }),
  card({ id: 'PARASITE', name: 'Parasite', color: 'CURSE', type: 'Curse', rarity: 'Curse', cost: -2, target: 'None', text: 'Unplayable. If transformed or removed from your deck, lose 3 Max HP.' }),
  card({ id: 'WRITHE', name: 'Writhe', color: 'CURSE', type: 'Curse', rarity: 'Curse', cost: -2, target: 'None', innate: true, text: 'Unplayable. Innate.' }),
];

/** Curses an event or relic may add at random. */
export const RANDOM_CURSES = ['REGRET', 'DOUBT', 'SHAME', 'DECAY', 'INJURY', 'CLUMSY', 'PARASITE', 'WRITHE'] as const;
