import { resolve } from 'node:path';
import type { CliIo } from '@strata-memory/cli-kit';
import { Command, InvalidArgumentError } from 'commander';
import { validateQueueUrl } from '../../queue/open-bench-queue.js';
import { startQueueWorker, type WorkerEvent } from '../../queue/queue-worker.js';
import { prepareOutputDirectory, RUNS_DIR_FIX } from '../file-arguments.js';
import { integerOption } from '../parse-cli-values.js';
import { DEFAULT_RUNS_DIR } from '../run-options.js';
import { rateLimitsOf } from './queued-bench-action.js';

interface WorkerCommandOptions {
  queue?: string;
  concurrency: number;
  databaseUrl?: string;
  runsDir: string;
  visibilityTimeout: number;
  pollInterval: number;
  requestsPerMinute?: number;
  tokensPerMinute?: number;
  requestsPerSecond?: number;
  json?: boolean;
}

function parsePollInterval(value: string): number {
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 0.5 || seconds > 60) {
    throw new InvalidArgumentError(`--poll-interval must be between 0.5 and 60 seconds, got '${value}'.`);
  }
  return seconds;
}

function describe(event: WorkerEvent): string {
  switch (event.type) {
    case 'started':
      return `worker ${event.worker}: waiting for run jobs (${event.concurrency} at a time). Ctrl-C stops it; its runs resume elsewhere.`;
    case 'run-started':
      return `run ${event.runId}: attempt ${event.attempt}${event.resume ? ', resumed from the store' : ''}`;
    case 'run-finished':
      return `run ${event.runId}: finished, ${event.steps} decisions${event.resultWritten ? '' : ' (a result was already recorded; not written again)'}`;
    case 'run-skipped':
      return `run ${event.runId}: skipped (${event.reason})`;
    case 'run-cancelled':
      return `run ${event.runId}: cancelled after ${event.steps} decisions`;
    case 'run-failed':
      return `run ${event.runId}: failed${event.final ? ' for the last time (dead-lettered)' : ' (will be retried)'}: ${event.error}`;
    case 'reaped':
      return `re-delivering ${event.runIds.length} run(s) whose worker stopped heartbeating: ${event.runIds.join(', ')}`;
  }
}

export function createWorkerCommand(io: CliIo): Command {
  const command = new Command('worker')
    .description(
      "Take run jobs of 'strata bench --queue' from the Postgres job queue and play them (several machines and processes share one queue).",
    )
    .option('--queue <postgres-url>', 'the job queue (or STRATA_QUEUE_URL)')
    .option(
      '--concurrency <n>',
      'runs played at once by this process',
      integerOption('--concurrency', 1, 64),
      1,
    )
    .option('--database-url <url>', "the memory store's Postgres (default: the queue's)")
    .option(
      '--runs-dir <dir>',
      'where run folders are written (<dir>/<bench-id>/<run-id>/)',
      DEFAULT_RUNS_DIR,
    )
    .option(
      '--visibility-timeout <seconds>',
      'a run whose worker sends no heartbeat this long goes to another worker (heartbeats every quarter of it)',
      integerOption('--visibility-timeout', 1, 86_400),
      60,
    )
    .option('--poll-interval <seconds>', 'how often an idle worker asks for a job', parsePollInterval, 1)
    .option(
      '--requests-per-minute <n>',
      "this worker's share of the limit: model requests per minute over all workers (with the bench's own limits)",
      integerOption('--requests-per-minute', 1),
    )
    .option(
      '--tokens-per-minute <n>',
      'model tokens per minute over all workers',
      integerOption('--tokens-per-minute', 1),
    )
    .option(
      '--requests-per-second <n>',
      'model requests per second over all workers',
      integerOption('--requests-per-second', 1),
    )
    .option('--json', 'print one JSON object per event on stdout');
  command.addHelpText(
    'after',
    `
Examples:
  strata worker --queue postgres://postgres@127.0.0.1:5432/strata
  strata worker --queue $STRATA_QUEUE_URL --concurrency 4 --requests-per-minute 500
Runs are played with the options of the bench that queued them ('strata bench --queue ...'), and their
memory is kept in Postgres, so a run whose worker dies resumes on another one. API keys come from this
worker's environment (OPENAI_API_KEY / ANTHROPIC_API_KEY); they never go through the queue.`,
  );
  command.action(async (options: WorkerCommandOptions) => {
    const queueUrl = validateQueueUrl(options.queue ?? io.env.STRATA_QUEUE_URL, '--queue');
    prepareOutputDirectory(resolve(io.cwd, options.runsDir), options.runsDir, '--runs-dir', RUNS_DIR_FIX);
    const report = (event: WorkerEvent) => {
      if (options.json) io.stdout.write(`${JSON.stringify(event)}\n`);
      else io.stderr.write(`${describe(event)}\n`);
    };
    const worker = await startQueueWorker({
      queueUrl,
      concurrency: options.concurrency,
      runsDir: resolve(io.cwd, options.runsDir),
      env: io.env,
      visibilityTimeoutMs: options.visibilityTimeout * 1000,
      pollingIntervalSeconds: options.pollInterval,
      rateLimits: rateLimitsOf(options),
      ...(options.databaseUrl === undefined ? {} : { databaseUrl: options.databaseUrl }),
      onEvent: report,
    });
    // Runs until Ctrl-C or SIGTERM; a second one quits at once.
    await new Promise<void>((resolveStop) => {
      let stopping = false;
      const onSignal = () => {
        if (stopping) process.exit(130);
        stopping = true;
        if (!options.json) io.stderr.write(`worker ${worker.id}: stopping after the current decisions...\n`);
        worker.stop().then(resolveStop, resolveStop);
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
    });
  });
  return command;
}
