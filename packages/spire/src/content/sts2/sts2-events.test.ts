import { describe, expect, it } from 'vitest';
import { parseGameState } from '../../api/game-state-schema.js';
import { createHeuristicBot } from '../../bot/heuristic-bot.js';
import type { EngineAction } from '../../engine/action.js';
import { toGameState } from '../../engine/game-state-projection.js';
import { applyAction, createRun, enterEvent, legalActions } from '../../engine/run.js';
import type { CharacterId, RunState } from '../../engine/run-state.js';
import { createSimulator } from '../../engine/simulator.js';
import { contentSet, getCard, getEvent, withRuleset } from '../registry.js';
import { STS2_RELIC_FACTS } from './data/sts2-relic-facts.js';
import { STS2_CHARACTER_IDS } from './sts2-content.js';
import { buildSts2Events, UNSIMULATED_STS2_EVENTS } from './sts2-events.js';
import { rollSts2UnknownRoom, STS2_UNKNOWN_ROOM_BASE } from './sts2-unknown-room.js';

/** An StS2 run standing in an event, after `prepare` shaped the run. */
function at(
  eventId: string,
  prepare?: (run: RunState) => void,
  character: CharacterId = 'IRONCLAD',
): RunState {
  const run = createRun({ seed: `event-${eventId}`, character, ruleset: 'sts2' });
  run.potions = [null, null, null];
  withRuleset('sts2', () => prepare?.(run));
  enterEvent(run, eventId);
  return run;
}

function act(run: RunState, action: EngineAction): void {
  const result = applyAction(run, action);
  expect(result.ok, JSON.stringify(result)).toBe(true);
}

function choose(run: RunState, option: number): void {
  act(run, { action: 'choose_event_option', option_index: option });
}

function selectCard(run: RunState, index = 0): void {
  act(run, { action: 'select_deck_card', option_index: index });
}

/** The enchantment ids on the deck's cards, in deck order. */
function enchanted(run: RunState): string[] {
  return run.deck.flatMap((card) => (card.enchantment === undefined ? [] : [card.enchantment.id]));
}

function count(run: RunState, id: string): number {
  return run.deck.filter((card) => card.id === id).length;
}

function has(run: RunState, relicId: string): boolean {
  return run.relics.some((relic) => relic.id === relicId);
}

function upgraded(run: RunState): number {
  return run.deck.filter((card) => card.upgraded).length;
}

function isOver(run: RunState): boolean {
  return run.event?.done === true;
}

function options(run: RunState): { title: string; description: string; is_locked: boolean }[] {
  return toGameState(run).event?.options ?? [];
}

describe('StS2 events: the content', () => {
  it('has Act 1 (Overgrowth, Underdocks), Act 2 (Hive), Act 3 (Glory) and shared events, each with options', () => {
    const events = buildSts2Events();
    const perAct = [1, 2, 3].map((act) => events.filter((event) => event.acts.includes(act)).length);
    expect(perAct.every((amount) => amount >= 10)).toBe(true);
    expect(events.length).toBeGreaterThanOrEqual(50);
    expect(contentSet('sts2').events).toHaveLength(events.length);
    for (const id of Object.keys(UNSIMULATED_STS2_EVENTS))
      expect(events.some((event) => event.id === id)).toBe(false);
  });

  it('renders every event as a state that validates against the real StS2 state schema, with an option to take', () => {
    // The 200 recorded states in ../shared/data/sts2 are all combats (their `event` is null), so the
    // schema the real states validate against (event_id, title, description, is_finished, options with
    // index, title, description, is_locked, is_proceed) is what the simulated event states are checked with.
    for (const event of buildSts2Events()) {
      const run = at(event.id, (state) => {
        state.gold = 400;
        state.floor = 10;
        state.potions = ['FOUL_POTION', 'FIRE_POTION', null];
      });
      const state = parseGameState(toGameState(run));
      expect(state.screen).toBe('EVENT');
      expect(state.event?.event_id).toBe(event.id);
      expect(state.event?.options.length ?? 0).toBeGreaterThan(0);
      expect(legalActions(run).some((action) => action.action === 'choose_event_option')).toBe(true);
    }
  });

  it('never lets a locked option be taken', () => {
    const run = at('WATERLOGGED_SCRIPTORIUM', (state) => {
      state.gold = 60;
    });
    expect(options(run)[2]?.is_locked).toBe(true);
    expect(applyAction(run, { action: 'choose_event_option', option_index: 2 }).ok).toBe(false);
  });
});

