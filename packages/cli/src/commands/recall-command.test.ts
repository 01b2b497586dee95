import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { syntheticRecallLine } from '@strata-memory/recall/testing';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { registerRecallEvalCommand, runRecallEval } from './recall-command.js';

async function fixture(): Promise<{ dir: string; data: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'recall-eval-'));
  const data = join(dir, 'set.jsonl');
  await writeFile(data, `${syntheticRecallLine('one', 10)}\nnot json\n`);
  return { dir, data };
}

function capture() {
  let out = '';
  let err = '';
  const stderr = new PassThrough();
  stderr.on('data', (chunk) => {
    err += String(chunk);
  });
  return {
    io: { stdout: { write: (text: string) => (out += text) }, stderr, env: {} },
    out: () => out,
    err: () => err,
  };
}

describe('recall-eval command', () => {
  it('prints one JSON summary as the last line with per-strategy numbers and the input problems', async () => {
    const { data } = await fixture();
    const run = capture();
    await runRecallEval({ data, budget: 300, strategy: ['layered,bm25'], json: true }, run.io);
    const last = run.out().trimEnd().split('\n').at(-1) ?? '';
    const summary = JSON.parse(last);
    expect(Object.keys(summary.strategies)).toEqual(['layered', 'bm25']);
    expect(summary.strategies.layered.overall.questions).toBe(3);
    expect(summary.strategies.layered.categories.temporal.questions).toBe(1);
    expect(summary.problems[0].where).toBe(`${data}:2`);
    expect(run.err()).toContain(`${data}:2`);
  });

  it('writes one dump line per question with the exact context and its tokens', async () => {
    const { dir, data } = await fixture();
    const dump = join(dir, 'contexts.jsonl');
    const run = capture();
    await runRecallEval({ data, budget: 300, strategy: ['window'], dump }, run.io);
    const lines = (await readFile(dump, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(3);
    expect(Object.keys(lines[0])).toEqual(['conversation', 'question_id', 'strategy', 'tokens', 'context']);
    expect(lines[0].context.endsWith('Where did Ana move?')).toBe(true);
    expect(run.out()).toContain('overall');
    expect(run.out()).not.toContain('\u001b[');
  });

  it('registers on a commander program with repeatable --strategy and validates --budget', async () => {
    const { data } = await fixture();
    const program = new Command().exitOverride();
    program.configureOutput({ writeErr: () => {}, writeOut: () => {} });
    registerRecallEvalCommand(program);
    const command = program.commands.find((item) => item.name() === 'recall-eval');
    expect(command?.helpInformation()).toContain('--strategy <names>');
    await expect(
      program.parseAsync(['node', 'x', 'recall-eval', '--data', data, '--budget', 'ten']),
    ).rejects.toThrow(/not a positive whole number/);
  });

  it('expands the layered queries with --lexicon wordnet and names it in the report', async () => {
    const { data } = await fixture();
    const run = capture();
    await runRecallEval({ data, budget: 300, strategy: ['layered'], lexicon: 'wordnet', json: true }, run.io);
    const summary = JSON.parse(run.out().trimEnd().split('\n').at(-1) ?? '');
    expect(summary.lexicon).toBe('wordnet');
    expect(summary.strategies.layered.overall.questions).toBeGreaterThan(0);
    const text = capture();
    await runRecallEval({ data, budget: 300, strategy: ['layered'], lexicon: 'wordnet' }, text.io);
    expect(text.out()).toMatch(/layered expands queries with the wordnet lexicon/);
    const program = new Command().exitOverride();
    program.configureOutput({ writeErr: () => {}, writeOut: () => {} });
    registerRecallEvalCommand(program);
    await expect(
      program.parseAsync(['node', 'x', 'recall-eval', '--data', data, '--lexicon', 'thesaurus']),
    ).rejects.toThrow(/not a known lexicon/);
  });

  it('runs a haystack from --distractors (K defaults to all of that file) and prints latency and memory', async () => {
    const { dir, data } = await fixture();
    const others = join(dir, 'others.jsonl');
    await writeFile(others, `${syntheticRecallLine('x', 4)}\n${syntheticRecallLine('y', 4)}\n`);
    const run = capture();
    await runRecallEval(
      { data, budget: 300, strategy: ['layered'], distractors: others, json: true },
      run.io,
    );
    const summary = JSON.parse(run.out().trimEnd().split('\n').at(-1) ?? '');
    expect(summary).toMatchObject({ haystack: 2, distractorFile: others, historyTurnsMean: 43 + 17 + 17 });
    expect(summary.strategies.layered.latency.p99).toBeGreaterThanOrEqual(0);
    const text = capture();
    await runRecallEval(
      { data, budget: 300, strategy: ['layered'], haystack: 1, distractors: others },
      text.io,
    );
    expect(text.out()).toMatch(/haystack 1: sessions of 1 other/);
    expect(text.out()).toMatch(/question ms p50 \/ p99/);
    expect(text.out()).toMatch(/peak heap MB/);
    await expect(
      runRecallEval(
        { data, budget: 300, strategy: ['layered'], haystack: 3, distractors: others },
        capture().io,
      ),
    ).rejects.toThrow(/--haystack 3 needs 3 other conversations, but only 2/);
  });

  it('rejects a --haystack that is not a whole number', async () => {
    const { data } = await fixture();
    const program = new Command().exitOverride();
    program.configureOutput({ writeErr: () => {}, writeOut: () => {} });
    registerRecallEvalCommand(program);
    await expect(
      program.parseAsync(['node', 'x', 'recall-eval', '--data', data, '--haystack', '-1']),
    ).rejects.toThrow(/not a whole number of conversations/);
  });
});
