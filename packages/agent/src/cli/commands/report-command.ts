import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { CliIo } from '@strata-memory/cli-kit';
import { StrataError } from '@strata-memory/strata';
import { Command } from 'commander';
import { formatCount } from '../../report/format-number.js';
import { loadPricing } from '../../report/pricing.js';
import { writeReport } from '../../report/write-report.js';
import { REPORT_FILE_NAME, TRACE_FILE_NAME } from '../../trace/index.js';
import { prepareOutputFile } from '../file-arguments.js';

interface ReportCommandOptions {
  out?: string;
  pricing?: string;
  title?: string;
  json?: boolean;
}

/** Bench folders sit inside runs/: look this many levels down for run directories. */
const SEARCH_DEPTH = 3;

function runDirectoriesUnder(directory: string, depth: number): string[] {
  if (existsSync(join(directory, TRACE_FILE_NAME))) return [directory];
  if (depth === 0) return [];
  return readdirSync(directory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .flatMap((name) => runDirectoriesUnder(join(directory, name), depth - 1));
}

/**
 * A run directory holds a trace; a folder of runs (runs/, a bench folder, runs/ holding bench folders)
 * stands for every run in it.
 */
export function expandRunDirectories(paths: string[], cwd: string): string[] {
  const runDirs: string[] = [];
  for (const path of paths) {
    const absolute = resolve(cwd, path);
    if (!existsSync(absolute) || !statSync(absolute).isDirectory()) {
      throw new StrataError(
        'INPUT_INVALID',
        `${path} is not a directory. Pass run directories (runs/<run-id>) or a folder of them (runs/).`,
      );
    }
    const found = runDirectoriesUnder(absolute, SEARCH_DEPTH);
    if (found.length === 0) {
      throw new StrataError(
        'INPUT_INVALID',
        `${path} holds no ${TRACE_FILE_NAME} and no run directories with one (looked ${SEARCH_DEPTH} levels down). Run 'strata play' first, or pass runs/<run-id>.`,
      );
    }
    runDirs.push(...found);
  }
  return [...new Set(runDirs)];
}

export function createReportCommand(io: CliIo): Command {
  return new Command('report')
    .description('(Re)build an HTML report from run traces; several runs and agents go side by side.')
    .argument('<run-dir...>', 'run directories (runs/<run-id>) or folders of them')
    .option(
      '--out <file>',
      `output file (default: <run-dir>/${REPORT_FILE_NAME}, or beside the runs for several)`,
    )
    .option('--pricing <file>', 'JSON pricing table (USD per million tokens) merged over the defaults')
    .option('--title <text>', 'page title')
    .option('--json', 'print only a JSON summary as the last line of stdout')
    .addHelpText(
      'after',
      `
Examples:
  strata report runs/20261129-151500-structured-s1-ab12
  strata report runs/*-s1-* --out compare.html
  strata report runs/ --pricing pricing.json
Pricing file: {"defaultModel":"my-model","models":{"my-model":{"input":0.5,"cachedInput":0.05,"output":1.5}}}`,
    )
    .action((paths: string[], options: ReportCommandOptions) => {
      const runDirs = expandRunDirectories(paths, io.cwd);
      const pricing = loadPricing(
        options.pricing === undefined ? undefined : resolve(io.cwd, options.pricing),
      );
      const firstRunDir = runDirs[0] ?? io.cwd;
      const out =
        options.out !== undefined
          ? resolve(io.cwd, options.out)
          : runDirs.length === 1
            ? join(firstRunDir, REPORT_FILE_NAME)
            : join(dirname(firstRunDir), REPORT_FILE_NAME);
      if (options.out !== undefined) {
        prepareOutputFile(
          out,
          options.out,
          '--out',
          'Pass --out a file path in a writable folder, e.g. --out report.html.',
        );
      }
      const runs = writeReport(runDirs, out, {
        pricing,
        ...(options.title === undefined ? {} : { title: options.title }),
      });
      for (const run of runs) {
        if (run.skippedLines.length > 0) {
          io.stderr.write(
            `${run.runDir}: skipped unreadable trace line(s) ${run.skippedLines.join(', ')} (a run killed mid-write leaves one)\n`,
          );
        }
      }
      const calls = runs.reduce((sum, run) => sum + run.records.length, 0);
      if (options.json) {
        io.stdout.write(
          `${JSON.stringify({ report: out, runs: runs.map((run) => ({ runId: run.runId, runDir: run.runDir, calls: run.records.length, finished: run.result !== undefined })) })}\n`,
        );
      } else {
        io.stdout.write(`report: ${out} (${formatCount(runs.length)} run(s), ${formatCount(calls)} calls)\n`);
      }
    });
}
