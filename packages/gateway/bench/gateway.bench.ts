// `npm run bench -- gateway`: concurrent sessions against several gateway processes on one Postgres, driven by
// paced-sessions.ts (each session's turns in order, the sends spread evenly at the rate); the fake upstream called directly in the same run is the baseline for the added latency.
//   GATEWAY_BENCH_SESSIONS (200), GATEWAY_BENCH_TURNS (50), GATEWAY_BENCH_PROCESSES (4), GATEWAY_BENCH_RATE (500 req/s),
//   GATEWAY_BENCH_WARMUP_SESSIONS (200 per path, not measured; 0 measures from a cold start),
//   GATEWAY_BENCH_TIMINGS=1 (also print where the gateways' time per request went),
//   GATEWAY_BENCH_SYNCHRONOUS_COMMIT=off (a measurement of the WAL flush wait only: not durable),
//   GATEWAY_BENCH_SWEEP=100,200,... (then the bench again at each rate: the added latency against the load)
//   GATEWAY_BENCH_FLOOR=0 (leave out the floor: bare proxies, with and without Postgres), =only (the floor alone)

import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createPostgresStore } from '@strata-memory/strata/postgres';
import pg from 'pg';
import { createApiKeys } from '../src/api-keys.js';
import { storedSessionChat } from '../src/session-layout.js';
import type { GatewayTimingsReport } from '../src/testing/gateway-timings.js';
import {
  type GatewayProcess,
  spawnGateway,
  spawnListening,
  spawnServe,
} from '../src/testing/spawn-gateway.js';
import { adminUrl, createDatabase, postgresUnavailable } from '../src/testing/test-postgres.js';
import { cpuMsOf, latency } from './bench-measures.js';
import { drivePacedSessions, type PacedSession } from './paced-sessions.js';
import { runProxyFloor } from './proxy-floor.js';

/** The tenant of the bench's API key: its sessions are stored under it. */
const TENANT = 'bench';

export interface GatewayBenchOptions {
  sessions: number;
  turns: number;
  processes: number;
  /** Requests per second over all sessions, offered evenly over time; 0 = as fast as they go. */
  rate: number;
  /**
   * Sessions of `turns` turns driven through each path before it is measured, at the same rate, on
   * sessions of their own (default 0). A process just started runs its code unoptimized until V8
   * compiles it (the first ~2,000 requests of a gateway cost about twice the CPU of later ones); with
   * a warm-up the numbers are those of running processes. The measured phase is the same either way.
   */
  warmupSessions?: number;
  /**
   * Times each phase inside the gateways during the measured phase (store reads and commits, the
   * upstream call, the rate limit, event-loop delay, GC) and returns the breakdown (default false).
   */
  timings?: boolean;
}

/** One phase's durations over every gateway process (ms). */
export interface PhaseTiming {
  phase: string;
  count: number;
  mean: number;
  p50: number;
  p99: number;
}

export interface GatewayBenchResult {
  requests: number;
  non2xx: number;
  errors: number;
  lostTurns: number;
  lostStateUpdates: number;
  /** Sessions the load tool drove, and the most turns one of them got acknowledged. */
  sessions: number;
  longestSession: number;
  /** State updates the check looked for (every 5th acknowledged turn). */
  stateUpdatesChecked: number;
  requestsPerSecond: number;
  /**
   * Each path's latency; `lateP99`: the p99 of how late its sends were against the even schedule (ms;
   * near 0 when the path kept up with the offered rate).
   */
  direct: { p50: number; p99: number; requestsPerSecond: number; lateP99: number };
  gateway: { p50: number; p99: number; lateP99: number };
  added: { p50: number; p99: number };
  /**
   * CPU the gateway processes used per request (user + system, from /proc; undefined elsewhere):
   * less sensitive to a loaded machine than latency, so before/after runs compare on it.
   */
  gatewayCpuMsPerRequest: number | undefined;
  /**
   * CPU per gateway request of every part sharing the machine during the gateway phase (ms; undefined
   * where /proc cannot be read): the load tool (this process), the fake upstream, the gateways, the
   * Postgres backends serving the bench database. Their sum bounds the rate the cores can carry.
   */
  cpuMsPerRequest: {
    loadTool: number;
    upstream?: number | undefined;
    gateways?: number | undefined;
    postgres?: number | undefined;
  };
  /** The same for the direct phase, per direct request (load tool and fake upstream only). */
  directCpuMsPerRequest: { loadTool: number; upstream?: number | undefined };
  /**
   * Work per gateway request, counted (so it compares across runs whatever the machine's load): the
   * gateways' read and write system calls (/proc/<pid>/io, socket reads and writes), and the bench
   * database's transactions and rows written (pg_stat_database). Undefined where not readable.
   */
  /** With `timings`: where the gateways' time went in the measured phase. */
  timings?: {
    phases: PhaseTiming[];
    eventLoopDelay: Array<{ p50: number; p99: number; max: number }>;
    gcMsPerRequest: number;
    cpuMsPerRequest: number;
  };
  workPerRequest: {
    gatewayReads?: number | undefined;
    gatewayWrites?: number | undefined;
    postgresTransactions?: number | undefined;
    postgresRowsWritten?: number | undefined;
  };
}

