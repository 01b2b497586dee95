// The bench's fake OpenAI-compatible upstream, in a process of its own so that its work (parsing every
// assembled request) is not charged to the load tool's event loop. It keeps nothing of what it receives.
// Prints {"url"} once listening; SIGTERM stops it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type Wire = { role: string; content: string | null };
let index = 0;

// Every 5th turn the model records it in state (an extra upstream round); otherwise it answers.
function answer(body: { model?: string; messages?: Wire[] }) {
  index += 1;
  const last = body.messages?.at(-1);
  const turn = Number(/turn (\d+)/.exec(String(last?.content))?.[1] ?? 1);
  const stateCall = last?.role !== 'tool' && turn % 5 === 0;
  const message = stateCall
    ? {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: `call_bench_${index}`,
            type: 'function',
            function: { name: 'update_state', arguments: JSON.stringify({ [`t${turn}`]: turn }) },
          },
        ],
      }
    : { role: 'assistant', content: last?.role === 'tool' ? 'noted' : `answer to turn ${turn}` };
  return {
    id: `chatcmpl-bench-${index}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: body.model ?? 'm',
    choices: [{ index: 0, message, finish_reason: stateCall ? 'tool_calls' : 'stop', logprobs: null }],
    usage: { prompt_tokens: 100, completion_tokens: 5, total_tokens: 105 },
  };
}

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    let body: { model?: string; messages?: Wire[] } = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end('{"error":{"message":"body is not JSON"}}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer(body)));
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
});
process.once('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
