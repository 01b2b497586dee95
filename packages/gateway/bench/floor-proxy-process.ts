// The least a gateway in front of the upstream can do, for the bench's floor: Fastify takes the chat
// request, (with FLOOR_DATABASE_URL) writes the turn to Postgres in one statement, as a gateway that
// loses no acknowledged turn must before it answers, forwards the body to the upstream on a keep-alive
// node:http agent (as strata serve does) and returns the upstream's answer. No memory, no auth, no
// tokenizer, no metrics. With FLOOR_GROUP_COMMIT=1 the turns of concurrent requests are committed
// together: one multi-row INSERT (one transaction, one WAL flush) takes every turn that arrived while
// the previous one was committing, and each request still waits for its own turn's commit, so nothing
// acknowledged is lost. Prints {"url"} once listening; SIGTERM stops it.
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import pg from 'pg';

const upstream = new URL(process.env.FLOOR_UPSTREAM ?? '');
const databaseUrl = process.env.FLOOR_DATABASE_URL;
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 10 }) : undefined;
const groupCommit = process.env.FLOOR_GROUP_COMMIT === '1';

interface PendingTurn {
  session: string;
  turn: string;
  done: (error?: Error) => void;
}
const pending: PendingTurn[] = [];
let committing = false;

/** Commits every waiting turn in one statement, then again while more arrived meanwhile. */
async function commitPending(db: pg.Pool): Promise<void> {
  committing = true;
  while (pending.length > 0) {
    const batch = pending.splice(0, pending.length);
    const values = batch.flatMap((item) => [item.session, item.turn]);
    const rows = batch.map((_, index) => `($${2 * index + 1}, $${2 * index + 2})`).join(', ');
    try {
      await db.query(`INSERT INTO floor_turns (session_id, turn) VALUES ${rows}`, values);
      for (const item of batch) item.done();
    } catch (error) {
      for (const item of batch) item.done(error as Error);
    }
  }
  committing = false;
}

function storeTurn(db: pg.Pool, session: string, turn: string): Promise<void> {
  if (!groupCommit)
    return db
      .query({
        name: 'floor-turn',
        text: 'INSERT INTO floor_turns (session_id, turn) VALUES ($1, $2)',
        values: [session, turn],
      })
      .then(() => undefined);
  return new Promise((resolve, reject) => {
    pending.push({ session, turn, done: (error) => (error ? reject(error) : resolve()) });
    if (!committing) void commitPending(db);
  });
}

function forward(body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        agent,
        host: upstream.hostname,
        port: upstream.port,
        path: '/chat/completions',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 502, text: Buffer.concat(chunks).toString('utf8') }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const app = Fastify({ logger: false, bodyLimit: 1_048_576 });
app.post('/v1/chat/completions', async (req, reply) => {
  const session = String(req.headers['x-strata-session'] ?? '');
  const body = req.body as { messages?: unknown[] };
  const text = JSON.stringify(body);
  if (pool !== undefined) await storeTurn(pool, session, JSON.stringify(body.messages?.at(-1) ?? null));
  const answer = await forward(text);
  return reply.code(answer.status).header('content-type', 'application/json').send(answer.text);
});

if (pool !== undefined)
  await pool.query('CREATE TABLE IF NOT EXISTS floor_turns (session_id text NOT NULL, turn text NOT NULL)');
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;
process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
process.once('SIGTERM', () => {
  void app.close().then(async () => {
    await pool?.end();
    process.exit(0);
  });
});