// The Postgres backends serving `database` (pg_stat_activity; the bench database has no other clients).
async function backendPids(database: string): Promise<number[]> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    const result = await admin.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    return result.rows.map((row) => row.pid);
  } finally {
    await admin.end();
  }
}

// CPU of the Postgres backends of `database` since `before` (pid -> ms): a backend that was not there
// before counts from its start (its connection set-up included), one that ended in between is missed.
async function postgresCpu(database: string, before: Map<number, number>): Promise<number | undefined> {
  let total = 0;
  for (const pid of await backendPids(database)) {
    const now = cpuMsOf(pid);
    if (now === undefined) return undefined;
    total += now - (before.get(pid) ?? 0);
  }
  return total;
}

async function postgresCpuNow(database: string): Promise<Map<number, number>> {
  const sample = new Map<number, number>();
  for (const pid of await backendPids(database)) {
    const now = cpuMsOf(pid);
    if (now !== undefined) sample.set(pid, now);
  }
  return sample;
}

// Read and write system calls of a process so far (Linux /proc; undefined elsewhere).
function syscallsOf(pid: number | undefined): { reads: number; writes: number } | undefined {
  if (pid === undefined) return undefined;
  try {
    const io = readFileSync(`/proc/${pid}/io`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(io)?.[1] ?? Number.NaN);
    const counts = { reads: field('syscr'), writes: field('syscw') };
    return Number.isNaN(counts.reads) || Number.isNaN(counts.writes) ? undefined : counts;
  } catch {
    return undefined;
  }
}

// Transactions and rows written in `database` so far (pg_stat_database; a backend reports at its exit,
// or within seconds while idle).
async function databaseWork(database: string): Promise<{ transactions: number; rows: number } | undefined> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    const result = await admin.query<{ transactions: string; rows: string }>(
      `SELECT xact_commit + xact_rollback AS transactions, tup_inserted + tup_updated + tup_deleted AS rows
       FROM pg_stat_database WHERE datname = $1`,
      [database],
    );
    const [row] = result.rows;
    return row ? { transactions: Number(row.transactions), rows: Number(row.rows) } : undefined;
  } catch {
    return undefined;
  } finally {
    await admin.end();
  }
}

const ownCpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

const perRequest = (used: number | undefined, requests: number) =>
  used === undefined ? undefined : Math.round((100 * used) / requests) / 100;

type Wire = { role: string; content: string | null };

/** Each gateway's timings since the last call (the call starts a new sample). */
async function gatewayTimings(gateways: GatewayProcess[]): Promise<GatewayTimingsReport[]> {
  return Promise.all(
    gateways.map(
      async (gateway) => (await (await fetch(`${gateway.url}/debug/timings`)).json()) as GatewayTimingsReport,
    ),
  );
}

