// The floor of the gateway bench's goal on this machine: the added latency of the least a gateway can
// do (floor-proxy-process.ts: Fastify, forward over keep-alive node:http; and the same plus one
// Postgres INSERT per turn, the write a gateway that loses no acknowledged turn cannot skip), in as many
// processes as the bench's gateways, driven by the same paced sessions at the same rate, against the
// fake upstream called directly in the same run. If the floor misses the goal, no gateway with memory
// meets it here. `npm run bench -- gateway` prints it after the gateway's own numbers
// (GATEWAY_BENCH_FLOOR=0 leaves it out).
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type GatewayProcess, spawnListening } from '../src/testing/spawn-gateway.js';
import { createDatabase, postgresUnavailable } from '../src/testing/test-postgres.js';
import { cpuMsOf, latency as percentiles } from './bench-measures.js';
import { drivePacedSessions, type PacedRunResult, type PacedSession } from './paced-sessions.js';

export interface ProxyFloorOptions {
  sessions: number;
  turns: number;
  processes: number;
  rate: number;
  warmupSessions: number;
}

export interface ProxyFloorRow {
  path: string;
  requests: number;
  p50: number;
  p99: number;
  requestsPerSecond: number;
  addedP50: number;
  addedP99: number;
  /** CPU of the proxy processes per request (ms; /proc, undefined elsewhere). */
  cpuMsPerRequest: number | undefined;
  non2xx: number;
  errors: number;
  /** Turns the Postgres path stored (counted in the database afterwards); undefined for the others. */
  turnsStored?: number;
}

const body = (turn: number) =>
  JSON.stringify({
    model: 'm',
    messages: [{ role: 'user', content: `turn ${turn}: ${'a question of ordinary length '.repeat(4)}` }],
  });

function sessions(urls: readonly string[], prefix: string, count: number, turns: number): PacedSession[] {
  return Array.from({ length: count }, (_, index) => ({
    turns,
    request: (turn) => ({
      url: urls[index % urls.length] ?? '',
      headers: { 'content-type': 'application/json', 'x-strata-session': `${prefix}-${index}` },
      body: body(turn),
    }),
  }));
}

async function storedTurns(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ count: string }>('SELECT count(*) AS count FROM floor_turns');
    return Number(result.rows[0]?.count ?? 0);
  } finally {
    await client.end();
  }
}

/** Direct, then through the bare proxies, then through the proxies that write each turn to Postgres. */
export async function runProxyFloor(
  options: ProxyFloorOptions,
  log: (line: string) => void = console.log,
): Promise<ProxyFloorRow[]> {
  const unavailable = await postgresUnavailable();
  if (unavailable) throw new Error(unavailable);
  const database = await createDatabase('floor');
  const upstream = await spawnListening(
    fileURLToPath(new URL('./bench-upstream-process.ts', import.meta.url)),
    {},
  );
  const script = fileURLToPath(new URL('./floor-proxy-process.ts', import.meta.url));
  const processes: GatewayProcess[] = [];
  try {
    const measure = async (path: string, urls: string[], pids: Array<number | undefined>) => {
      if (options.warmupSessions > 0)
        await drivePacedSessions(
          sessions(urls, `${path}-warm`, options.warmupSessions, options.turns),
          options.rate,
        );
      const before = pids.map(cpuMsOf);
      const run = await drivePacedSessions(
        sessions(urls, path, options.sessions, options.turns),
        options.rate,
      );
      const after = pids.map(cpuMsOf);
      const used = after.map((value, index) => {
        const start = before[index];
        return value === undefined || start === undefined ? undefined : value - start;
      });
      const cpu =
        pids.length === 0 || used.some((value) => value === undefined)
          ? undefined
          : Math.round((100 * used.reduce((sum: number, value) => sum + (value ?? 0), 0)) / run.requests) /
            100;
      return { run, cpu };
    };
    const rows: ProxyFloorRow[] = [];
    let storedBefore = 0;
    let direct: PacedRunResult | undefined;
    const add = (path: string, run: PacedRunResult, cpu: number | undefined) => {
      const latency = percentiles(run.times);
      const base = direct === undefined ? latency : percentiles(direct.times);
      rows.push({
        path,
        requests: run.requests,
        ...latency,
        requestsPerSecond: Math.round(run.requestsPerSecond),
        addedP50: Math.round((latency.p50 - base.p50) * 100) / 100,
        addedP99: Math.round((latency.p99 - base.p99) * 100) / 100,
        cpuMsPerRequest: cpu,
        non2xx: run.non2xx,
        errors: run.errors,
      });
    };
    log(`floor: fake upstream directly, ${options.sessions} sessions x ${options.turns} turns`);
    const directRun = await measure('direct', [`${upstream.baseURL}/chat/completions`], []);
    direct = directRun.run;
    add('fake upstream directly', directRun.run, undefined);
    // GATEWAY_BENCH_FLOOR_GROUP=0 leaves out the third path (turns of concurrent requests committed together).
    const variants: Array<'bare' | 'pg' | 'group'> =
      process.env.GATEWAY_BENCH_FLOOR_GROUP === '0' ? ['bare', 'pg'] : ['bare', 'pg', 'group'];
    for (const variant of variants) {
      const withPostgres = variant !== 'bare';
      const env: Record<string, string> = { FLOOR_UPSTREAM: upstream.baseURL };
      if (variant === 'group') env.FLOOR_GROUP_COMMIT = '1';
      // GATEWAY_BENCH_SYNCHRONOUS_COMMIT=off, as for the gateways: a measurement of the WAL flush wait only.
      const synchronousCommit = process.env.GATEWAY_BENCH_SYNCHRONOUS_COMMIT;
      if (withPostgres)
        env.FLOOR_DATABASE_URL = synchronousCommit
          ? `${database.url}${database.url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c synchronous_commit=${synchronousCommit}`)}`
          : database.url;
      const started: GatewayProcess[] = [];
      for (let index = 0; index < options.processes; index += 1)
        started.push(await spawnListening(script, env));
      processes.push(...started);
      const path =
        variant === 'group'
          ? `${options.processes} bare proxies + concurrent turns committed together`
          : withPostgres
            ? `${options.processes} bare proxies + 1 Postgres INSERT per turn`
            : `${options.processes} bare proxies (Fastify + node:http)`;
      log(`floor: ${path}`);
      const measured = await measure(
        variant,
        started.map((proxy) => `${proxy.url}/v1/chat/completions`),
        started.map((proxy) => proxy.child.pid),
      );
      add(path, measured.run, measured.cpu);
      await Promise.all(started.map((proxy) => proxy.stop()));
      const last = rows.at(-1);
      if (withPostgres && last !== undefined) {
        const stored = await storedTurns(database.url);
        last.turnsStored = stored - storedBefore;
        storedBefore = stored;
      }
    }
    return rows;
  } finally {
    await Promise.all(processes.map((proxy) => proxy.stop()));
    await upstream.stop();
    await database.drop();
  }
}
