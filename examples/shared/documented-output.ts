import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';

// Test support for the examples: run one as a user would, and compare its output with the docs.
const root = resolve(import.meta.dirname, '..', '..');

/** Every documented output: example path -> the text of the fenced block after its marker. */
export function documentedOutputs(): Map<string, string> {
  const outputs = new Map<string, string>();
  const files = [
    join(root, 'README.md'),
    ...readdirSync(join(root, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => join(root, 'docs', name)),
  ];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/<!-- output: (\S+) -->\n```[a-z]*\n([\s\S]*?)```/g)) {
      const [, example, output] = match;
      if (example && output !== undefined) outputs.set(example, output);
    }
  }
  return outputs;
}

/** Runs an example as a user would and returns what it printed. */
export function runExample(
  example: string,
  env: Record<string, string> = {},
): { stdout: string; stderr: string; status: number | null } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', example], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...env },
    timeout: 120_000,
  });
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}

export function expectDocumentedOutput(example: string, env?: Record<string, string>): void {
  const documented = documentedOutputs().get(example);
  expect(documented, `docs show the output of ${example}`).toBeDefined();
  const result = runExample(example, env);
  expect(result.status, result.stderr.slice(-2000)).toBe(0);
  expect(result.stdout).toBe(documented);
}
