import { StrataError } from '@strata-memory/strata';
import type { RecallConversation, RecallSession } from './recall-dataset.js';

const YEAR = /\b(1[89]\d\d|2\d\d\d)\b/g;

/**
 * A haystack: the sessions of `count` other conversations placed before the target's own, so the
 * evidence is a small share of a long history. Distractor turn and session ids get a prefix naming
 * their conversation (ids stay unique); distractor dates are moved back by whole years so every
 * distractor session is dated before the target's first session and the blocks stay in order.
 * The distractors are taken cyclically after the target's position in the pool (deterministic; a
 * conversation is never its own distractor).
 */
export function buildHaystack(
  target: RecallConversation,
  pool: readonly RecallConversation[],
  count: number,
  position: number,
): RecallConversation {
  if (count === 0) return target;
  const others = pool.filter((item) => item.id !== target.id);
  if (count > others.length) {
    throw new StrataError(
      'INPUT_INVALID',
      `--haystack ${count} needs ${count} other conversations, but only ${others.length} are available. Lower --haystack or pass more conversations with --distractors <file.jsonl>.`,
      { details: { haystack: count, available: others.length } },
    );
  }
  const chosen: RecallConversation[] = [];
  for (let step = 0; step < count; step += 1) {
    chosen.push(others[(position + step) % others.length] as RecallConversation);
  }
  // Dates: walk back from the target's earliest year; each block ends the year before the next starts.
  let limit = earliestYear(target.sessions);
  const blocks: RecallSession[][] = [];
  for (let block = chosen.length - 1; block >= 0; block -= 1) {
    const conversation = chosen[block] as RecallConversation;
    const years = yearsOf(conversation.sessions);
    const shift = limit === undefined || years.length === 0 ? 0 : limit - 1 - Math.max(...years);
    if (limit !== undefined && years.length > 0) limit = Math.min(...years) + shift;
    blocks.unshift(
      conversation.sessions.map((session) => relabel(session, `h${block + 1}.${conversation.id}/`, shift)),
    );
  }
  return { ...target, sessions: [...blocks.flat(), ...target.sessions] };
}

function relabel(session: RecallSession, prefix: string, shift: number): RecallSession {
  const turns = session.turns.map((turn) => ({ ...turn, id: `${prefix}${turn.id}` }));
  const out: RecallSession = { id: `${prefix}${session.id}`, turns };
  if (session.time !== undefined) {
    out.time =
      shift === 0 ? session.time : session.time.replace(YEAR, (year) => String(Number(year) + shift));
  }
  return out;
}

function yearsOf(sessions: readonly RecallSession[]): number[] {
  const out: number[] = [];
  for (const session of sessions) {
    for (const match of session.time?.matchAll(YEAR) ?? []) out.push(Number(match[0]));
  }
  return out;
}

function earliestYear(sessions: readonly RecallSession[]): number | undefined {
  const years = yearsOf(sessions);
  return years.length === 0 ? undefined : Math.min(...years);
}
