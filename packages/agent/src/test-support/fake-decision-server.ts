import { createServer } from 'node:net';
import {
  type FakeModelReply,
  type FakeModelServer,
  fakeReply,
  startFakeOpenAIServer,
} from '@strata-memory/strata/testing';
import { afterEach } from 'vitest';

// Test support (not built into dist): the fake model server the LLM-policy failure tests drive, shared so
// the agent-loop tests and the CLI tests script the same protocol.

interface RequestBody {
  response_format?: {
    json_schema?: { name?: string; schema?: { properties?: { choice?: { enum?: number[] } } } };
  };
}

/** How a test scripts the decision replies: `count` numbers the decision requests from 1, `legal` is the choice enum. */
export type DecideReply = (count: number, legal: number[]) => FakeModelReply;

/**
 * Fake OpenAI servers for one test file, closed after each test. Decision requests (the `decision` JSON
 * schema) get `decide(n, legal)`; anything else (lesson extraction) gets no lessons.
 */
export function useFakeDecisionServers(): {
  serve(decide: DecideReply): Promise<FakeModelServer>;
  decisionRequests(server: FakeModelServer): number;
} {
  const servers: FakeModelServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });
  return {
    async serve(decide) {
      let count = 0;
      const server = await startFakeOpenAIServer({
        handler(request) {
          const format = (request.body as RequestBody).response_format?.json_schema;
          if (format?.name !== 'decision') return fakeReply.json({ lessons: [] });
          count += 1;
          return decide(count, format.schema?.properties?.choice?.enum ?? [0]);
        },
      });
      servers.push(server);
      return server;
    },
    decisionRequests(server) {
      return server.requests.filter(
        (request) => (request.body as RequestBody).response_format?.json_schema?.name === 'decision',
      ).length;
    },
  };
}

/** A port nothing listens on: bound, then released. */
export async function deadPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
