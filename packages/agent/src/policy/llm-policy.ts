import type { ChatMessage, ChatModel, StrataErrorCode, Tokenizer, Usage } from '@strata-memory/strata';
import { StrataError } from '@strata-memory/strata';
import { decisionSchema, type ModelDecision } from './decision-schema.js';
import type { Policy, PolicyDecision, PolicyInput } from './policy.js';

/** Options of `createLlmPolicy`. */
export interface LlmPolicyOptions {
  model: ChatModel;
  /** Decides when the model cannot (bad answers after the repairs, or API errors after its retries). */
  fallback: Policy;
  /** Counts the echoed bad answer so repair turns stay small and the request stays within budget. */
  tokenizer: Tokenizer;
  /** Repair turns within one decision (default 2). */
  maxRepairs?: number;
  /** Answer length cap (default 200 tokens). */
  maxOutputTokens?: number;
  temperature?: number;
}

/** Tokens of a bad answer echoed back in a repair turn. */
const ECHO_TOKENS = 60;

/**
 * Upper bound of the tokens repair turns add to a request (two turns: the echoed answer plus the
 * error, with chat framing). The agent assembles its prompt under `budget - REPAIR_RESERVE_TOKENS`
 * so that every request, repairs included, stays within the budget.
 */
export const REPAIR_RESERVE_TOKENS = 400;

/**
 * A policy that asks a model for `{"choice", "reason"?, "note"?}`. A malformed or illegal answer gets
 * at most `maxRepairs` repair turns stating the problem plainly; then the fallback policy decides.
 * Model output never crashes the run.
 */
export function createLlmPolicy(options: LlmPolicyOptions): Policy {
  const maxRepairs = options.maxRepairs ?? 2;
  // Whether the model has answered at least once: a refused connection before that is a wrong URL.
  let reached = false;
  return {
    name: 'llm',
    usesPrompt: true,
    async decide(input: PolicyInput): Promise<PolicyDecision> {
      const schema = decisionSchema(input.actions.length);
      const requests: ChatMessage[][] = [];
      const usage: Usage = { input: 0, cachedInput: 0, output: 0 };
      let messages = input.messages;
      let repairs = 0;
      let lastProblem = '';
      for (let attempt = 0; attempt <= maxRepairs; attempt += 1) {
        requests.push(messages);
        let answerText: string;
        let decision: ModelDecision | undefined;
        try {
          const result = await options.model.generate({
            messages,
            schema,
            maxOutputTokens: options.maxOutputTokens ?? 200,
            ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
          });
          reached = true;
          addUsage(usage, result.usage);
          answerText = result.text;
          decision = result.object;
          if (decision === undefined) lastProblem = 'the answer had no JSON object';
        } catch (error) {
          if (!StrataError.is(error, 'MODEL_OUTPUT_INVALID')) {
            // A wrong key, model or URL fails every decision alike: stop the run rather than play on blind.
            if (isFatal(error, reached)) throw fatalError(error as StrataError);
            // HTTP errors reach us only after the adapter's own retries: the heuristic decides.
            return fallBack(
              options,
              input,
              requests,
              repairs,
              usage,
              describeError(error),
              StrataError.is(error) ? error.code : 'MODEL_API_ERROR',
            );
          }
          answerText = typeof error.details.rawText === 'string' ? error.details.rawText : '';
          lastProblem = plainProblem(error, input.actions.length);
        }
        if (decision !== undefined) {
          const out: PolicyDecision = { choice: decision.choice, repairs, fallback: false, usage, requests };
          if (decision.reason !== undefined) out.reason = decision.reason;
          if (decision.note !== undefined) out.note = decision.note;
          return out;
        }
        if (attempt === maxRepairs) break;
        repairs += 1;
        messages = [
          ...messages,
          {
            role: 'assistant',
            content: options.tokenizer.truncate(answerText, ECHO_TOKENS) || '(empty answer)',
          },
          {
            role: 'user',
            content: `That answer was rejected: ${lastProblem}. Reply with only a JSON object {"choice": <integer 0-${input.actions.length - 1}>, "reason": "<short>"} choosing one of the numbered actions.`,
          },
        ];
      }
      return fallBack(
        options,
        input,
        requests,
        repairs,
        usage,
        `model answer invalid after ${repairs} repairs: ${lastProblem}`,
        'MODEL_OUTPUT_INVALID',
      );
    },
  };
}

async function fallBack(
  options: LlmPolicyOptions,
  input: PolicyInput,
  requests: ChatMessage[][],
  repairs: number,
  usage: Usage,
  error: string,
  errorCode: StrataErrorCode,
): Promise<PolicyDecision> {
  const decided = await options.fallback.decide(input);
  return { choice: decided.choice, repairs, fallback: true, usage, error, errorCode, requests };
}

/** HTTP statuses no retry or later decision can fix: the key, its permissions, the model name or URL. */
const FATAL_STATUSES = new Set([401, 403, 404]);

/**
 * Errors that would repeat on every decision: not retryable auth/permission/not-found answers, a
 * missing key, and a refused connection before the model ever answered (a wrong --base-url or a
 * server that is not running). Later connection errors count as fallbacks (a server restarting).
 */
function isFatal(error: unknown, reached: boolean): boolean {
  if (!StrataError.is(error)) return false;
  if (error.code === 'MODEL_API_KEY_MISSING') return true;
  const status = error.details.status;
  if (typeof status === 'number' && FATAL_STATUSES.has(status) && !error.isRetryable) return true;
  return !reached && error.details.reason === 'connection';
}

function fatalError(error: StrataError): StrataError {
  return new StrataError(
    error.code,
    `${error.message} The llm policy stopped at once: every decision would fail the same way. Check --model, --base-url and the API key.`,
    { cause: error, details: error.details, isRetryable: false },
  );
}

function addUsage(total: Usage, usage: Usage): void {
  total.input += usage.input;
  total.cachedInput += usage.cachedInput;
  total.output += usage.output;
}

/** The rejection in words a model can act on, without the adapter's internals. */
function plainProblem(error: StrataError, actionCount: number): string {
  const issues = error.details.issues;
  if (Array.isArray(issues) && issues.length > 0) return issues.map(String).join('; ').slice(0, 240);
  if (error.details.problem === 'not-json') return 'it was not valid JSON';
  return `it did not match {"choice": <integer 0-${actionCount - 1}>}`;
}

function describeError(error: unknown): string {
  if (error instanceof StrataError) return `${error.code}: ${error.message}`.slice(0, 300);
  return (error instanceof Error ? error.message : String(error)).slice(0, 300);
}
