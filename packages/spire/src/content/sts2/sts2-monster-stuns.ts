// StS2 monster powers that end in a stun: Flutter (the Thieving Hopper's) and Burrowed (the Tunneler's).
// The engine calls these from its damage path in engine/combat.ts, only in an StS2 fight.
import type { CombatContext } from '../../engine/definitions.js';
import type { CombatState, MonsterState } from '../../engine/run-state.js';
import { stun } from './sts2-colorless-card-rules.js';

/** What these rules need of the fight (an interface: combat.ts calls into this file). */
export interface MonsterStunCombat extends CombatContext {
  readonly combat: CombatState;
  setMove(monster: MonsterState, moveId: string): void;
}

/**
 * Flutter: "Deal attack damage {Amount} times to Stun it." Each hit that takes HP uses up 1; the hit that
 * takes the last one stuns it (its next move is a turn doing nothing, then the move it had: the engine's
 * card stun). The export does not say what the Hopper does after the stun: the simulator resumes its
 * move order where the stun interrupted it.
 */
export function afterSts2FlutterHit(context: MonsterStunCombat, monster: MonsterState): void {
  const flutter = monster.powers.FLUTTER ?? 0;
  if (flutter <= 0 || !monster.alive) return;
  if (flutter > 1) {
    monster.powers.FLUTTER = flutter - 1;
    return;
  }
  delete monster.powers.FLUTTER;
  stun(context, context.combat.monsters.indexOf(monster));
}

/** The monsters whose page has a move of their own for the turn a stun takes (the Tunneler's "Still Dizzy"). */
const STUN_MOVES: Readonly<Record<string, string>> = { TUNNELER: 'DIZZY_MOVE' };

/**
 * Burrowed: "Stunned if all Block is removed." Damage that takes its last Block stuns it and ends
 * Burrowed (the page: an Emerging Strike plays "when the Burrowed power expires"; that the stun is what
 * ends it is inferred). The Tunneler spends the stun on its page's Still Dizzy, which its page follows
 * with Bite; another monster takes the engine's card stun.
 */
export function afterSts2BlockBroken(context: MonsterStunCombat, monster: MonsterState): void {
  if ((monster.powers.BURROWED ?? 0) <= 0 || !monster.alive) return;
  delete monster.powers.BURROWED;
  const own = STUN_MOVES[monster.id];
  if (own !== undefined) context.setMove(monster, own);
  else stun(context, context.combat.monsters.indexOf(monster));
}
