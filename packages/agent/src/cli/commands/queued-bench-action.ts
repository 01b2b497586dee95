import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type CliIo, colorEnabled, createProgressDisplay, createTerminalStyle } from '@strata-memory/cli-kit';
import { StrataError } from '@strata-memory/strata';
import { type Command, InvalidArgumentError } from 'commander';
import { cancelBench } from '../../queue/cancel-bench.js';
import { enqueueBench } from '../../queue/enqueue-bench.js';
import { describeQueueUrl, openBenchQueue, validateQueueUrl } from '../../queue/open-bench-queue.js';
import type { QueuedBenchSettings, QueuedRunOptions } from '../../queue/queued-bench.js';
import { collectBench, readBenchProgress } from '../../queue/read-bench.js';
import type { RateLimit } from '../../queue/shared-rate-limit.js';
import type { BenchRunInput } from '../../report/bench-statistics.js';
import { loadPricing } from '../../report/pricing.js';
import { writeReport } from '../../report/write-report.js';
import type { DecisionRecord, PlayResult } from '../../trace/decision-record.js';
import { REPORT_FILE_NAME, writeRunResult } from '../../trace/run-directory.js';
import { TRACE_FILE_NAME } from '../../trace/trace-file.js';
import { benchJson, formatBenchOutput, summarizeBench } from '../bench-output.js';
import { type AgentName, integerOption } from '../parse-cli-values.js';
import { type RunCommandOptions, validateRunOptions } from '../run-options.js';

/** The options `strata bench` takes for the job queue. */
export interface QueueBenchOptions {
  queue?: string;
  detach?: boolean;
  collect?: string;
  cancel?: string;
  models?: string[];
  requestsPerMinute?: number;
  tokensPerMinute?: number;
  requestsPerSecond?: number;
  retries: number;
  retryDelay: number;
}

function parseModelList(value: string): string[] {
  const models = value
    .split(',')
    .map((model) => model.trim())
    .filter((model) => model !== '');
  if (models.length === 0)
    throw new InvalidArgumentError("--models needs names, e.g. 'gpt-4.1-mini,qwen2.5:7b'.");
  return [...new Set(models)];
}

export function addQueueBenchOptions(command: Command): Command {
  return command
    .option(
      '--queue <postgres-url>',
      'enqueue one job per (seed, agent, model) for strata worker (or STRATA_QUEUE_URL)',
    )
    .option('--detach', 'with --queue: print the bench id and return; collect later with --collect')
    .option(
      '--collect <bench-id>',
      'print the table of a queued bench (waits, with progress, until its runs are done)',
    )
    .option(
      '--cancel <bench-id>',
      'cancel a queued bench: waiting runs are dropped, running ones stop after their current decision',
    )
    .option(
      '--models <list>',
      'with --queue: comma-separated models, one job per model (instead of --model)',
      parseModelList,
    )
    .option(
      '--requests-per-minute <n>',
      'shared limit on model requests over all workers',
      integerOption('--requests-per-minute', 1),
    )
    .option(
      '--tokens-per-minute <n>',
      'shared limit on model tokens (prompt + output) over all workers',
      integerOption('--tokens-per-minute', 1),
    )
    .option(
      '--requests-per-second <n>',
      'shared limit on model requests per second over all workers',
      integerOption('--requests-per-second', 1),
    )
    .option(
      '--retries <n>',
      'with --queue: retries of a failed run before it is dead-lettered',
      integerOption('--retries', 0, 100),
      3,
    )
    .option(
      '--retry-delay <seconds>',
      'with --queue: first backoff before a retry (doubles each time, with jitter)',
      integerOption('--retry-delay', 1, 3600),
      5,
    );
}

export function usesQueue(options: QueueBenchOptions): boolean {
  return options.queue !== undefined || options.collect !== undefined || options.cancel !== undefined;
}

/** The shared limits the bench's flags ask for. */
export function rateLimitsOf(
  options: Pick<QueueBenchOptions, 'requestsPerMinute' | 'tokensPerMinute' | 'requestsPerSecond'>,
): RateLimit[] {
  const limits: RateLimit[] = [];
  if (options.requestsPerMinute !== undefined || options.tokensPerMinute !== undefined) {
    limits.push({
      windowMs: 60_000,
      ...(options.requestsPerMinute === undefined ? {} : { requests: options.requestsPerMinute }),
      ...(options.tokensPerMinute === undefined ? {} : { tokens: options.tokensPerMinute }),
    });
  }
  if (options.requestsPerSecond !== undefined)
    limits.push({ windowMs: 1000, requests: options.requestsPerSecond });
  return limits;
}

type BenchOptions = RunCommandOptions & QueueBenchOptions & { seeds: number[]; agents: AgentName[] };