describe('StS2 events: each option applies its stated effects', () => {
  it('Aroma of Chaos transforms or upgrades a chosen card', () => {
    const transform = at('AROMA_OF_CHAOS');
    const first = transform.deck[0]?.uid;
    choose(transform, 0);
    expect(transform.screen).toBe('CARD_SELECTION');
    selectCard(transform, 0);
    expect(transform.deck.some((card) => card.uid === first)).toBe(false);
    const upgrade = at('AROMA_OF_CHAOS');
    choose(upgrade, 1);
    selectCard(upgrade, 0);
    expect(upgraded(upgrade)).toBe(1);
    expect(upgrade.screen).toBe('EVENT');
  });

  it('Byrdonis Nest gives 7 Max HP or the egg', () => {
    const eat = at('BYRDONIS_NEST');
    const maxHp = eat.maxHp;
    choose(eat, 0);
    expect(eat.maxHp).toBe(maxHp + 7);
    const take = at('BYRDONIS_NEST');
    choose(take, 1);
    expect(count(take, 'BYRDONIS_EGG')).toBe(1);
  });

  it('Dense Vegetation: 61-99 Gold for 8 HP, or a 30% heal and a fight with no reward', () => {
    const trudge = at('DENSE_VEGETATION');
    const [gold, hp] = [trudge.gold, trudge.hp];
    choose(trudge, 0);
    expect(trudge.gold - gold).toBeGreaterThanOrEqual(61);
    expect(trudge.gold - gold).toBeLessThanOrEqual(99);
    expect(trudge.hp).toBe(hp - 8);
    const rest = at('DENSE_VEGETATION', (run) => {
      run.hp = 20;
    });
    choose(rest, 1);
    expect(rest.hp).toBe(20 + Math.floor(rest.maxHp * 0.3));
    expect(rest.screen).toBe('COMBAT');
    expect(rest.combat?.encounterId).toBe('DENSE_VEGETATION_EVENT_ENCOUNTER');
    expect(rest.event?.fightRewards).toEqual([]);
  });

  it('Jungle Maze: 35-65 Gold, or 135-165 Gold for 18 HP', () => {
    const join = at('JUNGLE_MAZE_ADVENTURE');
    const gold = join.gold;
    choose(join, 0);
    expect(join.gold - gold).toBeGreaterThanOrEqual(35);
    expect(join.gold - gold).toBeLessThanOrEqual(65);
    const solo = at('JUNGLE_MAZE_ADVENTURE');
    const [soloGold, hp] = [solo.gold, solo.hp];
    choose(solo, 1);
    expect(solo.gold - soloGold).toBeGreaterThanOrEqual(135);
    expect(solo.gold - soloGold).toBeLessThanOrEqual(165);
    expect(solo.hp).toBe(hp - 18);
  });

  it('Luminous Choir removes 2 cards for Spore Mind, or takes 100-149 Gold for a relic', () => {
    const flesh = at('LUMINOUS_CHOIR', (run) => {
      run.gold = 200;
    });
    const size = flesh.deck.length;
    choose(flesh, 0);
    selectCard(flesh, 0);
    expect(flesh.screen).toBe('CARD_SELECTION');
    selectCard(flesh, 0);
    expect(flesh.screen).toBe('EVENT');
    expect(flesh.deck.length).toBe(size + 1 - 2);
    expect(count(flesh, 'SPORE_MIND')).toBe(1);
    const tribute = at('LUMINOUS_CHOIR', (run) => {
      run.gold = 200;
    });
    const relics = tribute.relics.length;
    choose(tribute, 1);
    expect(200 - tribute.gold).toBeGreaterThanOrEqual(100);
    expect(200 - tribute.gold).toBeLessThanOrEqual(149);
    expect(tribute.relics.length).toBe(relics + 1);
  });

  it('Morphic Grove takes all Gold and transforms 2 cards, or gives 5 Max HP', () => {
    const group = at('MORPHIC_GROVE', (run) => {
      run.gold = 150;
    });
    const uids = group.deck.slice(0, 2).map((card) => card.uid);
    choose(group, 0);
    selectCard(group, 0);
    selectCard(group, 0);
    expect(group.gold).toBe(0);
    expect(group.deck.filter((card) => uids.includes(card.uid))).toHaveLength(0);
    const loner = at('MORPHIC_GROVE', (run) => {
      run.gold = 150;
    });
    const maxHp = loner.maxHp;
    choose(loner, 1);
    expect(loner.maxHp).toBe(maxHp + 5);
  });

  it('Sapphire Seed heals 9 and upgrades a card', () => {
    const run = at('SAPPHIRE_SEED', (state) => {
      state.hp = 30;
    });
    choose(run, 0);
    selectCard(run, 0);
    expect(run.hp).toBe(39);
    expect(upgraded(run)).toBe(1);
  });

  it('The Sunken Statue gives the Sword of Stone, or 101-121 Gold for 7 HP', () => {
    const sword = at('SUNKEN_STATUE');
    choose(sword, 0);
    expect(has(sword, 'SWORD_OF_STONE')).toBe(true);
    const dive = at('SUNKEN_STATUE');
    const [gold, hp] = [dive.gold, dive.hp];
    choose(dive, 1);
    expect(dive.gold - gold).toBeGreaterThanOrEqual(101);
    expect(dive.gold - gold).toBeLessThanOrEqual(121);
    expect(dive.hp).toBe(hp - 7);
  });

  it('Tablet of Truth costs 3, 6, 12, 24 Max HP per stage with an upgrade each, or heals 20', () => {
    const run = at('TABLET_OF_TRUTH', (state) => {
      state.maxHp = 100;
      state.hp = 100;
    });
    for (const [stage, cost] of [3, 6, 12, 24].entries()) {
      const before = run.maxHp;
      choose(run, 0);
      expect(before - run.maxHp).toBe(cost);
      expect(upgraded(run)).toBe(stage + 1);
    }
    choose(run, 0);
    expect(run.maxHp).toBe(1);
    expect(
      run.deck.every((card) => card.upgraded || ['Curse', 'Status'].includes(getCard(card.id).type)),
    ).toBe(true);
    const smash = at('TABLET_OF_TRUTH', (state) => {
      state.hp = 30;
    });
    choose(smash, 1);
    expect(smash.hp).toBe(50);
  });

  it('Unrest Site heals to full with Poor Sleep, or takes 8 Max HP for a relic; only at 70% HP or less', () => {
    const rest = at('UNREST_SITE', (run) => {
      run.hp = 20;
    });
    choose(rest, 0);
    expect(rest.hp).toBe(rest.maxHp);
    expect(count(rest, 'POOR_SLEEP')).toBe(1);
    const kill = at('UNREST_SITE', (run) => {
      run.hp = 20;
    });
    const [maxHp, relics] = [kill.maxHp, kill.relics.length];
    choose(kill, 1);
    expect(kill.maxHp).toBe(maxHp - 8);
    expect(kill.relics.length).toBe(relics + 1);
    const healthy = createRun({ seed: 'unrest', character: 'IRONCLAD', ruleset: 'sts2' });
    expect(withRuleset('sts2', () => getEvent('UNREST_SITE').available?.(healthy))).toBe(false);
  });

  it('Wellspring gives a potion, or removes a card and adds Guilty', () => {
    const bottle = at('WELLSPRING');
    choose(bottle, 0);
    expect(bottle.potions.filter((potion) => potion !== null)).toHaveLength(1);
    const bathe = at('WELLSPRING');
    const size = bathe.deck.length;
    choose(bathe, 1);
    selectCard(bathe, 0);
    expect(bathe.deck.length).toBe(size);
    expect(count(bathe, 'GUILTY')).toBe(1);
  });

  it('Whispering Hollow trades 26-44 Gold for 2 potions, or 9 HP for a transform', () => {
    const gold = at('WHISPERING_HOLLOW', (run) => {
      run.gold = 100;
    });
    choose(gold, 0);
    expect(100 - gold.gold).toBeGreaterThanOrEqual(26);
    expect(100 - gold.gold).toBeLessThanOrEqual(44);
    expect(gold.potions.filter((potion) => potion !== null)).toHaveLength(2);
    const hug = at('WHISPERING_HOLLOW', (run) => {
      run.gold = 100;
    });
    const hp = hug.hp;
    choose(hug, 1);
    expect(hug.hp).toBe(hp - 9);
    expect(hug.screen).toBe('CARD_SELECTION');
  });

  it('Wood Carvings turns a Basic card into Peck or Toric Toughness', () => {
    for (const [option, into] of [
      [0, 'PECK'],
      [2, 'TORIC_TOUGHNESS'],
    ] as const) {
      const run = at('WOOD_CARVINGS');
      const size = run.deck.length;
      choose(run, option);
      expect(
        run.selection?.options.every(
          (uid) => getCard(run.deck.find((card) => card.uid === uid)?.id ?? '').rarity === 'Basic',
        ),
      ).toBe(true);
      selectCard(run, 0);
      expect(count(run, into)).toBe(1);
      expect(run.deck.length).toBe(size);
    }
  });

  it('Abyssal Baths: Immerse +2 Max HP for 3 damage, each Linger one more damage; Abstain heals 10', () => {
    const run = at('ABYSSAL_BATHS', (state) => {
      state.hp = 60;
    });
    const maxHp = run.maxHp;
    choose(run, 0);
    expect(run.maxHp).toBe(maxHp + 2);
    expect(run.hp).toBe(60 + 2 - 3);
    choose(run, 0);
    expect(run.hp).toBe(59 + 2 - 4);
    choose(run, 0);
    expect(run.hp).toBe(57 + 2 - 5);
    choose(run, 1);
    expect(isOver(run)).toBe(true);
    const abstain = at('ABYSSAL_BATHS', (state) => {
      state.hp = 30;
    });
    choose(abstain, 1);
    expect(abstain.hp).toBe(40);
  });

  it('Doors of Light and Dark upgrade 2 random cards or remove one', () => {
    const light = at('DOORS_OF_LIGHT_AND_DARK');
    choose(light, 0);
    expect(upgraded(light)).toBe(2);
    const dark = at('DOORS_OF_LIGHT_AND_DARK');
    const size = dark.deck.length;
    choose(dark, 1);
    selectCard(dark, 0);
    expect(dark.deck.length).toBe(size - 1);
  });

  it('Drowning Beacon gives Glowwater Potion, or Fresnel Lens for 13 Max HP', () => {
    const bottle = at('DROWNING_BEACON');
    choose(bottle, 0);
    expect(bottle.potions).toContain('GLOWWATER_POTION');
    const climb = at('DROWNING_BEACON');
    const maxHp = climb.maxHp;
    choose(climb, 1);
    expect(has(climb, 'FRESNEL_LENS')).toBe(true);
    expect(climb.maxHp).toBe(maxHp - 13);
  });

  it('Endless Conveyor charges 40 Gold a dish (Golden Fysh free) and every 5th grab is Seapunk Salad', () => {
    const run = at('ENDLESS_CONVEYOR', (state) => {
      state.gold = 1000;
    });
    let paid = 0;
    for (let grab = 1; grab <= 5; grab++) {
      const title = options(run)[0]?.title ?? '';
      const gold = run.gold;
      choose(run, 0);
      if (run.screen === 'CARD_SELECTION') selectCard(run, 0);
      if (title.includes('Golden Fysh')) expect(run.gold).toBe(gold + 75);
      else {
        expect(run.gold).toBe(gold - 40);
        paid++;
      }
      if (grab === 5) expect(title).toContain('Seapunk Salad');
    }
    expect(paid).toBeGreaterThan(0);
    expect(count(run, 'FEEDING_FRENZY')).toBe(1);
    const chef = at('ENDLESS_CONVEYOR', (state) => {
      state.gold = 200;
    });
    choose(chef, 1);
    expect(upgraded(chef)).toBe(1);
    expect(chef.gold).toBe(200);
  });

  it('Punch Off: Injury and a relic, or a fight whose reward is a relic and a potion', () => {
    const nab = at('PUNCH_OFF', (run) => {
      run.floor = 6;
    });
    const relics = nab.relics.length;
    choose(nab, 0);
    expect(count(nab, 'INJURY')).toBe(1);
    expect(nab.relics.length).toBe(relics + 1);
    const fight = at('PUNCH_OFF', (run) => {
      run.floor = 6;
    });
    choose(fight, 1);
    expect(fight.screen).toBe('COMBAT');
    expect(fight.combat?.monsters.map((monster) => monster.id)).toEqual([
      'PUNCH_CONSTRUCT',
      'PUNCH_CONSTRUCT',
    ]);
    expect(fight.event?.fightRewards?.map((item) => item.kind)).toEqual(['relic', 'potion']);
  });

  it('Spiraling Whirlpool: Drink heals 33% of Max HP', () => {
    const run = at('SPIRALING_WHIRLPOOL', (state) => {
      state.hp = 10;
    });
    choose(run, 1);
    expect(run.hp).toBe(10 + Math.floor(run.maxHp * 0.33));
  });

  it('Sunken Treasury: 52-68 Gold, or 303-363 Gold and Greed', () => {
    const first = at('SUNKEN_TREASURY');
    const gold = first.gold;
    choose(first, 0);
    expect(first.gold - gold).toBeGreaterThanOrEqual(52);
    expect(first.gold - gold).toBeLessThanOrEqual(68);
    const second = at('SUNKEN_TREASURY');
    choose(second, 1);
    expect(second.gold - gold).toBeGreaterThanOrEqual(303);
    expect(second.gold - gold).toBeLessThanOrEqual(363);
    expect(count(second, 'GREED')).toBe(1);
  });

  it('Trash Heap: 8 HP for one of its 5 relics, or 100 Gold and one of its 10 cards', () => {
    const dive = at('TRASH_HEAP');
    const hp = dive.hp;
    choose(dive, 0);
    expect(dive.hp).toBe(hp - 8);
    expect(
      ['DARKSTONE_PERIAPT', 'DREAM_CATCHER', 'HAND_DRILL', 'MAW_BANK', 'THE_BOOT'].some((id) =>
        has(dive, id),
      ),
    ).toBe(true);
    const junk = at('TRASH_HEAP');
    const [gold, size] = [junk.gold, junk.deck.length];
    choose(junk, 1);
    expect(junk.gold).toBe(gold + 100);
    expect(junk.deck.length).toBe(size + 1);
  });

  it('Waterlogged Scriptorium: Bloody Ink gives 6 Max HP; the Quill and the Sponge sell Steady', () => {
    const run = at('WATERLOGGED_SCRIPTORIUM', (state) => {
      state.gold = 200;
    });
    expect(options(run).map((option) => option.is_locked)).toEqual([false, false, false]);
    const maxHp = run.maxHp;
    choose(run, 0);
    expect(run.maxHp).toBe(maxHp + 6);
    const sponge = at('WATERLOGGED_SCRIPTORIUM', (state) => {
      state.gold = 200;
    });
    choose(sponge, 2);
    expect(sponge.gold).toBe(101);
    selectCard(sponge, 0);
    selectCard(sponge, 0);
    expect(enchanted(sponge)).toEqual(['STEADY', 'STEADY']);
  });

  it.each([
    ['SAPPHIRE_SEED', 1, 'SOWN', 1],
    ['WOOD_CARVINGS', 1, 'SLITHER', 1],
    ['FIELD_OF_MAN_SIZED_HOLES', 1, 'PERFECT_FIT', 1],
    ['SYMBIOTE', 0, 'CORRUPTED', 1],
    ['SPIRALING_WHIRLPOOL', 0, 'SPIRAL', 1],
    ['STONE_OF_ALL_TIME', 1, 'VIGOROUS', 8],
  ])('%s: option %i enchants a chosen card with %s %i', (eventId, option, enchantment, amount) => {
    const run = at(eventId, (state) => {
      state.potions = ['FIRE_POTION', null, null];
    });
    const hp = run.hp;
    choose(run, option);
    expect(run.selection?.purpose).toBe('enchant');
    const offered = withRuleset('sts2', () => toGameState(run)).selection;
    expect(offered?.kind).toBe('deck_enchant_select');
    selectCard(run, 0);
    expect(run.deck.filter((card) => card.enchantment !== undefined).map((card) => card.enchantment)).toEqual(
      [{ id: enchantment, amount }],
    );
    if (eventId === 'STONE_OF_ALL_TIME') expect(run.hp).toBe(hp - 6);
    if (eventId === 'SYMBIOTE' || eventId === 'STONE_OF_ALL_TIME')
      expect(offered?.cards.every((card) => card.card_type === 'Attack')).toBe(true);
  });

  it('Self-Help Book: each reading enchants a card of its type; a Power-less deck has the third locked', () => {
    const run = at('SELF_HELP_BOOK');
    expect(options(run).map((option) => option.is_locked)).toEqual([false, false, true]);
    choose(run, 1);
    const offered = withRuleset('sts2', () => toGameState(run)).selection;
    expect(offered?.cards.every((card) => card.card_type === 'Skill')).toBe(true);
    selectCard(run, 0);
    expect(run.deck.flatMap((card) => (card.enchantment === undefined ? [] : [card.enchantment]))).toEqual([
      { id: 'NIMBLE', amount: 2 },
    ]);
  });

  it("Grave of the Forgotten: Confront with Truth curses with Decay and gives an Exhausting card Soul's Power", () => {
    const run = at('GRAVE_OF_THE_FORGOTTEN', (state) => {
      state.deck.push({ uid: state.counters.nextUid++, id: 'TRUE_GRIT', upgraded: false });
    });
    choose(run, 0);
    expect(count(run, 'DECAY')).toBe(1);
    expect(run.selection?.options).toHaveLength(1);
    selectCard(run, 0);
    expect(run.deck.find((card) => card.id === 'TRUE_GRIT')?.enchantment?.id).toBe('SOULS_POWER');
  });

  it('Amalgamator turns 2 Basic Strikes into Ultimate Strike', () => {
    const run = at('AMALGAMATOR');
    const strikes = count(run, 'STRIKE_IRONCLAD');
    choose(run, 0);
    expect(run.selection?.options).toHaveLength(strikes);
    selectCard(run, 0);
    selectCard(run, 0);
    expect(count(run, 'STRIKE_IRONCLAD')).toBe(strikes - 2);
    expect(count(run, 'ULTIMATE_STRIKE')).toBe(1);
    const defends = at('AMALGAMATOR');
    choose(defends, 1);
    selectCard(defends, 0);
    selectCard(defends, 0);
    expect(count(defends, 'ULTIMATE_DEFEND')).toBe(1);
  });

  it('Bugslayer adds Exterminate or Squash', () => {
    const first = at('BUGSLAYER');
    choose(first, 0);
    expect(count(first, 'EXTERMINATE')).toBe(1);
    const second = at('BUGSLAYER');
    choose(second, 1);
    expect(count(second, 'SQUASH')).toBe(1);
  });

  it('Colorful Philosophers offers 3 other colours, each a Common, Uncommon and Rare card of that character', () => {
    const run = at('COLORFUL_PHILOSOPHERS');
    expect(options(run)).toHaveLength(3);
    expect(options(run).some((option) => option.description.includes('Ironclad'))).toBe(false);
    choose(run, 0);
    expect(run.screen).toBe('REWARD');
    const cards = run.reward?.items[0]?.kind === 'cards' ? run.reward.items[0].cards : [];
    const rarities = withRuleset('sts2', () => cards.map((card) => getCard(card.id).rarity));
    expect(rarities).toEqual(['Common', 'Uncommon', 'Rare']);
    const colors = withRuleset('sts2', () => new Set(cards.map((card) => getCard(card.id).color)));
    expect(colors.size).toBe(1);
    expect(colors.has('IRONCLAD')).toBe(false);
  });

  it('Colossal Flower: 35 Gold, or deeper for 5, 6, 7 HP to 75, 135 Gold or Pollinous Core', () => {
    const shallow = at('COLOSSAL_FLOWER');
    const gold = shallow.gold;
    choose(shallow, 0);
    expect(shallow.gold).toBe(gold + 35);
    const deep = at('COLOSSAL_FLOWER', (run) => {
      run.hp = 50;
    });
    choose(deep, 1);
    expect(deep.hp).toBe(45);
    choose(deep, 1);
    expect(deep.hp).toBe(39);
    choose(deep, 1);
    expect(deep.hp).toBe(32);
    expect(has(deep, 'POLLINOUS_CORE')).toBe(true);
    const middle = at('COLOSSAL_FLOWER');
    choose(middle, 1);
    choose(middle, 0);
    expect(middle.gold).toBe(gold + 75);
  });

  it('Field of Man-Sized Holes removes 2 cards and adds Normality', () => {
    const run = at('FIELD_OF_MAN_SIZED_HOLES');
    const size = run.deck.length;
    choose(run, 0);
    selectCard(run, 0);
    selectCard(run, 0);
    expect(run.deck.length).toBe(size - 1);
    expect(count(run, 'NORMALITY')).toBe(1);
  });

  it('Infested Automaton adds a random Power or a random 0-cost card of the character', () => {
    const study = at('INFESTED_AUTOMATON');
    const size = study.deck.length;
    choose(study, 0);
    const added = study.deck[size];
    expect(withRuleset('sts2', () => getCard(added?.id ?? '').type)).toBe('Power');
    const core = at('INFESTED_AUTOMATON');
    choose(core, 1);
    const zero = withRuleset('sts2', () => getCard(core.deck[size]?.id ?? '').cost);
    expect(Array.isArray(zero) ? zero[0] : zero).toBe(0);
  });

  it('The Lost Wisp: Decay and the Lost Wisp, or 45-75 Gold', () => {
    const capture = at('LOST_WISP');
    choose(capture, 0);
    expect(count(capture, 'DECAY')).toBe(1);
    expect(has(capture, 'LOST_WISP')).toBe(true);
    const search = at('LOST_WISP');
    const gold = search.gold;
    choose(search, 1);
    expect(search.gold - gold).toBeGreaterThanOrEqual(45);
    expect(search.gold - gold).toBeLessThanOrEqual(75);
  });

  it('Spirit Grafter heals 25 with Metamorphosis, or upgrades a card for 10 HP', () => {
    const let_ = at('SPIRIT_GRAFTER', (run) => {
      run.hp = 20;
    });
    choose(let_, 0);
    expect(let_.hp).toBe(45);
    expect(count(let_, 'METAMORPHOSIS')).toBe(1);
    const reject = at('SPIRIT_GRAFTER');
    const hp = reject.hp;
    choose(reject, 1);
    selectCard(reject, 0);
    expect(reject.hp).toBe(hp - 10);
    expect(upgraded(reject)).toBe(1);
  });

  it('The Lantern Key: 100 Gold, or a fight with the Mysterious Knight whose win offers the Lantern Key', () => {
    const back = at('THE_LANTERN_KEY');
    const gold = back.gold;
    expect(options(back).map((option) => option.is_locked)).toEqual([false, false]);
    choose(back, 0);
    expect(back.gold).toBe(gold + 100);
    const keep = at('THE_LANTERN_KEY');
    choose(keep, 1);
    const knight = keep.combat?.monsters[0];
    if (knight === undefined) throw new Error('no fight');
    // The Flail Knight's HP and moves, with 6 Strength and 6 Plating.
    expect([knight.id, knight.maxHp, knight.move.id]).toEqual(['MYSTERIOUS_KNIGHT', 101, 'RAM_MOVE']);
    expect({ ...knight.powers }).toEqual({ STRENGTH: 6, PLATING: 6 });
    knight.hp = 1;
    const strike = legalActions(keep).find(
      (action) => action.action === 'play_card' && action.target_index === 0,
    );
    if (strike === undefined) throw new Error('no card to play');
    act(keep, strike);
    expect(keep.screen).toBe('REWARD');
    const item = keep.reward?.items[0];
    expect(item?.kind === 'cards' ? item.cards.map((card) => card.id) : []).toEqual(['LANTERN_KEY']);
  });

  it('the Lantern Key brings the War Historian as the next event of Act 3; each option uses up the keys', () => {
    const historian = withRuleset('sts2', () => getEvent('WAR_HISTORIAN_REPY'));
    const withKey = (act: number): RunState => {
      const run = createRun({ seed: 'lantern-key', character: 'IRONCLAD', ruleset: 'sts2' });
      run.deck.push({ uid: run.counters.nextUid++, id: 'LANTERN_KEY', upgraded: false });
      run.act = act;
      return run;
    };
    expect(historian.forced?.(withKey(2))).toBe(false);
    expect(historian.forced?.(withKey(3))).toBe(true);
    // Through a `?` room of Act 3 that rolls an event.
    const run = withKey(3);
    run.map = { nodes: [{ row: 0, column: 0, type: 'event', children: [] }], bossId: run.map.bossId };
    run.position = null;
    run.screen = 'MAP';
    run.counters.unknownMonsterChance = 0;
    run.counters.unknownShopChance = 0;
    run.counters.unknownTreasureChance = 0;
    act(run, { action: 'choose_map_node', option_index: 0 });
    expect(run.event?.eventId).toBe('WAR_HISTORIAN_REPY');
    choose(run, 0);
    expect(has(run, 'HISTORY_COURSE')).toBe(true);
    expect(count(run, 'LANTERN_KEY')).toBe(0);
    const chest = at('WAR_HISTORIAN_REPY', (state) => {
      state.deck.push({ uid: state.counters.nextUid++, id: 'LANTERN_KEY', upgraded: false });
    });
    choose(chest, 1);
    expect(count(chest, 'LANTERN_KEY')).toBe(0);
    expect(chest.reward?.items.map((reward) => reward.kind)).toEqual(['potion', 'potion', 'relic', 'relic']);
  });

  it('Zen Weaver: 50 Gold for 2 Enlightenment, 125 for a removal, 250 for two', () => {
    const breathe = at('ZEN_WEAVER', (run) => {
      run.gold = 300;
    });
    choose(breathe, 0);
    expect(breathe.gold).toBe(250);
    expect(count(breathe, 'ENLIGHTENMENT')).toBe(2);
    const two = at('ZEN_WEAVER', (run) => {
      run.gold = 300;
    });
    const size = two.deck.length;
    choose(two, 2);
    selectCard(two, 0);
    selectCard(two, 0);
    expect(two.gold).toBe(50);
    expect(two.deck.length).toBe(size - 2);
    const poor = at('ZEN_WEAVER', (run) => {
      run.gold = 130;
    });
    expect(options(poor).map((option) => option.is_locked)).toEqual([false, false, true]);
  });

  it('Battleworn Dummy: each setting fights its dummy (75, 150, 300 HP); defeated in time, it gives its reward', () => {
    for (const [option, hp] of [
      [0, 75],
      [1, 150],
      [2, 300],
    ] as const) {
      const run = at('BATTLEWORN_DUMMY');
      const [relics, ups] = [run.relics.length, upgraded(run)];
      choose(run, option);
      const dummy = run.combat?.monsters[0];
      if (dummy === undefined || run.combat === null) throw new Error('no dummy');
      expect(dummy.maxHp).toBe(hp);
      // Nothing as the fight starts: the reward waits for the dummy's defeat.
      expect([upgraded(run), run.potions.filter((potion) => potion !== null).length]).toEqual([ups, 0]);
      dummy.hp = 1;
      const attack = run.combat.hand.findIndex((card) => ['STRIKE_IRONCLAD', 'BASH'].includes(card.id));
      act(run, { action: 'play_card', card_index: attack, target_index: 0 });
      expect(run.screen).toBe('REWARD');
      const kinds = run.reward?.items.map((item) => item.kind);
      if (option === 0) expect(kinds).toEqual(['potion']);
      if (option === 1) expect([kinds, upgraded(run)]).toEqual([[], ups + 2]);
      if (option === 2) expect(kinds).toEqual(['relic']);
      expect(run.relics.length).toBe(relics);
    }
  });

  it('Battleworn Dummy: when its 3 turns run out, it leaves and the event gives nothing', () => {
    const run = at('BATTLEWORN_DUMMY');
    const ups = upgraded(run);
    choose(run, 1);
    act(run, { action: 'end_turn' });
    act(run, { action: 'end_turn' });
    expect(run.screen).toBe('COMBAT');
    act(run, { action: 'end_turn' });
    expect([run.screen, run.reward?.items, upgraded(run)]).toEqual(['REWARD', [], ups]);
  });

  it('Grave of the Forgotten gives the Forgotten Soul', () => {
    const run = at('GRAVE_OF_THE_FORGOTTEN');
    choose(run, 1);
    expect(has(run, 'FORGOTTEN_SOUL')).toBe(true);
  });

  it('Hungry for Mushrooms: Big Mushroom, or Fragrant Mushroom for 15 HP', () => {
    const big = at('HUNGRY_FOR_MUSHROOMS');
    choose(big, 0);
    expect(has(big, 'BIG_MUSHROOM')).toBe(true);
    const fragrant = at('HUNGRY_FOR_MUSHROOMS');
    const hp = fragrant.hp;
    choose(fragrant, 1);
    expect(has(fragrant, 'FRAGRANT_MUSHROOM')).toBe(true);
    expect(fragrant.hp).toBe(hp - 15);
  });

  it('Reflections: downgrade 2 and upgrade 4, or duplicate the deck with Bad Luck', () => {
    const mirror = at('REFLECTIONS', (run) => {
      for (const card of run.deck.slice(0, 3)) card.upgraded = true;
    });
    choose(mirror, 0);
    expect(upgraded(mirror)).toBe(3 - 2 + 4);
    const shatter = at('REFLECTIONS');
    const size = shatter.deck.length;
    choose(shatter, 1);
    expect(shatter.deck.length).toBe(size * 2 + 1);
    expect(count(shatter, 'BAD_LUCK')).toBe(1);
  });

  it('The Round Tea Party: Royal Poison and a full heal, or 11 HP for a relic', () => {
    const tea = at('ROUND_TEA_PARTY', (run) => {
      run.hp = 30;
    });
    choose(tea, 0);
    expect(has(tea, 'ROYAL_POISON')).toBe(true);
    expect(tea.hp).toBe(tea.maxHp);
    const fight = at('ROUND_TEA_PARTY');
    const [hp, relics] = [fight.hp, fight.relics.length];
    choose(fight, 1);
    expect(fight.relics.length).toBe(relics + 1);
    expect(fight.hp).toBeLessThanOrEqual(hp - 11);
  });

  it('The Trial: accepting leads to a case with a Guilty and an Innocent verdict; doubling down ends the run', () => {
    const run = at('TRIAL');
    choose(run, 0);
    const verdicts = options(run).map((option) => option.title);
    expect(verdicts).toEqual(['Guilty', 'Innocent']);
    const size = run.deck.length;
    choose(run, 1);
    if (run.screen === 'CARD_SELECTION') {
      selectCard(run, 0);
      selectCard(run, 0);
    }
    expect(run.deck.some((card) => ['REGRET', 'SHAME', 'DOUBT'].includes(card.id))).toBe(true);
    expect(run.deck.length).toBeGreaterThanOrEqual(size);
    const refuse = at('TRIAL');
    choose(refuse, 1);
    choose(refuse, 1);
    expect(refuse.screen).toBe('GAME_OVER');
  });

  it('Brain Leech offers 1 of 5 character cards, or 3 Colorless cards for 5 HP', () => {
    const share = at('BRAIN_LEECH');
    choose(share, 0);
    const item = share.reward?.items[0];
    expect(item?.kind === 'cards' ? item.cards.length : 0).toBe(5);
    const rip = at('BRAIN_LEECH');
    const hp = rip.hp;
    choose(rip, 1);
    expect(rip.hp).toBe(hp - 5);
    const colorless = rip.reward?.items[0];
    const cards = colorless?.kind === 'cards' ? colorless.cards : [];
    expect(cards).toHaveLength(3);
    expect(withRuleset('sts2', () => cards.every((card) => getCard(card.id).color === 'COLORLESS'))).toBe(
      true,
    );
  });

  it('Doll Room: a random doll, 1 of 2 for 5 HP, or 1 of 3 for 15 HP', () => {
    const dolls = ['DAUGHTER_OF_THE_WIND', 'MR_STRUGGLES', 'BING_BONG'];
    const random = at('DOLL_ROOM');
    choose(random, 0);
    expect(dolls.filter((id) => has(random, id))).toHaveLength(1);
    const some = at('DOLL_ROOM');
    const hp = some.hp;
    choose(some, 1);
    expect(some.hp).toBe(hp - 5);
    expect(options(some)).toHaveLength(2);
    choose(some, 1);
    expect(dolls.filter((id) => has(some, id))).toHaveLength(1);
    const all = at('DOLL_ROOM');
    choose(all, 2);
    expect(all.hp).toBe(hp - 15);
    expect(options(all)).toHaveLength(3);
    choose(all, 2);
    expect(has(all, 'BING_BONG')).toBe(true);
  });

  it('Tinker Time builds the Mad Science of the type and rider chosen, 2 of 3 shown at each step', () => {
    const built = new Set<string>();
    for (const seed of ['a', 'b', 'c', 'd']) {
      for (const typeOption of [0, 1]) {
        for (const riderOption of [0, 1]) {
          const run = createRun({ seed: `tinker-${seed}`, character: 'IRONCLAD', ruleset: 'sts2' });
          enterEvent(run, 'TINKER_TIME');
          const before = run.deck.length;
          choose(run, 0);
          const types = options(run).map((option) => option.title);
          expect(types).toHaveLength(2);
          choose(run, typeOption);
          const riders = options(run).map((option) => option.title);
          expect(riders).toHaveLength(2);
          choose(run, riderOption);
          expect(isOver(run)).toBe(true);
          expect(run.deck).toHaveLength(before + 1);
          const card = withRuleset('sts2', () => getCard(run.deck.at(-1)?.id ?? ''));
          expect(card.name).toBe('Mad Science');
          const type = { Weapon: 'Attack', Protector: 'Skill', Gadget: 'Power' }[types[typeOption] ?? ''];
          expect(card.type).toBe(type);
          built.add(`${types[typeOption]}/${riders[riderOption]}`);
        }
      }
    }
    expect(built.size).toBeGreaterThan(4);
  });

  it('Potion Courier gives 3 Foul Potions or a random Uncommon potion', () => {
    const grab = at('POTION_COURIER');
    choose(grab, 0);
    expect(grab.potions).toEqual(['FOUL_POTION', 'FOUL_POTION', 'FOUL_POTION']);
    const ransack = at('POTION_COURIER');
    choose(ransack, 1);
    const potion = ransack.potions.find((id) => id !== null);
    expect(
      withRuleset('sts2', () => contentSet('sts2').potions.find((entry) => entry.id === potion)?.rarity),
    ).toBe('Uncommon');
  });

  it('Ranwid the Elder trades a potion or 100 Gold for a relic, or a relic for two', () => {
    const prepare = (run: RunState) => {
      run.gold = 150;
      run.potions = ['FIRE_POTION', null, null];
      run.relics.push({ id: 'ANCHOR', counter: -1, used: false });
    };
    const potion = at('RANWID_THE_ELDER', prepare);
    const relics = potion.relics.length;
    choose(potion, 0);
    expect(potion.potions).toEqual([null, null, null]);
    expect(potion.relics.length).toBe(relics + 1);
    const gold = at('RANWID_THE_ELDER', prepare);
    choose(gold, 1);
    expect(gold.gold).toBe(50);
    const relic = at('RANWID_THE_ELDER', prepare);
    choose(relic, 2);
    expect(has(relic, 'ANCHOR')).toBe(false);
    expect(relic.relics.length).toBe(relics - 1 + 2);
  });

  it('Relic Trader swaps one of your relics for a new one', () => {
    const run = at('RELIC_TRADER', (state) => {
      for (const id of ['ANCHOR', 'VAJRA', 'LANTERN', 'BAG_OF_MARBLES', 'ORICHALCUM'])
        state.relics.push({ id, counter: -1, used: false });
    });
    const before = run.relics.map((relic) => relic.id);
    choose(run, 0);
    const after = run.relics.map((relic) => relic.id);
    expect(after.length).toBe(before.length);
    expect(after.filter((id) => !before.includes(id))).toHaveLength(1);
  });

  it('Room Full of Cheese offers 8 Commons twice, or the Chosen Cheese for 14 HP', () => {
    const gorge = at('ROOM_FULL_OF_CHEESE');
    choose(gorge, 0);
    expect(gorge.reward?.items).toHaveLength(2);
    const cards = gorge.reward?.items[0]?.kind === 'cards' ? gorge.reward.items[0].cards : [];
    expect(cards).toHaveLength(8);
    expect(withRuleset('sts2', () => cards.every((card) => getCard(card.id).rarity === 'Common'))).toBe(true);
    const search = at('ROOM_FULL_OF_CHEESE');
    const hp = search.hp;
    choose(search, 1);
    expect(has(search, 'CHOSEN_CHEESE')).toBe(true);
    expect(search.hp).toBe(hp - 14);
  });

  it('Slippery Bridge removes the shown card, or costs 3 HP (then 4) to show another', () => {
    const run = at('SLIPPERY_BRIDGE', (state) => {
      state.floor = 8;
      state.hp = 50;
    });
    choose(run, 1);
    expect(run.hp).toBe(47);
    choose(run, 1);
    expect(run.hp).toBe(43);
    const shown = run.event?.memory.card;
    choose(run, 0);
    expect(run.deck.some((card) => card.uid === shown)).toBe(false);
  });

  it('an event that names a deck card names a Mad Science card too (before: it threw on the type-and-rider ids)', () => {
    const run = at('SLIPPERY_BRIDGE', (state) => {
      state.floor = 8;
      // Only Basic cards besides it: the bridge shows the Mad Science card.
      state.deck = [...state.deck, { uid: 999, id: 'MAD_SCIENCE_WEAPON_VIOLENCE', upgraded: false }];
    });
    expect(run.event?.memory.card).toBe(999);
    const label = withRuleset('sts2', () => toGameState(run)).event?.options[0]?.description ?? '';
    expect(label).toContain('Remove Mad Science');
  });

  it('Stone of All Time trades a random potion for 10 Max HP', () => {
    const run = at('STONE_OF_ALL_TIME', (state) => {
      state.potions = ['FIRE_POTION', null, null];
    });
    const maxHp = run.maxHp;
    choose(run, 0);
    expect(run.potions).toEqual([null, null, null]);
    expect(run.maxHp).toBe(maxHp + 10);
  });

  it('Symbiote: Kill with Fire transforms a card', () => {
    const run = at('SYMBIOTE');
    choose(run, 1);
    expect(run.screen).toBe('CARD_SELECTION');
    expect(run.selection?.purpose).toBe('transform');
  });

  it('Tea Master sells Bone Tea for 50, Ember Tea for 150, and gives Tea of Discourtesy', () => {
    for (const [option, relic, price] of [
      [0, 'BONE_TEA', 50],
      [1, 'EMBER_TEA', 150],
      [2, 'TEA_OF_DISCOURTESY', 0],
    ] as const) {
      const run = at('TEA_MASTER', (state) => {
        state.gold = 200;
      });
      choose(run, option);
      expect(has(run, relic)).toBe(true);
      expect(run.gold).toBe(200 - price);
    }
  });

  it('The Future of Potions turns a potion into a choice of 3 upgraded cards of its rarity', () => {
    const run = at('THE_FUTURE_OF_POTIONS', (state) => {
      state.potions = ['FIRE_POTION', 'FOUL_POTION', null];
    });
    choose(run, 0);
    expect(run.potions[0]).toBeNull();
    const item = run.reward?.items[0];
    const cards = item?.kind === 'cards' ? item.cards : [];
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((card) => card.upgraded)).toBe(true);
    const rarity = withRuleset(
      'sts2',
      () => contentSet('sts2').potions.find((p) => p.id === 'FIRE_POTION')?.rarity,
    );
    expect(withRuleset('sts2', () => cards.every((card) => getCard(card.id).rarity === rarity))).toBe(true);
  });

  it('The Legends Were True: the Spoils Map, or a potion for 8 HP', () => {
    const nab = at('THE_LEGENDS_WERE_TRUE');
    choose(nab, 0);
    expect(count(nab, 'SPOILS_MAP')).toBe(1);
    const exit = at('THE_LEGENDS_WERE_TRUE');
    const hp = exit.hp;
    choose(exit, 1);
    expect(exit.hp).toBe(hp - 8);
    expect(exit.potions.filter((potion) => potion !== null)).toHaveLength(1);
  });

  it('This or That: 6 HP for 41-68 Gold, or Clumsy and a relic', () => {
    const first = at('THIS_OR_THAT');
    const [gold, hp] = [first.gold, first.hp];
    choose(first, 0);
    expect(first.hp).toBe(hp - 6);
    expect(first.gold - gold).toBeGreaterThanOrEqual(41);
    expect(first.gold - gold).toBeLessThanOrEqual(68);
    const second = at('THIS_OR_THAT');
    const relics = second.relics.length;
    choose(second, 1);
    expect(count(second, 'CLUMSY')).toBe(1);
    expect(second.relics.length).toBe(relics + 1);
  });

  it("Welcome to Wongo's: 100 Gold for a Common relic, 200 for the named Rare, 300 for the ticket; leaving downgrades", () => {
    const bargain = at('WELCOME_TO_WONGOS', (run) => {
      run.gold = 400;
    });
    const relics = bargain.relics.length;
    choose(bargain, 0);
    expect(bargain.gold).toBe(300);
    expect(
      withRuleset(
        'sts2',
        () => contentSet('sts2').relics.find((r) => r.id === bargain.relics[relics]?.id)?.rarity,
      ),
    ).toBe('Common');
    const featured = at('WELCOME_TO_WONGOS', (run) => {
      run.gold = 400;
    });
    choose(featured, 1);
    expect(featured.gold).toBe(200);
    expect(
      withRuleset(
        'sts2',
        () => contentSet('sts2').relics.find((r) => r.id === featured.relics[relics]?.id)?.rarity,
      ),
    ).toBe('Rare');
    const box = at('WELCOME_TO_WONGOS', (run) => {
      run.gold = 400;
    });
    choose(box, 2);
    expect(has(box, 'WONGOS_MYSTERY_TICKET')).toBe(true);
    const leave = at('WELCOME_TO_WONGOS', (run) => {
      run.gold = 400;
      for (const card of run.deck.slice(0, 2)) card.upgraded = true;
    });
    choose(leave, 3);
    expect(upgraded(leave)).toBe(1);
  });

  it('a relic obtained at an event offers its card rewards once the event is left (before: they were lost)', () => {
    // Wongo's Featured Item, set to Orrery (its pickup offers card rewards).
    const run = at('WELCOME_TO_WONGOS', (shaped) => {
      shaped.gold = 400;
    });
    if (run.event !== null)
      run.event.memory.featured = STS2_RELIC_FACTS.findIndex((relic) => relic.id === 'ORRERY');
    expect(options(run)[1]?.description).toContain('Orrery');
    choose(run, 1);
    expect(has(run, 'ORRERY')).toBe(true);
    expect(run.screen).toBe('EVENT');
    act(run, { action: 'proceed' });
    expect(run.screen).toBe('REWARD');
    const offers = run.reward?.items.filter((item) => item.kind === 'cards') ?? [];
    expect(offers.length).toBeGreaterThan(0);
    const before = run.deck.length;
    act(run, { action: 'claim_reward', option_index: 0 });
    act(run, { action: 'choose_reward_card', option_index: 0 });
    expect(run.deck).toHaveLength(before + 1);
    act(run, { action: 'proceed' });
    expect(run.screen).toBe('MAP');
    expect(run.pendingRewards).toBeUndefined();
  });
});

