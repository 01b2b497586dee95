import { createHash } from 'node:crypto';
import type { ExtractorInput } from './extractor.js';

/**
 * The key of one extraction: the transition's own key when the engine gives one, else a hash of
 * (extractor, session, event, scope or step). Deterministic, so a retried extraction repeats it.
 */
export function extractionKey(extractorName: string, input: ExtractorInput): string {
  if (input.idempotencyKey !== undefined && input.idempotencyKey !== '') {
    return `${input.idempotencyKey}:${extractorName}`;
  }
  const parts = [extractorName, input.sessionId ?? '', input.event, input.scopeId ?? `step-${input.step}`];
  return `${extractorName}:${createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32)}`;
}

/** The key of the `index`-th item of an extraction (the form the transition engine stores lessons with). */
export function itemKey(extractionKeyValue: string, index: number): string {
  return `${extractionKeyValue}#${index}`;
}