/** `strata bench --queue | --collect | --cancel`. */
export async function runQueuedBench(
  io: CliIo,
  command: Command,
  options: BenchOptions,
  setExitCode: (code: number) => void,
): Promise<void> {
  const url = validateQueueUrl(options.queue ?? io.env.STRATA_QUEUE_URL, '--queue');
  const say = (text: string) => {
    if (!options.json) io.stderr.write(`${text}\n`);
  };
  if (options.cancel !== undefined && options.collect !== undefined) {
    throw new StrataError('INPUT_INVALID', 'Pass either --cancel or --collect, not both.');
  }
  // Checked before connecting, so a mistake costs no job.
  const settings =
    options.cancel === undefined && options.collect === undefined
      ? settingsOf(command, options, io.env, say)
      : undefined;
  const queue = await openBenchQueue(url);
  try {
    if (options.cancel !== undefined) {
      const cancelled = await cancelBench(queue, options.cancel);
      if (options.json) io.stdout.write(`${JSON.stringify(cancelled)}\n`);
      else
        io.stdout.write(
          `Cancelled bench ${cancelled.benchId}: ${cancelled.cancelled} unfinished run(s) cancelled (a running one stops after its current decision); ${cancelled.finished} finished run(s) keep their results.\n`,
        );
      return;
    }
    let benchId = options.collect;
    if (benchId === undefined && settings !== undefined) {
      const enqueued = await enqueueBench(queue, settings);
      benchId = enqueued.benchId;
      say(
        `Bench ${benchId}: ${enqueued.runIds.length} run(s) queued on ${describeQueueUrl(url)} (agents ${options.agents.join(', ')}, seeds ${options.seeds.join(',')}). Start workers with: strata worker --queue <url>`,
      );
      if (options.detach) {
        if (options.json) io.stdout.write(`${JSON.stringify({ benchId, runs: enqueued.runIds.length })}\n`);
        else io.stdout.write(`${benchId}\nCollect with: strata bench --collect ${benchId} --queue <url>\n`);
        return;
      }
    }
    if (benchId === undefined) return;
    await watchBench(io, queue.pool, benchId, options.json === true);
    const failed = await printCollected(io, queue.pool, benchId, options);
    // The table is printed; runs that failed after their retries (or were cancelled) still fail the command.
    if (failed > 0) setExitCode(1);
  } finally {
    await queue.close();
  }
}

function settingsOf(
  command: Command,
  options: BenchOptions,
  env: Record<string, string | undefined>,
  say: (text: string) => void,
): QueuedBenchSettings {
  for (const name of ['store', 'db', 'databaseUrl'] as const) {
    if (command.getOptionValueSource(name) === 'cli') {
      say(
        `note: --${name === 'databaseUrl' ? 'database-url' : name} ignored: queued runs keep memory in the workers' store (the queue's Postgres unless 'strata worker --database-url').`,
      );
    }
  }
  if (options.models !== undefined && options.model !== undefined) {
    throw new StrataError('INPUT_INVALID', 'Pass either --model or --models, not both.');
  }
  if (options.baseUrl !== undefined && URL.canParse(options.baseUrl)) {
    const parsed = new URL(options.baseUrl);
    if (parsed.username !== '' || parsed.password !== '') {
      // The bench's settings are kept in the queue, where no secret may go.
      throw new StrataError(
        'INPUT_INVALID',
        '--base-url carries credentials, which a queued bench would keep in Postgres. Drop them from the URL and give each worker its key in its environment (OPENAI_API_KEY / ANTHROPIC_API_KEY).',
      );
    }
  }
  const models = options.models ?? (options.model === undefined ? [null] : [options.model]);
  // Checked here so a mistake costs no job. The API key is the workers' (keys never travel through
  // the queue), so it is not required on this machine.
  for (const model of models) {
    validateRunOptions(
      { ...options, store: 'memory', ...(model === null ? {} : { model }) },
      { ...env, OPENAI_API_KEY: 'checked-by-the-worker', ANTHROPIC_API_KEY: 'checked-by-the-worker' },
      false,
      () => true,
    );
  }
  const runOptions: QueuedRunOptions = {
    character: options.character,
    ...(options.ruleset === undefined ? {} : { ruleset: options.ruleset }),
    policy: options.policy,
    provider: options.provider,
    budget: options.budget,
    ...(options.maxFallbacks === undefined ? {} : { maxFallbacks: options.maxFallbacks }),
    ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
    ...(options.savePrompts === undefined ? {} : { savePrompts: options.savePrompts }),
    ...(options.maxSteps === undefined ? {} : { maxSteps: options.maxSteps }),
    ...(options.contextLimit === undefined ? {} : { contextLimit: options.contextLimit }),
    ...(options.windowTurns === undefined ? {} : { windowTurns: options.windowTurns }),
  };
  return {
    seeds: options.seeds,
    agents: options.agents,
    models,
    options: runOptions,
    rateLimits: rateLimitsOf(options),
    retryLimit: options.retries,
    retryDelaySeconds: options.retryDelay,
  };
}

