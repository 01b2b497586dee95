// StS2 monster powers that act at the turns' edges and on deaths (Territorial, High Voltage, Rampart,
// Ravenous, Possess Strength/Speed, Slumber, Asleep, Stock, Illusion, Dampen). The engine calls these from one-line hooks, for StS2 fights only.
import type { CombatContext, MonsterContext } from '../../engine/definitions.js';
import type { CombatState, MonsterState } from '../../engine/run-state.js';
import { stun } from './sts2-colorless-card-rules.js';

/**
 * The parts of the engine's Combat these rules use: an interface here, not Combat's type, since
 * combat.ts calls into this file (a type import back would be an import circle).
 */
export interface MonsterTurnCombat extends CombatContext {
  readonly combat: CombatState;
  monsterContext(index: number): MonsterContext;
  rollMove(index: number): void;
  setMove(monster: MonsterState, moveId: string): void;
}

/** The player's power each Possess power gives back on death. */
const POSSESSED: Readonly<Record<string, string>> = {
  POSSESS_STRENGTH: 'STRENGTH',
  POSSESS_SPEED: 'DEXTERITY',
};

const possessedKey = (power: string): string => `possessBefore:${power}`;
const stolenKey = (power: string): string => `possessStolen:${power}`;

/** The sleepers' moves while asleep and on waking (their pages' move patterns). */
const SLEEPERS: Readonly<Record<string, { readonly sleep: string; readonly wake: string }>> = {
  SLUMBERING_BEETLE: { sleep: 'SNORE_MOVE', wake: 'ROLL_OUT_MOVE' },
  LAGAVULIN_MATRIARCH: { sleep: 'SLEEP_MOVE', wake: 'SLASH_MOVE' },
};

/** Slumber and Asleep end: the monster's next move is its first awake one. */
function wake(combat: MonsterTurnCombat, monster: MonsterState): void {
  delete monster.powers.SLUMBER;
  delete monster.powers.ASLEEP;
  // The beetle's page: its Plating goes when it wakes (the Matriarch's says nothing of hers).
  if (monster.id === 'SLUMBERING_BEETLE') delete monster.powers.PLATING;
  const moves = SLEEPERS[monster.id];
  if (moves !== undefined) combat.setMove(monster, moves.wake);
}

/** Slumber or Asleep counting down by 1: asleep still, it keeps its sleeping move; at 0 it wakes. */
function countDownSleep(combat: MonsterTurnCombat, monster: MonsterState, power: 'SLUMBER' | 'ASLEEP'): void {
  const left = (monster.powers[power] ?? 0) - 1;
  if (left <= 0) {
    wake(combat, monster);
    return;
  }
  monster.powers[power] = left;
  const moves = SLEEPERS[monster.id];
  if (moves !== undefined) combat.setMove(monster, moves.sleep);
}

/** At the start of a living monster's turn (its Block already removed), before its move. */
export function sts2MonsterTurnStart(combat: MonsterTurnCombat, monster: MonsterState): void {
  const index = combat.combat.monsters.indexOf(monster);
  if ((monster.powers.HIGH_VOLTAGE ?? 0) > 0)
    combat.applyToMonster(index, 'STRENGTH', monster.powers.HIGH_VOLTAGE ?? 0);
  // What the move takes is measured around it: Artifact's blocked drains are not given back.
  for (const [power, stat] of Object.entries(POSSESSED))
    if ((monster.powers[power] ?? 0) > 0) monster.memory[possessedKey(power)] = combat.playerPower(stat);
}

/** At the end of a living monster's turn, after its move. */
export function sts2MonsterTurnEnd(combat: MonsterTurnCombat, monster: MonsterState): void {
  const index = combat.combat.monsters.indexOf(monster);
  // The Byrdonis page gives Territorial no amount: the spawn amount, 1, is used.
  if ((monster.powers.TERRITORIAL ?? 0) > 0)
    combat.applyToMonster(index, 'STRENGTH', monster.powers.TERRITORIAL ?? 0);
  for (const [power, stat] of Object.entries(POSSESSED)) {
    const before = monster.memory[possessedKey(power)];
    if (before === undefined) continue;
    delete monster.memory[possessedKey(power)];
    const taken = before - combat.playerPower(stat);
    if (taken > 0) monster.memory[stolenKey(power)] = (monster.memory[stolenKey(power)] ?? 0) + taken;
  }
  if ((combat.combat.player.powers.DAMPEN ?? 0) > 0 && monster.id === 'MAGI_KNIGHT') dampen(combat, monster);
  // A turn taken asleep counts for Slumber and Asleep alike.
  if ((monster.powers.SLUMBER ?? 0) > 0) countDownSleep(combat, monster, 'SLUMBER');
  if ((monster.powers.ASLEEP ?? 0) > 0) countDownSleep(combat, monster, 'ASLEEP');
}

