import type { JsonValue } from '../core/provenance.js';
import type { ChatMessage } from '../model/chat-model.js';
import type { MemoryStore } from '../store/memory-store.js';
import type { CachedTokenizer } from '../tokenizer/cached-tokenizer.js';
import type { ExtractionMeta, ExtractionResult } from '../transitions/extractor.js';

/**
 * Why an item is not in the prompt:
 * - `layer-budget`: it did not fit the layer's own budget;
 * - `total-budget`: it fitted the layer's budget, but the layer was shrunk to meet the total budget;
 * - `count-limit`: the layer shows at most N items;
 * - `not-triggered`: its trigger words are not in play (notes);
 * - `ranked-out`: lower ranked than every item that fitted (lessons, knowledge);
 * - `empty`: nothing visible to show (only whitespace).
 */
export type DropReason =
  | 'layer-budget'
  | 'total-budget'
  | 'count-limit'
  | 'not-triggered'
  | 'ranked-out'
  | 'empty';

/** An item a fit left out, and why. */
export interface DroppedItem {
  readonly id: string;
  readonly reason: DropReason;
}

/** An item shown only in part, ending with the visible truncation marker. */
export interface TruncatedItem {
  readonly id: string;
  /** Tokens of the item as rendered in full (a lower bound above the layer's room when counting stopped early). */
  readonly fullTokens: number;
  /** Tokens of what was kept, marker included. */
  readonly keptTokens: number;
}

/**
 * Items left out without a record each: the tail of a long list the fit never looked at because the
 * section was full (lessons ranked below everything shown, window events older than the newest run
 * that fitted). Counting them keeps a fit's cost independent of how many items are stored.
 */
export interface OmittedItems {
  readonly count: number;
  readonly reason: DropReason;
}

/** What the assembler asks a layer to fit into. */
export interface FitRequest {
  /** Tokens this layer may use, its section heading and separator included. */
  readonly allowance: number;
  /** True when `allowance` is below the layer's own budget because the total budget is short. */
  readonly shrunk: boolean;
  readonly query: string | undefined;
  /** Keys in play, lower-cased. */
  readonly keys: ReadonlySet<string>;
  readonly tokenizer: CachedTokenizer;
  /** Milliseconds since epoch (the memory's clock). */
  readonly now: number;
}

/** A layer's answer: its section (or chat turns) and a full accounting. */
export interface LayerFit {
  /** The section text, '' when there is nothing to show. Placed with a blank line after it. */
  readonly section: string;
  /** Chat turns (messages layers), in order. */
  readonly messages: readonly ChatMessage[];
  /** Tokens of each message with its framing, when the layer counted them (saves a recount). */
  readonly messageTokens?: readonly number[];
  /** Estimated tokens: the section with its separator, plus every message with its framing. */
  readonly tokens: number;
  /** Ids of the items shown. */
  readonly kept: readonly string[];
  readonly dropped: readonly DroppedItem[];
  /** Items left out and only counted (absent: none). `kept + dropped + omitted.count` is every item. */
  readonly omitted?: OmittedItems;
  readonly truncated: readonly TruncatedItem[];
}

/** Store access handed to layers that persist beyond a session (lessons). */
export interface LayerOpenContext {
  readonly store: MemoryStore | undefined;
  readonly namespace: string;
  readonly sessionId: string | undefined;
}

/** A hook a layer can bind to a transition event. */
export type LayerAction = 'reset' | 'overwrite' | 'expire';

/**
 * A memory layer: it owns its items, its update rule and its rendering, and declares what the
 * assembler needs (budget, minimum, priority, stability, how to fit itself). The assembler never
 * looks at `kind`.
 */
export interface Layer {
  readonly name: string;
  /** Informational (telemetry, errors): 'lessons', 'window', or a custom kind. */
  readonly kind: string;
  /** Most tokens this layer may take. */
  readonly budget: number;
  /** Tokens always reserved for this layer; the total budget must cover every layer's minimum. */
  readonly minimum: number;
  /** Higher keeps its tokens longer: lower priorities shrink first when the total is over. */
  readonly priority: number;
  /** Stable layers go first (the cacheable prefix); dynamic ones after. */
  readonly stable: boolean;
  /**
   * Written by the developer, not by users, models or tools: a trusted stable layer goes in the
   * system message; untrusted stable layers go in a user message right after it (still in the
   * cached prefix). Default false.
   */
  readonly trusted?: boolean;
  /** Bumped on every change: the same revision, allowance and query give the same fit. */
  readonly revision: number;
  /** Whether the fit depends on the query and keys. */
  readonly usesQuery: boolean;
  /** Events this layer binds itself to (e.g. a window's `resetOn`). */
  readonly bindings: readonly { event: string; action: LayerAction }[];
  /** Fits the layer's items into the request's allowance. */
  fit(request: FitRequest): LayerFit;
  /** JSON snapshot of the layer's session state (what `commit()` persists). */
  snapshot(): JsonValue;
  /** Restores a snapshot taken by `snapshot()`. */
  restore(snapshot: JsonValue): void;
  /** Loads persisted items (called once by `memory.open()`). */
  open?(context: LayerOpenContext): Promise<void>;
  /**
   * The tokenizer every fit will count with, given once by the memory when it is created, so a
   * layer can count its items as they are added rather than the first time a fit shows them (that
   * cost would otherwise land on the call that shows them). Fits still pass theirs (`request.tokenizer`).
   */
  useTokenizer?(tokenizer: CachedTokenizer): void;
  /** Async work before fitting (e.g. embedding the query). */
  prepare?(request: { query: string | undefined; keys: ReadonlySet<string> }): Promise<void>;
  /** Clears the layer's items (bound with `action: 'reset'`). */
  reset?(): void;
  /** Replaces the layer's content with the event's payload (bound with `action: 'overwrite'`). */
  overwrite?(payload: unknown): void;
  /** Drops the items whose scope ends with `event` (bound with `action: 'expire'`). */
  expire?(event: string): void;
  /** Takes what it understands from an extraction (lessons, a summary, a state patch). */
  applyExtraction?(result: ExtractionResult, meta: ExtractionMeta): Promise<void>;
}

/** Options every built-in layer accepts. */
export interface LayerOptions {
  /** Unique name in a memory (defaults to the kind). */
  name?: string;
  /** Most tokens (defaults per kind). */
  budget?: number;
  /** Reserved tokens (default 0). */
  minimum?: number;
  /** Shrink order: lower shrinks first (defaults per kind). */
  priority?: number;
  /** Place in the stable prefix (defaults per kind). */
  stable?: boolean;
  /**
   * Mark the layer's content as trusted (written by you, not by users, models or tools). Only
   * trusted stable layers go in the system message; others go in the stable user message after it.
   * Default false.
   */
  trusted?: boolean;
  /** Trusted text shown at the top of the section (e.g. "Lessons from earlier runs, most useful first:"). */
  instructions?: string;
}

/** An empty fit. */
export const EMPTY_FIT: LayerFit = Object.freeze({
  section: '',
  messages: [],
  tokens: 0,
  kept: [],
  dropped: [],
  truncated: [],
});
