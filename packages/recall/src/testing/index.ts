// Test data for the recall evaluation: a small synthetic conversation in the recall JSONL format.
export { syntheticRecallLine } from '../synthetic-recall-line.js';
