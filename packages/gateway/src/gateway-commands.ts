import { resolve } from 'node:path';
import type { CliIo } from '@strata-memory/cli-kit';
import type { MemoryStore } from '@strata-memory/strata';
import { StrataError } from '@strata-memory/strata/errors';
import { Command, InvalidArgumentError, Option } from 'commander';
import { createApiKeys } from './api-keys.js';
import { createGateway } from './create-gateway.js';
import { loadGatewayConfig } from './gateway-config.js';
import { createOtlpTracing, type OtlpTracing, otlpTracesEndpoint } from './otlp-tracer-provider.js';
import type { RateLimitPool } from './tenant-rate-limiter.js';

/** `strata serve` and `strata keys` as the CLI lists them (a test keeps this equal to the commands). */
export const GATEWAY_COMMAND_SUMMARIES: ReadonlyArray<{ name: string; description: string }> = [
  {
    name: 'serve',
    description:
      'Run the OpenAI-compatible memory gateway: point any OpenAI client at it; every prompt stays within the budget.',
  },
  { name: 'keys', description: "Create, list and revoke the gateway's API keys (stored as scrypt hashes)." },
];

const DEFAULT_DB = '.strata/gateway.db';

interface StoreOptions {
  store: 'sqlite' | 'postgres';
  db: string;
  databaseUrl?: string;
}

function positiveInteger(name: string) {
  return (value: string) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number <= 0)
      throw new InvalidArgumentError(`${name} must be a positive integer.`);
    return number;
  };
}

function storeOptions(command: Command): Command {
  return command
    .addOption(
      new Option('--store <kind>', 'where sessions and key hashes live')
        .choices(['sqlite', 'postgres'])
        .default('sqlite'),
    )
    .option('--db <file>', 'SQLite file (with --store sqlite)', DEFAULT_DB)
    .option('--database-url <url>', 'Postgres URL (with --store postgres; default: STRATA_DATABASE_URL)');
}

async function openStore(options: StoreOptions, io: CliIo): Promise<MemoryStore> {
  let store: MemoryStore;
  if (options.store === 'postgres') {
    const { createPostgresStore } = await import('@strata-memory/strata/postgres');
    const connectionString = options.databaseUrl ?? io.env.STRATA_DATABASE_URL;
    if (!connectionString) {
      throw new StrataError(
        'CONFIG_INVALID',
        '--store postgres needs --database-url <url> or the STRATA_DATABASE_URL environment variable.',
      );
    }
    store = createPostgresStore({ connectionString });
  } else {
    const { createSqliteStore } = await import('@strata-memory/strata/sqlite');
    store = createSqliteStore({ path: resolve(io.cwd, options.db) });
  }
  await store.open();
  return store;
}

/** 127.0.0.0/8, ::1 and localhost: the only hosts `--no-auth` may listen on. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

/** The options of `strata serve`, as commander parses them. */
export interface ServeOptions extends StoreOptions {
  port: number;
  host: string;
  upstream: string;
  budget: number;
  maxTurns: number;
  config?: string;
  auth: boolean;
  bodyLimit: number;
  rateLimit: number;
  upstreamTimeout: number;
  system?: string;
  logLevel: string;
  json?: boolean;
  otlpEndpoint?: string;
}

