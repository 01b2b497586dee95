export {
  importOptionalDependency,
  isPackageMissing,
  missingDependencyError,
} from './import-optional-dependency.js';
export { StrataError, type StrataErrorCode, type StrataErrorOptions } from './strata-error.js';
