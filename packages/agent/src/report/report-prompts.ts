import type { ReportRun } from './report-run.js';

/** Characters of saved prompt text one report embeds at most (a naive run's prompts alone can be gigabytes). */
export const DEFAULT_PROMPT_CHARACTER_CAP = 8_000_000;

/** The prompts a report embeds, and how many it left in the traces. */
export interface EmbeddedPrompts {
  /** `"<run index>:<call index>"` -> the request's messages. */
  prompts: Record<string, Array<{ role: string; content: string }>>;
  /** Calls whose prompt was saved (--save-prompts) but left out to keep the report small. */
  leftOut: number;
  saved: number;
}

/**
 * The saved prompts the page can show when a call is clicked. Under the cap the smallest prompts go in
 * first, so every call of the bounded agents fits and only the largest (naive) ones are left out; the
 * page then points to the trace line that holds the full text.
 */
export function selectPrompts(
  runs: readonly ReportRun[],
  cap = DEFAULT_PROMPT_CHARACTER_CAP,
): EmbeddedPrompts {
  const candidates: Array<{ key: string; size: number; messages: Array<{ role: string; content: string }> }> =
    [];
  runs.forEach((run, runIndex) => {
    run.records.forEach((record, callIndex) => {
      if (record.messages === undefined) return;
      const size = record.messages.reduce(
        (sum, message) => sum + message.content.length + message.role.length,
        0,
      );
      candidates.push({ key: `${runIndex}:${callIndex}`, size, messages: record.messages });
    });
  });
  candidates.sort((left, right) => left.size - right.size);
  const prompts: EmbeddedPrompts['prompts'] = {};
  let used = 0;
  let leftOut = 0;
  for (const candidate of candidates) {
    if (used + candidate.size > cap) {
      leftOut += 1;
      continue;
    }
    used += candidate.size;
    prompts[candidate.key] = candidate.messages;
  }
  return { prompts, leftOut, saved: candidates.length };
}
