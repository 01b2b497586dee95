import type { CombatLog } from './combat-log.js';

/** Payloads the agent passes with `combat-end` and `run-end`. */
export interface CombatEndPayload {
  combat: CombatLog;
}

/** What the `run-end` transition carries: how the run ended and what the deck was. */
export interface RunEndPayload {
  character: string;
  victory: boolean;
  act: number;
  floor: number;
  /** The last combat, when the run ended in one. */
  combat?: CombatLog;
}

/** The tag that marks lessons written by rules, not by a model. */
export const RULE_BASED_LABEL = '[rule-based]';

/** A lesson proposed by an extractor (structurally strata's `ExtractedLesson`). */
export interface ExtractedLesson {
  text: string;
  importance?: number;
  tags?: string[];
}

/** Structurally strata's `Extractor`: what the memory's extraction queue runs after a transition. */
export interface LessonExtractor {
  readonly name: string;
  /** Extracts lessons from the event's payload. */
  run(input: { event: string; payload: unknown; idempotencyKey: string }): Promise<{
    idempotencyKey: string;
    lessons?: ExtractedLesson[];
  }>;
}

/**
 * Lessons without a model: 0-2 concrete facts from the combat log (who dealt how much, what cost
 * HP, what worked), each labelled `[rule-based]` so a reader knows no model judged them.
 */
export function ruleBasedCombatLessons(log: CombatLog): ExtractedLesson[] {
  const lessons: ExtractedLesson[] = [];
  const where = `vs ${log.encounter} (${log.kind}, act ${log.act})`;
  const hpLost = log.hpLost;
  const turns = Math.max(1, log.turns);
  const [topEnemy, topEnemyDamage] = topEntry(log.damageByEnemy);
  if (hpLost > 0) {
    const cause =
      topEnemy !== undefined && topEnemyDamage > 0
        ? `; ${topEnemy} caused about ${topEnemyDamage}${log.biggestAttack[topEnemy] ? ` (biggest attack ${log.biggestAttack[topEnemy]})` : ''}`
        : '';
    const self = log.selfDamage > 0 ? `; ${log.selfDamage} was self-inflicted` : '';
    lessons.push({
      text: `${RULE_BASED_LABEL} ${where}: lost ${hpLost} of ${log.startHp} HP in ${turns} turns${cause}${self}.`,
      importance: Math.min(1, 0.3 + hpLost / Math.max(1, log.maxHp)),
      tags: ['rule-based', 'combat', log.kind, ...log.encounter.toLowerCase().split(' + ')],
    });
  }
  const sources = Object.entries(log.damageBySource)
    .filter(([, damage]) => damage > 0)
    .sort((a, b) => b[1] - a[1]);
  const [best, second] = sources;
  if (best) {
    const plays = log.plays[best[0]] ?? 1;
    const runnerUp = second ? `, then ${second[0]} ${second[1]}` : '';
    const verdict =
      log.outcome === 'lost'
        ? 'not enough: the run died here'
        : hpLost === 0
          ? 'won without losing HP'
          : 'won';
    lessons.push({
      text: `${RULE_BASED_LABEL} ${where}: most damage came from ${best[0]} (${best[1]} over ${plays} plays${runnerUp}); ${verdict}.`,
      importance: 0.4,
      tags: ['rule-based', 'combat', 'damage', ...log.encounter.toLowerCase().split(' + ')],
    });
  }
  return lessons.slice(0, 2);
}

/** Lessons a finished run teaches, written by rules from its payload (no model). */
export function ruleBasedRunLessons(payload: RunEndPayload): ExtractedLesson[] {
  const ending = payload.victory
    ? `won the run (act ${payload.act}, floor ${payload.floor})`
    : `died on floor ${payload.floor} (act ${payload.act})${payload.combat ? ` vs ${payload.combat.encounter} (${payload.combat.kind})` : ''}`;
  return [
    {
      text: `${RULE_BASED_LABEL} ${payload.character} ${ending}.`,
      importance: payload.victory ? 0.5 : 0.7,
      tags: ['rule-based', 'run-end'],
    },
  ];
}

/** An `Extractor` for the memory's `combat-end` and `run-end` hooks that needs no model. */
export function createRuleBasedLessonExtractor(): LessonExtractor {
  return {
    name: 'rule-based-lessons',
    async run(input) {
      const payload = input.payload as Partial<CombatEndPayload & RunEndPayload> | undefined;
      let lessons: ExtractedLesson[] = [];
      if (input.event === 'run-end' && payload && typeof payload.character === 'string') {
        lessons = ruleBasedRunLessons(payload as RunEndPayload);
      } else if (payload?.combat) {
        lessons = ruleBasedCombatLessons(payload.combat);
      }
      return { idempotencyKey: input.idempotencyKey, lessons };
    },
  };
}

function topEntry(record: Record<string, number>): [string | undefined, number] {
  let best: [string | undefined, number] = [undefined, 0];
  for (const [key, value] of Object.entries(record)) if (value > best[1]) best = [key, value];
  return best;
}
