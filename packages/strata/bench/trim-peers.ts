/**
 * Fair peers for the messages layer: the same agent history (a user observation and an assistant
 * action per step), trimmed to the same budget on every call, by
 *  - LangChain.js `trimMessages` with token counts memoized by content (its best configuration:
 *    `trimMessages` copies every message on each call, so a memo keyed by message object never hits;
 *    the content strings are shared by the copies, so a memo keyed by content does),
 *  - the same with a chars/4 estimate (no tokenizer at all),
 *  - Mastra's `TokenLimiter` (0.x, the last line that installs on Node 20; js-tiktoken o200k_base),
 *  - Strata's messages layer (`add` the new turn, then `assemble`).
 * Every output is recounted exactly (o200k_base, OpenAI chat framing: countChatTokens) to say whether
 * it stays within the budget.
 */
import { createRequire } from 'node:module';
import {
  AIMessage,
  type BaseMessage,
  HumanMessage,
  SystemMessage,
  trimMessages,
} from '@langchain/core/messages';
import { TokenLimiter } from '@mastra/memory/processors';
import {
  type CountableMessage,
  countChatTokens,
  createMemory,
  type MessagesLayer,
  type Tokenizer,
} from '../src/index.js';
import {
  buildVocabulary,
  CallTimer,
  createRandom,
  observation,
  type Summary,
  sentence,
} from './bench-content.js';

export interface PeerResult {
  name: string;
  wall: Summary;
  cpu: Summary;
  calls: number;
  /** Largest exact count of an output (o200k_base, chat framing). */
  maxExactTokens: number;
  /** Calls whose output was over the budget by the exact count. */
  overBudget: number;
  /** Messages kept in the last output. */
  lastKept: number;
}

export interface PeersResult {
  budget: number;
  steps: number;
  historyTokens: number;
  historyMessages: number;
  strata: PeerResult;
  peers: PeerResult[];
}

export interface PeersOptions {
  tokenizer: Tokenizer;
  budget?: number;
  /** Steps of history before the measured calls (default 1,000). */
  steps?: number;
  /** Measured calls per peer; each adds one step (default 50). */
  calls?: number;
}

interface Step {
  user: string;
  assistant: string;
}

const SYSTEM =
  'You are an agent playing a deck-building card game. Read the context, then answer with exactly one action as JSON.';

function buildSteps(count: number): Step[] {
  const random = createRandom(1000);
  const vocabulary = buildVocabulary(random, 3000);
  const steps: Step[] = [];
  for (let index = 0; index < count; index += 1) {
    steps.push({
      user: observation(index, random, vocabulary),
      assistant: JSON.stringify({
        action: 'play_card',
        card_index: index % 5,
        target_index: index % 2,
        reason: sentence(random, vocabulary, 8),
      }),
    });
  }
  return steps;
}

const ROLES: Record<string, string> = { system: 'system', human: 'user', ai: 'assistant' };

function langchainRole(message: BaseMessage): string {
  return ROLES[message.getType()] ?? message.getType();
}

function recountLangchain(messages: readonly BaseMessage[], tokenizer: Tokenizer): number {
  return countChatTokens(
    messages.map((message) => ({ role: langchainRole(message), content: String(message.content) })),
    tokenizer,
  );
}

