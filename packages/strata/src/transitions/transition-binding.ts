import type { LayerAction } from '../layers/layer.js';
import type { Extractor } from './extractor.js';

/**
 * What a named event does, in configuration: a layer hook (`reset`, `overwrite`, `expire`) or a
 * queued extraction whose result goes to the named layers (default: every layer that accepts results).
 */
export type TransitionBinding =
  | { layer: string; action: LayerAction }
  | { extract: Extractor; into?: readonly string[] };

/** Event name -> what it does, in order. */
export type TransitionMap = Record<string, readonly TransitionBinding[]>;
