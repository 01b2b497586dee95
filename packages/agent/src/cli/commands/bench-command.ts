import { readdirSync, rmdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  type CliIo,
  colorEnabled,
  createProgressDisplay,
  createTerminalStyle,
  displayPath,
} from '@strata-memory/cli-kit';
import type { StrataError } from '@strata-memory/strata';
import { Command } from 'commander';
import type { BenchRunInput } from '../../report/bench-statistics.js';
import { loadPricing } from '../../report/pricing.js';
import { writeReport } from '../../report/write-report.js';
import { REPORT_FILE_NAME } from '../../trace/run-directory.js';
import { benchJson, formatBenchOutput, summarizeBench } from '../bench-output.js';
import { createBenchId, createRunId, executePlay, runDirectoryOf } from '../execute-play.js';
import { prepareOutputDirectory, RUNS_DIR_FIX } from '../file-arguments.js';
import { modelStopError, modelStopJson, modelStopOf } from '../model-stop.js';
import { AGENTS, type AgentName, parseAgentList, parseSeedList } from '../parse-cli-values.js';
import type { PlayRunner } from '../play-runner.js';
import {
  addRunOptions,
  agentNote,
  maxFallbacksNote,
  newRunRequest,
  type RunCommandOptions,
  storeAvailable,
  validateRunOptions,
} from '../run-options.js';
import {
  addQueueBenchOptions,
  type QueueBenchOptions,
  runQueuedBench,
  usesQueue,
} from './queued-bench-action.js';

interface BenchCommandOptions extends RunCommandOptions, QueueBenchOptions {
  seeds: number[];
  agents: AgentName[];
}

function removeIfEmpty(directory: string): void {
  try {
    if (readdirSync(directory).length === 0) rmdirSync(directory);
  } catch {
    // Missing already (nothing was made), or not ours to remove: the original error is what matters.
  }
}

export function createBenchCommand(
  io: CliIo,
  runner: PlayRunner,
  isStoreAvailable: (store: string) => boolean = storeAvailable,
  setExitCode: (code: number) => void = () => {},
): Command {
  const command = new Command('bench')
    .description('Play the same seeds with several agents side by side; print a table, totals and ratios.')
    .option('--seeds <list>', "seeds: ranges and lists, e.g. '1-10' or '1,3,5-7'", parseSeedList, [1, 2, 3])
    .option('--agents <list>', `comma-separated agents (${AGENTS.join(', ')})`, parseAgentList, [...AGENTS]);
  // Benches are comparisons: by default nothing learnt in one run leaks into the next.
  addRunOptions(command, { store: 'memory' });
  addQueueBenchOptions(command);
  command.addHelpText(
    'after',
    `
Examples:
  strata bench --seeds 1-10 --agents structured,window,naive
  strata bench --ruleset sts1 --seeds 1-10     # the Slay the Spire ruleset (default: --ruleset sts2)
  strata bench --character necrobinder --seeds 1-5
  strata bench --seeds 1,5,9 --agents structured,naive --json | tail -n 1
  strata bench --seeds 1-3 --agents naive --context-limit 128000
  strata bench --queue postgres://postgres@127.0.0.1:5432/strata --seeds 1-24 --agents structured,naive
                                 # one job per (seed, agent, model) for 'strata worker' processes
  strata bench --collect <bench-id> --queue <url>   # the table of a queued bench, once its runs are done
  strata bench --cancel <bench-id> --queue <url>
The default store for bench is 'memory' (runs do not share lessons); pass --store sqlite to keep them.
With --json the last line is {"runs":[<play result>...],"summary":{...}}.`,
  );
  command.action(async (options: BenchCommandOptions) => {
    if (usesQueue(options)) {
      await runQueuedBench(io, command, options, setExitCode);
      return;
    }
    const connection = validateRunOptions(
      options,
      io.env,
      command.getOptionValueSource('store') === 'default',
      isStoreAvailable,
    );
    const pricing = loadPricing(options.pricing === undefined ? undefined : resolve(io.cwd, options.pricing));
    const style = createTerminalStyle(colorEnabled(io));
    const benchId = createBenchId();
    prepareOutputDirectory(resolve(io.cwd, options.runsDir), options.runsDir, '--runs-dir', RUNS_DIR_FIX);
    const benchDir = join(resolve(io.cwd, options.runsDir), benchId);
    const total = options.seeds.length * options.agents.length;
    const say = (text: string) => {
      if (!options.json) io.stderr.write(`${text}\n`);
    };
    for (const agent of options.agents) {
      const note = agentNote(agent, options);
      if (note !== undefined) say(style.yellow(`note: ${note}`));
    }
    const fallbacksNote = maxFallbacksNote(options, command.getOptionValueSource('maxFallbacks') === 'cli');
    if (fallbacksNote !== undefined) say(style.yellow(`note: ${fallbacksNote}`));
    say(
      `Bench ${benchId}: ${total} run(s), agents ${options.agents.join(', ')}, seeds ${options.seeds.join(',')}.`,
    );
    const progress = createProgressDisplay(io, !options.json, {
      total,
      format: '{value}/{total} runs | {agent} seed {seed} | {decisions} decisions',
      payload: { agent: options.agents[0] ?? '', seed: options.seeds[0] ?? 0, decisions: 0 },
    });
    const runs: BenchRunInput[] = [];
    const model = options.policy === 'llm' ? options.model : undefined;
    let current = { runId: '', runDir: '', decisions: 0 };
    try {
      for (const seed of options.seeds) {
        for (const agent of options.agents) {
          const runId = createRunId(agent, seed);
          current = { runId, runDir: runDirectoryOf(benchDir, runId), decisions: 0 };
          const executed = await executePlay(
            runner,
            newRunRequest(options, connection, io.cwd, { runId, runDir: current.runDir, agent, seed }),
            {
              pricing,
              onDecision(_record, count) {
                current.decisions = count;
                progress.update(runs.length, { agent, seed, decisions: count });
              },
            },
          );
          runs.push({
            result: executed.result,
            records: executed.records,
            ...(model === undefined ? {} : { model }),
          });
          progress.update(runs.length, { agent, seed, decisions: executed.records.length });
        }
      }
    } catch (error) {
      // A bench that failed before any run played leaves no empty folder behind.
      removeIfEmpty(benchDir);
      const stop = modelStopOf(error);
      if (stop === undefined) throw error;
      // The same model would fail the remaining runs too: the bench stops here.
      if (options.json) {
        const stopped = modelStopJson(stop, current);
        io.stdout.write(`${JSON.stringify({ runs: runs.map((run) => run.result), stopped })}\n`);
      }
      throw modelStopError(error as StrataError, stop, {
        ...current,
        runsDir: displayPath(io.cwd, benchDir),
      });
    } finally {
      progress.stop();
    }
    const reportFile = join(benchDir, REPORT_FILE_NAME);
    writeReport(
      runs.map((run) => run.result.runDir),
      reportFile,
      { pricing, title: `Strata bench ${benchId}` },
    );
    const summary = summarizeBench(runs, pricing, { benchDir, report: reportFile });
    if (options.json) {
      io.stdout.write(`${JSON.stringify(benchJson(runs, summary))}\n`);
      return;
    }
    io.stdout.write(formatBenchOutput(runs, summary, { style, cwd: io.cwd }));
  });
  return command;
}
