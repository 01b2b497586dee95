import { StrataError } from '../errors/strata-error.js';
import { type Tokenizer, tokenizerVersion } from '../tokenizer/tokenizer.js';
import { renderSessionHeader, renderTurnLine } from './context-format.js';
import type { ConversationSession, ConversationTurn } from './conversation-turn.js';

/** A recorded turn with what every strategy needs: its position, session and rendered cost. */
export interface LoggedTurn {
  readonly index: number;
  readonly id: string;
  readonly speaker: string;
  readonly text: string;
  readonly time?: string;
  readonly session: number;
  /** The turn's line in a context, newline included. */
  readonly line: string;
  /** Token count of `line`, counted once when the turn is added. */
  readonly lineTokens: number;
}

/** The ordered record of a conversation, shared by every strategy. */
export interface ConversationLog {
  readonly turns: readonly LoggedTurn[];
  readonly sessions: readonly ConversationSession[];
  /**
   * Records a turn. `lineTokens`, when given, is its line's count taken earlier with the same
   * tokenizer and version (a restored index), so the line is not counted again.
   */
  add(turn: ConversationTurn, lineTokens?: number): LoggedTurn;
  startSession(session: { id: string; time?: string }): void;
  /** Header line of a session, newline included, and its token count (cached). */
  sessionHeader(session: number): { line: string; tokens: number };
}

export function createConversationLog(tokenizer: Tokenizer): ConversationLog {
  const turns: LoggedTurn[] = [];
  const sessions: ConversationSession[] = [];
  const headers = new Map<number, { line: string; tokens: number }>();
  const ids = new Set<string>();
  const sessionIds = new Set<string>();
  // Cached header counts hold for one tokenizer version (an approximate tokenizer's calibrate()
  // changes it). Turn counts are taken at ingest: with such a tokenizer the fitted total is recounted.
  let countedVersion = tokenizerVersion(tokenizer);
  const checkVersion = (): void => {
    if (tokenizerVersion(tokenizer) === countedVersion) return;
    countedVersion = tokenizerVersion(tokenizer);
    headers.clear();
  };

  const openSession = (id: string, time: string | undefined): void => {
    if (sessionIds.has(id)) {
      throw new StrataError(
        'INPUT_INVALID',
        `Session '${id}' was already started and ended; sessions must be contiguous. Give the new session another id.`,
        { details: { sessionId: id } },
      );
    }
    sessionIds.add(id);
    const session: ConversationSession = { id, firstTurn: turns.length, endTurn: turns.length };
    if (time !== undefined && time.trim() !== '') session.time = time.trim();
    sessions.push(session);
  };

  return {
    turns,
    sessions,
    startSession({ id, time }) {
      if (typeof id !== 'string' || id.trim() === '') {
        throw new StrataError('INPUT_INVALID', 'A session needs a non-empty string id.');
      }
      const current = sessions.at(-1);
      // Starting the session that is already open (and still empty) only updates its date.
      if (current && current.id === id && current.firstTurn === turns.length) {
        if (time !== undefined && time.trim() !== '') current.time = time.trim();
        headers.delete(sessions.length - 1);
        return;
      }
      openSession(id, time);
    },
    add(turn, lineTokens) {
      validateTurn(turn);
      if (ids.has(turn.id)) {
        throw new StrataError(
          'INPUT_INVALID',
          `Turn id '${turn.id}' was already added; every turn of a conversation needs a unique id.`,
          { details: { turnId: turn.id } },
        );
      }
      let current = sessions.at(-1);
      if (!current || (turn.sessionId !== undefined && turn.sessionId !== current.id)) {
        openSession(turn.sessionId ?? `session-${sessions.length + 1}`, turn.time);
        current = sessions.at(-1) as ConversationSession;
      } else if (current.time === undefined && turn.time !== undefined && turn.time.trim() !== '') {
        current.time = turn.time.trim();
        headers.delete(sessions.length - 1);
      }
      ids.add(turn.id);
      const line = renderTurnLine(turn.id, turn.speaker, turn.text);
      const logged: LoggedTurn = {
        index: turns.length,
        id: turn.id,
        speaker: turn.speaker,
        text: turn.text,
        session: sessions.length - 1,
        line,
        lineTokens: lineTokens ?? tokenizer.count(line),
        ...(turn.time === undefined ? {} : { time: turn.time }),
      };
      turns.push(logged);
      current.endTurn = turns.length;
      return logged;
    },
    sessionHeader(index) {
      checkVersion();
      let header = headers.get(index);
      if (!header) {
        const session = sessions[index];
        if (!session) throw new StrataError('INPUT_INVALID', `No session at index ${index}.`);
        const line = renderSessionHeader(session.id, session.time);
        header = { line, tokens: tokenizer.count(line) };
        headers.set(index, header);
      }
      return header;
    },
  };
}

function validateTurn(turn: ConversationTurn): void {
  if (turn === null || typeof turn !== 'object') {
    throw new StrataError('INPUT_INVALID', 'addTurn needs an object { id, speaker, text }.');
  }
  for (const field of ['id', 'speaker', 'text'] as const) {
    if (typeof turn[field] !== 'string') {
      throw new StrataError(
        'INPUT_INVALID',
        `Turn ${JSON.stringify(turn.id ?? '?')} has no string '${field}'; pass { id, speaker, text } as strings.`,
        { details: { field } },
      );
    }
  }
  if (turn.id.trim() === '') throw new StrataError('INPUT_INVALID', 'A turn id must not be empty.');
}
