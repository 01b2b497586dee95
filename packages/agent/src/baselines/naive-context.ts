import type { Tokenizer } from '@strata-memory/strata';
import type { AgentContext, DecisionInput, DecisionPrompt, StepInput } from '../agent/agent-context.js';
import { decisionText } from '../agent/agent-context.js';
import { SYSTEM_PROMPT } from '../agent/system-prompt.js';
import { describeAction } from '../observe/describe-action.js';
import { type CountedMessage, countedMessage, requestTokens, stablePrefix } from './message-history.js';

/** Options of `createNaiveContext`. */
export interface NaiveContextOptions {
  tokenizer: Tokenizer;
  /** Truncate the oldest turns from the front when the request would exceed this (like real apps). */
  contextLimit?: number;
}

/**
 * The common anti-pattern: an append-only log of every observation (the same rendering the
 * structured agent uses, no padding) and every decision, sent whole each time.
 */
export function createNaiveContext(options: NaiveContextOptions): AgentContext {
  const { tokenizer } = options;
  const system = countedMessage({ role: 'system', content: SYSTEM_PROMPT }, tokenizer);
  const history: CountedMessage[] = [];
  let historyTokens = 0;
  let dropFrom = 0;
  let previous: CountedMessage[] = [];
  let pendingObservation: CountedMessage | undefined;

  return {
    kind: 'naive',
    async update() {},
    async prompt(input: StepInput): Promise<DecisionPrompt> {
      pendingObservation = countedMessage({ role: 'user', content: input.observation.text }, tokenizer);
      let tokens = requestTokens([system, pendingObservation]) + historyTokens;
      // Truncation from the front, a whole (observation, decision) pair at a time.
      if (options.contextLimit !== undefined) {
        while (tokens > options.contextLimit && dropFrom < history.length) {
          const dropped = history.slice(dropFrom, dropFrom + 2);
          for (const each of dropped) {
            historyTokens -= each.tokens;
            tokens -= each.tokens;
          }
          dropFrom += dropped.length;
        }
      }
      const messages = [system, ...history.slice(dropFrom), pendingObservation];
      const prefix = stablePrefix(previous, messages);
      previous = messages;
      return {
        messages: messages.map((each) => each.message),
        promptTokens: tokens,
        layers: { system: system.tokens, history: historyTokens, observation: pendingObservation.tokens },
        dropped: dropFrom > 0 ? { history: dropFrom } : {},
        stablePrefixTokens: prefix,
        budget: options.contextLimit ?? null,
      };
    },
    async record(input: DecisionInput) {
      const observation =
        pendingObservation ?? countedMessage({ role: 'user', content: input.observation.text }, tokenizer);
      const label = describeAction(input.state, input.action);
      const answer = countedMessage({ role: 'assistant', content: decisionText(input, label) }, tokenizer);
      history.push(observation, answer);
      historyTokens += observation.tokens + answer.tokens;
      pendingObservation = undefined;
    },
    async replay(input: DecisionInput) {
      // The step's prompt too: the first resumed request measures its stable prefix against the last one.
      await this.prompt({ ...input, events: [] });
      await this.record(input);
    },
    async commit() {},
    async close() {},
  };
}
