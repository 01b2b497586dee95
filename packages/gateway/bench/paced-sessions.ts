import { Agent, request } from 'node:http';

// The gateway bench's load tool. Written here rather than taken from autocannon: autocannon's rate is a
// whole number of requests per connection per second, sent as a burst at each second's start, so 500
// req/s over 200 one-session connections cannot be asked of it (it became 3 req/s for some and 2 for
// the others, ~400 req/s once the fast ones finished). Here every session has its own keep-alive
// connection and its turns in order, and the sessions' sends are spaced evenly over time: at `rate`
// req/s the whole run offers one request every 1/rate s for as long as it lasts.

/** One request of a session's turn. */
export interface PacedRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** A session: its turns, sent in order, each after the previous one's response. */
export interface PacedSession {
  turns: number;
  /** The request of turn `turn` (1-based). */
  request(turn: number): PacedRequest;
  /** Called with each response (status and body). */
  onResponse?(turn: number, status: number, body: string): void;
}

/** What one paced run saw. */
export interface PacedRunResult {
  requests: number;
  non2xx: number;
  errors: number;
  /** Every response time (ms, from the request's send to its response's end). */
  times: number[];
  /** How late each send was against its schedule (ms; 0 while the system keeps up). */
  lateness: number[];
  /** From the first send to the last response (s). */
  seconds: number;
  /** Requests per second achieved: requests / seconds. */
  requestsPerSecond: number;
}

/**
 * Drives the sessions at `rate` requests per second in all (0: each session as fast as its responses
 * come). Session i's turn k is due at start + (i + k * sessions) / rate: one session sends every
 * sessions/rate seconds, and the sessions are offset by 1/rate from each other, so the offered load is
 * even over the whole run. A turn whose previous response came after its due time is sent at once
 * (turns stay in order); `lateness` shows by how much the system fell behind the schedule.
 */
export async function drivePacedSessions(
  sessions: readonly PacedSession[],
  rate: number,
  timeoutMs = 60_000,
): Promise<PacedRunResult> {
  const result: PacedRunResult = {
    requests: 0,
    non2xx: 0,
    errors: 0,
    times: [],
    lateness: [],
    seconds: 0,
    requestsPerSecond: 0,
  };
  const start = performance.now() + 50;
  let firstSend = Number.POSITIVE_INFINITY;
  let lastEnd = 0;
  const count = sessions.length;

  const runSession = async (session: PacedSession, index: number) => {
    // One connection per session, kept alive between its turns (as one client of the gateway would).
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let turn = 1; turn <= session.turns; turn += 1) {
        if (rate > 0) {
          const due = start + ((index + (turn - 1) * count) * 1000) / rate;
          const wait = due - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          result.lateness.push(Math.max(0, performance.now() - due));
        }
        const { url, headers, body } = session.request(turn);
        const sent = performance.now();
        firstSend = Math.min(firstSend, sent);
        const answer = await send(agent, url, headers, body, timeoutMs).catch(() => undefined);
        const ended = performance.now();
        lastEnd = Math.max(lastEnd, ended);
        result.requests += 1;
        if (answer === undefined) {
          result.errors += 1;
          continue;
        }
        result.times.push(ended - sent);
        if (answer.status < 200 || answer.status > 299) result.non2xx += 1;
        session.onResponse?.(turn, answer.status, answer.body);
      }
    } finally {
      agent.destroy();
    }
  };

  await Promise.all(sessions.map(runSession));
  result.seconds = Math.max(0, lastEnd - firstSend) / 1000;
  result.requestsPerSecond = result.seconds > 0 ? result.requests / result.seconds : 0;
  return result;
}

function send(
  agent: Agent,
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        timeout: timeoutMs,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no response in ${timeoutMs} ms`)));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
