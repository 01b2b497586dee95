import type { LayerAction } from '../layers/layer.js';
import type { Extractor } from './extractor.js';

/**
 * What a named event does, in configuration: a layer hook (`reset`, `overwrite`, `expire`) or a
 * queued extraction whose result goes to the named layers (default: every layer that accepts results).
 */
export type TransitionBinding =
  | { layer: string; action: LayerAction }
  | {
      extract: Extractor;
      into?: readonly string[];
      /**
       * Only the newest matters (summaries): a new extraction of this binding replaces one still
       * waiting in the queue instead of queueing behind it. Default false (each one is kept, e.g.
       * lessons from different scopes), subject to the queue's `maxPending` bound.
       */
      latestOnly?: boolean;
    };

/** Event name -> what it does, in order. */
export type TransitionMap = Record<string, readonly TransitionBinding[]>;
