export { applyStatePatch } from './apply-state-patch.js';
export { applyMergePatch, cloneJson, isJsonObject } from './merge-patch.js';
export {
  formatIssuePath,
  formatSchemaIssues,
  type SchemaIssue,
  type SchemaValidationResult,
  validateWithSchema,
  validateWithSchemaAsync,
} from './validate-with-schema.js';
