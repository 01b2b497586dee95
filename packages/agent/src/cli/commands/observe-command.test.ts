import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '@strata-memory/cli';
import { captureIo } from '@strata-memory/cli-kit';
import { createTiktokenTokenizer } from '@strata-memory/strata';
import { afterAll, describe, expect, it } from 'vitest';

const fixture = join(import.meta.dirname, '..', 'fixtures', 'observe-snapshots.jsonl');
const directory = mkdtempSync(join(tmpdir(), 'strata-observe-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

async function observe(argv: string[]) {
  const io = captureIo(directory);
  const code = await runCli(['observe', ...argv], io);
  return { code, stdout: io.output(), stderr: io.errors() };
}

describe('strata observe', () => {
  it('dumps one {tokens, text} line per good state, names each bad line, and exits non-zero', async () => {
    const { code, stderr } = await observe(['--input', fixture, '--dump', 'out/observations.jsonl']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/observe-snapshots\.jsonl:2: skipped: not valid JSON/);
    expect(stderr).toMatch(/observe-snapshots\.jsonl:4: skipped: not a JSON object/);
    expect(stderr).toContain('rendered 3 state(s)');
    const lines = readFileSync(join(directory, 'out', 'observations.jsonl'), 'utf8')
      .trimEnd()
      .split('\n');
    expect(lines).toHaveLength(3);
    const tokenizer = createTiktokenTokenizer('o200k_base');
    const source = readFileSync(fixture, 'utf8').split('\n');
    const hands = [0, 2, 5].map((index) => {
      const parsed = JSON.parse(source[index] ?? '') as {
        raw_state?: { combat?: { hand?: Array<{ name: string }> } };
      };
      const state = (parsed.raw_state ?? parsed) as { combat?: { hand?: Array<{ name: string }> } };
      return state.combat?.hand?.map((card) => card.name) ?? [];
    });
    lines.forEach((line, index) => {
      const entry = JSON.parse(line) as { tokens: number; text: string };
      expect(Object.keys(entry).sort()).toEqual(['text', 'tokens']);
      expect(entry.tokens).toBe(tokenizer.count(entry.text));
      expect(entry.tokens).toBeLessThanOrEqual(600);
      // The wrapper and the bare raw state both render the state itself: its hand is there.
      for (const name of hands[index] ?? []) expect(entry.text).toContain(name);
    });
  });

  it('with --json ends stdout with a summary object and nothing else', async () => {
    const { stdout } = await observe(['--input', fixture, '--dump', 'again.jsonl', '--json']);
    expect(stdout.trimEnd().split('\n')).toHaveLength(1);
    const summary = JSON.parse(stdout) as {
      states: number;
      failed: Array<{ line: number }>;
      overCap: number;
    };
    expect(summary.states).toBe(3);
    expect(summary.failed.map((entry) => entry.line)).toEqual([2, 4]);
    expect(summary.overCap).toBe(0);
  });

  it('prints the renderings when there is no --dump', async () => {
    const { stdout } = await observe(['--input', fixture]);
    expect(stdout).toMatch(/--- line 1 \(\d+ tokens\)\nScreen COMBAT/);
  });

  it('names a missing input file', async () => {
    const { code, stderr } = await observe(['--input', 'nope.jsonl']);
    expect(code).toBe(1);
    expect(stderr).toContain('Input file nope.jsonl does not exist');
  });
});
