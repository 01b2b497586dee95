// Measures the gateway bench and its floor share: a process's CPU from /proc, latency percentiles.
import { readFileSync } from 'node:fs';

// utime + stime of a process in ms (Linux /proc; clock ticks are 100 per second there).
export function cpuMsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** p50 and p99 (ms) of every response time the runs saw, merged (not the worst run's percentiles). */
export function latency(times: number[]) {
  const sorted = [...times].sort((left, right) => left - right);
  const at = (quantile: number) =>
    sorted.length === 0
      ? 0
      : (sorted[Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1)] ?? 0);
  const ms = (value: number) => Math.round(value * 100) / 100;
  return { p50: ms(at(0.5)), p99: ms(at(0.99)) };
}