/** Runs the gateway until SIGINT/SIGTERM (or `stop` resolves), then shuts down gracefully. */
export async function runServe(options: ServeOptions, io: CliIo, stop?: Promise<void>): Promise<void> {
  if (!options.auth && !isLoopbackHost(options.host)) {
    throw new StrataError(
      'CONFIG_INVALID',
      `--no-auth is refused on the non-loopback host '${options.host}': anyone who can reach it could use your upstream key. Create a key (strata keys create --tenant <name>) or listen on 127.0.0.1.`,
    );
  }
  const config = options.config
    ? loadGatewayConfig(resolve(io.cwd, options.config), options.budget)
    : undefined;
  const store = await openStore(options, io);
  let tracing: OtlpTracing | undefined;
  let rateLimitPool: { end(): Promise<void> } | undefined;
  try {
    const keys = createApiKeys(store);
    if (options.auth && (await keys.activeCount()) === 0) {
      throw new StrataError(
        'CONFIG_INVALID',
        "No API keys: the gateway would refuse every request. Create one with 'strata keys create --tenant <name>' (same --store/--db), or pass --no-auth to serve 127.0.0.1 without keys.",
      );
    }
    if (options.store === 'postgres') {
      // Its own small pool: the rate limit's one upsert per request never waits behind session writes.
      const { default: pg } = await import('pg');
      // synchronous_commit off for this pool only: a counter needs no flush to disk before the answer
      // (measured here: a commit's WAL flush is 1.5-3 ms at the median, 8-20 ms at p99), and a crash
      // loses at most the last fraction of a second of counts. Session writes stay synchronous.
      const pool = new pg.Pool({
        connectionString: options.databaseUrl ?? io.env.STRATA_DATABASE_URL,
        max: 2,
        options: '-c synchronous_commit=off',
      });
      // An idle connection ended by the server (a restart, a failover) must not end the process; the
      // next query opens a new one, and the per-process count covers the gap.
      pool.on('error', () => undefined);
      rateLimitPool = pool;
    }
    const endpoint = otlpTracesEndpoint(options.otlpEndpoint, io.env);
    tracing = endpoint ? await createOtlpTracing(endpoint) : undefined;
    const gateway = createGateway({
      ...(tracing ? { tracerProvider: tracing.provider } : {}),
      ...(rateLimitPool ? { rateLimitPool: rateLimitPool as unknown as RateLimitPool } : {}),
      upstream: options.upstream,
      upstreamApiKey: io.env.STRATA_UPSTREAM_API_KEY ?? io.env.OPENAI_API_KEY,
      upstreamTimeoutMs: options.upstreamTimeout,
      store,
      budget: options.budget,
      maxTurns: options.maxTurns,
      ...(options.system !== undefined ? { system: options.system } : {}),
      auth: options.auth,
      ...(config ? { config } : {}),
      bodyLimitBytes: options.bodyLimit,
      rateLimitPerMinute: options.rateLimit,
      logger:
        options.logLevel === 'silent'
          ? false
          : { level: options.logLevel, stream: { write: (line: string) => io.stderr.write(line) } },
      env: io.env,
    });
    const url = await gateway.listen(options.port, options.host);
    if (options.json)
      io.stdout.write(
        `${JSON.stringify({ url, baseURL: `${url}/v1`, auth: options.auth, store: options.store, budget: options.budget })}\n`,
      );
    else
      io.stderr.write(
        `strata serve: listening on ${url} (OpenAI base URL ${url}/v1), upstream ${new URL(options.upstream).origin}, budget ${options.budget}, ${options.auth ? 'API keys required' : 'no auth (loopback only)'}\n`,
      );
    await new Promise<void>((done) => {
      const finish = () => done();
      process.once('SIGINT', finish);
      process.once('SIGTERM', finish);
      stop?.then(finish);
    });
    io.stderr.write('strata serve: shutting down (finishing in-flight requests)\n');
    await gateway.close();
  } finally {
    // The last spans (of requests finished while draining) go out before the process ends.
    await tracing?.shutdown().catch(() => undefined);
    await rateLimitPool?.end().catch(() => undefined);
    await store.close();
  }
}

