export { StrataError, type StrataErrorCode, type StrataErrorOptions } from './strata-error.js';