function summarizeTimings(reports: GatewayTimingsReport[], requests: number) {
  const phases = new Map<string, number[]>();
  for (const report of reports)
    for (const [phase, values] of Object.entries(report.phases))
      phases.set(phase, [...(phases.get(phase) ?? []), ...values]);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    phases: [...phases].map(([phase, values]) => ({
      phase,
      count: values.length,
      mean: round(values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length)),
      ...latency(values),
    })),
    eventLoopDelay: reports.map((report) => ({
      p50: round(report.eventLoopDelay.p50),
      p99: round(report.eventLoopDelay.p99),
      max: round(report.eventLoopDelay.max),
    })),
    gcMsPerRequest: round(reports.reduce((sum, report) => sum + report.gc.ms, 0) / requests),
    cpuMsPerRequest: round(reports.reduce((sum, report) => sum + report.cpuMs, 0) / requests),
  };
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
  // The gateways authenticate every request with an API key, as a deployment must (`--no-auth` is for
  // loopback only): the key is made in the bench database as `strata keys create` would.
  const migrate = createPostgresStore({ connectionString: database.url });
  await migrate.open();
  const { key: apiKey } = await createApiKeys(migrate).create(TENANT);
  await migrate.close();
  const gateways: GatewayProcess[] = [];
  // GATEWAY_BENCH_PG_SOCKET=<dir> (e.g. /var/run/postgresql): the gateways reach Postgres over its Unix
  // socket instead of loopback TCP, as a gateway on the database's host can.
  const socket = process.env.GATEWAY_BENCH_PG_SOCKET;
  const baseUrl = socket
    ? `postgres://postgres@/${database.name}?host=${encodeURIComponent(socket)}`
    : database.url;
  // GATEWAY_BENCH_SYNCHRONOUS_COMMIT=off: a measurement only, of what waiting for the commit's WAL flush
  // costs. Not durable (a crash of Postgres can lose acknowledged turns), so never the bench's default.
  const synchronousCommit = process.env.GATEWAY_BENCH_SYNCHRONOUS_COMMIT;
  const gatewayUrl = synchronousCommit
    ? `${baseUrl}${baseUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c synchronous_commit=${synchronousCommit}`)}`
    : baseUrl;
  try {
    for (let index = 0; index < options.processes; index += 1) {
      // The built `strata serve`, as users run it; the timed breakdown needs the test process's hooks.
      gateways.push(
        options.timings
          ? await spawnGateway({
              UPSTREAM: upstream.baseURL,
              STORE: 'postgres',
              DATABASE_URL: gatewayUrl,
              GATEWAY_TIMINGS: '1',
              AUTH: '1',
            })
          : await spawnServe({
              upstream: upstream.baseURL,
              databaseUrl: gatewayUrl,
              // Per-request access log lines off (warnings and errors still go to stderr); no tenant
              // limit to hit: the bench measures the memory path, not the 429s.
              args: ['--log-level', 'warn', '--rate-limit', '1000000000'],
              auth: true,
            }),
      );
    }
    log(
      options.timings
        ? `gateways: ${options.processes} test processes under tsx, timed (GATEWAY_BENCH_TIMINGS=1)`
        : `gateways: ${options.processes} x strata serve from the built CLI (--store postgres --log-level warn, API keys)`,
    );
    const total = options.sessions * options.turns;
    const body = (turn: number) =>
      JSON.stringify({
        model: 'm',
        messages: [{ role: 'user', content: `turn ${turn}: ${'a question of ordinary length '.repeat(4)}` }],
      });

    // Every session of the baseline: its turns straight to the fake upstream on one connection.
    const directSessions = (count: number): PacedSession[] =>
      Array.from({ length: count }, () => ({
        turns: options.turns,
        request: () => ({
          url: `${upstream.baseURL}/chat/completions`,
          headers: { 'content-type': 'application/json' },
          body: body(1),
        }),
      }));
    const warmup = options.warmupSessions ?? 0;
    if (warmup > 0) {
      log(`direct warm-up: ${warmup * options.turns} requests (not measured)`);
      await drivePacedSessions(directSessions(warmup), options.rate);
    }

    // Baseline: the same requests straight to the fake upstream.
    log(`direct: ${total} requests to the fake upstream, ${options.sessions} connections`);
    const directLoadBefore = ownCpuMs();
    const directUpstreamBefore = cpuMsOf(upstreamProcess.child.pid);
    const directRun = await drivePacedSessions(directSessions(options.sessions), options.rate);
    const directRequests = directRun.requests;
    const directUpstreamAfter = cpuMsOf(upstreamProcess.child.pid);
    const directCpuMsPerRequest = {
      loadTool: perRequest(ownCpuMs() - directLoadBefore, directRequests) ?? 0,
      ...(directUpstreamAfter !== undefined && directUpstreamBefore !== undefined
        ? { upstream: perRequest(directUpstreamAfter - directUpstreamBefore, directRequests) }
        : {}),
    };

    // Through the gateways: one connection = one session, its turns in order, spread over the processes.
    const gatewaySessions = (prefix: string, count: number, successes?: Map<string, number[]>) =>
      Array.from({ length: count }, (_, index): PacedSession => {
        const session = `${prefix}-${index}`;
        const url = `${gateways[index % gateways.length]?.url}/v1/chat/completions`;
        return {
          turns: options.turns,
          request: (turn) => ({
            url,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${apiKey}`,
              'x-strata-session': session,
            },
            body: body(turn),
          }),
          onResponse(turn, status) {
            if (status !== 200 || !successes) return;
            const list = successes.get(session) ?? [];
            list.push(turn);
            successes.set(session, list);
          },
        };
      });
    if (warmup > 0) {
      log(`gateway warm-up: ${warmup} sessions x ${options.turns} turns of their own (not measured)`);
      await drivePacedSessions(gatewaySessions('warm', warmup), options.rate);
    }
    const successes = new Map<string, number[]>();
    log(`gateway: ${options.sessions} sessions x ${options.turns} turns over ${options.processes} processes`);
    const cpuBefore = gateways.map((gateway) => cpuMsOf(gateway.child.pid));
    const syscallsBefore = gateways.map((gateway) => syscallsOf(gateway.child.pid));
    const databaseBefore = await databaseWork(database.name);
    const loadBefore = ownCpuMs();
    const upstreamBefore = cpuMsOf(upstreamProcess.child.pid);
    const postgresBefore = await postgresCpuNow(database.name);
    if (options.timings) await gatewayTimings(gateways);
    const run = await drivePacedSessions(gatewaySessions('bench', options.sessions, successes), options.rate);
    const loadUsed = ownCpuMs() - loadBefore;
    const timingReports = options.timings ? await gatewayTimings(gateways) : undefined;
    const upstreamAfter = cpuMsOf(upstreamProcess.child.pid);
    const postgresUsed = await postgresCpu(database.name, postgresBefore);
    const requests = run.requests;
    const cpuUsed = gateways.map((gateway, index) => {
      const after = cpuMsOf(gateway.child.pid);
      const before = cpuBefore[index];
      return after === undefined || before === undefined ? undefined : after - before;
    });
    const gatewayCpuMsPerRequest = cpuUsed.every((used) => used !== undefined)
      ? Math.round((100 * cpuUsed.reduce((sum, used) => sum + (used ?? 0), 0)) / requests) / 100
      : undefined;
    const syscallsUsed = gateways.map((gateway, index) => {
      const after = syscallsOf(gateway.child.pid);
      const before = syscallsBefore[index];
      return after === undefined || before === undefined
        ? undefined
        : { reads: after.reads - before.reads, writes: after.writes - before.writes };
    });
    // Stopped now (each backend reports its counts as it exits), so the database counts are complete.
    await Promise.all(gateways.map((gateway) => gateway.stop()));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const databaseAfter = await databaseWork(database.name);
    const perRequestOf = (values: Array<number | undefined>) =>
      values.every((value) => value !== undefined)
        ? Math.round((100 * values.reduce((sum: number, value) => sum + (value ?? 0), 0)) / requests) / 100
        : undefined;
    const workPerRequest = {
      gatewayReads: perRequestOf(syscallsUsed.map((used) => used?.reads)),
      gatewayWrites: perRequestOf(syscallsUsed.map((used) => used?.writes)),
      ...(databaseBefore && databaseAfter
        ? {
            postgresTransactions: perRequestOf([databaseAfter.transactions - databaseBefore.transactions]),
            postgresRowsWritten: perRequestOf([databaseAfter.rows - databaseBefore.rows]),
          }
        : {}),
    };
    const gatewayLatency = latency(run.times);
    const directLatency = latency(directRun.times);

    // Verify: every acknowledged turn stored once, every state update applied.
    const store = createPostgresStore({ connectionString: database.url });
    let lostTurns = 0;
    let lostStateUpdates = 0;
    let stateUpdatesChecked = 0;
    try {
      for (const [session, turns] of successes) {
        const record = await store.loadSession(`tenant/${TENANT}/session/${session}`);
        const chat = storedSessionChat(record) as
          | { state: Record<string, number>; turns: Wire[] }
          | undefined;
        const data = chat ? { chat } : undefined;
        const stored = new Map<string, number>();
        for (const turn of data?.chat.turns ?? []) {
          if (turn.role === 'user')
            stored.set(String(turn.content), (stored.get(String(turn.content)) ?? 0) + 1);
        }
        for (const turn of turns) {
          const content = JSON.parse(body(turn)).messages[0].content as string;
          if (stored.get(content) !== 1) lostTurns += 1;
          if (turn % 5 !== 0) continue;
          stateUpdatesChecked += 1;
          if (data?.chat.state[`t${turn}`] !== turn) lostStateUpdates += 1;
        }
      }
    } finally {
      await store.close();
    }
    const result: GatewayBenchResult = {
      requests,
      non2xx: run.non2xx,
      errors: run.errors,
      lostTurns,
      lostStateUpdates,
      sessions: successes.size,
      longestSession: Math.max(0, ...[...successes.values()].map((turns) => turns.length)),
      stateUpdatesChecked,
      requestsPerSecond: Math.round(run.requestsPerSecond),
      direct: {
        ...directLatency,
        requestsPerSecond: Math.round(directRun.requestsPerSecond),
        lateP99: latency(directRun.lateness).p99,
      },
      gateway: { ...gatewayLatency, lateP99: latency(run.lateness).p99 },
      added: {
        p50: Math.round((gatewayLatency.p50 - directLatency.p50) * 100) / 100,
        p99: Math.round((gatewayLatency.p99 - directLatency.p99) * 100) / 100,
      },
      gatewayCpuMsPerRequest,
      cpuMsPerRequest: {
        loadTool: perRequest(loadUsed, requests) ?? 0,
        ...(upstreamAfter !== undefined && upstreamBefore !== undefined
          ? { upstream: perRequest(upstreamAfter - upstreamBefore, requests) }
          : {}),
        ...(gatewayCpuMsPerRequest !== undefined ? { gateways: gatewayCpuMsPerRequest } : {}),
        ...(postgresUsed !== undefined ? { postgres: perRequest(postgresUsed, requests) } : {}),
      },
      directCpuMsPerRequest,
      workPerRequest,
      ...(timingReports ? { timings: summarizeTimings(timingReports, requests) } : {}),
    };
    return result;
  } finally {
    await Promise.all(gateways.map((gateway) => gateway.stop()));
    await upstream.close();
    if (!process.env.KEEP_DB_TMP) await database.drop();
    else console.log('kept', database.name);
  }
}

