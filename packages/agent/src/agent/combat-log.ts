import type { GameAction, GameState } from '@strata-memory/spire';
import { sanitizeGameText as clean } from '../observe/sanitize-game-text.js';
import { actOf, floorOf } from './game-events.js';

/** One line of combat working memory, tagged with its turn so the window can keep the last N turns. */
export interface CombatEvent {
  turn: number;
  text: string;
}

/**
 * Facts of the current combat, gathered from consecutive states: what was played, what the enemies
 * did, damage dealt and taken. Plain JSON (persisted with the session for resume).
 */
export interface CombatLog {
  encounter: string;
  kind: string;
  act: number;
  floor: number;
  character: string;
  startHp: number;
  maxHp: number;
  hp: number;
  turns: number;
  events: CombatEvent[];
  /** Enemy HP removed by each card (or potion), and how often it was played. */
  damageBySource: Record<string, number>;
  plays: Record<string, number>;
  /** HP the player lost to each enemy (end-of-turn losses shared by intended damage). */
  damageByEnemy: Record<string, number>;
  /** The biggest attack intent seen per enemy, e.g. `11x2`. */
  biggestAttack: Record<string, string>;
  /** HP the player lost on its own turn (self-damage cards, thorns). */
  selfDamage: number;
  /** All HP lost during the combat (healing after it does not count against it). */
  hpLost: number;
  outcome: 'ongoing' | 'won' | 'lost';
}

/** Starts the log of a combat from its first state. */
export function startCombatLog(state: GameState): CombatLog {
  const enemies = (state.combat?.enemies ?? []).map((enemy) => clean(enemy.name, 40));
  const hp = state.combat?.player.current_hp ?? state.run?.current_hp ?? 0;
  return {
    encounter: [...new Set(enemies)].join(' + ') || 'unknown enemies',
    kind: state.combat_type ?? 'monster',
    act: actOf(state),
    floor: floorOf(state),
    character: clean(state.run?.character_name ?? state.run?.character_id ?? 'player', 30),
    startHp: hp,
    maxHp: state.combat?.player.max_hp ?? state.run?.max_hp ?? hp,
    hp,
    turns: state.turn ?? 1,
    events: [
      {
        turn: state.turn ?? 1,
        text: `Combat starts vs ${enemies.join(', ') || '?'} (${state.combat_type ?? 'monster'}), HP ${hp}`,
      },
    ],
    damageBySource: {},
    plays: {},
    damageByEnemy: {},
    biggestAttack: {},
    selfDamage: 0,
    hpLost: 0,
    outcome: 'ongoing',
  };
}

/** Records what one action did (state before -> after) and returns the new event line, if any. */
export function recordCombatAction(
  log: CombatLog,
  before: GameState,
  action: GameAction,
  after: GameState,
): CombatEvent | undefined {
  const turn = before.turn ?? log.turns;
  const hpBefore = before.combat?.player.current_hp ?? log.hp;
  const hpAfter = after.combat?.player.current_hp ?? after.run?.current_hp ?? hpBefore;
  const lost = Math.max(0, hpBefore - hpAfter);
  log.hp = hpAfter;
  log.hpLost += lost;
  if (after.turn !== undefined && after.turn !== null) log.turns = Math.max(log.turns, after.turn);
  let event: CombatEvent | undefined;
  if (action.action === 'play_card' || action.action === 'use_potion') {
    const source =
      action.action === 'play_card'
        ? clean(before.combat?.hand.find((card) => card.index === action.card_index)?.name ?? 'a card', 40)
        : clean(
            before.run?.potions.find((potion) => potion.index === action.option_index)?.name ?? 'a potion',
            40,
          );
    const dealt = enemyHpLost(before, after);
    const blockGained = Math.max(0, (after.combat?.player.block ?? 0) - (before.combat?.player.block ?? 0));
    log.plays[source] = (log.plays[source] ?? 0) + 1;
    log.damageBySource[source] = (log.damageBySource[source] ?? 0) + dealt;
    log.selfDamage += lost;
    const target =
      action.target_index === undefined
        ? ''
        : ` -> ${clean(before.combat?.enemies.find((enemy) => enemy.index === action.target_index)?.name ?? '?', 40)}`;
    const effects = [
      dealt > 0 ? `dealt ${dealt}` : '',
      blockGained > 0 ? `block +${blockGained}` : '',
      lost > 0 ? `lost ${lost} HP` : '',
    ]
      .filter(Boolean)
      .join(', ');
    event = {
      turn,
      text: `T${turn} ${action.action === 'use_potion' ? 'potion ' : ''}${source}${target}${effects ? `: ${effects}` : ''}`,
    };
  } else if (action.action === 'end_turn') {
    const attackers: Array<{ name: string; intended: number }> = [];
    const moves: string[] = [];
    for (const enemy of before.combat?.enemies ?? []) {
      if (!enemy.is_alive) continue;
      const name = clean(enemy.name, 40);
      const parts = enemy.intents.map((intent) => {
        if (intent.damage === null || intent.damage === undefined) return clean(intent.intent_type, 20);
        const hits = intent.hits ?? 1;
        const label = `${intent.damage}x${hits}`;
        const total = intent.total_damage ?? intent.damage * hits;
        const previous = log.biggestAttack[name];
        if (previous === undefined || total > totalOf(previous)) log.biggestAttack[name] = label;
        attackers.push({ name, intended: total });
        return `${clean(intent.intent_type, 20)} ${label}`;
      });
      moves.push(`${name} ${parts.join('+') || '?'}`);
    }
    const intended = attackers.reduce((sum, attacker) => sum + attacker.intended, 0);
    for (const attacker of attackers) {
      if (intended > 0 && lost > 0) {
        log.damageByEnemy[attacker.name] =
          (log.damageByEnemy[attacker.name] ?? 0) + Math.round((lost * attacker.intended) / intended);
      }
    }
    event = {
      turn,
      text: `T${turn} end: ${moves.join('; ') || 'no enemy moves'}; took ${lost} damage (HP ${hpAfter}/${log.maxHp})`,
    };
  }
  if (event) log.events.push(event);
  return event;
}

/** Marks the combat finished (won when the player is alive afterwards). */
export function finishCombatLog(log: CombatLog, after: GameState): CombatLog {
  const hp = after.run?.current_hp ?? after.combat?.player.current_hp ?? log.hp;
  log.hp = hp;
  log.outcome = hp > 0 && after.game_over?.is_victory !== false ? 'won' : 'lost';
  if (after.screen === 'GAME_OVER' && after.game_over && !after.game_over.is_victory) log.outcome = 'lost';
  return log;
}

/** Events of the last `turns` turns, oldest first. */
export function recentCombatEvents(log: CombatLog, turns: number): CombatEvent[] {
  const distinct = [...new Set(log.events.map((event) => event.turn))];
  const keep = new Set(distinct.slice(-turns));
  return log.events.filter((event) => keep.has(event.turn));
}

function enemyHpLost(before: GameState, after: GameState): number {
  let lost = 0;
  for (const enemy of before.combat?.enemies ?? []) {
    const later = after.combat?.enemies.find(
      (each) => each.index === enemy.index && each.enemy_id === enemy.enemy_id,
    );
    const hpAfter = later ? later.current_hp : 0;
    lost += Math.max(0, enemy.current_hp - Math.max(0, hpAfter));
  }
  return lost;
}

function totalOf(label: string): number {
  const [damage, hits] = label.split('x').map(Number);
  return (damage ?? 0) * (hits ?? 1);
}
