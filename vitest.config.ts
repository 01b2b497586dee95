import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests run from source: each workspace package name resolves to its TypeScript entry, through the same
// `paths` table that tsc and tsx use (tsconfig.json), so the two cannot disagree.
function workspaceAliases(): { find: RegExp; replacement: string }[] {
  const text = readFileSync(new URL('./tsconfig.json', import.meta.url), 'utf8');
  // tsconfig allows comments; strip whole-line ones before parsing.
  const config = JSON.parse(text.replace(/^\s*\/\/.*$/gm, '')) as {
    compilerOptions: { paths: Record<string, string[]> };
  };
  return Object.entries(config.compilerOptions.paths).map(([name, [target]]) => ({
    find: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`),
    replacement: fileURLToPath(new URL(target ?? '', import.meta.url)),
  }));
}

// Tests of packages that need Node 22+ (ai 7) are named *.node22.test.ts: on older Node they are left out
// here, and .ci/run runs them under Node 22 and 24 (run on Node 20 with CI=true, they fail by design).
const nodeMajor = Number(process.versions.node.split('.')[0]);
const node22Only = nodeMajor >= 22 ? [] : ['**/*.node22.test.ts'];

export default defineConfig({
  resolve: { alias: workspaceAliases() },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/bench/**/*.test.ts',
      'examples/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/.git/**', ...node22Only],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores: keep workers at two so heavy suites (property tests, crash tests) do not starve each other.
    maxWorkers: 2,
  },
});