describe('StS2 `?` rooms', () => {
  it('roll Monster 10%, Treasure 2%, Shop 3% and Event 85% at base (UnknownMapPointOdds, v0.103.2)', () => {
    const tally = { monster: 0, treasure: 0, shop: 0, event: 0 };
    const rolls = 20000;
    const run = createRun({ seed: 'odds', character: 'IRONCLAD', ruleset: 'sts2' });
    for (let roll = 0; roll < rolls; roll++) {
      run.counters.unknownMonsterChance = STS2_UNKNOWN_ROOM_BASE.monster;
      run.counters.unknownTreasureChance = STS2_UNKNOWN_ROOM_BASE.treasure;
      run.counters.unknownShopChance = STS2_UNKNOWN_ROOM_BASE.shop;
      tally[rollSts2UnknownRoom(run)]++;
    }
    expect(tally.monster / rolls).toBeCloseTo(0.1, 1);
    expect(Math.abs(tally.treasure / rolls - 0.02)).toBeLessThan(0.005);
    expect(Math.abs(tally.shop / rolls - 0.03)).toBeLessThan(0.006);
    expect(Math.abs(tally.event / rolls - 0.85)).toBeLessThan(0.015);
  });

  it('reset the outcome rolled to its base and raise every other one by its base', () => {
    const run = createRun({ seed: 'odds-step', character: 'SILENT', ruleset: 'sts2' });
    for (let roll = 0; roll < 30; roll++) {
      const before = { ...run.counters };
      const outcome = rollSts2UnknownRoom(run);
      expect(run.counters.unknownMonsterChance).toBe(
        outcome === 'monster' ? 10 : before.unknownMonsterChance + 10,
      );
      expect(run.counters.unknownTreasureChance).toBe(
        outcome === 'treasure' ? 2 : before.unknownTreasureChance + 2,
      );
      expect(run.counters.unknownShopChance).toBe(outcome === 'shop' ? 3 : before.unknownShopChance + 3);
    }
  });

  it('yield events in StS2 bot runs, validate as states, and start every act at base odds', () => {
    const seen = new Set<string>();
    let actsStarted = 0;
    const bot = createHeuristicBot();
    for (const character of STS2_CHARACTER_IDS) {
      for (const seed of ['q1', 'q2']) {
        const game = createSimulator({ seed: `events-${seed}`, character, ruleset: 'sts2' });
        let steps = 0;
        let act = game.run.act;
        while (!game.over && steps < 6000) {
          if (game.run.act !== act) {
            act = game.run.act;
            actsStarted++;
            expect(game.run.counters.unknownMonsterChance).toBe(STS2_UNKNOWN_ROOM_BASE.monster);
            expect(game.run.counters.unknownTreasureChance).toBe(STS2_UNKNOWN_ROOM_BASE.treasure);
            expect(game.run.counters.unknownShopChance).toBe(STS2_UNKNOWN_ROOM_BASE.shop);
          }
          const state = game.view();
          if (state.screen === 'EVENT' && state.event !== null && state.event !== undefined) {
            parseGameState(state);
            seen.add(state.event.event_id);
          }
          expect(game.step(bot.choose(state)).ok).toBe(true);
          steps++;
        }
        expect(game.over).toBe(true);
      }
    }
    expect(seen.size).toBeGreaterThanOrEqual(5);
    expect(actsStarted).toBeGreaterThan(0);
  });
});
