import { describe, it } from 'vitest';
import { expectDocumentedOutput } from '../shared/documented-output.js';

// The AI SDK example needs ai 7, which needs Node 22+: on Node 20 vitest leaves *.node22.test.ts out and
// .ci/run runs this file under Node 22 and 24 (scripts/run-node.sh), where it must pass.
describe('examples/ai-sdk', () => {
  it('examples/ai-sdk/main.ts prints what the docs show', () =>
    expectDocumentedOutput('examples/ai-sdk/main.ts'));
});
