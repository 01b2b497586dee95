// `npm run bench -- gateway`: concurrent sessions against several gateway processes on one Postgres, driven by
// autocannon; the fake upstream called directly in the same run is the baseline for the added latency.
//   GATEWAY_BENCH_SESSIONS (200), GATEWAY_BENCH_TURNS (50), GATEWAY_BENCH_PROCESSES (4), GATEWAY_BENCH_RATE (500 req/s)

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createPostgresStore } from '@strata-memory/strata/postgres';
import autocannon from 'autocannon';
import { type GatewayProcess, spawnGateway, spawnListening } from '../src/testing/spawn-gateway.js';
import { createDatabase, postgresUnavailable } from '../src/testing/test-postgres.js';

export interface GatewayBenchOptions {
  sessions: number;
  turns: number;
  processes: number;
  /** Requests per second over all processes (autocannon's overallRate); 0 = as fast as they go. */
  rate: number;
}

export interface GatewayBenchResult {
  requests: number;
  non2xx: number;
  errors: number;
  lostTurns: number;
  lostStateUpdates: number;
  requestsPerSecond: number;
  direct: { p50: number; p99: number; requestsPerSecond: number };
  gateway: { p50: number; p99: number };
  added: { p50: number; p99: number };
  /**
   * CPU the gateway processes used per request (user + system, from /proc; undefined elsewhere):
   * less sensitive to a loaded machine than latency, so before/after runs compare on it.
   */
  gatewayCpuMsPerRequest: number | undefined;
}

// utime + stime of a process in ms (Linux /proc; clock ticks are 100 per second there).
function cpuMsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

type Wire = { role: string; content: string | null };

function latency(result: autocannon.Result) {
  return { p50: result.latency.p50, p99: result.latency.p99 };
}

