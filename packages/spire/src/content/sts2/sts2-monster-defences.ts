// StS2 monster powers that soften or answer the damage a monster takes, or that answer the damage it
// deals. The engine calls these from its damage paths in engine/combat.ts, only in an StS2 fight.
import type { CombatState, MonsterState, RunState } from '../../engine/run-state.js';

/** What these rules need of the fight. */
export interface MonsterDefenceCombat {
  readonly run: RunState;
  readonly combat: CombatState;
  gainEnergy(amount: number): void;
  addEnemyCard(id: string, pile: 'hand' | 'draw' | 'discard' | 'drawRandom'): void;
  applyToMonster(index: number, id: string, amount: number): void;
  /** Whether an Attack card is being played (asked only when a power needs it: it looks the card up). */
  playingAttackCard(): boolean;
}

/** Hard to Kill's cap: the export's text names 9 whatever the power's amount. */
const HARD_TO_KILL_CAP = 9;

/** Vital Spark's Energy: the export's text says 1 ({Energy} has no other value in it). */
const VITAL_SPARK_ENERGY = 1;

/** Per-turn marks in a monster's memory, cleared as the player's turn starts. */
const SHELL_LOST = 'sts2:hardenedShellLost';
const SKITTISH_USED = 'sts2:skittishUsed';
const VITAL_SPARK_USED = 'sts2:vitalSparkUsed';
const SLOW_CARDS = 'sts2:slowCards';
const TURN_MARKS = [SHELL_LOST, SKITTISH_USED, VITAL_SPARK_USED, SLOW_CARDS] as const;

/** A hit or HP loss after Hard to Kill, before Block takes its part ("damage taken and HP lost"). */
export function cappedSts2Damage(monster: MonsterState, damage: number): number {
  return (monster.powers.HARD_TO_KILL ?? 0) > 0 ? Math.min(damage, HARD_TO_KILL_CAP) : damage;
}

/** The HP a monster loses of `loss` (past its Block) after Slippery and Hardened Shell. */
export function sts2HpLoss(monster: MonsterState, loss: number): number {
  let result = loss;
  const slippery = monster.powers.SLIPPERY ?? 0;
  if (result > 0 && slippery > 0) {
    result = 1;
    if (slippery > 1) monster.powers.SLIPPERY = slippery - 1;
    else delete monster.powers.SLIPPERY;
  }
  const shell = monster.powers.HARDENED_SHELL ?? 0;
  if (result > 0 && shell > 0) {
    const lost = monster.memory[SHELL_LOST] ?? 0;
    result = Math.min(result, Math.max(0, shell - lost));
    monster.memory[SHELL_LOST] = lost + Math.min(result, monster.hp);
  }
  return result;
}

/** A monster's reactions to being hit by the player's `attack` (lost: the HP the hit took). */
export function afterSts2MonsterHit(
  context: MonsterDefenceCombat,
  monster: MonsterState,
  lost: number,
): void {
  if (!monster.alive) return;
  const skittish = monster.powers.SKITTISH ?? 0;
  if (skittish > 0 && (monster.memory[SKITTISH_USED] ?? 0) === 0) {
    monster.memory[SKITTISH_USED] = 1;
    monster.block += skittish;
  }
  const spark =
    lost > 0 && (monster.powers.VITAL_SPARK ?? 0) > 0 && (monster.memory[VITAL_SPARK_USED] ?? 0) === 0;
  const hive = monster.powers.PERSONAL_HIVE ?? 0;
  if ((!spark && hive <= 0) || !context.playingAttackCard()) return;
  // "Takes Attack damage": HP lost to an Attack card's hit, not a hit its Block took whole.
  if (spark) {
    monster.memory[VITAL_SPARK_USED] = 1;
    context.gainEnergy(VITAL_SPARK_ENERGY);
  }
  for (let copy = 0; copy < hive; copy++) context.addEnemyCard('DAZED', 'drawRandom');
}

/** Slow counts each card the player plays this turn (after it is played, as StS1's Slow). */
export function noteSts2CardPlayed(monsters: readonly MonsterState[]): void {
  for (const monster of monsters)
    if (monster.alive && (monster.powers.SLOW ?? 0) > 0)
      monster.memory[SLOW_CARDS] = (monster.memory[SLOW_CARDS] ?? 0) + 1;
}

/** What Slow multiplies an Attack's damage to `monster` by: 10% more per card played this turn. */
export function sts2SlowMultiplier(monster: MonsterState): number {
  return (monster.powers.SLOW ?? 0) > 0 ? 1 + (monster.memory[SLOW_CARDS] ?? 0) / 10 : 1;
}

/** Clears the per-turn marks ("each turn" is read as the player's turn: the export does not say). */
export function startSts2MonsterTurnMarks(monsters: readonly MonsterState[]): void {
  for (const monster of monsters)
    for (const mark of TURN_MARKS) if (monster.memory[mark] !== undefined) delete monster.memory[mark];
}

/** The attacker's reactions to attack damage that got past the player's Block. */
export function afterSts2UnblockedHit(context: MonsterDefenceCombat, attacker: MonsterState): void {
  const cuts = attacker.powers.PAPER_CUTS ?? 0;
  if (cuts > 0) {
    context.run.maxHp = Math.max(1, context.run.maxHp - cuts);
    context.run.hp = Math.min(context.run.hp, context.run.maxHp);
  }
  const suck = attacker.powers.SUCK ?? 0;
  if (suck > 0 && attacker.alive)
    context.applyToMonster(context.combat.monsters.indexOf(attacker), 'STRENGTH', suck);
}
