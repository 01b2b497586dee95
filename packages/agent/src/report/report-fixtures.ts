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
