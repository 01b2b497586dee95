import type { Tokenizer } from '@strata-memory/strata';
import type { AgentContext, DecisionInput, DecisionPrompt, StepInput } from '../agent/agent-context.js';
import { decisionText } from '../agent/agent-context.js';
import { SYSTEM_PROMPT } from '../agent/system-prompt.js';
import { describeAction } from '../observe/describe-action.js';
import { renderStateJson } from '../observe/render-state-json.js';
import { type CountedMessage, countedMessage, requestTokens, stablePrefix } from './message-history.js';

/** Options of `createWindowContext`. */
export interface WindowContextOptions {
  tokenizer: Tokenizer;
  /** Past turns kept (default 8): each is the step's numbered actions and the decision taken. */
  windowTurns?: number;
}

/**
 * The usual "last N turns" agent: system prompt, the last N turns (what was offered, what was
 * chosen), then the current state as JSON with the numbered legal actions.
 */
export function createWindowContext(options: WindowContextOptions): AgentContext {
  const { tokenizer } = options;
  const windowTurns = options.windowTurns ?? 8;
  const system = countedMessage({ role: 'system', content: SYSTEM_PROMPT }, tokenizer);
  let turns: CountedMessage[][] = [];
  let previous: CountedMessage[] = [];

  const actionsList = (input: Pick<StepInput, 'state' | 'observation'>): string =>
    input.observation.actions
      .map((action, index) => `${index}: ${describeAction(input.state, action)}`)
      .join('\n');

  return {
    kind: 'window',
    async update() {},
    async prompt(input: StepInput): Promise<DecisionPrompt> {
      const current = countedMessage(
        {
          role: 'user',
          content: `State JSON:\n${renderStateJson(input.state)}\nActions (answer with the number):\n${actionsList(input) || '(none)'}`,
        },
        tokenizer,
      );
      const history = turns.flat();
      const messages = [system, ...history, current];
      const prefix = stablePrefix(previous, messages);
      previous = messages;
      const historyTokens = history.reduce((sum, each) => sum + each.tokens, 0);
      return {
        messages: messages.map((each) => each.message),
        promptTokens: requestTokens(messages),
        layers: { system: system.tokens, history: historyTokens, state: current.tokens },
        dropped: {},
        stablePrefixTokens: prefix,
        budget: null,
      };
    },
    async record(input: DecisionInput) {
      const label = describeAction(input.state, input.action);
      const offered = countedMessage(
        {
          role: 'user',
          content: `Step ${input.step}, ${input.state.screen}. Actions:\n${actionsList(input)}`,
        },
        tokenizer,
      );
      const answer = countedMessage({ role: 'assistant', content: decisionText(input, label) }, tokenizer);
      turns.push([offered, answer]);
      if (turns.length > windowTurns) turns = turns.slice(turns.length - windowTurns);
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
