import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CliIo } from '@strata-memory/cli-kit';
import {
  type CoverageRow,
  type ReplayReport,
  replaySts2States,
  STS2_GAME_VERSION,
  type StateReplay,
} from '@strata-memory/spire';
import { StrataError } from '@strata-memory/strata';
import { Command } from 'commander';
import { requireReadableFile } from '../file-arguments.js';
import { integerOption } from '../parse-cli-values.js';

interface ReplayStatesOptions {
  input: string;
  maxActions: number;
  json?: boolean;
}

export interface ReplayStatesResult {
  input: string;
  gameVersion: string;
  /** 1-based line of each replayed state in the input. */
  lines: number[];
  report: ReplayReport;
}

/** A line that is not JSON stays in the replay as a malformed state, so its line is reported. */
function parseLine(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch (error) {
    return { not_json: (error as Error).message };
  }
}

export function runReplayStates(options: ReplayStatesOptions, io: CliIo): ReplayStatesResult {
  const input = resolve(io.cwd, options.input);
  if (!existsSync(input)) {
    throw new StrataError(
      'INPUT_INVALID',
      `Input file ${options.input} does not exist. Pass a JSONL file of Slay the Spire 2 states, e.g. --input ../shared/data/sts2/snapshots-a.jsonl.`,
    );
  }
  requireReadableFile(
    input,
    options.input,
    '--input',
    'a JSONL file of Slay the Spire 2 states, e.g. --input ../shared/data/sts2/snapshots-a.jsonl',
  );
  const lines: number[] = [];
  const states: unknown[] = [];
  readFileSync(input, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (line.trim() === '') return;
      lines.push(index + 1);
      states.push(parseLine(line));
    });
  if (states.length === 0) {
    throw new StrataError(
      'INPUT_INVALID',
      `Input file ${options.input} holds no states (one JSON state per line expected).`,
    );
  }
  const report = replaySts2States(states, {
    maxActions: options.maxActions,
    onState: (state) => {
      io.stderr.write(`[${state.index + 1}/${states.length}] ${stateLine(state, lines[state.index] ?? 0)}\n`);
    },
  });
  return { input: options.input, gameVersion: STS2_GAME_VERSION, lines, report };
}

function stateLine(state: StateReplay, line: number): string {
  const where = `line ${line}: ${state.character ?? '?'} act ${state.act ?? '?'} floor ${state.floor ?? '?'} turn ${state.turn ?? '?'} vs ${state.enemies.join(', ') || 'nobody'}`;
  const unknown = Object.entries(state.unknown)
    .filter(([, names]) => names.length > 0)
    .map(([kind, names]) => `${kind} ${names.join(', ')}`);
  const parts = [`${where} -> ${state.outcome}`];
  if (state.loaded && state.outcome !== 'no_combat') {
    parts.push(`(${state.turns} more turn(s), HP ${state.hpBefore} -> ${state.hpAfter})`);
  }
  if (unknown.length > 0) parts.push(`unknown: ${unknown.join('; ')}`);
  if (state.errors.length > 0) parts.push(`error: ${state.errors.join('; ')}`);
  return parts.join(' ');
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`;
}

/** "enemy" -> "enemies", "card" -> "cards". */
const plural = (kind: string): string => (kind.endsWith('y') ? `${kind.slice(0, -1)}ies` : `${kind}s`);

/**
 * The coverage table: per name kind, known (with numbers) and fully modelled out of the distinct names,
 * then the names known but modelled only in part.
 */
export function formatCoverage(coverage: readonly CoverageRow[]): string {
  const rows = coverage.map(
    (row) =>
      `| ${row.kind} | ${row.known}/${row.total} (${percent(row.known, row.total)}) | ${row.modelled}/${row.total} (${percent(row.modelled, row.total)}) | ${row.unknownNames.join(', ') || '-'} |`,
  );
  const partly = coverage
    .filter((row) => row.partlyModelledNames.length > 0)
    .map((row) => `partly modelled ${plural(row.kind)}: ${row.partlyModelledNames.join(', ')}`);
  return [
    '| names | known | fully modelled | unknown |',
    '|---|---|---|---|',
    ...rows,
    ...(partly.length > 0 ? ['', ...partly] : []),
  ].join('\n');
}

export function createReplayStatesCommand(io: CliIo, setExitCode: (code: number) => void): Command {
  return new Command('replay-states')
    .description(
      'Load real Slay the Spire 2 combat states into the simulator and play each fight to its end with the bot; report coverage of the names.',
    )
    .requiredOption(
      '--input <file>',
      'JSONL of StS2 GET /state combats: raw states or {"raw_state": {...}} lines',
    )
    .option(
      '--max-actions <n>',
      'bot actions per state before its fight counts as unfinished',
      integerOption('--max-actions', 1, 1_000_000),
      3000,
    )
    .option('--json', 'print only the report (summary and per-state results) as one JSON object')
    .addHelpText(
      'after',
      `
Examples:
  strata replay-states --input ../shared/data/sts2/snapshots-a.jsonl
  strata replay-states --input states.jsonl --json

Per state (on stderr): loaded or not, the names the StS2 ruleset does not know, errors, and how the fight
ended. Exit code 1 when a state could not be read or the engine failed on one; unknown names do not fail.`,
    )
    .action((options: ReplayStatesOptions) => {
      const result = runReplayStates(options, io);
      const { summary } = result.report;
      if (options.json) {
        io.stdout.write(`${JSON.stringify(result)}\n`);
      } else {
        const outcomes = Object.entries(summary.outcomes)
          .filter(([, count]) => count > 0)
          .map(([outcome, count]) => `${outcome} ${count}`)
          .join(', ');
        io.stdout.write(
          `${summary.states} state(s) from ${result.input} (StS2 facts ${result.gameVersion}): ` +
            `${summary.loaded} loaded (${percent(summary.loaded, summary.states)}), ` +
            `${summary.finished} played to the end of the combat (${percent(summary.finished, summary.states)}); ` +
            `${outcomes}; engine errors ${summary.engineErrors}, unreadable states ${summary.inputErrors}\n\n` +
            `${formatCoverage(summary.coverage)}\n`,
        );
      }
      if (summary.engineErrors > 0 || summary.inputErrors > 0) setExitCode(1);
    });
}
