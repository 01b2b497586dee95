// StS2 monster powers that soften or answer the damage a monster takes, or that answer the damage it
// deals. The engine calls these from its damage paths in engine/combat.ts, only in an StS2 fight.
import type { MonsterState } from '../../engine/run-state.js';

/** Hard to Kill's cap: the export's text names 9 whatever the power's amount. */
const HARD_TO_KILL_CAP = 9;

/** Per-turn marks in a monster's memory, cleared as the player's turn starts. */
const SHELL_LOST = 'sts2:hardenedShellLost';
const TURN_MARKS = [SHELL_LOST] as const;

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

/** Clears the per-turn marks ("each turn" is read as the player's turn: the export does not say). */
export function startSts2MonsterTurnMarks(monsters: readonly MonsterState[]): void {
  for (const monster of monsters)
    for (const mark of TURN_MARKS) if (monster.memory[mark] !== undefined) delete monster.memory[mark];
}
