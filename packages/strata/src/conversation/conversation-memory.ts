import type { Tokenizer } from '../tokenizer/tokenizer.js';
import type { ConversationTurn } from './conversation-turn.js';

/** What a question-time assembly returns: the exact text to send and what it holds. */
export interface AssembledConversation {
  /** The full text to send: excerpts with session date headers, then the question. */
  text: string;
  /** Exact token count of `text` with the memory's tokenizer (everything sent, the question included). */
  tokens: number;
  budget: number;
  /** Ids of the turns included, oldest first. */
  turnIds: string[];
  /** Ids of the sessions whose header is included. */
  sessionIds: string[];
  /** Turns considered relevant that did not fit, best first (at most 50). */
  droppedTurnIds: string[];
  /** Which strategy produced it (`layered`, `window`, `bm25`). */
  strategy: string;
}

/** Options of `ConversationMemory.assemble`. */
export interface ConversationAssembleOptions {
  /** The question or latest user message; it is sent at the end of the context and counts toward the budget. */
  query: string;
  /** Overrides the memory's budget for this call. */
  budget?: number;
}

/** A chat agent's memory of one long conversation, assembled fresh under a token budget for each question. */
export interface ConversationMemory {
  readonly strategy: string;
  readonly tokenizer: Tokenizer;
  readonly budget: number;
  /** Records a turn as it happens; turns must arrive in order and ids must be unique. */
  addTurn(turn: ConversationTurn): void;
  /** Starts a session explicitly (the next turns belong to it); `addTurn` with a new `sessionId` does the same. */
  startSession(session: { id: string; time?: string }): void;
  /** Number of turns recorded. */
  readonly turnCount: number;
  /** The context for a question, never over budget. */
  assemble(options: ConversationAssembleOptions): Promise<AssembledConversation>;
}

/** Options shared by every conversation memory strategy. */
export interface ConversationMemoryBaseOptions {
  /** Counts tokens; defaults to exact o200k_base. */
  tokenizer?: Tokenizer;
  /** Hard cap on the tokens of every assembled context, question included. */
  budget: number;
}
