import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

// Test support (not built): starts gateway-process.ts under tsx and waits for its URL.

export interface GatewayProcess {
  url: string;
  baseURL: string;
  child: ChildProcess;
  stderr(): string;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
}

const script = fileURLToPath(new URL('./gateway-process.ts', import.meta.url));
const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** The built `strata` command (packages/cli/dist/main.js), as `npm install` gives it to users. */
export const builtCli = fileURLToPath(new URL('../../../cli/dist/main.js', import.meta.url));

// GATEWAY_CPU_PROF=<dir>: each gateway process writes a V8 CPU profile there when it exits.
// GATEWAY_NODE_FLAGS: Node/V8 flags for each gateway process (e.g. --single-threaded-gc), space-separated.
function gatewayNodeFlags(): string[] {
  const profile = process.env.GATEWAY_CPU_PROF;
  const flags = (process.env.GATEWAY_NODE_FLAGS ?? '').split(' ').filter((flag) => flag !== '');
  return [...flags, ...(profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : [])];
}

export function spawnGateway(env: Record<string, string>): Promise<GatewayProcess> {
  return spawnListening(script, env, gatewayNodeFlags());
}

/** Options of {@link spawnServe}. */
export interface ServeProcessOptions {
  upstream: string;
  databaseUrl: string;
  /** Extra `strata serve` arguments. */
  args?: string[];
  /** Serve with the store's API keys (default false: `--no-auth`). */
  auth?: boolean;
}

/**
 * `strata serve --store postgres` (`--no-auth` unless `auth`) from the built CLI (plain JavaScript, no tsx): the process
 * a user runs, for the bench to measure. Needs `npm run build` first.
 */
export async function spawnServe(options: ServeProcessOptions): Promise<GatewayProcess> {
  if (!existsSync(builtCli))
    throw new Error(
      `${builtCli} is missing: run 'npm run build' first (the bench runs the built strata serve).`,
    );
  const port = await freePort();
  return spawnListening(builtCli, { STRATA_UPSTREAM_API_KEY: 'sk-upstream-bench' }, gatewayNodeFlags(), [
    'serve',
    '--store',
    'postgres',
    '--database-url',
    options.databaseUrl,
    '--upstream',
    options.upstream,
    ...(options.auth ? [] : ['--no-auth']),
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--json',
    ...(options.args ?? []),
  ]);
}

/** A port nothing listens on right now (the kernel's pick for port 0, released again). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a script that prints {"url"} as its first line once listening: TypeScript under tsx, or
 * plain JavaScript (a .js path) with `args` after it.
 */
export function spawnListening(
  path: string,
  env: Record<string, string>,
  flags: string[] = [],
  args: string[] = [],
): Promise<GatewayProcess> {
  const loader = path.endsWith('.js') ? [] : ['--import', 'tsx'];
  const child = spawn(process.execPath, [...flags, ...loader, path, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${path} did not start in 30 s: ${stderr}`)), 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${path} exited (${code}) before listening: ${stderr}`));
    });
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      const line = stdout.split('\n')[0];
      if (!stdout.includes('\n') || !line) return;
      clearTimeout(timer);
      const { url } = JSON.parse(line) as { url: string };
      resolve({
        url,
        baseURL: `${url}/v1`,
        child,
        stderr: () => stderr,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) {
              done();
              return;
            }
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
