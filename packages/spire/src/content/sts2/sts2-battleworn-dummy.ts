// The Battleworn Dummy's Time Limit (BattlewornDummyTimeLimitPower: "You have 3 more turns to defeat the
// Battleworn Dummy") and the reward of its event, which comes only with a dummy defeated in time (the
// event's notes: "You must defeat the dummy within 3 turns or lose the event ... If the time limit
// expires, you are humiliated and sent away.").
import type { RewardItem, RunState } from '../../engine/run-state.js';
import { runServices } from '../run-services.js';
import { offerRewards, upgradeRandomCards } from './sts2-relic-pickup.js';

const TIME_LIMIT = 'BATTLEWORN_DUMMY_TIME_LIMIT';

/** The cards the second setting upgrades (the event: "Upgrade 2 random cards"). */
const SETTING_2_UPGRADES = 2;

/** Each setting's dummy (Battle Friend V1, V2, V3: the event's Setting 1, 2, 3) and its reward. */
const REWARDS: Readonly<Record<string, (run: RunState) => void>> = {
  BATTLE_FRIEND_V1: (run) => offer(run, { kind: 'potion', potionId: runServices().rollPotion(run) }),
  BATTLE_FRIEND_V2: (run) => upgradeRandomCards(run, SETTING_2_UPGRADES),
  BATTLE_FRIEND_V3: (run) => {
    const relicId = runServices().rollRelic(run, runServices().rollRelicRarity(run));
    if (relicId !== null) offer(run, { kind: 'relic', relicId });
  },
};

/** A reward item the fight's reward screen shows (offered in combat, it waits for that screen). */
function offer(run: RunState, item: RewardItem): void {
  offerRewards(run, [item]);
}

/** What the count-down needs of a monster of the fight. */
export interface TimedMonster {
  readonly id: string;
  readonly powers: Record<string, number>;
}

/**
 * At the start of the dummy's turn (the player's turn just ended), Time Limit falls by 1; whether the
 * time is up now (it reached 0: the caller sends the dummy away, the fight over without the reward).
 * The export does not say when the count falls: the simulator takes 1 off after each of the player's
 * turns, so "3 more turns" are the player's turns 1 to 3.
 */
export function countDownDummyTime(monster: TimedMonster): boolean {
  const left = monster.powers[TIME_LIMIT] ?? 0;
  if (left <= 0) return false;
  if (left > 1) {
    monster.powers[TIME_LIMIT] = left - 1;
    return false;
  }
  delete monster.powers[TIME_LIMIT];
  return true;
}

/** A dummy killed with its Time Limit still running gives its setting's reward. */
export function rewardDefeatedDummy(run: RunState, dead: TimedMonster): void {
  if ((dead.powers[TIME_LIMIT] ?? 0) <= 0) return;
  REWARDS[dead.id]?.(run);
}