/** The gateway's commands for the `strata` program. */
export function createGatewayCommands(io: CliIo): Command[] {
  const serve = storeOptions(
    new Command('serve')
      .description(GATEWAY_COMMAND_SUMMARIES[0]?.description ?? '')
      .option('--port <port>', 'port to listen on', positiveInteger('--port'), 8787)
      .option('--host <host>', 'host to listen on', '127.0.0.1')
      .option(
        '--upstream <url>',
        'base URL of the OpenAI-compatible upstream (its key: STRATA_UPSTREAM_API_KEY or OPENAI_API_KEY)',
        io.env.STRATA_UPSTREAM_URL ?? 'https://api.openai.com/v1',
      )
      .option(
        '--budget <tokens>',
        'token budget of every upstream request',
        positiveInteger('--budget'),
        5000,
      )
      .option(
        '--max-turns <n>',
        'turns a session keeps (the budget may send fewer)',
        positiveInteger('--max-turns'),
        200,
      )
      .option('--system <text>', 'system prompt for sessions whose client sends none')
      .option(
        '--config <file>',
        'JSON file of per-tenant settings: {"tenants":{"<name>":{"budget","maxTurns","system","upstreamApiKeyEnv","rateLimitPerMinute","summary","lessons","extraction"}}} (see the gateway README)',
      )
      .option('--no-auth', 'serve without API keys (refused on a non-loopback host)')
      .option(
        '--body-limit <bytes>',
        'largest request body (413 above)',
        positiveInteger('--body-limit'),
        4 * 1024 * 1024,
      )
      .option(
        '--rate-limit <requests>',
        'requests per tenant per minute (429 above); with --store postgres one budget for all replicas',
        positiveInteger('--rate-limit'),
        600,
      )
      .option(
        '--upstream-timeout <ms>',
        'upstream timeout per attempt',
        positiveInteger('--upstream-timeout'),
        60_000,
      )
      .addOption(
        new Option('--log-level <level>', 'log level (JSON lines on stderr)')
          .choices(['silent', 'error', 'warn', 'info', 'debug'])
          .default('info'),
      )
      .option(
        '--otlp-endpoint <url>',
        'send OpenTelemetry traces (GenAI spans) to this OTLP/HTTP traces URL (default: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, or OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces; neither: no traces)',
      )
      .option('--json', 'print one JSON line with the URL once listening'),
  ).action(async (options: ServeOptions) => runServe(options, io));

  const keys = new Command('keys').description(GATEWAY_COMMAND_SUMMARIES[1]?.description ?? '');
  storeOptions(
    keys
      .command('create')
      .description('Create an API key for a tenant; the key is printed once and only its hash is stored.')
      .requiredOption('--tenant <name>', 'tenant the key belongs to (letters, digits, . _ -)')
      .option('--json', 'print {"key","keyId","tenant"} as one JSON line'),
  ).action(async (options: StoreOptions & { tenant: string; json?: boolean }) => {
    const store = await openStore(options, io);
    try {
      const created = await createApiKeys(store).create(options.tenant);
      if (options.json) io.stdout.write(`${JSON.stringify(created)}\n`);
      else {
        io.stdout.write(`${created.key}\n`);
        io.stderr.write(
          `Key ${created.keyId} for tenant '${created.tenant}'. It is shown only now: store it (e.g. as OPENAI_API_KEY of your app).\n`,
        );
      }
    } finally {
      await store.close();
    }
  });
  storeOptions(
    keys
      .command('revoke')
      .description(
        'Revoke an API key by its id (or the key itself); other gateway processes stop accepting it within 30 s.',
      )
      .argument('<key-id>', "the key's id, as 'keys list' shows it")
      .option('--json', 'print the revoked key as one JSON line'),
  ).action(async (keyId: string, options: StoreOptions & { json?: boolean }) => {
    const store = await openStore(options, io);
    try {
      const revoked = await createApiKeys(store).revoke(keyId);
      io.stdout.write(
        options.json
          ? `${JSON.stringify(revoked)}\n`
          : `revoked ${revoked.keyId} (tenant '${revoked.tenant}')\n`,
      );
    } finally {
      await store.close();
    }
  });
  storeOptions(
    keys
      .command('list')
      .description('List the API keys (ids, tenants, dates; never the keys).')
      .option('--json', 'print a JSON array'),
  ).action(async (options: StoreOptions & { json?: boolean }) => {
    const store = await openStore(options, io);
    try {
      const list = await createApiKeys(store).list();
      if (options.json) io.stdout.write(`${JSON.stringify(list)}\n`);
      else
        for (const key of list) {
          io.stdout.write(
            `${key.keyId}  ${key.tenant}  created ${new Date(key.createdAt).toISOString()}${key.revokedAt ? `  revoked ${new Date(key.revokedAt).toISOString()}` : ''}\n`,
          );
        }
    } finally {
      await store.close();
    }
  });
  return [serve, keys];
}