export async function runBench(): Promise<void> {
  const options: GatewayBenchOptions = {
    sessions: Number(process.env.GATEWAY_BENCH_SESSIONS ?? 200),
    turns: Number(process.env.GATEWAY_BENCH_TURNS ?? 50),
    processes: Number(process.env.GATEWAY_BENCH_PROCESSES ?? 4),
    rate: Number(process.env.GATEWAY_BENCH_RATE ?? 500),
    // Warm by default: a gateway serves for hours, and the first ~2,000 requests of a fresh process
    // (before V8 optimizes them) cost about twice the CPU of later ones. The cold number stays one
    // variable away, and the printed summary says which was measured.
    warmupSessions: Number(process.env.GATEWAY_BENCH_WARMUP_SESSIONS ?? 200),
    timings: process.env.GATEWAY_BENCH_TIMINGS === '1',
  };
  // GATEWAY_BENCH_FLOOR=only: the floor alone (about 3 minutes at full size), to compare it with
  // itself across machines or changes without the gateway phase's load before it.
  if (process.env.GATEWAY_BENCH_FLOOR === 'only') {
    await printProxyFloor(options);
    return;
  }
  const result = await runGatewayBench(options);
  console.table([
    {
      path: 'fake upstream directly',
      p50Ms: result.direct.p50,
      p99Ms: result.direct.p99,
      requestsPerSecond: result.direct.requestsPerSecond,
      goalRequestsPerSecond: options.rate || 'as fast as it goes',
      lateP99Ms: result.direct.lateP99,
    },
    {
      path: `through ${options.processes} gateways`,
      p50Ms: result.gateway.p50,
      p99Ms: result.gateway.p99,
      requestsPerSecond: result.requestsPerSecond,
      goalRequestsPerSecond: options.rate || 'as fast as it goes',
      lateP99Ms: result.gateway.lateP99,
    },
    { path: 'added by the gateway', p50Ms: result.added.p50, p99Ms: result.added.p99 },
  ]);
  console.log(
    `${result.requests} gateway requests (${result.non2xx} non-2xx, ${result.errors} errors); gateway CPU ${result.gatewayCpuMsPerRequest ?? '?'} ms per request; ${result.sessions} sessions (longest ${result.longestSession} turns); lost turns ${result.lostTurns}, lost state updates ${result.lostStateUpdates} of ${result.stateUpdatesChecked}; goal: p99 added <= 10 ms at ${options.rate} req/s (achieved: direct ${result.direct.requestsPerSecond}, gateway ${result.requestsPerSecond} req/s; lateP99Ms = p99 of how late a send was against the even schedule); ${options.warmupSessions ? `after a warm-up of ${options.warmupSessions} sessions per path` : 'from a cold start (no warm-up)'}${process.env.GATEWAY_BENCH_SYNCHRONOUS_COMMIT ? `; the gateways' Postgres sessions ran with synchronous_commit=${process.env.GATEWAY_BENCH_SYNCHRONOUS_COMMIT} (a measurement only: not durable)` : ''}`,
  );
  const parts = result.cpuMsPerRequest;
  const sum = (parts.upstream ?? 0) + (parts.gateways ?? 0) + (parts.postgres ?? 0) + parts.loadTool;
  const cores = availableParallelism();
  console.table([
    {
      part: 'load tool (paced sessions, this process)',
      gatewayPhase: parts.loadTool,
      directPhase: result.directCpuMsPerRequest.loadTool,
    },
    {
      part: 'fake upstream',
      gatewayPhase: parts.upstream ?? '?',
      directPhase: result.directCpuMsPerRequest.upstream ?? '?',
    },
    { part: `${options.processes} gateway processes`, gatewayPhase: parts.gateways ?? '?', directPhase: '' },
    { part: 'Postgres backends (bench database)', gatewayPhase: parts.postgres ?? '?', directPhase: '' },
    { part: 'all parts', gatewayPhase: Math.round(sum * 100) / 100, directPhase: '' },
  ]);
  console.log(
    `CPU ms per request above; at ${Math.round(sum * 100) / 100} ms per gateway request the ${cores} cores carry at most ~${Math.floor((1000 * cores) / sum)} req/s with nothing else running (the goal's rate needs <= ${Math.round((100 * 1000 * cores) / Math.max(1, options.rate)) / 100} ms, and more headroom than none for a low p99)`,
  );
  const work = result.workPerRequest;
  console.log(
    `work per gateway request: gateway read syscalls ${work.gatewayReads ?? '?'}, write syscalls ${work.gatewayWrites ?? '?'}; Postgres transactions ${work.postgresTransactions ?? '?'}, rows written ${work.postgresRowsWritten ?? '?'}`,
  );
  if (result.timings) {
    console.log('where the gateways spent each request (ms, measured phase, GATEWAY_BENCH_TIMINGS=1):');
    console.table(result.timings.phases);
    console.log(
      `event-loop delay per gateway (p50/p99/max ms): ${result.timings.eventLoopDelay.map((delay) => `${delay.p50}/${delay.p99}/${delay.max}`).join(', ')}; GC ${result.timings.gcMsPerRequest} ms per request; gateway CPU (process.cpuUsage) ${result.timings.cpuMsPerRequest} ms per request`,
    );
  }
  const { timings: _timings, ...printed } = result;
  console.log(JSON.stringify({ options, ...printed }));
  if (result.lostTurns > 0 || result.lostStateUpdates > 0)
    throw new Error('the gateway lost turns or state updates');
  if (process.env.GATEWAY_BENCH_FLOOR !== '0') await printProxyFloor(options);
  const sweep = (process.env.GATEWAY_BENCH_SWEEP ?? '')
    .split(',')
    .filter((rate) => rate.trim() !== '')
    .map(Number);
  if (sweep.length > 0) await runSweep(options, sweep);
}