export async function runGatewayBench(
  options: GatewayBenchOptions,
  log: (line: string) => void = console.log,
): Promise<GatewayBenchResult> {
  const unavailable = await postgresUnavailable();
  if (unavailable) throw new Error(unavailable);
  const database = await createDatabase('bench');
  // The fake upstream (bench-upstream-process.ts: every 5th turn a state update) runs in its own process.
  const upstreamProcess = await spawnListening(
    fileURLToPath(new URL('./bench-upstream-process.ts', import.meta.url)),
    {},
  );
  const upstream = { baseURL: upstreamProcess.baseURL, close: () => upstreamProcess.stop() };
  const migrate = createPostgresStore({ connectionString: database.url });
  await migrate.open();
  await migrate.close();
  const gateways: GatewayProcess[] = [];
  // GATEWAY_BENCH_PG_SOCKET=<dir> (e.g. /var/run/postgresql): the gateways reach Postgres over its Unix
  // socket instead of loopback TCP, as a gateway on the database's host can.
  const socket = process.env.GATEWAY_BENCH_PG_SOCKET;
  const gatewayUrl = socket
    ? `postgres://postgres@/${database.name}?host=${encodeURIComponent(socket)}`
    : database.url;
  try {
    for (let index = 0; index < options.processes; index += 1) {
      gateways.push(
        await spawnGateway({ UPSTREAM: upstream.baseURL, STORE: 'postgres', DATABASE_URL: gatewayUrl }),
      );
    }
    const total = options.sessions * options.turns;
    const body = (turn: number) =>
      JSON.stringify({
        model: 'm',
        messages: [{ role: 'user', content: `turn ${turn}: ${'a question of ordinary length '.repeat(4)}` }],
      });

    // Baseline: the same requests straight to the fake upstream.
    log(`direct: ${total} requests to the fake upstream, ${options.sessions} connections`);
    const direct = await autocannon({
      url: `${upstream.baseURL}/chat/completions`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body(1),
      connections: options.sessions,
      amount: total,
      ...(options.rate > 0 ? { overallRate: options.rate } : {}),
    });

    // Through the gateways: one connection = one session, its turns in order, spread over the processes.
    const successes = new Map<string, number[]>();
    let nextSession = 0;
    const perProcess = Math.ceil(options.sessions / options.processes);
    log(`gateway: ${options.sessions} sessions x ${options.turns} turns over ${options.processes} processes`);
    const cpuBefore = gateways.map((gateway) => cpuMsOf(gateway.child.pid));
    const runs = await Promise.all(
      gateways.map((gateway) =>
        autocannon({
          url: `${gateway.url}/v1/chat/completions`,
          method: 'POST',
          connections: perProcess,
          amount: perProcess * options.turns,
          ...(options.rate > 0
            ? { overallRate: Math.max(1, Math.round(options.rate / options.processes)) }
            : {}),
          requests: [
            {
              setupRequest(request: Record<string, unknown>, context: Record<string, unknown>) {
                if (context.session === undefined) {
                  context.session = `bench-${nextSession}`;
                  nextSession += 1;
                  context.turn = 0;
                }
                const turn = (context.turn as number) + 1;
                context.turn = turn;
                return {
                  ...request,
                  headers: {
                    'content-type': 'application/json',
                    'x-strata-session': context.session as string,
                  },
                  body: body(turn),
                };
              },
              onResponse(status: number, _body: string, context: Record<string, unknown>) {
                if (status !== 200) return;
                const list = successes.get(context.session as string) ?? [];
                list.push(context.turn as number);
                successes.set(context.session as string, list);
              },
            },
          ],
        } as unknown as autocannon.Options),
      ),
    );
    const requests = runs.reduce((sum, run) => sum + run.requests.total, 0);
    const cpuUsed = gateways.map((gateway, index) => {
      const after = cpuMsOf(gateway.child.pid);
      const before = cpuBefore[index];
      return after === undefined || before === undefined ? undefined : after - before;
    });
    const gatewayCpuMsPerRequest = cpuUsed.every((used) => used !== undefined)
      ? Math.round((100 * cpuUsed.reduce((sum, used) => sum + (used ?? 0), 0)) / requests) / 100
      : undefined;
    const seconds = Math.max(...runs.map((run) => run.duration));
    // Latency over all processes: the slowest process's percentiles (a conservative merge).
    const gatewayLatency = {
      p50: Math.max(...runs.map((run) => latency(run).p50)),
      p99: Math.max(...runs.map((run) => latency(run).p99)),
    };

    // Verify: every acknowledged turn stored once, every state update applied.
    const store = createPostgresStore({ connectionString: database.url });
    let lostTurns = 0;
    let lostStateUpdates = 0;
    try {
      for (const [session, turns] of successes) {
        const record = await store.loadSession(`tenant/default/session/${session}`);
        const data = record?.layers.gateway as
          | { chat: { state: Record<string, number>; turns: Wire[] } }
          | undefined;
        const stored = new Map<string, number>();
        for (const turn of data?.chat.turns ?? []) {
          if (turn.role === 'user')
            stored.set(String(turn.content), (stored.get(String(turn.content)) ?? 0) + 1);
        }
        for (const turn of turns) {
          const content = JSON.parse(body(turn)).messages[0].content as string;
          if (stored.get(content) !== 1) lostTurns += 1;
          if (turn % 5 === 0 && data?.chat.state[`t${turn}`] !== turn) lostStateUpdates += 1;
        }
      }
    } finally {
      await store.close();
    }
    const result: GatewayBenchResult = {
      requests,
      non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
      errors: runs.reduce((sum, run) => sum + run.errors + run.timeouts, 0),
      lostTurns,
      lostStateUpdates,
      requestsPerSecond: Math.round(requests / seconds),
      direct: { ...latency(direct), requestsPerSecond: Math.round(direct.requests.average) },
      gateway: gatewayLatency,
      added: { p50: gatewayLatency.p50 - direct.latency.p50, p99: gatewayLatency.p99 - direct.latency.p99 },
      gatewayCpuMsPerRequest,
    };
    return result;
  } finally {
    await Promise.all(gateways.map((gateway) => gateway.stop()));
    await upstream.close();
    await database.drop();
  }
}

export async function runBench(): Promise<void> {
  const options: GatewayBenchOptions = {
    sessions: Number(process.env.GATEWAY_BENCH_SESSIONS ?? 200),
    turns: Number(process.env.GATEWAY_BENCH_TURNS ?? 50),
    processes: Number(process.env.GATEWAY_BENCH_PROCESSES ?? 4),
    rate: Number(process.env.GATEWAY_BENCH_RATE ?? 500),
  };
  const result = await runGatewayBench(options);
  console.table([
    {
      path: 'fake upstream directly',
      p50Ms: result.direct.p50,
      p99Ms: result.direct.p99,
      requestsPerSecond: result.direct.requestsPerSecond,
    },
    {
      path: `through ${options.processes} gateways`,
      p50Ms: result.gateway.p50,
      p99Ms: result.gateway.p99,
      requestsPerSecond: result.requestsPerSecond,
    },
    { path: 'added by the gateway', p50Ms: result.added.p50, p99Ms: result.added.p99, requestsPerSecond: '' },
  ]);
  console.log(
    `${result.requests} gateway requests (${result.non2xx} non-2xx, ${result.errors} errors); gateway CPU ${result.gatewayCpuMsPerRequest ?? '?'} ms per request; lost turns ${result.lostTurns}, lost state updates ${result.lostStateUpdates}; goal: p99 added <= 10 ms at ${options.rate} req/s`,
  );
  console.log(JSON.stringify({ options, ...result }));
  if (result.lostTurns > 0 || result.lostStateUpdates > 0)
    throw new Error('the gateway lost turns or state updates');
}
