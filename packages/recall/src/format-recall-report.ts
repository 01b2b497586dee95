import type { RecallEvaluation } from './evaluate-recall.js';

/** The styles the text report uses (a `TerminalStyle` fits). */
export interface RecallReportStyle {
  /** Bold text. */
  bold(text: string): string;
  /** Yellow text. */
  yellow(text: string): string;
}

const plain: RecallReportStyle = { bold: (text) => text, yellow: (text) => text };

const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;

/**
 * The per-category table: for each strategy, the share of questions with all evidence in the context
 * (strict) and the mean share of evidence present (fractional).
 */
export function formatRecallReport(evaluation: RecallEvaluation, style: RecallReportStyle = plain): string {
  const lines: string[] = [];
  lines.push(
    style.bold(
      `recall-eval  ${evaluation.file}  budget ${evaluation.budget} tokens  ${evaluation.conversations} conversations  ${evaluation.questions} questions`,
    ),
  );
  if (evaluation.haystack > 0) {
    lines.push(
      `haystack ${evaluation.haystack}: sessions of ${evaluation.haystack} other conversation(s) from ${evaluation.distractorFile} before each one (${evaluation.historyTurnsMean} turns per history on average)`,
    );
  }
  if (evaluation.lexicon !== undefined) {
    lines.push(`layered expands queries with the ${evaluation.lexicon} lexicon`);
  }
  const categories = new Map<string, number>();
  for (const strategy of evaluation.strategies) {
    for (const [name, score] of Object.entries(strategy.categories)) categories.set(name, score.questions);
  }
  const header = ['category', 'n', ...evaluation.strategies.map((item) => `${item.strategy} strict / frac`)];
  const rows: string[][] = [...categories].map(([name, count]) => [
    name,
    String(count),
    ...evaluation.strategies.map((item) => {
      const score = item.categories[name];
      return score ? `${percent(score.strictRate)} / ${percent(score.fractional)}` : '-';
    }),
  ]);
  rows.push([
    'overall',
    String(evaluation.questions),
    ...evaluation.strategies.map(
      (item) => `${percent(item.overall.strictRate)} / ${percent(item.overall.fractional)}`,
    ),
  ]);
  rows.push([
    'tokens mean / max',
    '',
    ...evaluation.strategies.map((item) => `${item.overall.tokensMean} / ${item.overall.tokensMax}`),
  ]);
  rows.push([
    'ingest / query ms',
    '',
    ...evaluation.strategies.map((item) => `${item.ingestMs} / ${item.queryMs}`),
  ]);
  rows.push([
    'question ms p50 / p99',
    '',
    ...evaluation.strategies.map((item) => `${item.latency.p50} / ${item.latency.p99}`),
  ]);
  rows.push(['peak heap MB', '', ...evaluation.strategies.map((item) => String(item.peakHeapMb))]);
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const render = (row: string[]): string =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  lines.push(style.bold(render(header)));
  for (const row of rows) lines.push(render(row));
  for (const item of evaluation.strategies) {
    if (item.overBudget > 0)
      lines.push(style.yellow(`${item.strategy}: ${item.overBudget} contexts over budget`));
  }
  if (evaluation.problems.length > 0) {
    lines.push(
      style.yellow(`${evaluation.problems.length} input problem(s); the rest of the file was evaluated:`),
    );
    for (const problem of evaluation.problems) lines.push(`  ${problem.where}: ${problem.message}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The `--json` summary: per strategy, overall and per-category numbers, plus input problems. */
export function recallReportJson(evaluation: RecallEvaluation): Record<string, unknown> {
  return {
    file: evaluation.file,
    budget: evaluation.budget,
    conversations: evaluation.conversations,
    questions: evaluation.questions,
    haystack: evaluation.haystack,
    distractorFile: evaluation.distractorFile,
    historyTurnsMean: evaluation.historyTurnsMean,
    ...(evaluation.lexicon !== undefined ? { lexicon: evaluation.lexicon } : {}),
    strategies: Object.fromEntries(
      evaluation.strategies.map((item) => [
        item.strategy,
        {
          overall: item.overall,
          categories: item.categories,
          ingestMs: item.ingestMs,
          queryMs: item.queryMs,
          overBudget: item.overBudget,
          countMismatches: item.countMismatches,
          latency: item.latency,
          peakHeapMb: item.peakHeapMb,
        },
      ]),
    ),
    problems: evaluation.problems,
  };
}
