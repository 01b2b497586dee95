import type { DroppedItem, OmittedItems, TruncatedItem } from '../layers/layer.js';
import type { ChatMessage } from '../model/chat-model.js';

/** One layer's accounting in an assembled context. */
export interface AssembledLayer {
  name: string;
  kind: string;
  stable: boolean;
  /** Tokens the layer contributed (its section with separator, or its turns with framing). */
  tokens: number;
  /** The layer's own budget, and what it was allowed after shrinking for the total. */
  budget: number;
  allowance: number;
  /** Number of items shown. */
  items: number;
  /** Ids of the items shown. */
  kept: readonly string[];
  /** Items left out, each with the reason. */
  dropped: readonly DroppedItem[];
  /**
   * Items left out and only counted, not listed (absent: none): the tail a layer never examined
   * because its section was full, such as lessons ranked below everything shown or window events
   * older than the newest run that fitted. `kept + dropped + omitted.count` is every item.
   */
  omitted?: OmittedItems;
  /** Items shown only in part (they end with the truncation marker). */
  truncated: readonly TruncatedItem[];
}

/**
 * A prompt assembled under a budget. `messages` is the request (system message with the stable
 * layers, chat turns, then one user message with the dynamic layers); `tokens` is its exact count
 * as OpenAI counts a chat request (see countChatTokens) and is never above `budget`.
 */
export interface AssembledContext {
  step: number;
  /** The same content as one plain text (turns labelled by role); for completion-style use. */
  text: string;
  messages: ChatMessage[];
  tokens: number;
  budget: number;
  layers: AssembledLayer[];
  /** Leading tokens identical to the previous call's request (what a prompt cache can reuse). */
  stablePrefixTokens: number;
  /** Messages [0, stableMessageCount) hold only stable layers: put a cache breakpoint after the last. */
  stableMessageCount: number;
  /** Tokenizer name, and whether `tokens` is exact (false: an upper bound from an approximate tokenizer). */
  tokenizer: string;
  exact: boolean;
}
