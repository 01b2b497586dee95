// `@strata-memory/strata/anthropic`: Strata's ChatModel over the official `@anthropic-ai/sdk`, with a
// structured answer (a forced tool whose input schema is yours), and `toAnthropic(context)` (root entry),
// which marks the end of the stable prefix for Anthropic's prompt cache. Needs `npm install @anthropic-ai/sdk`.
// Runnable without a key: it talks to the fake Anthropic server of `/testing`. Against the real API, drop
// the server and `baseURL`, and set ANTHROPIC_API_KEY.
// Run: `node --import tsx examples/anthropic/main.ts`.
import { createMemory, outputSchemaFromStandard, toAnthropic, type WindowLayer } from '@strata-memory/strata';
import { createAnthropicChatModel } from '@strata-memory/strata/anthropic';
import { fakeReply, startFakeAnthropicServer } from '@strata-memory/strata/testing';
import { z } from 'zod';

const server = await startFakeAnthropicServer({
  script: [
    fakeReply.json(
      { category: 'hardware', urgent: true },
      { usage: { input: 120, cachedInput: 80, output: 12 } },
    ),
  ],
});

try {
  const memory = createMemory({
    budget: 600,
    system: 'You triage support tickets.',
    layers: [
      { kind: 'knowledge', budget: 200, entries: [{ key: 'jam', text: 'Paper jams are hardware issues.' }] },
      { kind: 'window', budget: 200 },
    ],
  });
  memory.layer<WindowLayer>('window').append('Ana: the printer jams on every page, we have a deadline today');
  const context = await memory.assemble({ query: 'printer jams' });

  const { system, messages } = toAnthropic(context);
  // The stable prefix (system text, then the knowledge layer) ends with a cache breakpoint.
  const marked = messages.flatMap((message, index) =>
    message.content.flatMap((block, position) =>
      'cache_control' in block && block.cache_control ? [`message ${index} block ${position}`] : [],
    ),
  );
  console.log(
    `toAnthropic: ${system.length} system block, ${messages.length} user message with ${messages[0]?.content.length} blocks; cache_control on ${marked.join(', ')}`,
  );

  const model = createAnthropicChatModel({
    model: 'claude-haiku-4-5',
    baseURL: server.baseURL,
    apiKey: 'sk-ant-example',
  });
  const triage = await model.generate({
    messages: context.messages,
    schema: outputSchemaFromStandard(
      'triage',
      z.object({ category: z.enum(['hardware', 'software']), urgent: z.boolean() }),
    ),
    maxOutputTokens: 100,
  });
  console.log(`structured answer: ${JSON.stringify(triage.object)}`);
  console.log(
    `usage: input ${triage.usage.input} (cached ${triage.usage.cachedInput}), output ${triage.usage.output}`,
  );
  const body = server.requests[0]?.body as { tool_choice?: { type: string; name: string } };
  console.log(`the request forced tool ${body.tool_choice?.name} (${body.tool_choice?.type})`);
} finally {
  await server.close();
}
