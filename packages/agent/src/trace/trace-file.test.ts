import { appendFileSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DecisionRecord } from './decision-record.js';
import { listRuns, runPaths, writeRunManifest, writeRunResult } from './run-directory.js';
import { createTraceWriter, readTrace } from './trace-file.js';

function record(step: number, overrides: Partial<DecisionRecord> = {}): DecisionRecord {
  return {
    runId: 'run-1',
    agent: 'structured',
    seed: 1,
    step,
    act: 1,
    floor: 1,
    screen: 'COMBAT',
    layers: { observation: 100 },
    promptTokens: 100 + step,
    budget: 5000,
    stablePrefixTokens: 50,
    dropped: {},
    action: { action: 'play_card', card_index: step % 5 },
    policy: 'heuristic',
    promptUsedByPolicy: false,
    repairs: 0,
    fallback: false,
    latencyMs: 1,
    ...overrides,
  };
}

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'strata-trace-'));
});
afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

describe('trace files', () => {
  it('writes one JSON line per decision and reads them back unchanged', () => {
    const file = join(directory, 'run', 'trace.jsonl');
    const writer = createTraceWriter(file);
    const records = [record(0), record(1, { screen: '</script>"quoted"\n' }), record(2)];
    for (const entry of records) writer.write(entry);
    writer.close();
    expect(readFileSync(file, 'utf8').trimEnd().split('\n')).toHaveLength(3);
    expect(readTrace(file)).toEqual({ records, skippedLines: [] });
  });

  it('skips a torn last line (a process killed mid-write) and names it', () => {
    const file = join(directory, 'trace.jsonl');
    const writer = createTraceWriter(file);
    writer.write(record(0));
    writer.write(record(1));
    writer.close();
    appendFileSync(file, '{"runId":"run-1","step":2,"promp');
    const read = readTrace(file);
    expect(read.records.map((entry) => entry.step)).toEqual([0, 1]);
    expect(read.skippedLines).toEqual([3]);
  });

  it('on resume keeps earlier decisions and drops the replayed tail, leaving no duplicates', () => {
    const file = join(directory, 'trace.jsonl');
    const first = createTraceWriter(file);
    for (let step = 0; step < 6; step += 1) first.write(record(step));
    first.close();
    appendFileSync(file, '{"torn');
    // The store committed up to step 3: the resumed run replays steps 4 and 5.
    const resumed = createTraceWriter(file, { resume: true });
    expect(resumed.count).toBe(6);
    resumed.write(record(4, { floor: 2 }));
    resumed.write(record(5, { floor: 2 }));
    resumed.write(record(6, { floor: 2 }));
    resumed.close();
    expect(resumed.missingSteps).toEqual([]);
    const read = readTrace(file);
    expect(read.skippedLines).toEqual([]);
    expect(read.records.map((entry) => [entry.step, entry.floor])).toEqual([
      [0, 1],
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 2],
      [5, 2],
      [6, 2],
    ]);
  });

  it('names the steps a resumed run skipped past', () => {
    const file = join(directory, 'trace.jsonl');
    const first = createTraceWriter(file);
    for (let step = 0; step < 3; step += 1) first.write(record(step));
    first.close();
    const resumed = createTraceWriter(file, { resume: true });
    resumed.write(record(5));
    resumed.close();
    expect(resumed.missingSteps).toEqual([3, 4]);
  });

  it('without resume starts the file afresh', () => {
    const file = join(directory, 'trace.jsonl');
    writeFileSync(file, `${JSON.stringify(record(0))}\n`);
    const writer = createTraceWriter(file);
    writer.write(record(7));
    writer.close();
    expect(readTrace(file).records.map((entry) => entry.step)).toEqual([7]);
  });

  it('names the fix when the trace is missing', () => {
    expect(() => readTrace(join(directory, 'nope.jsonl'))).toThrow(/strata play/);
  });

  it('lists runs newest first and tells finished from unfinished ones', () => {
    const older = join(directory, 'older');
    const newer = join(directory, 'newer');
    const manifest = {
      agent: 'structured',
      seed: 1,
      character: 'ironclad',
      policy: 'heuristic',
      budget: 5000,
      store: 'sqlite',
      savePrompts: false,
      startedAt: new Date(0).toISOString(),
    };
    writeRunManifest(older, { ...manifest, runId: 'older' });
    writeRunManifest(newer, { ...manifest, runId: 'newer' });
    writeRunResult(older, {
      runId: 'older',
      agent: 'structured',
      seed: 1,
      policy: 'heuristic',
      character: 'ironclad',
      won: false,
      floor: 3,
      act: 1,
      steps: 10,
      calls: 10,
      promptTokens: { p50: 1, p95: 1, max: 1, total: 10 },
      stablePrefix: { p50: 1 },
      budget: 5000,
      budgetViolations: 0,
      repairs: 0,
      fallbacks: 0,
      elapsedMs: 1,
      runDir: older,
    });
    const past = new Date(Date.now() - 60_000);
    utimesSync(runPaths(older).manifest, past, past);
    utimesSync(runPaths(older).result, past, past);
    expect(listRuns(directory).map((run) => [run.runId, run.finished])).toEqual([
      ['newer', false],
      ['older', true],
    ]);
    expect(listRuns(join(directory, 'missing'))).toEqual([]);
  });
});