/**
 * The floor (proxy-floor.ts): the same load through as many bare proxies, then through bare proxies that
 * write each turn to Postgres. Its added p99 is the least any gateway could add here at this rate.
 */
async function printProxyFloor(options: GatewayBenchOptions): Promise<void> {
  const rows = await runProxyFloor({
    sessions: options.sessions,
    turns: options.turns,
    processes: options.processes,
    rate: options.rate,
    warmupSessions: options.warmupSessions ?? 0,
  });
  console.log(
    'the floor on this machine (GATEWAY_BENCH_FLOOR=0 leaves it out, =only runs it alone): the same paced sessions through',
  );
  console.table(
    rows.map((row) => ({
      path: row.path,
      p50Ms: row.p50,
      p99Ms: row.p99,
      addedP50Ms: row.addedP50,
      addedP99Ms: row.addedP99,
      requestsPerSecond: row.requestsPerSecond,
      cpuMsPerRequest: row.cpuMsPerRequest ?? '',
      failed: row.non2xx + row.errors,
    })),
  );
  for (const row of rows.slice(2))
    console.log(
      `floor: ${row.path} adds p50/p99 ${row.addedP50}/${row.addedP99} ms at ${row.requestsPerSecond} req/s, ${row.turnsStored} turns stored (goal for the gateway: p99 added <= 10 ms at ${options.rate} req/s)`,
    );
}

