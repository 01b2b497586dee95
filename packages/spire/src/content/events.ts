// "?" room events with their original options and numbers. Each page returns its body and
// options; `choose` applies an option and returns the next page, or null when the event ends.
import type { EventDefinition } from '../engine/definitions.js';

const leave = { label: '[Leave] Nothing happens.' };

/** Every event of the sts1 ruleset. */
export const EVENTS: readonly EventDefinition[] = [
  {
    id: 'BIG_FISH',
    name: 'Big Fish',
    acts: [1],
    text: 'Choose one: Banana (heal 1/3 of Max HP), Donut (+5 Max HP), or Box (obtain a random relic and the curse Regret).',
    page: (run) => ({
      body: 'A fish-like figure offers you a banana, a donut and a box.',
      options: [
        { label: `[Banana] Heal ${Math.floor(run.maxHp / 3)} HP.` },
        { label: '[Donut] Max HP +5.' },
        { label: '[Box] Receive a relic. Become Cursed: Regret.' },
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 0) x.heal(Math.floor(x.run.maxHp / 3));
      else if (option === 1) x.gainMaxHp(5);
      else {
        x.addRelic(null);
        x.addCard('REGRET');
      }
      return null;
    },
  },
  {
    id: 'THE_CLERIC',
    name: 'The Cleric',
    acts: [1],
    text: 'Heal (35 Gold: heal 25% of Max HP), Purify (50 Gold: remove a card from your deck), or Leave.',
    page: (run) => ({
      body: 'A strange blue humanoid with a golden helmet offers his services.',
      options: [
        {
          label: `[Heal] Lose 35 Gold. Heal ${Math.floor(run.maxHp / 4)} HP.`,
          disabledReason: run.gold < 35 ? 'Requires 35 Gold.' : null,
        },
        {
          label: '[Purify] Lose 50 Gold. Remove a card from your deck.',
          disabledReason: run.gold < 50 ? 'Requires 50 Gold.' : null,
        },
        leave,
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 0) {
        x.loseGold(35);
        x.heal(Math.floor(x.run.maxHp / 4));
      } else if (option === 1) {
        x.loseGold(50);
        x.selectDeck('remove', 1);
      }
      return null;
    },
  },
  {
    id: 'GOLDEN_IDOL',
    name: 'Golden Idol',
    acts: [1],
    text: 'Take the Golden Idol relic (enemies drop 25% more Gold), then escape the boulder: Outrun (gain the curse Injury), Smash (take 25% of Max HP damage) or Hide (lose 8% Max HP). Or leave it.',
    page: (run, page) =>
      page === 0
        ? {
            body: 'A golden idol rests on a pedestal.',
            options: [{ label: '[Take] Obtain Golden Idol. Trigger a trap.' }, leave],
          }
        : {
            body: 'A huge boulder rolls toward you!',
            options: [
              { label: '[Outrun] Become Cursed: Injury.' },
              { label: `[Smash] Take ${Math.floor(run.maxHp * 0.25)} damage.` },
              { label: `[Hide] Lose ${Math.max(1, Math.floor(run.maxHp * 0.08))} Max HP.` },
            ],
          },
    choose: (x, page, option) => {
      if (page === 0) {
        if (option === 1) return null;
        x.addRelic('GOLDEN_IDOL');
        return 1;
      }
      if (option === 0) x.addCard('INJURY');
      else if (option === 1) x.loseHp(Math.floor(x.run.maxHp * 0.25));
      else x.loseMaxHp(Math.max(1, Math.floor(x.run.maxHp * 0.08)));
      return null;
    },
  },
  {
    id: 'LIVING_WALL',
    name: 'Living Wall',
    acts: [1],
    text: 'Forget (remove a card), Change (transform a card) or Grow (upgrade a card).',
    page: () => ({
      body: 'Three faces in a wall speak in turn.',
      options: [
        { label: '[Forget] Remove a card from your deck.' },
        { label: '[Change] Transform a card in your deck.' },
        { label: '[Grow] Upgrade a card in your deck.' },
      ],
    }),
    choose: (x, _page, option) => {
      x.selectDeck(option === 0 ? 'remove' : option === 1 ? 'transform' : 'upgrade', 1);
      return null;
    },
  },
  {
    id: 'SCRAP_OOZE',
    name: 'Scrap Ooze',
    acts: [1],
    text: 'Reach inside: lose 3 HP (one more each try) for a 25% chance (+10% each try) of a relic. Or leave.',
    setup: (_x, memory) => {
      memory.damage = 3;
      memory.chance = 25;
    },
    page: (_run, _page, memory) => ({
      body: 'A slime filled with scrap metal gurgles.',
      options: [
        {
          label: `[Reach Inside] Lose ${memory.damage ?? 3} HP. ${memory.chance ?? 25}% chance to find a relic.`,
        },
        leave,
      ],
    }),
    choose: (x, _page, option, memory) => {
      if (option === 1) return null;
      x.loseHp(memory.damage ?? 3);
      if (x.run.hp <= 0) return null;
      if (x.roll() < (memory.chance ?? 25)) {
        x.addRelic(null);
        return null;
      }
      memory.damage = (memory.damage ?? 3) + 1;
      memory.chance = (memory.chance ?? 25) + 10;
      return 0;
    },
  },
  {
    id: 'SHINING_LIGHT',
    name: 'Shining Light',
    acts: [1],
    text: 'Enter the light: upgrade 2 random cards and take 20% of Max HP damage. Or leave.',
    page: (run) => ({
      body: 'A pool of shimmering light.',
      options: [
        { label: `[Enter] Upgrade 2 random cards. Take ${Math.round(run.maxHp * 0.2)} damage.` },
        leave,
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 1) return null;
      const candidates = x.run.deck.filter(
        (card) => !card.upgraded && !['WOUND', 'DAZED', 'SLIMED', 'BURN'].includes(card.id),
      );
      for (let count = 0; count < 2 && candidates.length > 0; count++) {
        const index = x.randomInt(0, candidates.length - 1);
        const chosen = candidates[index];
        if (
          chosen !== undefined &&
          !chosen.id.match(/^(REGRET|DOUBT|SHAME|DECAY|INJURY|CLUMSY|PARASITE|WRITHE)$/)
        )
          chosen.upgraded = true;
        candidates.splice(index, 1);
      }
      x.loseHp(Math.round(x.run.maxHp * 0.2));
      return null;
    },
  },
  {
    id: 'WING_STATUE',
    name: 'Wing Statue',
    acts: [1],
    text: 'Pray (remove a card, lose 7 HP), Destroy (needs an Attack dealing 10+ damage: gain 50-80 Gold), or Leave.',
    page: () => ({
      body: 'A statue of a winged figure.',
      options: [
        { label: '[Pray] Remove a card from your deck. Lose 7 HP.' },
        { label: '[Destroy] Gain 50-80 Gold.' },
        leave,
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 0) {
        x.loseHp(7);
        if (x.run.hp > 0) x.selectDeck('remove', 1);
      } else if (option === 1) {
        x.gainGold(x.randomInt(50, 80));
      }
      return null;
    },
  },
  {
    id: 'WORLD_OF_GOOP',
    name: 'World of Goop',
    acts: [1],
    text: 'Gather Gold (gain 75 Gold, lose 11 HP) or Leave It (lose 20-50 Gold).',
    setup: (x, memory) => {
      memory.loss = Math.min(x.run.gold, x.randomInt(20, 50));
    },
    page: (_run, _page, memory) => ({
      body: 'You fall into a puddle of goop full of gold.',
      options: [
        { label: '[Gather Gold] Gain 75 Gold. Lose 11 HP.' },
        { label: `[Leave It] Lose ${memory.loss ?? 0} Gold.` },
      ],
    }),
    choose: (x, _page, option, memory) => {
      if (option === 0) {
        x.gainGold(75);
        x.loseHp(11);
      } else {
        x.loseGold(memory.loss ?? 0);
      }
      return null;
    },
  },
  {
    id: 'MUSHROOMS',
    name: 'Mushrooms',
    acts: [1],
    text: 'Stomp (fight 3 Fungi Beasts, then receive Odd Mushroom) or Eat (heal 25% of Max HP, gain the curse Parasite).',
    page: (run) => ({
      body: 'A ring of strange mushrooms.',
      options: [
        { label: '[Stomp] Anger the mushrooms (fight).' },
        { label: `[Eat] Heal ${Math.floor(run.maxHp * 0.25)} HP. Become Cursed: Parasite.` },
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 0) {
        x.addRelic('ODD_MUSHROOM');
        x.fight('THREE_FUNGI_BEASTS');
      } else {
        x.heal(Math.floor(x.run.maxHp * 0.25));
        x.addCard('PARASITE');
      }
      return null;
    },
  },
  {
    id: 'GOLDEN_SHRINE',
    name: 'Golden Shrine',
    acts: [1, 2, 3],
    text: 'Pray (gain 100 Gold), Desecrate (gain 275 Gold and the curse Regret), or Leave.',
    page: () => ({
      body: 'A golden shrine glitters before you.',
      options: [
        { label: '[Pray] Gain 100 Gold.' },
        { label: '[Desecrate] Gain 275 Gold. Become Cursed: Regret.' },
        leave,
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 0) x.gainGold(100);
      else if (option === 1) {
        x.gainGold(275);
        x.addCard('REGRET');
      }
      return null;
    },
  },
  {
    id: 'PURIFIER',
    name: 'Purifier',
    acts: [1, 2, 3],
    text: 'Pray: remove a card from your deck. Or Leave.',
    page: () => ({
      body: 'A shrine of purification.',
      options: [{ label: '[Pray] Remove a card from your deck.' }, leave],
    }),
    choose: (x, _page, option) => {
      if (option === 0) x.selectDeck('remove', 1);
      return null;
    },
  },
  {
    id: 'UPGRADE_SHRINE',
    name: 'Upgrade Shrine',
    acts: [1, 2, 3],
    text: 'Pray: upgrade a card. Or Leave.',
    page: () => ({
      body: 'A shrine that hums with power.',
      options: [{ label: '[Pray] Upgrade a card.' }, leave],
    }),
    choose: (x, _page, option) => {
      if (option === 0) x.selectDeck('upgrade', 1);
      return null;
    },
  },
  {
    id: 'TRANSMOGRIFIER',
    name: 'Transmogrifier',
    acts: [1, 2, 3],
    text: 'Pray: transform a card into a random card of your class. Or Leave.',
    page: () => ({ body: 'A shrine of change.', options: [{ label: '[Pray] Transform a card.' }, leave] }),
    choose: (x, _page, option) => {
      if (option === 0) x.selectDeck('transform', 1);
      return null;
    },
  },
  {
    id: 'DUPLICATOR',
    name: 'Duplicator',
    acts: [2, 3],
    text: 'Pray: duplicate a card in your deck. Or Leave.',
    page: () => ({
      body: 'An altar that copies what is placed on it.',
      options: [{ label: '[Pray] Duplicate a card in your deck.' }, leave],
    }),
    choose: (x, _page, option) => {
      if (option === 0) x.selectDeck('duplicate', 1);
      return null;
    },
  },
  {
    id: 'THE_LAB',
    name: 'The Lab',
    acts: [2],
    text: 'Search: obtain 3 random potions.',
    page: () => ({
      body: 'An abandoned laboratory full of vials.',
      options: [{ label: '[Search] Obtain 3 random potions.' }],
    }),
    choose: (x) => {
      for (let count = 0; count < 3; count++) x.addPotion();
      return null;
    },
  },
  {
    id: 'ANCIENT_WRITING',
    name: 'Ancient Writing',
    acts: [2],
    text: 'Elegance (remove a card) or Simplicity (upgrade all Strikes and Defends).',
    page: () => ({
      body: 'Ancient writing covers the walls.',
      options: [
        { label: '[Elegance] Remove a card from your deck.' },
        { label: '[Simplicity] Upgrade all Strikes and Defends.' },
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 0) x.selectDeck('remove', 1);
      else for (const card of x.run.deck) if (/^(STRIKE|DEFEND)_/.test(card.id)) card.upgraded = true;
      return null;
    },
  },
];
