import { describe, expect, it } from 'vitest';
import { importOptionalDependency, isPackageMissing } from './import-optional-dependency.js';
import { StrataError } from './strata-error.js';

function notFound(name: string): Error {
  return Object.assign(
    new Error(`Cannot find package '${name}' imported from /app/node_modules/x/dist/y.js`),
    {
      code: 'ERR_MODULE_NOT_FOUND',
    },
  );
}

describe('importOptionalDependency', () => {
  it('returns the module when it loads', async () => {
    const module = await importOptionalDependency(async () => ({ value: 42 }), 'pg', 'The Postgres store');
    expect(module.value).toBe(42);
  });

  it('a missing package becomes MISSING_DEPENDENCY naming the install command', async () => {
    const error = await importOptionalDependency(
      async () => {
        throw notFound('better-sqlite3');
      },
      'better-sqlite3',
      'The SQLite store',
    ).catch((caught: unknown) => caught);
    expect(StrataError.is(error, 'MISSING_DEPENDENCY')).toBe(true);
    expect((error as StrataError).message).toContain('npm install better-sqlite3');
    expect((error as StrataError).message).toContain('The SQLite store');
    expect((error as StrataError).isRetryable).toBe(false);
  });

  it('a real import of a package that is not installed is reported the same way', async () => {
    const error = await importOptionalDependency(
      // A name no registry package has: Node's own resolution error, as users would get it.
      () => import('strata-package-that-is-not-installed' as string),
      'strata-package-that-is-not-installed',
      'A test',
    ).catch((caught: unknown) => caught);
    expect(StrataError.is(error, 'MISSING_DEPENDENCY')).toBe(true);
  });

  it('other failures pass through untouched (a missing dependency of the package, a broken build)', async () => {
    const inner = notFound('bindings');
    await expect(
      importOptionalDependency(
        async () => {
          throw inner;
        },
        'better-sqlite3',
        'The SQLite store',
      ),
    ).rejects.toBe(inner);
    const broken = new Error('Could not locate the bindings file');
    await expect(
      importOptionalDependency(
        async () => {
          throw broken;
        },
        'better-sqlite3',
        'x',
      ),
    ).rejects.toBe(broken);
    expect(isPackageMissing(notFound('pg'), 'pg')).toBe(true);
    expect(isPackageMissing(notFound('pg-pool'), 'pg')).toBe(false);
  });
});