/**
 * GATEWAY_BENCH_SWEEP=100,200,300 (off by default: minutes per rate): the same bench again at each rate,
 * fresh processes each time, GATEWAY_BENCH_SWEEP_TURNS (20) turns per session, so the added latency
 * shows against the offered load and the highest rate that keeps the p99 goal is named.
 */
async function runSweep(base: GatewayBenchOptions, rates: number[]): Promise<void> {
  if (rates.some((rate) => !Number.isFinite(rate) || rate <= 0))
    throw new Error(`GATEWAY_BENCH_SWEEP takes positive rates, comma-separated (got '${rates.join(',')}')`);
  const turns = Number(process.env.GATEWAY_BENCH_SWEEP_TURNS ?? 20);
  const rows: Array<Record<string, number | string>> = [];
  for (const rate of rates) {
    console.log(`sweep: ${rate} req/s (${base.sessions} sessions x ${turns} turns, warm-up as above)`);
    const result = await runGatewayBench({ ...base, turns, rate, timings: false }, () => {});
    rows.push({
      offered: rate,
      directRequestsPerSecond: result.direct.requestsPerSecond,
      gatewayRequestsPerSecond: result.requestsPerSecond,
      addedP50Ms: result.added.p50,
      addedP99Ms: result.added.p99,
      gatewayCpuMsPerRequest: result.gatewayCpuMsPerRequest ?? '?',
      lost: result.lostTurns + result.lostStateUpdates,
    });
    if (result.lostTurns > 0 || result.lostStateUpdates > 0)
      throw new Error(`the gateway lost turns or state updates at ${rate} req/s`);
  }
  console.table(rows);
  const kept = rows.filter(
    (row) =>
      Number(row.addedP99Ms) <= 10 && Number(row.gatewayRequestsPerSecond) >= 0.97 * Number(row.offered),
  );
  console.log(
    kept.length > 0
      ? `highest swept rate with p99 added <= 10 ms (and the offered rate carried): ${Math.max(...kept.map((row) => Number(row.offered)))} req/s`
      : 'no swept rate kept p99 added <= 10 ms',
  );
}
