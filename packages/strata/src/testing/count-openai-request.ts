/**
 * Tokens of an OpenAI Chat Completions request body as the fake server counts it, read from the
 * wire JSON (snake_case `tool_calls`, `tool_call_id`, content strings or text parts) and written
 * apart from Strata's own counting so tests can hold one against the other. The rule is the one
 * Strata documents (countMessageTokens): 3 per message + role + content (+ name + 1), every tool
 * call 3 + id + function name + arguments, a tool result + its call id, and 3 for the reply.
 * Tool definitions (`tools`) are not counted: they are outside the messages a budget covers.
 */
export function countOpenAIRequestTokens(body: unknown, tokenizer: { count(text: string): number }): number {
  const messages = (body as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(messages)) return 0;
  let tokens = 3;
  for (const raw of messages) {
    const message = raw as {
      role?: unknown;
      content?: unknown;
      name?: unknown;
      tool_calls?: unknown;
      tool_call_id?: unknown;
    };
    tokens += 3 + tokenizer.count(String(message.role ?? ''));
    if (typeof message.content === 'string') tokens += tokenizer.count(message.content);
    else if (Array.isArray(message.content)) {
      for (const part of message.content as Array<{ type?: unknown; text?: unknown }>) {
        if (part?.type === 'text' && typeof part.text === 'string') tokens += tokenizer.count(part.text);
      }
    }
    if (typeof message.name === 'string') tokens += tokenizer.count(message.name) + 1;
    if (Array.isArray(message.tool_calls)) {
      for (const call of message.tool_calls as Array<{
        id?: unknown;
        function?: { name?: unknown; arguments?: unknown };
      }>) {
        tokens +=
          3 +
          tokenizer.count(String(call?.id ?? '')) +
          tokenizer.count(String(call?.function?.name ?? '')) +
          tokenizer.count(String(call?.function?.arguments ?? ''));
      }
    }
    if (typeof message.tool_call_id === 'string') tokens += tokenizer.count(message.tool_call_id);
  }
  return tokens;
}
