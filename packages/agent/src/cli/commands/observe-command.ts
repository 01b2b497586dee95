import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { CliIo } from '@strata-memory/cli-kit';
import { StrataError } from '@strata-memory/strata';
import { Command } from 'commander';
import { DEFAULT_OBSERVATION_TOKENS, observeState } from '../../observe/index.js';
import { percentile } from '../../report/trace-statistics.js';
import { describeFileError } from '../../trace/describe-file-error.js';
import { prepareOutputFile, requireReadableFile } from '../file-arguments.js';
import { integerOption } from '../parse-cli-values.js';

/** The stable code of a Strata or spire error (both carry an upper-case `code`). */
function stableCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^[A-Z][A-Z0-9_]*$/.test(code) ? code : undefined;
}

export interface ObserveSummary {
  input: string;
  dump: string | null;
  states: number;
  failed: Array<{ line: number; error: string; code?: string }>;
  tokens: { p50: number; p95: number; max: number };
  maxTokens: number;
  overCap: number;
}

interface ObserveCommandOptions {
  input: string;
  dump?: string;
  maxTokens: number;
  json?: boolean;
}

/** A snapshot line is either a raw state or the dataset's `{"state_type", "raw_state": {...}}` wrapper. */
function stateOfLine(line: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw new Error(`not valid JSON (${(error as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('not a JSON object; expected a game state or {"raw_state": {...}}');
  }
  const wrapped = (value as { raw_state?: unknown }).raw_state;
  const state = wrapped === undefined ? value : wrapped;
  if (
    typeof state !== 'object' ||
    state === null ||
    typeof (state as { screen?: unknown }).screen !== 'string'
  ) {
    throw new Error('no game state: expected an object with a \'screen\' field, or {"raw_state": {...}}');
  }
  return state;
}

export async function runObserve(options: ObserveCommandOptions, io: CliIo): Promise<ObserveSummary> {
  const input = resolve(io.cwd, options.input);
  if (!existsSync(input)) {
    throw new StrataError(
      'INPUT_INVALID',
      `Input file ${options.input} does not exist. Pass a JSONL file of game states, e.g. --input snapshots.jsonl.`,
    );
  }
  requireReadableFile(
    input,
    options.input,
    '--input',
    'a JSONL file of game states, e.g. --input snapshots.jsonl',
  );
  const dumpPath = options.dump === undefined ? null : resolve(io.cwd, options.dump);
  if (dumpPath !== null) {
    prepareOutputFile(dumpPath, options.dump as string, '--dump', 'Pass a file path in a writable folder.');
  }
  const dump = dumpPath === null ? null : createWriteStream(dumpPath);
  // A write that fails later (disk full) is reported once the input is read, never as a crash.
  let dumpError: Error | undefined;
  dump?.on('error', (error) => {
    dumpError ??= error;
  });
  const tokens: number[] = [];
  const failed: ObserveSummary['failed'] = [];
  let overCap = 0;
  let lineNumber = 0;
  const lines = createInterface({
    input: createReadStream(input, 'utf8'),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) {
    lineNumber += 1;
    if (line.trim() === '') continue;
    try {
      const observation = observeState(stateOfLine(line), { maxTokens: options.maxTokens });
      tokens.push(observation.tokens);
      if (observation.tokens > options.maxTokens) overCap += 1;
      if (dump !== null) {
        dump.write(`${JSON.stringify({ tokens: observation.tokens, text: observation.text })}\n`);
      } else if (!options.json) {
        io.stdout.write(`--- line ${lineNumber} (${observation.tokens} tokens)\n${observation.text}\n`);
      }
    } catch (error) {
      const message = (error as Error).message;
      const code = stableCode(error);
      failed.push({ line: lineNumber, error: message, ...(code === undefined ? {} : { code }) });
      io.stderr.write(
        `${options.input}:${lineNumber}: skipped: ${code === undefined ? '' : `[${code}] `}${message}\n`,
      );
    }
  }
  if (dump !== null) {
    if (dumpError === undefined) {
      await new Promise<void>((resolveEnd) => {
        dump.once('error', () => resolveEnd());
        dump.end(() => resolveEnd());
      });
    }
    if (dumpError !== undefined) {
      throw new StrataError(
        'INPUT_INVALID',
        `--dump ${options.dump} could not be written: ${describeFileError(dumpError)}. Pass a file path in a writable folder.`,
        { cause: dumpError },
      );
    }
  }
  return {
    input: options.input,
    dump: options.dump ?? null,
    states: tokens.length,
    failed,
    tokens: {
      p50: percentile(tokens, 0.5),
      p95: percentile(tokens, 0.95),
      max: tokens.reduce((max, value) => Math.max(max, value), 0),
    },
    maxTokens: options.maxTokens,
    overCap,
  };
}

export function createObserveCommand(io: CliIo, setExitCode: (code: number) => void): Command {
  return new Command('observe')
    .description(
      'Render game states as the agent sees them (the observation layer), with their token counts.',
    )
    .requiredOption('--input <file>', 'JSONL of game states: raw states or {"raw_state": {...}} lines')
    .option('--dump <file>', 'write one {"tokens","text"} line per state here (else print the texts)')
    .option(
      '--max-tokens <n>',
      'token cap of one rendering',
      integerOption('--max-tokens', 50, 100_000),
      DEFAULT_OBSERVATION_TOKENS,
    )
    .option('--json', 'print only a JSON summary as the last line of stdout')
    .addHelpText(
      'after',
      `
Examples:
  strata observe --input ../shared/data/sts2/snapshots-a.jsonl --dump observations.jsonl
  strata observe --input states.jsonl            # print each rendering
  strata observe --input states.jsonl --dump out.jsonl --json`,
    )
    .action(async (options: ObserveCommandOptions) => {
      const summary = await runObserve(options, io);
      if (options.json) {
        io.stdout.write(`${JSON.stringify(summary)}\n`);
      } else {
        const target = summary.dump === null ? '' : ` -> ${summary.dump}`;
        io.stderr.write(
          `rendered ${summary.states} state(s)${target}: tokens p50 ${summary.tokens.p50}, p95 ${summary.tokens.p95}, max ${summary.tokens.max} (cap ${summary.maxTokens}, ${summary.overCap} over)` +
            (summary.failed.length > 0
              ? `; ${summary.failed.length} line(s) skipped: ${summary.failed.map((entry) => entry.line).join(', ')}`
              : '') +
            '\n',
        );
      }
      if (summary.failed.length > 0 || summary.overCap > 0) setExitCode(1);
    });
}
