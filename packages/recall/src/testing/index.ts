/**
 * Test data for the recall evaluation: a small synthetic conversation in the recall JSONL format.
 *
 * @module @strata-memory/recall/testing
 */
export { syntheticRecallLine } from '../synthetic-recall-line.js';
