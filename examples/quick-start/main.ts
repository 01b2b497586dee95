// The README's quick start, runnable: `node --import tsx examples/quick-start/main.ts`.
import {
  createMemory,
  type StateLayer,
  toAnthropic,
  toOpenAIMessages,
  type WindowLayer,
} from '@strata-memory/strata';
import { z } from 'zod';

const memory = createMemory({
  budget: 1200, // hard cap on every request's tokens (o200k_base, chat framing included)
  system: 'You are a support agent for Acme printers.',
  layers: [
    {
      kind: 'knowledge',
      entries: [
        {
          key: 'paper-jam',
          text: 'Open the rear door and pull the sheet straight out. Use 80-105 gsm paper.',
        },
        { key: 'offline', text: 'Print the network page and re-add the printer if its IP changed.' },
      ],
      budget: 300,
    },
    { kind: 'summary', budget: 120, overwriteOn: 'ticket-opened' },
    { kind: 'lessons', budget: 200 },
    { kind: 'window', budget: 400, maxEvents: 20, resetOn: 'ticket-closed' },
    {
      kind: 'state',
      schema: z.object({ ticket: z.string().optional(), status: z.enum(['open', 'closed']) }),
      initial: { status: 'open' },
    },
  ],
});

await memory.transition('ticket-opened', { summary: 'Ana, small office, Inkline 300: jams on every page.' });
memory.layer<WindowLayer>('window').append('Ana: my printer jams on every second page');
memory.layer<StateLayer>('state').patch({ ticket: 'T-1001' }); // JSON merge patch, validated by the schema

const context = await memory.assemble({ query: 'printer jams paper', keys: [] });
console.log(`${context.tokens} / ${context.budget} tokens, stable prefix ${context.stablePrefixTokens}`);
for (const layer of context.layers) {
  console.log(
    `  ${layer.name}: ${layer.tokens} tokens, ${layer.items} shown, ${layer.dropped.length} left out`,
  );
}
// -> openai.chat.completions.create({ model, messages }): the stable layers first, the dynamic ones last.
for (const message of toOpenAIMessages(context))
  console.log(`[${message.role}]\n${String(message.content).trimEnd()}`);
// -> anthropic.messages.create({ model, system, messages }): a cache breakpoint after the stable prefix.
const anthropic = toAnthropic(context);
const breakpoint = anthropic.messages.findIndex((message) =>
  message.content.some((block) => 'cache_control' in block && block.cache_control !== undefined),
);
console.log(`toAnthropic: ${anthropic.messages.length} message(s), cache_control in message ${breakpoint}`);

await memory.transition('ticket-closed'); // the window is wiped
console.log(`after ticket-closed: ${memory.layer<WindowLayer>('window').events.length} window events`);
