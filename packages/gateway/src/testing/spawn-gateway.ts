import { type ChildProcess, spawn } from 'node:child_process';
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

export function spawnGateway(env: Record<string, string>): Promise<GatewayProcess> {
  // GATEWAY_CPU_PROF=<dir>: each gateway process writes a V8 CPU profile there when it exits.
  const profile = process.env.GATEWAY_CPU_PROF;
  // GATEWAY_NODE_FLAGS: Node/V8 flags for each gateway process (e.g. --single-threaded-gc), space-separated.
  const flags = (process.env.GATEWAY_NODE_FLAGS ?? '').split(' ').filter((flag) => flag !== '');
  return spawnListening(script, env, [
    ...flags,
    ...(profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : []),
  ]);
}

/** Starts a TypeScript script under tsx that prints {"url"} as its first line once listening. */
export function spawnListening(
  path: string,
  env: Record<string, string>,
  flags: string[] = [],
): Promise<GatewayProcess> {
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', path], {
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
