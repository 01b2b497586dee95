/** One turn of a conversation, added in the order it happened. */
export interface ConversationTurn {
  /** Unique within the conversation, e.g. `D3:7`; shown in the context so answers can cite it. */
  id: string;
  /** Who said it, e.g. `Caroline`. */
  speaker: string;
  /** What was said, kept verbatim. */
  text: string;
  /** The session (a chat, a day) it belongs to; a new id starts a new session. Defaults to the current one. */
  sessionId?: string;
  /** When it was said, free text such as `1:56 pm on 8 May, 2023`; the first time of a session dates it. */
  time?: string;
}

/** A session boundary: the turns between two boundaries share one date header. */
export interface ConversationSession {
  id: string;
  /** Date shown in the session's header so temporal questions can be answered. */
  time?: string;
  /** Index (in the log) of the session's first turn. */
  firstTurn: number;
  /** Index one past the session's last turn. */
  endTurn: number;
}
