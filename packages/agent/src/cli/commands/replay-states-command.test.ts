import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '@strata-memory/cli';
import { captureIo } from '@strata-memory/cli-kit';
import { afterAll, describe, expect, it } from 'vitest';
import { sts2SnapshotsFixture as fixture } from '../../test-support/spawn-strata.js';

// The four real StS2 states kept in spire (CC BY 4.0).
const directory = mkdtempSync(join(tmpdir(), 'strata-replay-states-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

async function replay(argv: string[]) {
  const io = captureIo(directory);
  const code = await runCli(['replay-states', ...argv], io);
  return { code, stdout: io.output(), stderr: io.errors() };
}

describe('strata replay-states', () => {
  it('plays every state to the end of its combat and prints the coverage table', async () => {
    const { code, stdout, stderr } = await replay(['--input', fixture]);
    expect(code).toBe(0);
    expect(stderr).toMatch(
      /\[1\/4\] line 1: IRONCLAD act 3 floor 48 turn 1 vs DOORMAKER -> (victory|defeat)/,
    );
    expect(stdout).toContain('4 state(s)');
    expect(stdout).toContain('4 played to the end of the combat (100.0%)');
    expect(stdout).toMatch(/\| card \| (\d+)\/\1 \(100\.0%\)/);
    for (const kind of ['card', 'relic', 'power', 'potion', 'enemy']) expect(stdout).toContain(`| ${kind} |`);
  });

  it('lists under the table the names it models only in part, as many as the table counts', async () => {
    const { stdout } = await replay(['--input', fixture, '--json']);
    const coverage = (
      JSON.parse(stdout) as {
        report: {
          summary: {
            coverage: { kind: string; known: number; modelled: number; partlyModelledNames: string[] }[];
          };
        };
      }
    ).report.summary.coverage;
    const text = (await replay(['--input', fixture])).stdout;
    for (const row of coverage) {
      expect(row.partlyModelledNames).toHaveLength(row.known - row.modelled);
      if (row.partlyModelledNames.length > 0)
        expect(text).toContain(
          `partly modelled ${row.kind === 'enemy' ? 'enemies' : `${row.kind}s`}: ${row.partlyModelledNames.join(', ')}`,
        );
      else expect(text).not.toMatch(new RegExp(`partly modelled ${row.kind.slice(0, 4)}\\w*:`));
    }
  });

  it('with --json ends stdout with one report object holding every state', async () => {
    const { code, stdout } = await replay(['--input', fixture, '--json']);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    const result = JSON.parse(lines[0] ?? '') as {
      lines: number[];
      report: { states: { loaded: boolean; outcome: string }[]; summary: { coverage: { kind: string }[] } };
    };
    expect(result.lines).toEqual([1, 2, 3, 4]);
    expect(result.report.states.every((state) => state.loaded)).toBe(true);
    expect(result.report.summary.coverage.map((row) => row.kind)).toEqual([
      'card',
      'relic',
      'power',
      'potion',
      'enemy',
    ]);
  });

  it('names unknown entities without failing, and exits 1 on an unreadable line', async () => {
    const source = readFileSync(fixture, 'utf8').trimEnd().split('\n');
    const first = JSON.parse(source[0] ?? '') as { raw_state: { combat: { hand: { card_id: string }[] } } };
    (first.raw_state.combat.hand[0] as { card_id: string }).card_id = 'NOT_A_CARD';
    writeFileSync(join(directory, 'unknown.jsonl'), `${JSON.stringify(first)}\n`);
    const unknown = await replay(['--input', 'unknown.jsonl']);
    expect(unknown.code).toBe(0);
    expect(unknown.stderr).toContain('unknown: cards NOT_A_CARD');
    expect(unknown.stdout).toContain('NOT_A_CARD');
    writeFileSync(join(directory, 'broken.jsonl'), `${source[0]}\n{not json\n`);
    const broken = await replay(['--input', 'broken.jsonl']);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/\[2\/2\] line 2: .* -> not_loaded .*error: input: /);
  });

  it('rejects a missing input file with a message naming the fix', async () => {
    const { code, stderr } = await replay(['--input', 'nope.jsonl']);
    expect(code).not.toBe(0);
    expect(stderr).toContain('Input file nope.jsonl does not exist');
  });
});
