import { StrataError } from './strata-error.js';

/** True when `error` says that `packageName` itself could not be found (not one of its own imports). */
export function isPackageMissing(error: unknown, packageName: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false;
  return (
    typeof message === 'string' &&
    (message.includes(`'${packageName}'`) || message.includes(`"${packageName}"`))
  );
}

/** The MISSING_DEPENDENCY error for an optional package, naming the command that installs it. */
export function missingDependencyError(packageName: string, feature: string, cause?: unknown): StrataError {
  return new StrataError(
    'MISSING_DEPENDENCY',
    `${feature} needs the package '${packageName}', which is not installed. Install it: npm install ${packageName}`,
    { details: { package: packageName, install: `npm install ${packageName}` }, cause, isRetryable: false },
  );
}

/**
 * Loads an optional peer dependency through `load` (a literal `() => import('name')`, so bundlers and
 * type-checkers see it). When the package is not installed, throws MISSING_DEPENDENCY with the install
 * command; any other failure (a broken native build, a missing dependency of the package) passes through.
 */
export async function importOptionalDependency<T>(
  load: () => Promise<T>,
  packageName: string,
  feature: string,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isPackageMissing(error, packageName)) throw missingDependencyError(packageName, feature, error);
    throw error;
  }
}
