import { StrataError } from '@strata-memory/strata';

/** A run the llm policy stopped: the model failed in a way playing on would only hide. */
export interface ModelStop {
  code: string;
  /** `consecutive-fallbacks` (the --max-fallbacks limit), or `fatal` (401/403/404, nothing listening). */
  reason: 'consecutive-fallbacks' | 'fatal';
  message: string;
  /** `step N: ...`, the run's first model error. */
  firstModelError: string;
}

const MODEL_CODES = new Set([
  'MODEL_API_ERROR',
  'MODEL_API_KEY_MISSING',
  'MODEL_OUTPUT_INVALID',
  'MODEL_TIMEOUT',
]);

/** The model stop `error` describes, or undefined for any other error. */
export function modelStopOf(error: unknown): ModelStop | undefined {
  if (!StrataError.is(error) || !MODEL_CODES.has(error.code)) return undefined;
  if (error.details.reason === 'consecutive-fallbacks') {
    const first = error.details.firstModelError;
    return {
      code: error.code,
      reason: 'consecutive-fallbacks',
      message: error.message,
      firstModelError: typeof first === 'string' ? first : error.message,
    };
  }
  // Raised at the decision that failed, before it was recorded: the first error of the run.
  return { code: error.code, reason: 'fatal', message: error.message, firstModelError: error.message };
}

/**
 * The CLI's error for a model stop: what stopped the run, its first model error, and how to go on
 * (resume once the model works, or allow more fallbacks).
 */
export function modelStopError(
  error: StrataError,
  stop: ModelStop,
  run: { runId: string; runsDir: string; decisions: number },
): StrataError {
  const resumable = run.decisions > 0;
  const next = resumable
    ? ` The ${run.decisions} decision(s) so far are committed: once the model works, continue with: strata play --resume ${run.runId} --runs-dir ${run.runsDir}` +
      (stop.reason === 'consecutive-fallbacks' ? ' (add --max-fallbacks <n> to allow more in a row).' : '.')
    : ' Nothing was played, so no run folder was kept.';
  return new StrataError(
    error.code,
    `Run ${run.runId} stopped: the model failed and the run did not play on as the heuristic bot. ` +
      `${stop.message}${stop.reason === 'fatal' ? '' : ` First model error: ${stop.firstModelError}.`}${next}`,
    { cause: error, details: { ...error.details, runId: run.runId }, isRetryable: false },
  );
}

/** The `--json` line of a run a model stop ended. */
export function modelStopJson(
  stop: ModelStop,
  run: { runId: string; runDir: string; decisions: number },
): Record<string, unknown> {
  return {
    runId: run.runId,
    runDir: run.decisions > 0 ? run.runDir : null,
    stopped: stop.reason,
    steps: run.decisions,
    firstModelError: stop.firstModelError,
    error: { code: stop.code, message: stop.message },
  };
}
