/**
 * Test data for the recall evaluation: a small synthetic conversation in the recall JSONL format, and a
 * seeded synthetic long history (any number of turns) for scale tests and benches.
 *
 * @module @strata-memory/recall/testing
 */
export {
  type SyntheticHistory,
  type SyntheticHistoryOptions,
  syntheticHistory,
} from '../synthetic-history.js';
export { syntheticRecallLine } from '../synthetic-recall-line.js';
