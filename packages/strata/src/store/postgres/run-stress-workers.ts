import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { MemoryStore } from '../memory-store.js';
import {
  driversOf,
  quotaOf,
  type StressWorkerOptions,
  type StressWorkerReport,
  sessionIdOf,
} from './postgres-stress-worker.js';

const workerScript = fileURLToPath(new URL('./postgres-stress-worker.ts', import.meta.url));

/**
 * Starts one process per worker (node --import tsx); once every worker has connected, tells all of
 * them to start at once, so racing drivers really race. Resolves their reports.
 */
export async function runStressWorkers(
  options: Omit<StressWorkerOptions, 'worker' | 'startSignal'>,
): Promise<StressWorkerReport[]> {
  const children: ChildProcessWithoutNullStreams[] = [];
  let ready = 0;
  const startAll = () => {
    for (const child of children) child.stdin.end('go\n');
  };
  const reports = Array.from({ length: options.workers }, (_, worker) => {
    const workerOptions: StressWorkerOptions = { ...options, worker };
    return new Promise<StressWorkerReport>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', workerScript, JSON.stringify(workerOptions)],
        {
          cwd: fileURLToPath(new URL('.', import.meta.url)),
          stdio: ['pipe', 'pipe', 'pipe'],
        },
      );
      children.push(child);
      let stdout = '';
      let stderr = '';
      let announced = false;
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
        if (!announced && stdout.includes('ready\n')) {
          announced = true;
          ready += 1;
          if (ready === options.workers) startAll();
        }
      });
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
      });
      child.on('error', reject);
      child.on('close', (code) => {
        if (code !== 0) {
          reject(new Error(`stress worker ${worker} exited with ${code}: ${stderr.trim()}`));
          return;
        }
        try {
          resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as StressWorkerReport);
        } catch {
          reject(new Error(`stress worker ${worker} printed no report: ${stdout}${stderr}`));
        }
      });
    });
  });
  try {
    return await Promise.all(reports);
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  }
}

export interface StressSummary {
  commits: number;
  conflicts: number;
  lessons: number;
  deduplicatedLessonWrites: number;
  seconds: number;
  /** Every way the final database disagrees with what the workers acknowledged; empty when none. */
  violations: string[];
}

/**
 * Compares the database after a stress run with the workers' acknowledged writes: per session the
 * step, the version and each driver's counter; per lesson key exactly one acknowledged creation.
 */
export async function checkStressRun(
  store: MemoryStore,
  options: Omit<StressWorkerOptions, 'worker' | 'startSignal'>,
  reports: StressWorkerReport[],
): Promise<StressSummary> {
  const violations: string[] = [];
  const commits = reports.reduce((sum, report) => sum + report.commits, 0);
  const conflicts = reports.reduce((sum, report) => sum + report.conflicts, 0);
  if (commits !== options.sessions * options.stepsPerSession) {
    violations.push(
      `acknowledged ${commits} commits, expected ${options.sessions * options.stepsPerSession}`,
    );
  }
  for (let index = 0; index < options.sessions; index += 1) {
    const sessionId = sessionIdOf(index);
    const record = await store.loadSession(sessionId);
    const counter = (record?.layers.counter ?? {}) as Record<string, number>;
    let acknowledged = 0;
    for (const worker of driversOf(index, options)) {
      const byWorker = reports[worker]?.sessionCommits[sessionId] ?? 0;
      if (byWorker !== quotaOf(index, worker, options)) {
        violations.push(
          `${sessionId}: worker ${worker} acknowledged ${byWorker} commits, its quota is ${quotaOf(index, worker, options)}`,
        );
      }
      if (counter[`worker-${worker}`] !== byWorker) {
        violations.push(
          `${sessionId}: worker ${worker}'s counter is ${counter[`worker-${worker}`]}, acknowledged ${byWorker}`,
        );
      }
      acknowledged += byWorker;
    }
    if (record?.step !== acknowledged || record.version !== acknowledged) {
      violations.push(
        `${sessionId}: step ${record?.step} version ${record?.version}, acknowledged ${acknowledged} commits`,
      );
    }
  }
  let lessons = 0;
  let deduplicatedLessonWrites = 0;
  if (options.writeLessons) {
    const stored = (await store.listLessons(options.namespace)).map((lesson) => lesson.idempotencyKey ?? '');
    lessons = stored.length;
    if (new Set(stored).size !== stored.length) violations.push('a lesson key is stored twice');
    const created = reports.flatMap((report) => report.createdLessonKeys);
    if (created.length !== stored.length) {
      violations.push(`${created.length} lesson creations acknowledged, ${stored.length} lessons stored`);
    }
    const storedKeys = new Set(stored);
    for (const key of created)
      if (!storedKeys.has(key)) violations.push(`acknowledged lesson ${key} is missing`);
    const perSession = stored.filter((key) => !key.startsWith('shared-')).length;
    const expectedPerSession = options.sessions * Math.floor(options.stepsPerSession / 10);
    if (perSession !== expectedPerSession) {
      violations.push(`${perSession} per-session lessons stored, expected ${expectedPerSession}`);
    }
    deduplicatedLessonWrites = reports.reduce((sum, report) => sum + report.deduplicatedLessonWrites, 0);
    if (deduplicatedLessonWrites < created.length) {
      violations.push(
        `only ${deduplicatedLessonWrites} repeated lesson writes were absorbed for ${created.length} lessons`,
      );
    }
  }
  const seconds =
    (Math.max(...reports.map((report) => report.finishedAt)) -
      Math.min(...reports.map((report) => report.startedAt))) /
    1000;
  return { commits, conflicts, lessons, deduplicatedLessonWrites, seconds, violations };
}
