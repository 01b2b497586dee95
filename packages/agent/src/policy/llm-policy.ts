import type { ChatMessage, ChatModel, Tokenizer, Usage } from '@strata-memory/strata';
import { StrataError } from '@strata-memory/strata';
import { decisionSchema, type ModelDecision } from './decision-schema.js';
import type { Policy, PolicyDecision, PolicyInput } from './policy.js';

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
          addUsage(usage, result.usage);
          answerText = result.text;
          decision = result.object;
          if (decision === undefined) lastProblem = 'the answer had no JSON object';
        } catch (error) {
          if (!StrataError.is(error, 'MODEL_OUTPUT_INVALID')) {
            // HTTP errors reach us only after the adapter's own retries: the heuristic decides.
            return fallBack(options, input, requests, repairs, usage, describeError(error));
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
): Promise<PolicyDecision> {
  const decided = await options.fallback.decide(input);
  return { choice: decided.choice, repairs, fallback: true, usage, error, requests };
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
