// Bench support: CPU seconds of this process's finished children, and of Postgres backends.
import { readFileSync } from 'node:fs';
import pg from 'pg';

const TICKS_PER_SECOND = 100;

/** utime + stime (fields 14-15), or cutime + cstime (16-17) with `children`, of /proc/<pid>/stat, seconds. */
function statSeconds(pid: number | 'self', children: boolean): number | undefined {
  try {
    const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
    const [user, system] = children ? [fields[13], fields[14]] : [fields[11], fields[12]];
    return (Number(user) + Number(system)) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** CPU seconds a live process has used so far (0 once it is gone). */
export function processCpu(pid: number | undefined): number {
  return pid === undefined ? 0 : (statSeconds(pid, false) ?? 0);
}

/** CPU seconds of every child this process has reaped so far (Linux counts them on wait). */
export function reapedChildrenCpu(): number {
  return statSeconds('self', true) ?? 0;
}

/**
 * Samples the CPU time of the backends connected to `database` every `intervalMs` and keeps each
 * one's latest value: their sum at `stop()` is what Postgres spent on that database (backends that
 * live a whole measurement are counted in full; a short-lived one up to its last sample).
 */
export function sampleBackendCpu(adminUrl: string, database: string, intervalMs = 250) {
  const client = new pg.Client({ connectionString: adminUrl });
  const latest = new Map<number, number>();
  let stopped = false;
  const connected = client.connect();
  const sample = async () => {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1',
      [database],
    );
    for (const { pid } of rows) {
      const seconds = statSeconds(pid, false);
      if (seconds !== undefined) latest.set(pid, seconds);
    }
  };
  const loop = (async () => {
    await connected;
    while (!stopped) {
      await sample().catch(() => undefined);
      await new Promise((wait) => setTimeout(wait, intervalMs));
    }
  })();
  return {
    /** Takes a last sample (call it before the database's clients disconnect). */
    async sample(): Promise<void> {
      await connected;
      await sample().catch(() => undefined);
    },
    async stop(): Promise<number> {
      stopped = true;
      await loop;
      await client.end().catch(() => undefined);
      return [...latest.values()].reduce((sum, value) => sum + value, 0);
    },
  };
}