/** After a living monster lost HP (and lives). */
export function sts2MonsterLostHp(combat: MonsterTurnCombat, monster: MonsterState): void {
  if ((monster.powers.SLUMBER ?? 0) > 0) countDownSleep(combat, monster, 'SLUMBER');
  if ((monster.powers.ASLEEP ?? 0) > 0) wake(combat, monster);
}

/**
 * A dead monster's turn. Illusion: it revives at full HP in the enemies' turn after its death, and acts
 * again from the next (the export says "next turn", not whether it acts as it revives).
 */
export function sts2DeadMonsterTurn(combat: MonsterTurnCombat, monster: MonsterState): void {
  if (monster.memory.illusionDown !== 1 || monster.escaped) return;
  delete monster.memory.illusionDown;
  monster.alive = true;
  monster.hp = monster.maxHp;
  monster.block = 0;
  combat.rollMove(combat.combat.monsters.indexOf(monster));
}

/** At the start of the player's turn. */
export function sts2PlayerTurnStart(combat: MonsterTurnCombat): void {
  const monsters = combat.combat.monsters;
  for (const monster of monsters) {
    const rampart = monster.alive ? (monster.powers.RAMPART ?? 0) : 0;
    if (rampart <= 0) continue;
    // Living Shield's Rampart shields the Turret Operator (each living one), not itself.
    for (const other of monsters) if (other.alive && other.id === 'TURRET_OPERATOR') other.block += rampart;
  }
}

/** After a monster died for good. */
export function sts2MonsterDeath(combat: MonsterTurnCombat, dead: MonsterState): void {
  for (const [power, stat] of Object.entries(POSSESSED)) {
    const stolen = dead.memory[stolenKey(power)] ?? 0;
    if ((dead.powers[power] ?? 0) > 0 && stolen > 0) combat.applyToPlayer(stat, stolen);
    delete dead.memory[stolenKey(power)];
  }
  const monsters = combat.combat.monsters;
  for (let index = 0; index < monsters.length; index++) {
    const other = monsters[index];
    if (other === undefined || other === dead || !other.alive) continue;
    // Ravenous: the Corpse Slug eats the dead, is stunned through its next turn and gains Strength.
    const ravenous = other.powers.RAVENOUS ?? 0;
    if (ravenous > 0) {
      stun(combat, index);
      combat.applyToMonster(index, 'STRENGTH', ravenous);
    }
  }
  if ((dead.powers.ILLUSION ?? 0) > 0) dead.memory.illusionDown = 1;
  if (dead.id === 'MAGI_KNIGHT') undampen(combat, dead);
  const stock = dead.powers.STOCK ?? 0;
  if (stock > 0) replaceAxebot(combat, dead, stock);
}

/**
 * Stock: a new Axebot takes the dead one's place with 1 Stock less (StockPower's notes), so Stock 2 gives
 * two replacements. The page: one summoned with a Stock amount opens with Boot Up.
 */
function replaceAxebot(combat: MonsterTurnCombat, dead: MonsterState, stock: number): void {
  const index = combat.combat.monsters.indexOf(dead);
  if (index < 0) return;
  const axebot = combat.monsterContext(index).spawn('AXEBOT', null);
  if (stock > 1) axebot.powers.STOCK = stock - 1;
  else delete axebot.powers.STOCK;
  combat.setMove(axebot, 'BOOT_UP_MOVE');
}

const dampenedKey = (uid: number): string => `dampened:${uid}`;

/**
 * Dampen: while the Magi Knight lives, the fight's cards are Downgraded. At the end of each of its turns
 * the Knight downgrades every upgraded card of the piles and remembers them; a card upgraded in between
 * stays upgraded until then (the export does not say how Dampen treats it).
 */
function dampen(combat: MonsterTurnCombat, knight: MonsterState): void {
  const state = combat.combat;
  for (const pile of [state.hand, state.drawPile, state.discardPile, state.exhaustPile])
    for (const card of pile) {
      if (!card.upgraded) continue;
      card.upgraded = false;
      knight.memory[dampenedKey(card.uid)] = 1;
    }
}

/** The Magi Knight's death ends Dampen: the cards it downgraded are upgraded again. */
function undampen(combat: MonsterTurnCombat, knight: MonsterState): void {
  const state = combat.combat;
  const living = state.monsters.some((other) => other.alive && other.id === 'MAGI_KNIGHT');
  if (!living) delete state.player.powers.DAMPEN;
  for (const pile of [state.hand, state.drawPile, state.discardPile, state.exhaustPile])
    for (const card of pile) {
      if (knight.memory[dampenedKey(card.uid)] !== 1) continue;
      card.upgraded = true;
      delete knight.memory[dampenedKey(card.uid)];
    }
}
