import { describe, expect, it } from 'vitest';
import { countChatTokens, countMessageTokens } from './count-chat-tokens.js';
import { createTiktokenTokenizer } from './tiktoken-tokenizer.js';

// prompt_tokens the OpenAI API reported for gpt-3.5-turbo (cl100k_base), as recorded in the test
// data of the openai-chat-tokens package (hmarr/openai-chat-tokens, tests/token-counts.test.ts).
// Legacy `function_call` is the only tool format whose rendering was measured this way; the
// tool-call rule is built on it (see countMessageTokens).
const cl100k = createTiktokenTokenizer('cl100k_base');
const call = (id: string, name: string, args: string) => ({ id, function: { name, arguments: args } });

describe('the chat framing rule against counts the API reported', () => {
  it('plain messages: 3 per message + role + content, 3 for the reply', () => {
    expect(countChatTokens([{ role: 'user', content: 'hello' }], cl100k)).toBe(8);
    expect(countChatTokens([{ role: 'user', content: 'hello world' }], cl100k)).toBe(9);
    expect(countChatTokens([{ role: 'system', content: 'hello:' }], cl100k)).toBe(9);
    expect(
      countChatTokens(
        [
          { role: 'system', content: "# Important: you're the best robot" },
          { role: 'user', content: 'hello robot' },
          { role: 'assistant', content: 'hello world' },
        ],
        cl100k,
      ),
    ).toBe(27);
  });

  it('a tool call costs what a function call did (26 and 25 reported), plus its id', () => {
    const reported = [
      { args: '{"foo": "bar", "baz": 1.5}', tokens: 26 },
      { args: '{"foo":"bar", "baz":\n\n 1.5}', tokens: 25 },
    ];
    for (const { args, tokens } of reported) {
      // With an empty id the rule is exactly the measured function-call rendering.
      const bare = { role: 'assistant', content: '', toolCalls: [call('', 'do_stuff', args)] };
      expect(countChatTokens([bare], cl100k)).toBe(tokens);
      const withId = { role: 'assistant', content: '', toolCalls: [call('call_abc123', 'do_stuff', args)] };
      expect(countChatTokens([withId], cl100k)).toBe(tokens + cl100k.count('call_abc123'));
    }
  });

  it('a tool result costs at least what a function result did (15, 28, 24 reported)', () => {
    // A function result carried `name` (the function) and cost 2 less than a named message; a tool
    // result carries `tool_call_id` instead. Counted with the name in the id's place, the rule is
    // one token above each reported count: an upper bound.
    const reported = [
      { before: [{ role: 'user', content: 'hello world' }], name: 'do_stuff', content: '{}', tokens: 15 },
      {
        before: [{ role: 'user', content: 'hello world' }],
        name: 'do_stuff',
        content: '{"foo": "bar", "baz": 1.5}',
        tokens: 28,
      },
      { before: [], name: 'dance_the_tango', content: '{"a": { "b" : { "c": false}}}', tokens: 24 },
    ];
    for (const { before, name, content, tokens } of reported) {
      const result = { role: 'tool', content, toolCallId: name };
      // 'tool' and 'function' are one token each.
      expect(countChatTokens([...before, result], cl100k)).toBe(tokens + 1);
    }
  });

  it('an empty name is counted: it is sent', () => {
    const o200k = createTiktokenTokenizer('o200k_base');
    expect(countMessageTokens({ role: 'user', content: 'hi', name: '' }, o200k)).toBe(
      countMessageTokens({ role: 'user', content: 'hi' }, o200k) + 1,
    );
  });
});