/** Polls the bench until every run is done, failed or cancelled; Ctrl-C stops watching (the bench goes on). */
async function watchBench(
  io: CliIo,
  pool: Parameters<typeof readBenchProgress>[0],
  benchId: string,
  json: boolean,
): Promise<void> {
  let progress = await readBenchProgress(pool, benchId);
  const display = createProgressDisplay(io, !json, {
    total: progress.bench.total,
    format:
      '{value}/{total} runs | {running} running on {workers} worker(s) | {decisions} decisions | {failed} failed',
    payload: { running: 0, workers: 0, decisions: 0, failed: 0 },
  });
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.on('SIGINT', onInterrupt);
  let lastLine = '';
  try {
    for (;;) {
      const done = progress.byState.done + progress.byState.failed + progress.byState.cancelled;
      display.update(done, {
        running: progress.byState.running,
        workers: progress.workers,
        decisions: progress.decisions,
        failed: progress.byState.failed,
      });
      // Without a terminal (logs, CI) a line each time the counts change.
      const line = `progress ${benchId}: ${done}/${progress.bench.total} runs finished (${progress.byState.done} done, ${progress.byState.failed} failed, ${progress.byState.cancelled} cancelled), ${progress.byState.running} running on ${progress.workers} worker(s), ${progress.byState.retrying} waiting to retry, ${progress.byState.queued} queued`;
      if (!json && io.stderr.isTTY !== true && line !== lastLine) io.stderr.write(`${line}\n`);
      lastLine = line;
      if (progress.finished) return;
      try {
        await sleep(1000, undefined, { signal: controller.signal });
      } catch {
        throw new StrataError(
          'INPUT_INVALID',
          `Stopped watching bench ${benchId}; its runs go on in the workers. Collect it later with: strata bench --collect ${benchId} --queue <url>`,
        );
      }
      progress = await readBenchProgress(pool, benchId);
    }
  } finally {
    display.stop();
    process.off('SIGINT', onInterrupt);
  }
}

async function printCollected(
  io: CliIo,
  pool: Parameters<typeof collectBench>[0],
  benchId: string,
  options: BenchOptions,
): Promise<number> {
  const collected = await collectBench(pool, benchId);
  const benchDir = join(resolve(io.cwd, options.runsDir), benchId);
  const byRun = new Map<string, DecisionRecord[]>();
  for (const record of collected.records) {
    const list = byRun.get(record.runId) ?? [];
    list.push(record);
    byRun.set(record.runId, list);
  }
  // The bench folder on this machine, from the queue: each run's trace and result, then the report.
  const results: PlayResult[] = collected.results.map((result) => {
    const runDir = join(benchDir, result.runId);
    const located = { ...result, runDir };
    mkdirSync(runDir, { recursive: true });
    const records = byRun.get(result.runId) ?? [];
    writeFileSync(
      join(runDir, TRACE_FILE_NAME),
      records.map((record) => `${JSON.stringify(record)}\n`).join(''),
    );
    writeRunResult(runDir, located);
    return located;
  });
  const reportFile = join(benchDir, REPORT_FILE_NAME);
  const pricing = loadPricing(options.pricing === undefined ? undefined : resolve(io.cwd, options.pricing));
  if (results.length > 0) {
    writeReport(
      results.map((result) => result.runDir),
      reportFile,
      {
        pricing,
        title: `Strata bench ${benchId}`,
        models: Object.fromEntries(
          Object.entries(collected.models).filter((entry): entry is [string, string] => entry[1] !== null),
        ),
      },
    );
  }
  // The deciding model matters only when a model decided: the heuristic bot ignores --model.
  const benchRuns: BenchRunInput[] = results.map((result) => {
    const model = result.policy === 'llm' ? collected.models[result.runId] : null;
    return {
      result,
      records: byRun.get(result.runId) ?? [],
      ...(model === null || model === undefined ? {} : { model }),
    };
  });
  const summary = summarizeBench(benchRuns, pricing, { benchDir, report: reportFile });
  const failed = collected.missing.map((run) => ({
    runId: run.runId,
    seed: run.seed,
    agent: run.agent,
    model: run.model,
    state: run.state,
    attempts: run.attempts,
    error: run.error,
  }));
  if (options.json) {
    io.stdout.write(`${JSON.stringify({ benchId, ...benchJson(benchRuns, summary), failed })}\n`);
  } else {
    const style = createTerminalStyle(colorEnabled(io));
    io.stdout.write(formatBenchOutput(benchRuns, summary, { style, cwd: io.cwd }));
    for (const run of failed) {
      io.stdout.write(
        `${run.state}: ${run.agent} seed ${run.seed}${run.model === null ? '' : ` ${run.model}`} (${run.runId}) after ${run.attempts} attempt(s)${run.error === null ? '' : `: ${run.error}`}\n`,
      );
    }
  }
  return failed.length;
}
