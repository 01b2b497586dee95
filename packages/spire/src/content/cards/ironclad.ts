// The Ironclad's cards: starter deck plus commons, uncommons and rares with the original numbers.
import type { CardDefinition } from '../../engine/definitions.js';
import { card, isAttack, isPower, STRIKE_IDS } from './card.js';

const C = 'IRONCLAD' as const;

export const IRONCLAD_CARDS: readonly CardDefinition[] = [
  card({
    id: 'STRIKE_IRONCLAD',
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
    id: 'DEFEND_IRONCLAD',
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
    id: 'BASH',
    name: 'Bash',
    color: C,
    type: 'Attack',
    rarity: 'Basic',
    cost: 2,
    target: 'AnyEnemy',
    damage: [8, 10],
    magic: [2, 3],
    text: 'Deal !D! damage. Apply !M! Vulnerable.',
    play: (x, c) => {
      x.attack(c.target, c.damage);
      x.applyToMonster(c.target, 'VULNERABLE', c.magic);
    },
  }),
  // Commons
  card({
    id: 'ANGER',
    name: 'Anger',
    color: C,
    type: 'Attack',
    rarity: 'Common',
    cost: 0,
    target: 'AnyEnemy',
    damage: [6, 8],
    text: 'Deal !D! damage. Add a copy of this card into your discard pile.',
    play: (x, c) => {
      x.attack(c.target, c.damage);
      x.addCard('ANGER', 'discard', c.upgraded);
    },
  }),
  card({
    id: 'ARMAMENTS',
    name: 'Armaments',
    color: C,
    type: 'Skill',
    rarity: 'Common',
    cost: 1,
    target: 'Self',
    block: [5, 5],
    text: 'Gain !B! Block. Upgrade a card in your hand for the rest of combat.',
    upgradedText: 'Gain !B! Block. Upgrade ALL cards in your hand for the rest of combat.',
    play: (x, c) => {
      x.gainBlock(c.block);
      const hand = x.run.combat?.hand ?? [];
      if (c.upgraded) {
        for (const other of hand) x.upgradeCard(other);
      } else
        x.requestSelection({
          source: 'hand',
          count: 1,
          prompt: 'Choose a card to upgrade.',
          filter: (other) => !other.upgraded,
        });
    },
    onSelect: (x, chosen) => {
      for (const other of chosen) x.upgradeCard(other);
    },
  }),
  card({
    id: 'BODY_SLAM',
    name: 'Body Slam',
    color: C,
    type: 'Attack',
    rarity: 'Common',
    cost: [1, 0],
    target: 'AnyEnemy',
    text: 'Deal damage equal to your current Block.',
    play: (x, c) => void x.attack(c.target, x.run.combat?.player.block ?? 0),
  }),
  card({
    id: 'CLASH',
    name: 'Clash',
    color: C,
    type: 'Attack',
    rarity: 'Common',
    cost: 0,
    target: 'AnyEnemy',
    damage: [14, 18],
    text: 'Can only be played if every card in your hand is an Attack. Deal !D! damage.',
    unplayableReason: (x) =>
      (x.run.combat?.hand ?? []).every((other) => isAttack(other.id))
        ? null
        : 'Clash needs every card in hand to be an Attack.',
    play: (x, c) => void x.attack(c.target, c.damage),
  }),
  card({
    id: 'CLEAVE',
    name: 'Cleave',
    color: C,
    type: 'Attack',
    rarity: 'Common',
    cost: 1,
    target: 'AllEnemies',
    damage: [8, 11],
    text: 'Deal !D! damage to ALL enemies.',
    play: (x, c) => void x.attack('all', c.damage),
  }),
  card({
    id: 'CLOTHESLINE',
    name: 'Clothesline',
    color: C,
    type: 'Attack',
    rarity: 'Common',
    cost: 2,
    target: 'AnyEnemy',
    damage: [12, 14],
    magic: [2, 3],
    text: 'Deal !D! damage. Apply !M! Weak.',
    play: (x, c) => {
      x.attack(c.target, c.damage);
      x.applyToMonster(c.target, 'WEAK', c.magic);
    },
  }),
  card({
    id: 'FLEX',
    name: 'Flex',
    color: C,
    type: 'Skill',
    rarity: 'Common',
    cost: 0,
    target: 'Self',
    magic: [2, 4],
    text: 'Gain !M! Strength. At the end of your turn, lose !M! Strength.',
    play: (x, c) => {
      x.applyToPlayer('STRENGTH', c.magic);
      x.applyToPlayer('LOSE_STRENGTH', c.magic);
    },
  }),
  card({
    id: 'HAVOC',
    name: 'Havoc',
    color: C,
    type: 'Skill',
    rarity: 'Common',
    cost: [1, 0],
    target: 'None',
    text: 'Play the top card of your draw pile and Exhaust it.',
    play: (x) => {
      const combat = x.run.combat;
      if (combat === null) return;
      if (combat.drawPile.length === 0) {
        if (combat.discardPile.length === 0) return;
        x.draw(0);
      }
      const top = combat.drawPile.pop();
      if (top !== undefined) x.playFree(top, true);
    },
  }),
  card({
    id: 'HEADBUTT',
    name: 'Headbutt',
    color: C,
    type: 'Attack',
    rarity: 'Common',
    cost: 1,
    target: 'AnyEnemy',
    damage: [9, 12],
    text: 'Deal !D! damage. Place a card from your discard pile on top of your draw pile.',
    play: (x, c) => {
      x.attack(c.target, c.damage);
      x.requestSelection({
        source: 'discard',
        count: 1,
        prompt: 'Choose a card to put on top of your draw pile.',
      });
    },
    onSelect: (x, chosen) => {
      const combat = x.run.combat;
      if (combat === null) return;
      for (const other of chosen) {
        combat.discardPile.splice(combat.discardPile.indexOf(other), 1);
        combat.drawPile.push(other);
      }
    },
  }),
  card({
    id: 'HEAVY_BLADE',
    name: 'Heavy Blade',
    color: C,
    type: 'Attack',
    rarity: 'Common',
    cost: 2,
    target: 'AnyEnemy',
    damage: [14, 14],
    magic: [3, 5],
    text: 'Deal !D! damage. Strength affects this card !M! times.',
    play: (x, c) => void x.attack(c.target, c.damage + x.playerPower('STRENGTH') * (c.magic - 1)),
  }),
  card({
    id: 'IRON_WAVE',
    name: 'Iron Wave',
    color: C,
    type: 'Attack',
    rarity: 'Common',
    cost: 1,
    target: 'AnyEnemy',
    damage: [5, 7],
    block: [5, 7],
    text: 'Gain !B! Block. Deal !D! damage.',
    play: (x, c) => {
      x.gainBlock(c.block);
      x.attack(c.target, c.damage);
    },
  }),
  card({
    id: 'PERFECTED_STRIKE',
    name: 'Perfected Strike',
    color: C,
    type: 'Attack',
    rarity: 'Common',
    cost: 2,
    target: 'AnyEnemy',
    damage: [6, 6],
    magic: [2, 3],
    text: 'Deal !D! damage. Deals !M! additional damage for ALL your cards containing "Strike".',
    play: (x, c) => {
      const combat = x.run.combat;
      if (combat === null) return;
      let strikes = 1;
      for (const pile of [combat.hand, combat.drawPile, combat.discardPile])
        for (const other of pile) if (STRIKE_IDS.has(other.id)) strikes++;
      x.attack(c.target, c.damage + c.magic * strikes);
    },
  }),
  card({
    id: 'POMMEL_STRIKE',
    name: 'Pommel Strike',
    color: C,
    type: 'Attack',
    rarity: 'Common',
    cost: 1,
    target: 'AnyEnemy',
    damage: [9, 10],
    magic: [1, 2],
    text: 'Deal !D! damage. Draw !M! card(s).',
    play: (x, c) => {
      x.attack(c.target, c.damage);
      x.draw(c.magic);
    },
  }),
  card({
    id: 'SHRUG_IT_OFF',
    name: 'Shrug It Off',
    color: C,
    type: 'Skill',
    rarity: 'Common',
    cost: 1,
    target: 'Self',
    block: [8, 11],
    text: 'Gain !B! Block. Draw 1 card.',
    play: (x, c) => {
      x.gainBlock(c.block);
      x.draw(1);
    },
  }),
  card({
    id: 'SWORD_BOOMERANG',
    name: 'Sword Boomerang',
    color: C,
    type: 'Attack',
    rarity: 'Common',
    cost: 1,
    target: 'AllEnemies',
    damage: [3, 3],
    magic: [3, 4],
    hits: 'magic',
    text: 'Deal !D! damage to a random enemy !M! times.',
    play: (x, c) => void x.attack('random', c.damage, c.magic),
  }),
  card({
    id: 'THUNDERCLAP',
    name: 'Thunderclap',
    color: C,
    type: 'Attack',
    rarity: 'Common',
    cost: 1,
    target: 'AllEnemies',
    damage: [4, 7],
    text: 'Deal !D! damage and apply 1 Vulnerable to ALL enemies.',
    play: (x, c) => {
      x.attack('all', c.damage);
      x.applyToAllMonsters('VULNERABLE', 1);
    },
  }),
  card({
    id: 'TRUE_GRIT',
    name: 'True Grit',
    color: C,
    type: 'Skill',
    rarity: 'Common',
    cost: 1,
    target: 'Self',
    block: [7, 9],
    text: 'Gain !B! Block. Exhaust a random card in your hand.',
    upgradedText: 'Gain !B! Block. Exhaust a card in your hand.',
    play: (x, c) => {
      x.gainBlock(c.block);
      const hand = x.run.combat?.hand ?? [];
      if (c.upgraded) x.requestSelection({ source: 'hand', count: 1, prompt: 'Choose a card to Exhaust.' });
      else if (hand.length > 0) {
        const victim = hand[x.randomInt(0, hand.length - 1)];
        if (victim !== undefined) x.exhaustCard(victim);
      }
    },
    onSelect: (x, chosen) => {
      for (const other of chosen) x.exhaustCard(other);
    },
  }),
  card({
    id: 'TWIN_STRIKE',
    name: 'Twin Strike',
    color: C,
    type: 'Attack',
    rarity: 'Common',
    cost: 1,
    target: 'AnyEnemy',
    damage: [5, 7],
    hits: [2, 2],
    text: 'Deal !D! damage twice.',
    play: (x, c) => void x.attack(c.target, c.damage, 2),
  }),
  card({
    id: 'WARCRY',
    name: 'Warcry',
    color: C,
    type: 'Skill',
    rarity: 'Common',
    cost: 0,
    target: 'Self',
    magic: [1, 2],
    exhaust: true,
    text: 'Draw !M! card(s). Place a card from your hand on top of your draw pile. Exhaust.',
    play: (x, c) => {
      x.draw(c.magic);
      x.requestSelection({
        source: 'hand',
        count: 1,
        prompt: 'Choose a card to put on top of your draw pile.',
      });
    },
    onSelect: (x, chosen) => {
      const combat = x.run.combat;
      if (combat === null) return;
      for (const other of chosen) {
        combat.hand.splice(combat.hand.indexOf(other), 1);
        combat.drawPile.push(other);
      }
    },
  }),
  card({
    id: 'WILD_STRIKE',
    name: 'Wild Strike',
    color: C,
    type: 'Attack',
    rarity: 'Common',
    cost: 1,
    target: 'AnyEnemy',
    damage: [12, 17],
    text: 'Deal !D! damage. Shuffle a Wound into your draw pile.',
    play: (x, c) => {
      x.attack(c.target, c.damage);
      x.addCard('WOUND', 'drawRandom');
    },
  }),
  // Uncommons
  card({
    id: 'BATTLE_TRANCE',
    name: 'Battle Trance',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: 0,
    target: 'Self',
    magic: [3, 4],
    text: 'Draw !M! cards. You cannot draw additional cards this turn.',
    play: (x, c) => {
      x.draw(c.magic);
      x.applyToPlayer('NO_DRAW', 1);
    },
  }),
  card({
    id: 'BLOOD_FOR_BLOOD',
    name: 'Blood for Blood',
    color: C,
    type: 'Attack',
    rarity: 'Uncommon',
    cost: [4, 3],
    target: 'AnyEnemy',
    damage: [18, 22],
    text: 'Costs 1 less energy for each time you lose HP in combat. Deal !D! damage.',
    dynamicCost: (x, base) => Math.max(0, base - x.counter('timesDamaged')),
    play: (x, c) => void x.attack(c.target, c.damage),
  }),
  card({
    id: 'BLOODLETTING',
    name: 'Bloodletting',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: 0,
    target: 'Self',
    magic: [2, 3],
    text: 'Lose 3 HP. Gain !M! Energy.',
    play: (x, c) => {
      x.loseHp(3);
      x.gainEnergy(c.magic);
    },
  }),
  card({
    id: 'BURNING_PACT',
    name: 'Burning Pact',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: 1,
    target: 'Self',
    magic: [2, 3],
    text: 'Exhaust 1 card. Draw !M! cards.',
    play: (x, c) => {
      if ((x.run.combat?.hand.length ?? 0) === 0) x.draw(c.magic);
      else x.requestSelection({ source: 'hand', count: 1, prompt: 'Choose a card to Exhaust.' });
    },
    onSelect: (x, chosen, c) => {
      for (const other of chosen) x.exhaustCard(other);
      x.draw(c.magic);
    },
  }),
  card({
    id: 'CARNAGE',
    name: 'Carnage',
    color: C,
    type: 'Attack',
    rarity: 'Uncommon',
    cost: 2,
    target: 'AnyEnemy',
    damage: [20, 28],
    ethereal: true,
    text: 'Ethereal. Deal !D! damage.',
    play: (x, c) => void x.attack(c.target, c.damage),
  }),
  card({
    id: 'COMBUST',
    name: 'Combust',
    color: C,
    type: 'Power',
    rarity: 'Uncommon',
    cost: 1,
    target: 'Self',
    magic: [5, 7],
    text: 'At the end of your turn, lose 1 HP and deal !M! damage to ALL enemies.',
    play: (x, c) => x.applyToPlayer('COMBUST', c.magic),
  }),
  card({
    id: 'DARK_EMBRACE',
    name: 'Dark Embrace',
    color: C,
    type: 'Power',
    rarity: 'Uncommon',
    cost: [2, 1],
    target: 'Self',
    text: 'Whenever a card is Exhausted, draw 1 card.',
    play: (x) => x.applyToPlayer('DARK_EMBRACE', 1),
  }),
  card({
    id: 'DISARM',
    name: 'Disarm',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: 1,
    target: 'AnyEnemy',
    magic: [2, 3],
    exhaust: true,
    text: 'Enemy loses !M! Strength. Exhaust.',
    play: (x, c) => x.applyToMonster(c.target, 'STRENGTH', -c.magic),
  }),
  card({
    id: 'DROPKICK',
    name: 'Dropkick',
    color: C,
    type: 'Attack',
    rarity: 'Uncommon',
    cost: 1,
    target: 'AnyEnemy',
    damage: [5, 8],
    text: 'Deal !D! damage. If the enemy is Vulnerable, gain 1 Energy and draw 1 card.',
    play: (x, c) => {
      const vulnerable = (x.run.combat?.monsters[c.target]?.powers.VULNERABLE ?? 0) > 0;
      x.attack(c.target, c.damage);
      if (vulnerable) {
        x.gainEnergy(1);
        x.draw(1);
      }
    },
  }),
  card({
    id: 'ENTRENCH',
    name: 'Entrench',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: [2, 1],
    target: 'Self',
    text: 'Double your Block.',
    play: (x) => x.gainBlock(x.run.combat?.player.block ?? 0, true),
  }),
  card({
    id: 'EVOLVE',
    name: 'Evolve',
    color: C,
    type: 'Power',
    rarity: 'Uncommon',
    cost: 1,
    target: 'Self',
    magic: [1, 2],
    text: 'Whenever you draw a Status card, draw !M! card(s).',
    play: (x, c) => x.applyToPlayer('EVOLVE', c.magic),
  }),
  card({
    id: 'FEEL_NO_PAIN',
    name: 'Feel No Pain',
    color: C,
    type: 'Power',
    rarity: 'Uncommon',
    cost: 1,
    target: 'Self',
    magic: [3, 4],
    text: 'Whenever a card is Exhausted, gain !M! Block.',
    play: (x, c) => x.applyToPlayer('FEEL_NO_PAIN', c.magic),
  }),
  card({
    id: 'FIRE_BREATHING',
    name: 'Fire Breathing',
    color: C,
    type: 'Power',
    rarity: 'Uncommon',
    cost: 1,
    target: 'Self',
    magic: [6, 10],
    text: 'Whenever you draw a Status or Curse card, deal !M! damage to ALL enemies.',
    play: (x, c) => x.applyToPlayer('FIRE_BREATHING', c.magic),
  }),
  card({
    id: 'FLAME_BARRIER',
    name: 'Flame Barrier',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: 2,
    target: 'Self',
    block: [12, 16],
    magic: [4, 6],
    text: 'Gain !B! Block. Whenever you are attacked this turn, deal !M! damage back.',
    play: (x, c) => {
      x.gainBlock(c.block);
      x.applyToPlayer('FLAME_BARRIER', c.magic);
    },
  }),
  card({
    id: 'GHOSTLY_ARMOR',
    name: 'Ghostly Armor',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: 1,
    target: 'Self',
    block: [10, 13],
    ethereal: true,
    text: 'Ethereal. Gain !B! Block.',
    play: (x, c) => x.gainBlock(c.block),
  }),
  card({
    id: 'HEMOKINESIS',
    name: 'Hemokinesis',
    color: C,
    type: 'Attack',
    rarity: 'Uncommon',
    cost: 1,
    target: 'AnyEnemy',
    damage: [15, 20],
    text: 'Lose 2 HP. Deal !D! damage.',
    play: (x, c) => {
      x.loseHp(2);
      x.attack(c.target, c.damage);
    },
  }),
  card({
    id: 'INFLAME',
    name: 'Inflame',
    color: C,
    type: 'Power',
    rarity: 'Uncommon',
    cost: 1,
    target: 'Self',
    magic: [2, 3],
    text: 'Gain !M! Strength.',
    play: (x, c) => x.applyToPlayer('STRENGTH', c.magic),
  }),
  card({
    id: 'INTIMIDATE',
    name: 'Intimidate',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: 0,
    target: 'AllEnemies',
    magic: [1, 2],
    exhaust: true,
    text: 'Apply !M! Weak to ALL enemies. Exhaust.',
    play: (x, c) => x.applyToAllMonsters('WEAK', c.magic),
  }),
  card({
    id: 'METALLICIZE',
    name: 'Metallicize',
    color: C,
    type: 'Power',
    rarity: 'Uncommon',
    cost: 1,
    target: 'Self',
    magic: [3, 4],
    text: 'At the end of your turn, gain !M! Block.',
    play: (x, c) => x.applyToPlayer('METALLICIZE', c.magic),
  }),
  card({
    id: 'POWER_THROUGH',
    name: 'Power Through',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: 1,
    target: 'Self',
    block: [15, 20],
    text: 'Add 2 Wounds into your hand. Gain !B! Block.',
    play: (x, c) => {
      x.addCard('WOUND', 'hand');
      x.addCard('WOUND', 'hand');
      x.gainBlock(c.block);
    },
  }),
  card({
    id: 'PUMMEL',
    name: 'Pummel',
    color: C,
    type: 'Attack',
    rarity: 'Uncommon',
    cost: 1,
    target: 'AnyEnemy',
    damage: [2, 2],
    magic: [4, 5],
    hits: 'magic',
    exhaust: true,
    text: 'Deal !D! damage !M! times. Exhaust.',
    play: (x, c) => void x.attack(c.target, c.damage, c.magic),
  }),
  card({
    id: 'RAGE',
    name: 'Rage',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: 0,
    target: 'Self',
    magic: [3, 5],
    text: 'Whenever you play an Attack this turn, gain !M! Block.',
    play: (x, c) => x.applyToPlayer('RAGE', c.magic),
  }),
  card({
    id: 'RAMPAGE',
    name: 'Rampage',
    color: C,
    type: 'Attack',
    rarity: 'Uncommon',
    cost: 1,
    target: 'AnyEnemy',
    damage: [8, 8],
    magic: [5, 8],
    text: "Deal !D! damage. Increase this card's damage by !M! this combat.",
    play: (x, c) => {
      x.attack(c.target, c.damage);
      c.card.bonus += c.magic;
    },
  }),
  card({
    id: 'RECKLESS_CHARGE',
    name: 'Reckless Charge',
    color: C,
    type: 'Attack',
    rarity: 'Uncommon',
    cost: 0,
    target: 'AnyEnemy',
    damage: [7, 10],
    text: 'Deal !D! damage. Shuffle a Dazed into your draw pile.',
    play: (x, c) => {
      x.attack(c.target, c.damage);
      x.addCard('DAZED', 'drawRandom');
    },
  }),
  card({
    id: 'SECOND_WIND',
    name: 'Second Wind',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: 1,
    target: 'Self',
    block: [5, 7],
    text: 'Exhaust all non-Attack cards in your hand. Gain !B! Block for each card Exhausted.',
    play: (x, c) => {
      for (const other of [...(x.run.combat?.hand ?? [])]) {
        if (!isAttack(other.id)) {
          x.exhaustCard(other);
          x.gainBlock(c.block);
        }
      }
    },
  }),
  card({
    id: 'SEEING_RED',
    name: 'Seeing Red',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: [1, 0],
    target: 'Self',
    exhaust: true,
    text: 'Gain 2 Energy. Exhaust.',
    play: (x) => x.gainEnergy(2),
  }),
  card({
    id: 'SENTINEL',
    name: 'Sentinel',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: 1,
    target: 'Self',
    block: [5, 8],
    magic: [2, 3],
    text: 'Gain !B! Block. If this card is Exhausted, gain !M! Energy.',
    play: (x, c) => x.gainBlock(c.block),
    onExhaust: (x, c) => x.gainEnergy(c.magic),
  }),
  card({
    id: 'SEVER_SOUL',
    name: 'Sever Soul',
    color: C,
    type: 'Attack',
    rarity: 'Uncommon',
    cost: 2,
    target: 'AnyEnemy',
    damage: [16, 22],
    text: 'Exhaust all non-Attack cards in your hand. Deal !D! damage.',
    play: (x, c) => {
      for (const other of [...(x.run.combat?.hand ?? [])]) if (!isAttack(other.id)) x.exhaustCard(other);
      x.attack(c.target, c.damage);
    },
  }),
  card({
    id: 'SHOCKWAVE',
    name: 'Shockwave',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: 2,
    target: 'AllEnemies',
    magic: [3, 5],
    exhaust: true,
    text: 'Apply !M! Weak and Vulnerable to ALL enemies. Exhaust.',
    play: (x, c) => {
      x.applyToAllMonsters('WEAK', c.magic);
      x.applyToAllMonsters('VULNERABLE', c.magic);
    },
  }),
  card({
    id: 'SPOT_WEAKNESS',
    name: 'Spot Weakness',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: 1,
    target: 'AnyEnemy',
    magic: [3, 4],
    text: 'If the enemy intends to attack, gain !M! Strength.',
    play: (x, c) => {
      if ((x.run.combat?.monsters[c.target]?.move.baseDamage ?? null) !== null)
        x.applyToPlayer('STRENGTH', c.magic);
    },
  }),
  card({
    id: 'UPPERCUT',
    name: 'Uppercut',
    color: C,
    type: 'Attack',
    rarity: 'Uncommon',
    cost: 2,
    target: 'AnyEnemy',
    damage: [13, 13],
    magic: [1, 2],
    text: 'Deal !D! damage. Apply !M! Weak. Apply !M! Vulnerable.',
    play: (x, c) => {
      x.attack(c.target, c.damage);
      x.applyToMonster(c.target, 'WEAK', c.magic);
      x.applyToMonster(c.target, 'VULNERABLE', c.magic);
    },
  }),
  card({
    id: 'WHIRLWIND',
    name: 'Whirlwind',
    color: C,
    type: 'Attack',
    rarity: 'Uncommon',
    cost: -1,
    target: 'AllEnemies',
    damage: [5, 8],
    text: 'Deal !D! damage to ALL enemies X times.',
    play: (x, c) => void x.attack('all', c.damage, x.xValue),
  }),
  card({
    id: 'INFERNAL_BLADE',
    name: 'Infernal Blade',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: [1, 0],
    target: 'Self',
    exhaust: true,
    text: 'Add a random Attack into your hand. It costs 0 this turn. Exhaust.',
    play: (x) =>
      x.addCard(RANDOM_ATTACKS[x.randomInt(0, RANDOM_ATTACKS.length - 1)] ?? 'ANGER', 'hand', false, true),
  }),
  // Rares
  card({
    id: 'BARRICADE',
    name: 'Barricade',
    color: C,
    type: 'Power',
    rarity: 'Rare',
    cost: [3, 2],
    target: 'Self',
    text: 'Block is not removed at the start of your turn.',
    play: (x) => x.applyToPlayer('BARRICADE', 1),
  }),
  card({
    id: 'BERSERK',
    name: 'Berserk',
    color: C,
    type: 'Power',
    rarity: 'Rare',
    cost: 0,
    target: 'Self',
    magic: [2, 1],
    text: 'Gain !M! Vulnerable. At the start of your turn, gain 1 Energy.',
    play: (x, c) => {
      x.applyToPlayer('VULNERABLE', c.magic);
      x.applyToPlayer('BERSERK', 1);
    },
  }),
  card({
    id: 'BLUDGEON',
    name: 'Bludgeon',
    color: C,
    type: 'Attack',
    rarity: 'Rare',
    cost: 3,
    target: 'AnyEnemy',
    damage: [32, 42],
    text: 'Deal !D! damage.',
    play: (x, c) => void x.attack(c.target, c.damage),
  }),
  card({
    id: 'BRUTALITY',
    name: 'Brutality',
    color: C,
    type: 'Power',
    rarity: 'Rare',
    cost: 0,
    target: 'Self',
    innate: [false, true],
    text: 'At the start of your turn, lose 1 HP and draw 1 card.',
    upgradedText: 'Innate. At the start of your turn, lose 1 HP and draw 1 card.',
    play: (x) => x.applyToPlayer('BRUTALITY', 1),
  }),
  card({
    id: 'CORRUPTION',
    name: 'Corruption',
    color: C,
    type: 'Power',
    rarity: 'Rare',
    cost: [3, 2],
    target: 'Self',
    text: 'Skills cost 0. Whenever you play a Skill, Exhaust it.',
    play: (x) => x.applyToPlayer('CORRUPTION', 1),
  }),
  card({
    id: 'DEMON_FORM',
    name: 'Demon Form',
    color: C,
    type: 'Power',
    rarity: 'Rare',
    cost: 3,
    target: 'Self',
    magic: [2, 3],
    text: 'At the start of each turn, gain !M! Strength.',
    play: (x, c) => x.applyToPlayer('DEMON_FORM', c.magic),
  }),
  card({
    id: 'DOUBLE_TAP',
    name: 'Double Tap',
    color: C,
    type: 'Skill',
    rarity: 'Rare',
    cost: 1,
    target: 'Self',
    magic: [1, 2],
    text: 'This turn, your next !M! Attack(s) are played twice.',
    play: (x, c) => x.applyToPlayer('DOUBLE_TAP', c.magic),
  }),
  card({
    id: 'EXHUME',
    name: 'Exhume',
    color: C,
    type: 'Skill',
    rarity: 'Rare',
    cost: [1, 0],
    target: 'Self',
    exhaust: true,
    text: 'Put a card from your Exhaust pile into your hand. Exhaust.',
    play: (x) =>
      x.requestSelection({
        source: 'exhaust',
        count: 1,
        prompt: 'Choose an Exhausted card to return to your hand.',
        filter: (other) => other.id !== 'EXHUME',
      }),
    onSelect: (x, chosen) => {
      const combat = x.run.combat;
      if (combat === null) return;
      for (const other of chosen) {
        combat.exhaustPile.splice(combat.exhaustPile.indexOf(other), 1);
        if (combat.hand.length < 10) combat.hand.push(other);
        else combat.discardPile.push(other);
      }
    },
  }),
  card({
    id: 'FEED',
    name: 'Feed',
    color: C,
    type: 'Attack',
    rarity: 'Rare',
    cost: 1,
    target: 'AnyEnemy',
    damage: [10, 12],
    magic: [3, 4],
    exhaust: true,
    text: 'Deal !D! damage. If Fatal, raise your Max HP by !M!. Exhaust.',
    play: (x, c) => {
      const monster = x.run.combat?.monsters[c.target];
      x.attack(c.target, c.damage);
      if (monster !== undefined && !monster.alive && !monster.escaped) {
        x.run.maxHp += c.magic;
        x.heal(c.magic);
      }
    },
  }),
  card({
    id: 'FIEND_FIRE',
    name: 'Fiend Fire',
    color: C,
    type: 'Attack',
    rarity: 'Rare',
    cost: 2,
    target: 'AnyEnemy',
    damage: [7, 10],
    exhaust: true,
    text: 'Exhaust all cards in your hand. Deal !D! damage for each card Exhausted. Exhaust.',
    play: (x, c) => {
      const hand = [...(x.run.combat?.hand ?? [])];
      for (const other of hand) x.exhaustCard(other);
      x.attack(c.target, c.damage, hand.length);
    },
  }),
  card({
    id: 'IMMOLATE',
    name: 'Immolate',
    color: C,
    type: 'Attack',
    rarity: 'Rare',
    cost: 2,
    target: 'AllEnemies',
    damage: [21, 28],
    text: 'Deal !D! damage to ALL enemies. Add a Burn into your discard pile.',
    play: (x, c) => {
      x.attack('all', c.damage);
      x.addCard('BURN', 'discard');
    },
  }),
  card({
    id: 'IMPERVIOUS',
    name: 'Impervious',
    color: C,
    type: 'Skill',
    rarity: 'Rare',
    cost: 2,
    target: 'Self',
    block: [30, 40],
    exhaust: true,
    text: 'Gain !B! Block. Exhaust.',
    play: (x, c) => x.gainBlock(c.block),
  }),
  card({
    id: 'JUGGERNAUT',
    name: 'Juggernaut',
    color: C,
    type: 'Power',
    rarity: 'Rare',
    cost: 2,
    target: 'Self',
    magic: [5, 7],
    text: 'Whenever you gain Block, deal !M! damage to a random enemy.',
    play: (x, c) => x.applyToPlayer('JUGGERNAUT', c.magic),
  }),
  card({
    id: 'LIMIT_BREAK',
    name: 'Limit Break',
    color: C,
    type: 'Skill',
    rarity: 'Rare',
    cost: 1,
    target: 'Self',
    exhaust: [true, false],
    text: 'Double your Strength. Exhaust.',
    upgradedText: 'Double your Strength.',
    play: (x) => {
      const strength = x.playerPower('STRENGTH');
      if (strength > 0) x.applyToPlayer('STRENGTH', strength);
    },
  }),
  card({
    id: 'OFFERING',
    name: 'Offering',
    color: C,
    type: 'Skill',
    rarity: 'Rare',
    cost: 0,
    target: 'Self',
    magic: [3, 5],
    exhaust: true,
    text: 'Lose 6 HP. Gain 2 Energy. Draw !M! cards. Exhaust.',
    play: (x, c) => {
      x.loseHp(6);
      x.gainEnergy(2);
      x.draw(c.magic);
    },
  }),
  card({
    id: 'REAPER',
    name: 'Reaper',
    color: C,
    type: 'Attack',
    rarity: 'Rare',
    cost: 2,
    target: 'AllEnemies',
    damage: [4, 5],
    exhaust: true,
    text: 'Deal !D! damage to ALL enemies. Heal HP equal to unblocked damage. Exhaust.',
    play: (x, c) => x.heal(x.attack('all', c.damage)),
  }),
  card({
    id: 'DUAL_WIELD',
    name: 'Dual Wield',
    color: C,
    type: 'Skill',
    rarity: 'Uncommon',
    cost: 1,
    target: 'Self',
    magic: [1, 2],
    text: 'Choose an Attack or Power card. Add !M! copy of it into your hand.',
    upgradedText: 'Choose an Attack or Power card. Add !M! copies of it into your hand.',
    play: (x) =>
      x.requestSelection({
        source: 'hand',
        count: 1,
        prompt: 'Choose an Attack or Power to copy.',
        filter: (other) => isAttack(other.id) || isPower(other.id),
      }),
    onSelect: (x, chosen, c) => {
      for (const other of chosen)
        for (let copy = 0; copy < c.magic; copy++) x.addCard(other.id, 'hand', other.upgraded);
    },
  }),
  card({
    id: 'SEARING_BLOW',
    name: 'Searing Blow',
    color: C,
    type: 'Attack',
    rarity: 'Uncommon',
    cost: 2,
    target: 'AnyEnemy',
    // 12, +4 with the first upgrade (the original grows by 4 + n per further upgrade; the simulator
    // upgrades a card once).
    damage: [12, 16],
    text: 'Deal !D! damage. Can be upgraded any number of times (the simulator upgrades it once).',
    play: (x, c) => void x.attack(c.target, c.damage),
  }),
  card({
    id: 'RUPTURE',
    name: 'Rupture',
    color: C,
    type: 'Power',
    rarity: 'Uncommon',
    cost: 1,
    target: 'Self',
    magic: [1, 2],
    text: 'Whenever you lose HP from a card, gain !M! Strength.',
    play: (x, c) => x.applyToPlayer('RUPTURE', c.magic),
  }),
];

const RANDOM_ATTACKS: string[] = [];
for (const definition of IRONCLAD_CARDS) {
  if (definition.type === 'Attack' && definition.rarity !== 'Basic') RANDOM_ATTACKS.push(definition.id);
}
