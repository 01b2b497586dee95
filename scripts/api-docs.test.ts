import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The API reference (`npm run docs`, TypeDoc) covers every public entry point of every published package,
// and every exported symbol has a doc comment: TypeDoc's notDocumented validation, warnings as errors.
const root = resolve(import.meta.dirname, '..');
const packagesDirectory = join(root, 'packages');

function readJsonWithComments<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8').replace(/^\s*\/\/.*$/gm, '')) as T;
}

interface TypedocConfig {
  entryPoints: string[];
  out: string;
  treatWarningsAsErrors: boolean;
  validation: { notDocumented: boolean; notExported: boolean; invalidLink: boolean };
  packagesRequiringDocumentation: string[];
}

const config = readJsonWithComments<TypedocConfig>(join(root, 'typedoc.json'));
const paths = readJsonWithComments<{ compilerOptions: { paths: Record<string, string[]> } }>(
  join(root, 'tsconfig.json'),
).compilerOptions.paths;
const manifests = readdirSync(packagesDirectory)
  .filter((entry) => existsSync(join(packagesDirectory, entry, 'package.json')))
  .map(
    (entry) =>
      JSON.parse(readFileSync(join(packagesDirectory, entry, 'package.json'), 'utf8')) as {
        name: string;
        private?: boolean;
        exports: Record<string, unknown>;
      },
  )
  .filter((manifest) => manifest.private !== true);

/** Every import specifier users have: `<name>` and `<name>/<subpath>` for each `exports` key. */
const publicSpecifiers = manifests.flatMap((manifest) =>
  Object.keys(manifest.exports)
    .filter((subpath) => subpath !== './package.json')
    .map((subpath) => (subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`)),
);

describe('API reference (TypeDoc)', () => {
  it('documents every subpath of every published package, and only those', () => {
    const expected = publicSpecifiers.map((specifier) => {
      const target = paths[specifier]?.[0];
      expect(target, `tsconfig.json paths has ${specifier}`).toBeDefined();
      return (target as string).replace(/^\.\//, '');
    });
    expect([...config.entryPoints].sort()).toEqual([...expected].sort());
    expect([...config.packagesRequiringDocumentation].sort()).toEqual(
      manifests.map((manifest) => manifest.name).sort(),
    );
  });

  it('names each module after its import specifier', () => {
    for (const specifier of publicSpecifiers) {
      const file = join(root, paths[specifier]?.[0] ?? '');
      expect(readFileSync(file, 'utf8'), file).toMatch(
        new RegExp(`^/\\*\\*[\\s\\S]*?@module ${specifier.replace(/[/.-]/g, '\\$&')}\\n`),
      );
    }
  });

  it('is strict: warnings are errors, undocumented exports and broken links are warnings', () => {
    expect(config.treatWarningsAsErrors).toBe(true);
    expect(config.validation).toEqual({ notExported: true, invalidLink: true, notDocumented: true });
    const ignored = readFileSync(join(root, '.gitignore'), 'utf8').split('\n');
    expect(ignored).toContain(`${config.out}/`);
  });

  it('builds with no warning (every exported symbol has a doc comment)', () => {
    // The whole conversion and validation, without writing the HTML (what `npm run docs` adds on top).
    const result = spawnSync(
      process.execPath,
      // --disableSources: nothing is emitted, and source links need a git remote a fresh clone or
      // an unpacked copy may not have (TypeDoc warns, and warnings are errors here).
      [join(root, 'node_modules', 'typedoc', 'bin', 'typedoc'), '--emit', 'none', '--disableSources'],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      },
    );
    const output = `${result.stdout}${result.stderr}`;
    expect(output).not.toMatch(/\[warning\]|\[error\]/);
    expect(result.status, output.slice(-3000)).toBe(0);
  }, 300_000);
});
