import { describe, expect, it } from 'vitest';
import type { EngineAction } from '../../engine/action.js';
import { Combat, monsterAttackDamage } from '../../engine/combat.js';
import { toGameState } from '../../engine/game-state-projection.js';
import { rollCardReward } from '../../engine/rewards.js';
import { addRelic, applyAction, createRun } from '../../engine/run.js';
import type { CharacterId, CombatState, RunState } from '../../engine/run-state.js';
import { singlePathMap } from '../../test-support/single-path-map.js';
import { getCard, getRelic, withRuleset } from '../registry.js';
import { STS2_RELIC_FACTS } from './data/sts2-relic-facts.js';
import { ALL_STS2_CARD_FACTS } from './sts2-cards.js';
import { STS2_MULTIPLAYER_ONLY_CARDS } from './sts2-multiplayer-only-cards.js';
import { isFullyModelledSts2Relic } from './sts2-relics.js';

function sts2<T>(body: () => T): T {
  return withRuleset('sts2', body);
}

/** An StS2 run holding these relics (no pickups run), on the map. */
function newRun(relics: readonly string[] = [], character: CharacterId = 'IRONCLAD'): RunState {
  const run = createRun({ seed: 'event-relics', character, ruleset: 'sts2' });
  run.relics = relics.map((id) => ({ id, counter: -1, used: false }));
  return run;
}

/** A run on the map after obtaining `id` through the engine (its pickup runs). */
function pickup(id: string, character: CharacterId = 'IRONCLAD'): RunState {
  const run = newRun([], character);
  sts2(() => addRelic(run, id));
  return run;
}

/** An StS2 fight with these relics and deck against one Seapunk of 300 HP, with 9 Energy. */
function fight(
  relics: readonly string[],
  deck: readonly string[],
  character: CharacterId = 'IRONCLAD',
): { run: RunState; combat: Combat; state: CombatState } {
  const run = newRun(relics, character);
  run.maxHp = 999;
  run.hp = 999;
  return sts2(() => {
    run.deck = deck.map((id) => ({ uid: run.counters.nextUid++, id, upgraded: false }));
    run.screen = 'COMBAT';
    run.room = 'monster';
    const combat = Combat.start(run, 'TEST', ['SEAPUNK'], 'monster');
    const state = run.combat as CombatState;
    for (const monster of state.monsters) {
      monster.hp = 300;
      monster.maxHp = 300;
    }
    state.player.energy = 9;
    return { run, combat, state };
  });
}

function act(run: RunState, action: EngineAction): void {
  const result = sts2(() => applyAction(run, action));
  expect(result.ok, JSON.stringify(result)).toBe(true);
}

function play(combat: Combat, state: CombatState, id: string): void {
  const index = state.hand.findIndex((card) => card.id === id);
  expect(index).toBeGreaterThanOrEqual(0);
  sts2(() => combat.playCard(index, 0));
}

function monsterHp(state: CombatState): number {
  return state.monsters[0]?.hp ?? 0;
}

function modelled(id: string): boolean {
  const facts = STS2_RELIC_FACTS.find((relic) => relic.id === id);
  if (facts === undefined) throw new Error(`no relic ${id}`);
  return sts2(() => isFullyModelledSts2Relic(facts));
}

function characterOf(id: string): string | undefined {
  return ALL_STS2_CARD_FACTS.find((card) => card.id === id)?.character;
}

