import { subscribe } from 'node:diagnostics_channel';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import type { MemoryStore } from '@strata-memory/strata';
import type { FastifyInstance } from 'fastify';

// Test support (not built): where a gateway process's time per request goes, for the bench's debug
// breakdown (GATEWAY_BENCH_TIMINGS=1). Each phase's durations are kept as they come (ms) and served by
// GET /debug/timings, which also starts a new sample.

type Samples = Map<string, number[]>;

/** Timings of one gateway process: wrap its store and rate-limit pool, then `register` on its app. */
export function createGatewayTimings() {
  let samples: Samples = new Map();
  const add = (phase: string, ms: number) => {
    let list = samples.get(phase);
    if (!list) {
      list = [];
      samples.set(phase, list);
    }
    list.push(ms);
  };
  const timed = async <T>(phase: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      add(phase, performance.now() - started);
    }
  };

  // Upstream calls as node:http sees them: from the request's creation to its response's end.
  const upstreamStarts = new WeakMap<object, number>();
  subscribe('http.client.request.start', (message) => {
    upstreamStarts.set((message as { request: object }).request, performance.now());
  });
  subscribe('http.client.response.finish', (message) => {
    const { request } = message as { request: object };
    const started = upstreamStarts.get(request);
    if (started !== undefined)
      add('upstream call (node:http, request to response end)', performance.now() - started);
  });

  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  let gcMs = 0;
  let gcCount = 0;
  // Each pause by kind, so a stall can be told from a long collection (kinds as perf_hooks numbers them).
  const gcKinds: Record<number, string> = {
    1: 'scavenge',
    2: 'mark-compact',
    4: 'incremental',
    8: 'weak callbacks',
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMs += entry.duration;
      gcCount += 1;
      const kind = ((entry as { detail?: unknown }).detail as { kind?: number } | null)?.kind ?? 0;
      add(`gc pause (${gcKinds[kind] ?? `kind ${kind}`})`, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  let cpuBefore = process.cpuUsage();
  let since = performance.now();

  return {
    /** The store with its session reads and commits and its telemetry appends timed. */
    store(store: MemoryStore): MemoryStore {
      return new Proxy(store, {
        get(target, property, receiver) {
          const value = Reflect.get(target, property, receiver);
          if (
            typeof value !== 'function' ||
            !['loadSession', 'commitSession', 'appendTelemetry'].includes(String(property))
          )
            return typeof value === 'function' ? value.bind(target) : value;
          return (...parameters: unknown[]) =>
            timed(`store.${String(property)}`, () => value.apply(target, parameters));
        },
      });
    },
    /** A pool (the shared rate limit's) with its queries timed. */
    pool<Pool extends { query(text: string, values?: unknown[]): Promise<unknown> }>(pool: Pool): Pool {
      const query = pool.query.bind(pool);
      pool.query = ((text: string, values?: unknown[]) =>
        timed('rate limit query', () => query(text, values))) as Pool['query'];
      return pool;
    },
    /** A pg Pool whose waits for a free connection are timed (the store's pool). */
    connections<Pool extends { connect: (...parameters: never[]) => unknown }>(pool: Pool): Pool {
      type Callback = (error: unknown, client: unknown, done: unknown) => void;
      const connect = (pool.connect as unknown as (callback?: Callback) => unknown).bind(pool);
      (pool as unknown as { connect: unknown }).connect = (callback?: Callback) => {
        const started = performance.now();
        if (callback)
          return connect((error, client, done) => {
            add('store pool wait (for a free connection)', performance.now() - started);
            callback(error, client, done);
          });
        return (connect() as Promise<unknown>).then((client) => {
          add('store pool wait (for a free connection)', performance.now() - started);
          return client;
        });
      };
      return pool;
    },
    register(app: FastifyInstance) {
      const arrived = new WeakMap<object, number>();
      app.addHook('onRequest', (request, _reply, done) => {
        arrived.set(request, performance.now());
        done();
      });
      app.addHook('onResponse', (request, _reply, done) => {
        const started = arrived.get(request);
        if (started !== undefined && request.url !== '/debug/timings')
          add('request (Fastify onRequest to onResponse)', performance.now() - started);
        done();
      });
      app.get('/debug/timings', async () => {
        const cpu = process.cpuUsage(cpuBefore);
        const report = {
          seconds: (performance.now() - since) / 1000,
          cpuMs: (cpu.user + cpu.system) / 1000,
          eventLoopDelay: {
            p50: loop.percentile(50) / 1e6,
            p99: loop.percentile(99) / 1e6,
            max: loop.max / 1e6,
            mean: loop.mean / 1e6,
          },
          gc: { ms: gcMs, count: gcCount },
          phases: Object.fromEntries(samples),
        };
        samples = new Map();
        loop.reset();
        gcMs = 0;
        gcCount = 0;
        cpuBefore = process.cpuUsage();
        since = performance.now();
        return report;
      });
    },
  };
}

/** What GET /debug/timings answers. */
export type GatewayTimingsReport = {
  seconds: number;
  cpuMs: number;
  eventLoopDelay: { p50: number; p99: number; max: number; mean: number };
  gc: { ms: number; count: number };
  phases: Record<string, number[]>;
};