/** Runs every peer and Strata over the same history and the same new steps. */
export async function measurePeers(options: PeersOptions): Promise<PeersResult> {
  const budget = options.budget ?? 5000;
  const stepsBefore = options.steps ?? 1000;
  const calls = options.calls ?? 50;
  const { tokenizer } = options;
  const steps = buildSteps(stepsBefore + calls);
  const history = steps.slice(0, stepsBefore);
  const measured = steps.slice(stepsBefore);
  const exact = (messages: readonly CountableMessage[]): number => countChatTokens(messages, tokenizer);
  const historyTokens = exact([
    { role: 'system', content: SYSTEM },
    ...history.flatMap((step) => [
      { role: 'user', content: step.user },
      { role: 'assistant', content: step.assistant },
    ]),
  ]);

  const result = (name: string, timer: CallTimer, counts: number[], lastKept: number): PeerResult => ({
    name,
    ...timer.summary,
    calls: timer.wall.length,
    maxExactTokens: Math.max(...counts),
    overBudget: counts.filter((count) => count > budget).length,
    lastKept,
  });

  // Strata: the messages layer keeps the whole history (maxTurns above it) and fits the newest.
  const memory = createMemory({
    budget,
    system: SYSTEM,
    tokenizer,
    layers: [{ kind: 'messages', budget, maxTurns: 2 * steps.length + 2 }],
  });
  const layer = memory.layer<MessagesLayer>('messages');
  for (const step of history) {
    layer.add({ role: 'user', content: step.user });
    layer.add({ role: 'assistant', content: step.assistant });
  }
  await memory.assemble();
  const strataTimer = new CallTimer();
  const strataCounts: number[] = [];
  let strataKept = 0;
  for (const step of measured) {
    const context = await strataTimer.time(async () => {
      layer.add({ role: 'user', content: step.user });
      return memory.assemble();
    });
    strataCounts.push(exact(context.messages));
    strataKept = context.messages.length;
    layer.add({ role: 'assistant', content: step.assistant });
  }
  const strata = result('Strata messages layer (add + assemble)', strataTimer, strataCounts, strataKept);

  // LangChain: one BaseMessage history, grown by the same steps.
  const langchainHistory = (): BaseMessage[] => [
    new SystemMessage(SYSTEM),
    ...history.flatMap((step) => [new HumanMessage(step.user), new AIMessage(step.assistant)]),
  ];
  const roleTokens = new Map<string, number>();
  const contentTokens = new Map<string, number>();
  const memoizedCounter = (messages: BaseMessage[]): number => {
    let total = 3; // reply priming, as countChatTokens
    for (const message of messages) {
      const role = langchainRole(message);
      let forRole = roleTokens.get(role);
      if (forRole === undefined) {
        forRole = tokenizer.count(role);
        roleTokens.set(role, forRole);
      }
      const content = String(message.content);
      let forContent = contentTokens.get(content);
      if (forContent === undefined) {
        forContent = tokenizer.count(content);
        contentTokens.set(content, forContent);
      }
      total += 3 + forRole + forContent;
    }
    return total;
  };
  const charsCounter = (messages: BaseMessage[]): number => {
    let total = 3;
    for (const message of messages) total += 4 + Math.ceil(String(message.content).length / 4);
    return total;
  };
  const runLangchain = async (
    name: string,
    tokenCounter: (messages: BaseMessage[]) => number,
  ): Promise<PeerResult> => {
    const messages = langchainHistory();
    await trimMessages(messages, { maxTokens: budget, strategy: 'last', includeSystem: true, tokenCounter });
    const timer = new CallTimer();
    const counts: number[] = [];
    let kept = 0;
    for (const step of measured) {
      messages.push(new HumanMessage(step.user));
      const trimmed = await timer.time(() =>
        trimMessages(messages, { maxTokens: budget, strategy: 'last', includeSystem: true, tokenCounter }),
      );
      counts.push(recountLangchain(trimmed, tokenizer));
      kept = trimmed.length;
      messages.push(new AIMessage(step.assistant));
    }
    return result(name, timer, counts, kept);
  };
  const langchainMemo = await runLangchain(
    'LangChain trimMessages, counts memoized by content',
    memoizedCounter,
  );
  const langchainChars = await runLangchain('LangChain trimMessages, chars/4 estimate', charsCounter);

  // Mastra: TokenLimiter over AI SDK core messages, the system prompt passed as its systemMessage.
  const limiter = new TokenLimiter(budget);
  type CoreMessage = Parameters<TokenLimiter['process']>[0][number];
  const mastraMessages: CoreMessage[] = history.flatMap((step): CoreMessage[] => [
    { role: 'user', content: step.user },
    { role: 'assistant', content: step.assistant },
  ]);
  limiter.process(mastraMessages, { systemMessage: SYSTEM });
  const mastraTimer = new CallTimer();
  const mastraCounts: number[] = [];
  let mastraKept = 0;
  for (const step of measured) {
    mastraMessages.push({ role: 'user', content: step.user });
    const kept = await mastraTimer.time(() => limiter.process(mastraMessages, { systemMessage: SYSTEM }));
    mastraCounts.push(
      exact([
        { role: 'system', content: SYSTEM },
        ...kept.map((message) => ({ role: message.role, content: String(message.content) })),
      ]),
    );
    mastraKept = kept.length + 1;
    mastraMessages.push({ role: 'assistant', content: step.assistant });
  }
  const version = (createRequire(import.meta.url)('@mastra/memory/package.json') as { version: string })
    .version;
  const mastra = result(
    `Mastra TokenLimiter (@mastra/memory ${version})`,
    mastraTimer,
    mastraCounts,
    mastraKept,
  );

  return {
    budget,
    steps: stepsBefore,
    historyTokens,
    historyMessages: 1 + 2 * stepsBefore,
    strata,
    peers: [langchainMemo, langchainChars, mastra],
  };
}
