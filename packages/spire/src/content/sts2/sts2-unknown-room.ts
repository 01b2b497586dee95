// What an StS2 `?` room holds. Source: the game's UnknownMapPointOdds (v0.103.2, as decompiled in
// public mod and simulator repositories): base odds Monster 10%, Elite -1 (never rolled, never
// grows), Treasure 2%, Shop 3%, Event the rest. One roll walks the thresholds in that order
// (Monster, Treasure, Shop); the outcome rolled goes back to its base, every other non-event
// outcome grows by its base, and all of them go back to base when an act starts. The first-ever-run
// rule of the game (the first two `?` rooms are events, the third a fight) is a tutorial for new
// profiles and is not modelled.
import { nextInt } from '../../engine/random.js';
import type { RunCounters, RunState } from '../../engine/run-state.js';

/** The base odds of a `?` room, in percent. */
export const STS2_UNKNOWN_ROOM_BASE = { monster: 10, treasure: 2, shop: 3 } as const;

export type UnknownRoomOutcome = 'monster' | 'shop' | 'treasure' | 'event';

/** Rolls an StS2 `?` room and moves the odds (the counters hold the current percentages). */
export function rollSts2UnknownRoom(run: RunState): UnknownRoomOutcome {
  const counters = run.counters;
  const roll = nextInt(run.random, 'event', 0, 99);
  const monster = counters.unknownMonsterChance;
  const treasure = counters.unknownTreasureChance;
  const shop = counters.unknownShopChance;
  const outcome: UnknownRoomOutcome =
    roll < monster
      ? 'monster'
      : roll < monster + treasure
        ? 'treasure'
        : roll < monster + treasure + shop
          ? 'shop'
          : 'event';
  const base = STS2_UNKNOWN_ROOM_BASE;
  counters.unknownMonsterChance = outcome === 'monster' ? base.monster : monster + base.monster;
  counters.unknownTreasureChance = outcome === 'treasure' ? base.treasure : treasure + base.treasure;
  counters.unknownShopChance = outcome === 'shop' ? base.shop : shop + base.shop;
  return outcome;
}

/** StS2 resets the `?` odds to base between acts. */
export function resetSts2UnknownRoomOdds(counters: RunCounters): void {
  counters.unknownMonsterChance = STS2_UNKNOWN_ROOM_BASE.monster;
  counters.unknownTreasureChance = STS2_UNKNOWN_ROOM_BASE.treasure;
  counters.unknownShopChance = STS2_UNKNOWN_ROOM_BASE.shop;
}
