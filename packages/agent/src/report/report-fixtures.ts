import type { DecisionRecord } from '../trace/decision-record.js';
import type { ReportRun } from './build-report-html.js';

/** Synthetic runs for report tests: a flat structured agent and a growing naive one, with hostile game text. */
export function sampleReportRuns(
  gameText = '</script><script>window.__pwned = true</script><!--',
): ReportRun[] {
  const make = (
    agent: string,
    tokensAt: (step: number) => number,
    layers: (step: number) => Record<string, number>,
  ) => {
    const runId = `${agent}-${gameText}`;
    const records: DecisionRecord[] = Array.from({ length: 120 }, (_, step) => ({
      runId,
      agent,
      seed: 1,
      step,
      act: 1,
      floor: 1 + Math.floor(step / 10),
      screen: gameText,
      layers: layers(step),
      promptTokens: tokensAt(step),
      budget: agent === 'structured' ? 5000 : null,
      stablePrefixTokens: agent === 'structured' ? 2400 : Math.max(0, tokensAt(step) - 300),
      dropped: {},
      action: { action: 'play_card', card_index: step % 5 },
      policy: 'heuristic',
      promptUsedByPolicy: false,
      repairs: 0,
      fallback: false,
      latencyMs: 1,
      note: gameText,
    }));
    return { runId, records };
  };
  return [
    make(
      'structured',
      (step) => 4000 + (step % 9) * 50,
      (step) => ({
        system: 500,
        knowledge: 1200,
        lessons: 700,
        working: 1300 + (step % 9) * 50,
        observation: 300,
      }),
    ),
    make(
      'naive',
      (step) => 600 + step * 320,
      (step) => ({ system: 300, history: 300 + step * 320 }),
    ),
  ];
}

/**
 * A bench-shaped set of finished runs for layout tests: three agents on three seeds with long run ids and
 * six-digit totals, the naive agent over 10x the others, saved prompts on seed 1, and a structured run
 * that dropped and truncated items.
 */
export function sampleBenchRuns(gameText = 'COMBAT'): ReportRun[] {
  const runs: ReportRun[] = [];
  for (const seed of [1, 2, 3]) {
    for (const agent of ['structured', 'window', 'naive']) {
      const runId = `20261201-140000-${agent}-s${seed}-ab1${seed}`;
      const steps = 300 + seed * 40;
      const records: DecisionRecord[] = Array.from({ length: steps }, (_, step) => {
        const layers: Record<string, number> =
          agent === 'structured'
            ? {
                system: 480,
                knowledge: 760,
                'run-summary': 240,
                lessons: 420,
                notes: 60,
                combat: 300 + (step % 7) * 30 + seed * 13,
                observation: 520,
              }
            : agent === 'window'
              ? { system: 480, state: 1_400, history: Math.min(3_600, 40 * step) }
              : { system: 480, history: 900 + step * 640 };
        const promptTokens = Object.values(layers).reduce((sum, value) => sum + value, 0);
        return {
          runId,
          agent,
          seed,
          step,
          act: 1 + Math.floor((step / steps) * 3),
          floor: 1 + Math.floor((step / steps) * 40),
          screen: gameText,
          layers,
          promptTokens,
          budget: agent === 'structured' ? 5_000 : null,
          stablePrefixTokens: agent === 'structured' ? 1_900 : agent === 'naive' ? promptTokens - 500 : 480,
          dropped: agent === 'structured' && step % 50 === 7 ? { lessons: 2 } : {},
          ...(agent === 'structured' && step % 90 === 11 ? { truncated: { observation: 1 } } : {}),
          action: { action: 'play_card', card_index: step % 5 },
          policy: 'heuristic',
          promptUsedByPolicy: false,
          repairs: 0,
          fallback: false,
          latencyMs: 1,
          ...(seed === 1
            ? {
                messages: [
                  { role: 'system', content: `You play ${agent}. ${gameText}` },
                  { role: 'user', content: `call ${step + 1} of ${agent} seed ${seed}: ${gameText}` },
                ],
              }
            : {}),
        };
      });
      const tokens = records.map((record) => record.promptTokens).sort((a, b) => a - b);
      runs.push({
        runId,
        runDir: `/tmp/runs/bench-x/${runId}`,
        records,
        result: {
          runId,
          agent,
          seed,
          policy: 'heuristic',
          character: 'ironclad',
          won: seed === 2,
          floor: 40,
          act: 3,
          steps,
          calls: steps,
          promptTokens: {
            p50: tokens[Math.ceil(tokens.length / 2) - 1] ?? 0,
            p95: tokens[Math.ceil(tokens.length * 0.95) - 1] ?? 0,
            max: tokens.at(-1) ?? 0,
            total: tokens.reduce((sum, value) => sum + value, 0),
          },
          stablePrefix: { p50: 1_900 },
          budget: agent === 'structured' ? 5_000 : null,
          budgetViolations: 0,
          repairs: 0,
          fallbacks: 0,
          elapsedMs: 1_000,
          runDir: `/tmp/runs/bench-x/${runId}`,
        },
      });
    }
  }
  return runs;
}