describe('StS2 event relic rules', () => {
  it.each([
    'BRILLIANT_SCARF',
    'BYRDPIP',
    'CHOICES_PARADOX',
    'DIAMOND_DIADEM',
    'DRIFTWOOD',
    'FUR_COAT',
    'GOLDEN_COMPASS',
    'IVORY_TILE',
    'MASSIVE_SCROLL',
    'MEAT_CLEAVER',
    'NEOWS_BONES',
    'NUTRITIOUS_SOUP',
    'PAELS_EYE',
    'PAELS_GROWTH',
    'PAELS_LEGION',
    'PAELS_WING',
    'PRISMATIC_GEM',
    'REGALITE',
    'SCROLL_BOXES',
    'SEA_GLASS',
    'TOY_BOX',
    'VITRUVIAN_MINION',
    'WHISPERING_EARRING',
  ])('%s is fully modelled', (id) => {
    expect(modelled(id)).toBe(true);
    expect(sts2(() => getRelic(id).text)).not.toContain('Not simulated');
  });

  it('Choices Paradox offers 5 cards of the character; the chosen one joins the hand and is Retained', () => {
    const { combat, state } = fight(['CHOICES_PARADOX'], Array(10).fill('STRIKE_IRONCLAD'));
    const selection = state.selection;
    expect(selection?.options).toHaveLength(5);
    const offered = selection?.generated ?? [];
    expect(new Set(offered.map((card) => card.id)).size).toBe(5);
    for (const card of offered) expect(characterOf(card.id)).toBe('Ironclad');
    const chosen = offered[2]?.id ?? '';
    sts2(() => combat.choose(2));
    expect(state.hand.filter((card) => card.id === chosen)).toHaveLength(1);
    expect(state.hand).toHaveLength(6);
    sts2(() => combat.endTurn());
    expect(state.hand.filter((card) => card.id === chosen)).toHaveLength(1);
  });

  it('Massive Scroll offers 3 Multiplayer Cards of the character or Colorless', () => {
    const run = pickup('MASSIVE_SCROLL');
    expect(run.screen).toBe('REWARD');
    const item = run.reward?.items[0];
    const cards = item?.kind === 'cards' ? item.cards : [];
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      expect(STS2_MULTIPLAYER_ONLY_CARDS.has(card.id)).toBe(true);
      expect(['Ironclad', 'Colorless']).toContain(characterOf(card.id));
    }
  });

  it('Scroll Boxes takes all Gold and offers 2 packs of 2 Common and 1 Uncommon card; a card chosen adds its pack', () => {
    const run = newRun(['DRIFTWOOD']);
    run.gold = 150;
    sts2(() => addRelic(run, 'SCROLL_BOXES'));
    expect(run.gold).toBe(0);
    expect(run.screen).toBe('REWARD');
    const item = run.reward?.items[0];
    const cards = item?.kind === 'cards' ? item.cards : [];
    expect(cards).toHaveLength(6);
    expect(new Set(cards.map((card) => card.id)).size).toBe(6);
    expect(cards.map((card) => sts2(() => getCard(card.id).rarity))).toEqual([
      'Common',
      'Common',
      'Uncommon',
      'Common',
      'Common',
      'Uncommon',
    ]);
    for (const card of cards) expect(characterOf(card.id)).toBe('Ironclad');
    expect(sts2(() => toGameState(run)).reward?.rewards[0]?.description).toContain('pack of 3 cards');
    const before = run.deck.length;
    act(run, { action: 'claim_reward', option_index: 0 });
    // Driftwood's reroll is for card rewards, not for a choice of packs.
    expect(sts2(() => toGameState(run)).reward?.alternatives).toEqual([]);
    act(run, { action: 'choose_reward_card', option_index: 4 });
    expect(run.deck.slice(before).map((card) => card.id)).toEqual(cards.slice(3).map((card) => card.id));
  });

  it('a relic claimed from an open reward screen adds its offer to that screen (before: its cards were lost)', () => {
    const run = newRun();
    run.gold = 90;
    run.reward = { items: [{ kind: 'relic', relicId: 'SCROLL_BOXES' }], openCards: null, afterBoss: false };
    run.screen = 'REWARD';
    act(run, { action: 'claim_reward', option_index: 0 });
    expect(run.gold).toBe(0);
    expect(run.screen).toBe('REWARD');
    const offer = run.reward?.items.find((item) => item.kind === 'cards');
    expect(offer?.kind === 'cards' ? offer.cards : []).toHaveLength(6);
  });

  it("a relic's card offer made while another relic's deck choice is open shows once the choice is made (before: it was lost)", () => {
    // Neow's Bones obtains its relics one after another: New Leaf opens its deck choice on the map, then
    // Hefty Tablet offers its Rare cards.
    const run = newRun();
    sts2(() => {
      addRelic(run, 'NEW_LEAF');
      addRelic(run, 'HEFTY_TABLET');
    });
    expect(run.screen).toBe('CARD_SELECTION');
    while (run.screen === 'CARD_SELECTION') act(run, { action: 'select_deck_card', option_index: 0 });
    expect(run.screen).toBe('REWARD');
    const offer = run.reward?.items.find((item) => item.kind === 'cards');
    const cards = offer?.kind === 'cards' ? offer.cards : [];
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((card) => sts2(() => getCard(card.id).rarity) === 'Rare')).toBe(true);
    act(run, { action: 'proceed' });
    expect(run.screen).toBe('MAP');
  });

  it.each([
    ['NEW_LEAF', 'transform'],
    ['GNARLED_HAMMER', 'enchant'],
  ] as const)(
    '%s claimed from a reward screen opens its deck choice (%s) once the screen is left (before: nothing, or random cards)',
    (relic, purpose) => {
      const run = newRun();
      run.reward = { items: [{ kind: 'relic', relicId: relic }], openCards: null, afterBoss: false };
      run.screen = 'REWARD';
      const deck = JSON.stringify(run.deck);
      // Read through a call: the assignment above would narrow run.screen to 'REWARD' for good.
      const screen = (): RunState['screen'] => run.screen;
      act(run, { action: 'claim_reward', option_index: 0 });
      // Nothing is chosen for the player while the reward screen is open.
      expect(screen()).toBe('REWARD');
      expect(JSON.stringify(run.deck)).toBe(deck);
      act(run, { action: 'proceed' });
      expect(screen()).toBe('CARD_SELECTION');
      expect(run.selection?.purpose).toBe(purpose);
      const chosen = run.selection?.options[0];
      while (screen() === 'CARD_SELECTION') act(run, { action: 'select_deck_card', option_index: 0 });
      expect(screen()).toBe('MAP');
      const card = run.deck.find((deckCard) => deckCard.uid === chosen);
      if (purpose === 'transform') expect(card).toBeUndefined();
      else expect(card?.enchantment?.id).toBe('SHARP');
    },
  );

  it('Vitruvian Minion doubles the damage and the Block of Minion cards only', () => {
    const dealt = (relics: readonly string[], id: string): { damage: number; block: number } => {
      const { combat, state } = fight(relics, ['DEFEND_IRONCLAD']);
      sts2(() => combat.addCard(id, 'hand'));
      const before = monsterHp(state);
      play(combat, state, id);
      return { damage: before - monsterHp(state), block: state.player.block };
    };
    expect(dealt([], 'MINION_STRIKE').damage).toBe(6);
    expect(dealt(['VITRUVIAN_MINION'], 'MINION_STRIKE').damage).toBe(12);
    expect(dealt(['VITRUVIAN_MINION'], 'MINION_DIVE_BOMB').damage).toBe(26);
    expect(dealt([], 'MINION_SACRIFICE').block).toBe(9);
    expect(dealt(['VITRUVIAN_MINION'], 'MINION_SACRIFICE').block).toBe(18);
    expect(dealt(['VITRUVIAN_MINION'], 'STRIKE_IRONCLAD').damage).toBe(6);
    expect(dealt(['VITRUVIAN_MINION'], 'DEFEND_IRONCLAD').block).toBe(5);
  });

  it("Pael's Legion doubles one card's Block, then sleeps for 2 turns", () => {
    const { combat, state } = fight(['PAELS_LEGION'], Array(10).fill('DEFEND_IRONCLAD'));
    const blockOf = () => {
      const before = state.player.block;
      play(combat, state, 'DEFEND_IRONCLAD');
      return state.player.block - before;
    };
    expect(blockOf()).toBe(10);
    expect(blockOf()).toBe(5);
    sts2(() => combat.endTurn());
    state.player.energy = 9;
    expect(state.turn).toBe(2);
    expect(blockOf()).toBe(5);
    sts2(() => combat.endTurn());
    state.player.energy = 9;
    expect(blockOf()).toBe(10);
  });

  it("Neow's Bones obtains 2 Neow relics and adds a Curse", () => {
    const run = newRun();
    run.relics = [];
    const before = run.deck.length;
    sts2(() => addRelic(run, 'NEOWS_BONES'));
    const curses = run.deck.filter((card) => sts2(() => getCard(card.id).type) === 'Curse');
    expect(run.relics.map((relic) => relic.id)[0]).toBe('NEOWS_BONES');
    expect(run.relics.length).toBeGreaterThanOrEqual(3);
    const neow = run.relics.slice(1, 3).map((relic) => relic.id);
    for (const id of neow) expect(['NEOWS_BONES', 'MASSIVE_SCROLL']).not.toContain(id);
    expect(new Set(neow).size).toBe(2);
    expect(curses.length).toBeGreaterThanOrEqual(1);
    expect(run.deck.length).toBeGreaterThanOrEqual(before);
  });

  it('Meat Cleaver adds Cook: remove 2 chosen cards and raise Max HP by 9', () => {
    const run = newRun(['MEAT_CLEAVER']);
    singlePathMap(run, ['rest']);
    act(run, { action: 'choose_map_node', option_index: 0 });
    const cookOption = sts2(() => toGameState(run)).rest?.options.find(
      (option) => option.option_id === 'COOK',
    );
    expect(cookOption?.is_enabled).toBe(true);
    const { maxHp, hp } = run;
    const size = run.deck.length;
    act(run, { action: 'choose_rest_option', option_index: cookOption?.index ?? -1 });
    expect(run.screen).toBe('CARD_SELECTION');
    act(run, { action: 'select_deck_card', option_index: 0 });
    act(run, { action: 'select_deck_card', option_index: 0 });
    expect(run.screen).toBe('REST');
    expect(run.deck).toHaveLength(size - 2);
    expect(run.maxHp).toBe(maxHp + 9);
    expect(run.hp).toBe(hp + 9);
    expect(run.restDone).toBe(true);
  });

  it('Meat Cleaver with Miniature Tent: Cook uses only its own option, Smith stays open', () => {
    const run = newRun(['MINIATURE_TENT', 'MEAT_CLEAVER']);
    singlePathMap(run, ['rest']);
    act(run, { action: 'choose_map_node', option_index: 0 });
    const cookIndex = sts2(() => toGameState(run)).rest?.options.find(
      (option) => option.option_id === 'COOK',
    )?.index;
    act(run, { action: 'choose_rest_option', option_index: cookIndex ?? -1 });
    act(run, { action: 'select_deck_card', option_index: 0 });
    act(run, { action: 'select_deck_card', option_index: 0 });
    const options = sts2(() => toGameState(run)).rest?.options ?? [];
    expect(options.find((option) => option.option_id === 'SMITH')?.is_enabled).toBe(true);
    expect(options.find((option) => option.option_id === 'COOK')?.is_enabled).toBe(false);
  });

  it('Sea Glass offers 15 cards of one other character, any number of which can be taken', () => {
    const run = pickup('SEA_GLASS');
    const items = run.reward?.items ?? [];
    expect(items).toHaveLength(15);
    const ids = items.flatMap((item) => (item.kind === 'cards' ? item.cards.map((card) => card.id) : []));
    expect(ids).toHaveLength(15);
    const characters = new Set(ids.map(characterOf));
    expect(characters.size).toBe(1);
    expect(characters.has('Ironclad')).toBe(false);
    const rarities = ids.map((id) => sts2(() => getCard(id).rarity));
    for (const rarity of ['Common', 'Uncommon', 'Rare'])
      expect(rarities.filter((r) => r === rarity)).toHaveLength(5);
    const size = run.deck.length;
    for (let taken = 0; taken < 2; taken++) {
      act(run, { action: 'claim_reward', option_index: 0 });
      act(run, { action: 'choose_reward_card', option_index: 0 });
    }
    expect(run.deck).toHaveLength(size + 2);
  });

  it('Toy Box obtains 4 Wax relics; every 3 combats the left-most melts away', () => {
    const run = pickup('TOY_BOX');
    const wax = run.relics.filter((relic) => relic.wax === true).map((relic) => relic.id);
    expect(wax).toHaveLength(4);
    const endCombats = (count: number) => {
      for (let combat = 0; combat < count; combat++) {
        const { run: fightRun, combat: current } = fight([], ['STRIKE_IRONCLAD']);
        fightRun.relics = run.relics;
        sts2(() => getRelic('TOY_BOX').onCombatEnd?.(current));
      }
    };
    endCombats(2);
    expect(run.relics.filter((relic) => relic.wax === true)).toHaveLength(4);
    endCombats(1);
    expect(run.relics.filter((relic) => relic.wax === true).map((relic) => relic.id)).toEqual(wax.slice(1));
    endCombats(9);
    expect(run.relics.some((relic) => relic.wax === true)).toBe(false);
    expect(run.relics.map((relic) => relic.id)).toContain('TOY_BOX');
  });

  it('Fur Coat marks 7 fights ahead; their enemies, later ones too, have 1 HP', () => {
    const run = newRun();
    singlePathMap(run, [
      'monster',
      'rest',
      'monster',
      'elite',
      'monster',
      'monster',
      'monster',
      'monster',
      'shop',
      'boss',
    ]);
    sts2(() => addRelic(run, 'FUR_COAT'));
    expect(run.map.nodes.filter((node) => node.marked === true).map((node) => node.type)).toEqual([
      'monster',
      'monster',
      'elite',
      'monster',
      'monster',
      'monster',
      'monster',
    ]);
    act(run, { action: 'choose_map_node', option_index: 0 });
    const combat = run.combat;
    expect(combat?.monsters.length).toBeGreaterThan(0);
    for (const monster of combat?.monsters ?? []) expect(monster.hp).toBe(1);
    const plain = newRun(['FUR_COAT']);
    singlePathMap(plain, ['monster']);
    act(plain, { action: 'choose_map_node', option_index: 0 });
    for (const monster of plain.combat?.monsters ?? []) expect(monster.hp).toBeGreaterThan(1);
    const joined = newRun(['FUR_COAT']);
    joined.map.nodes = [{ row: 0, column: 0, type: 'monster', children: [], marked: true }];
    joined.position = { row: 0, column: 0 };
    joined.room = 'monster';
    joined.screen = 'COMBAT';
    const spawned = sts2(() => Combat.start(joined, 'TEST', ['SEAPUNK'], 'monster').spawn('SEAPUNK', 40));
    expect(spawned.hp).toBe(1);
  });

  it("Pael's Eye: the first quiet turn exhausts the hand and the enemies skip their turn", () => {
    const { combat, state } = fight(['PAELS_EYE'], Array(15).fill('STRIKE_IRONCLAD'));
    const monster = state.monsters[0];
    if (monster === undefined) throw new Error('no monster');
    const moves = monster.history.length;
    sts2(() => combat.endTurn());
    expect(state.exhaustPile).toHaveLength(5);
    expect(monster.history).toHaveLength(moves);
    expect(state.turn).toBe(2);
    expect(state.hand).toHaveLength(5);
    sts2(() => combat.endTurn());
    expect(state.exhaustPile).toHaveLength(5);
    expect(monster.history).toHaveLength(moves + 1);
  });

  it('Nutritious Soup: the Basic Strikes cost 0 and are Eternal (no removal or transform takes them)', () => {
    const run = newRun();
    run.deck = ['STRIKE_IRONCLAD', 'STRIKE_IRONCLAD', 'TWIN_STRIKE', 'DEFEND_IRONCLAD', 'FOLLY'].map(
      (id) => ({
        uid: run.counters.nextUid++,
        id,
        upgraded: false,
      }),
    );
    sts2(() => addRelic(run, 'NUTRITIOUS_SOUP'));
    expect(run.deck.map((card) => card.enchantment?.id ?? null)).toEqual([
      'TEZCATARAS_EMBER',
      'TEZCATARAS_EMBER',
      null,
      null,
      null,
    ]);
    // Precise Scissors' removal offers neither the enchanted Strikes nor the Eternal curse Folly.
    sts2(() => addRelic(run, 'PRECISE_SCISSORS'));
    const offered = (run.selection?.options ?? []).map(
      (uid) => run.deck.find((card) => card.uid === uid)?.id,
    );
    expect(offered.sort()).toEqual(['DEFEND_IRONCLAD', 'TWIN_STRIKE']);
    // Pandora's Box transforms the Basic Defend but not the Eternal Strikes.
    const strikes = run.deck.slice(0, 2);
    sts2(() => getRelic('PANDORAS_BOX').onPickup?.(run));
    expect(run.deck.slice(0, 2)).toEqual(strikes);
    expect(run.deck.map((card) => card.id)).not.toContain('DEFEND_IRONCLAD');
  });

  /** Opens a card reward of 3 rolled cards on the reward screen (the real claim action). */
  function openCards(run: RunState): void {
    const cards = sts2(() => rollCardReward(run, 'monster'));
    run.reward = { items: [{ kind: 'cards', cards }], openCards: null, afterBoss: false };
    run.screen = 'REWARD';
    act(run, { action: 'claim_reward', option_index: 0 });
  }

  it('Driftwood rerolls a card reward once', () => {
    const run = newRun(['DRIFTWOOD']);
    openCards(run);
    const first = run.reward?.items[0];
    const before = first?.kind === 'cards' ? first.cards.map((card) => card.uid) : [];
    expect(sts2(() => toGameState(run)).reward?.alternatives).toEqual([
      { index: 0, label: 'Driftwood: reroll these cards' },
    ]);
    act(run, { action: 'choose_reward_alternative', option_index: 0 });
    const item = run.reward?.items[0];
    const after = item?.kind === 'cards' ? item.cards : [];
    expect(after).toHaveLength(3);
    expect(after.map((card) => card.uid)).not.toEqual(before);
    expect(run.reward?.openCards).toBe(0);
    expect(sts2(() => toGameState(run)).reward?.alternatives).toEqual([]);
    const size = run.deck.length;
    act(run, { action: 'choose_reward_card', option_index: 1 });
    expect(run.deck.at(-1)?.uid).toBe(after[1]?.uid);
    expect(run.deck).toHaveLength(size + 1);
  });

  it("Pael's Wing: a sacrificed card reward is gone; every 2nd sacrifice obtains a Relic", () => {
    const run = newRun(['PAELS_WING']);
    const size = run.deck.length;
    openCards(run);
    act(run, { action: 'choose_reward_alternative', option_index: 0 });
    expect(run.reward?.items).toHaveLength(0);
    expect(run.relics).toHaveLength(1);
    openCards(run);
    act(run, { action: 'choose_reward_alternative', option_index: 0 });
    expect(run.relics).toHaveLength(2);
    expect(run.deck).toHaveLength(size);
  });

  it('Whispering Earring: Vakuu plays the first turn (the playable cards, left to right) and ends it', () => {
    const deck = Array(15).fill('STRIKE_IRONCLAD');
    const plain = fight([], deck);
    expect(plain.state.turn).toBe(1);
    const { state } = fight(['WHISPERING_EARRING'], deck);
    expect(state.turn).toBe(2);
    // 4 Energy (3 and the relic's 1) played 4 Strikes; the fifth stayed and was discarded.
    expect(state.counters.cardsThisCombat).toBe(4);
    expect(state.discardPile).toHaveLength(5);
    expect(state.hand).toHaveLength(5);
  });

  it("Golden Compass replaces the Act's map with one path whose ? rooms are events; the Boss follows its 16th room", () => {
    const run = newRun();
    run.act = 2;
    run.screen = 'MAP';
    sts2(() => addRelic(run, 'GOLDEN_COMPASS'));
    expect(run.map.nodes.map((node) => node.type)).toEqual([
      'monster',
      'event',
      'monster',
      'rest',
      'monster',
      'rest',
      'event',
      'treasure',
      'event',
      'treasure',
      'event',
      'shop',
      'elite',
      'rest',
      'elite',
      'rest',
    ]);
    expect(sts2(() => toGameState(run)).map?.rows).toBe(16);
    // A ? room that the odds would make a fight is an event on this Act.
    const fightOdds = (target: RunState) => {
      target.counters.unknownMonsterChance = 100;
      target.counters.unknownTreasureChance = 0;
      target.counters.unknownShopChance = 0;
    };
    run.position = { row: 0, column: 3 };
    fightOdds(run);
    act(run, { action: 'choose_map_node', option_index: 0 });
    expect(run.screen).toBe('EVENT');
    const plain = newRun();
    singlePathMap(plain, ['monster', 'event']);
    plain.position = { row: 0, column: 0 };
    fightOdds(plain);
    act(plain, { action: 'choose_map_node', option_index: 0 });
    expect(plain.screen).toBe('COMBAT');
    // From the last room, the next step is the Boss.
    run.event = null;
    run.screen = 'MAP';
    run.position = { row: 15, column: 3 };
    act(run, { action: 'choose_map_node', option_index: 0 });
    expect(run.position).toEqual({ row: 16, column: 3 });
    expect(run.combat?.kind).toBe('boss');
  });

  it('Brilliant Scarf: an X-cost card played as the 5th card keeps the Energy and counts it as X', () => {
    const { combat, state } = fight(['BRILLIANT_SCARF'], Array(10).fill('STRIKE_IRONCLAD'));
    state.player.energy = 6;
    for (let card = 0; card < 4; card++) play(combat, state, 'STRIKE_IRONCLAD');
    expect(state.player.energy).toBe(2);
    sts2(() => combat.addCard('WHIRLWIND', 'hand'));
    const before = monsterHp(state);
    play(combat, state, 'WHIRLWIND');
    expect(state.player.energy).toBe(2);
    expect(before - monsterHp(state)).toBe(10);
  });

  it('Ivory Tile reads the cost a card is played at: a 3-cost card made free gives no Energy', () => {
    const { combat, state } = fight(['IVORY_TILE'], ['DEMON_FORM', 'DEFEND_IRONCLAD']);
    const demonForm = state.hand.find((card) => card.id === 'DEMON_FORM');
    if (demonForm === undefined) throw new Error('no Demon Form');
    demonForm.turnCost = 0;
    state.player.energy = 3;
    play(combat, state, 'DEMON_FORM');
    expect(state.player.energy).toBe(3);
    const defend = state.hand.find((card) => card.id === 'DEFEND_IRONCLAD');
    if (defend === undefined) throw new Error('no Defend');
    defend.turnCost = 3;
    play(combat, state, 'DEFEND_IRONCLAD');
    expect(state.player.energy).toBe(1);
  });

  it("Regalite gives no Block for the cards enemies add (Hex's Dazed)", () => {
    const { combat, state } = fight(['REGALITE'], Array(6).fill('DEFEND_REGENT'), 'REGENT');
    state.player.powers.HEX = 1;
    state.player.block = 0;
    const draw = state.drawPile.length;
    play(combat, state, 'DEFEND_REGENT');
    expect(state.drawPile.length).toBe(draw + 1);
    expect(state.player.block).toBe(5);
    sts2(() => combat.addCard('SHIV', 'hand'));
    expect(state.player.block).toBe(7);
  });

  it('Diamond Diadem: a quiet turn halves the damage of enemies until the next turn', () => {
    const { run, combat, state } = fight(['DIAMOND_DIADEM'], Array(10).fill('STRIKE_IRONCLAD'));
    const monster = state.monsters[0];
    if (monster === undefined) throw new Error('no monster');
    const full = sts2(() => monsterAttackDamage(run, state, monster, 12));
    sts2(() => getRelic('DIAMOND_DIADEM').atTurnEnd?.(combat));
    expect(sts2(() => monsterAttackDamage(run, state, monster, 12))).toBe(Math.floor(full / 2));
  });

  it('Prismatic Gem: card rewards hold cards of other characters', () => {
    const run = newRun(['PRISMATIC_GEM']);
    const characters = new Set<string | undefined>();
    for (let reward = 0; reward < 20; reward++)
      for (const card of sts2(() => rollCardReward(run, 'monster'))) characters.add(characterOf(card.id));
    expect(characters.has('Ironclad')).toBe(true);
    expect(characters.size).toBeGreaterThan(1);
  });

  it("Pael's Growth's Clone copies every Clone card with its Clone", () => {
    const run = newRun(['PAELS_GROWTH']);
    run.deck = [
      {
        uid: run.counters.nextUid++,
        id: 'STRIKE_IRONCLAD',
        upgraded: true,
        enchantment: { id: 'CLONE', amount: 4 },
      },
      { uid: run.counters.nextUid++, id: 'DEFEND_IRONCLAD', upgraded: false },
    ];
    sts2(() => getRelic('PAELS_GROWTH').restOption?.choose(run));
    expect(run.deck).toHaveLength(3);
    expect(run.deck[2]).toMatchObject({
      id: 'STRIKE_IRONCLAD',
      upgraded: true,
      enchantment: { id: 'CLONE' },
    });
    expect(run.deck[2]?.uid).not.toBe(run.deck[0]?.uid);
  });

  it('Byrdpip hatches the Byrdonis Egg into Byrd Swoop', () => {
    const run = newRun();
    run.deck.push({ uid: run.counters.nextUid++, id: 'BYRDONIS_EGG', upgraded: false });
    const size = run.deck.length;
    sts2(() => addRelic(run, 'BYRDPIP'));
    expect(run.deck.some((card) => card.id === 'BYRDONIS_EGG')).toBe(false);
    expect(run.deck.filter((card) => card.id === 'BYRD_SWOOP')).toHaveLength(1);
    expect(run.deck).toHaveLength(size);
  });
});
