import { describe, expect, it } from 'vitest';
import { createMemory } from '../memory/memory.js';
import { countChatTokens } from '../tokenizer/count-chat-tokens.js';
import { createTiktokenTokenizer } from '../tokenizer/tiktoken-tokenizer.js';
import type { ObservationLayer } from './observation-layer.js';
import type { WindowLayer } from './window-layer.js';

const tokenizer = createTiktokenTokenizer('o200k_base');

describe('fitItems: exact counts at line boundaries', () => {
  // o200k_base's punctuation chunk swallows a '/' after "punctuation + newline", so "<o>\n" + "/y"
  // counts one token more together than apart: without the escape the total was one under the truth.
  it.each(['/y', '/x/y', '//z', '/ a', 'end.\n/y'])(
    'reports the exact request tokens when a line starts with a slash (%j)',
    async (text) => {
      const memory = createMemory({
        budget: 2_000,
        layers: [
          { kind: 'window', name: 'events', budget: 500 },
          { kind: 'observation', name: 'now', budget: 500 },
        ],
      });
      memory.layer<WindowLayer>('events').append('gate>');
      memory.layer<WindowLayer>('events').append(text);
      memory.layer<ObservationLayer<string>>('now').set(text);
      const context = await memory.assemble();
      expect(context.tokens).toBe(countChatTokens(context.messages, tokenizer));
      if (text.startsWith('/')) expect(context.text).toContain(`\\${text}`);
    },
  );
});
