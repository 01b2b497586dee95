/** One step of the coding agent: maybe an edit, then the test output it sees, then an LLM call. */
export interface CodingStep {
  /** A file edit appended to the working memory before the call. */
  edit?: { file: string; change: string };
  /** The latest test or tool output (the observation, replaced every call). */
  output: string;
  /** What the agent is working on right now (the retrieval query). */
  query: string;
  /** Knowledge keys in play (libraries the touched code imports). */
  keys: string[];
  /** The API doc a good retrieval should bring first (checked by the test). */
  expectedDoc: string;
  /** A note the agent writes for itself during this step. */
  note?: { text: string; scope: 'task' | 'attempt'; triggers?: string[] };
  /** A transition fired after the call (e.g. 'bug-fixed'). */
  event?: string;
}

export interface CodingTask {
  id: string;
  title: string;
  steps: CodingStep[];
  /** What the fake summarizer answers when the task is done (overwrites the summary). */
  summaryAfter: string;
  /** What the fake model answers when asked for debugging insights after a 'bug-fixed' event. */
  lessons: Array<{ text: string; importance: number; tags: string[] }>;
  /** The fake model answers the first lesson extraction with garbage, so the queue retries it. */
  garbageFirst?: boolean;
}

export const TASKS: readonly CodingTask[] = [
  {
    id: 'TASK-1',
    title: 'Make the order sync job survive a flaky payments API',
    summaryAfter:
      'Task 1 done: the order sync job retries payment calls on 429/5xx with backoff and stops on abort. Tests in sync-orders.test.ts cover 429 with Retry-After and a timeout. Next: pagination for GET /orders.',
    lessons: [
      {
        text: 'A test that hangs after passing usually leaves a fake server open: close it in afterEach.',
        importance: 0.7,
        tags: ['testing', 'http'],
      },
    ],
    garbageFirst: true,
    steps: [
      {
        edit: {
          file: 'src/jobs/sync-orders.ts',
          change: 'wrap payments call in http.request with retry on 429 and 5xx',
        },
        output: 'tsc: ok. vitest: 11 passed, 1 failed: sync-orders > retries a 503 (expected 2 calls, got 1)',
        query: 'http request retry on 503 attempts backoff',
        keys: ['http', 'jobs'],
        expectedDoc: 'http.request',
        note: { text: 'The payments API sends Retry-After in seconds, not a date.', scope: 'task' },
      },
      {
        edit: {
          file: 'src/jobs/sync-orders.ts',
          change: 'pass retry.on including 503 explicitly; attempts 4',
        },
        output:
          'vitest: 12 passed, 0 failed, but the run did not exit: 1 open handle (TCP server on 127.0.0.1:43121)',
        query: 'test runner hangs open handle fake server close',
        keys: ['http', 'testing'],
        expectedDoc: 'http.fake-server',
        note: {
          text: 'Remember to run the migration check before merging.',
          scope: 'task',
          triggers: ['migration'],
        },
      },
      {
        edit: { file: 'src/jobs/sync-orders.test.ts', change: 'await server.close() in afterEach' },
        output: 'vitest: 12 passed, 0 failed, exited in 1.8 s',
        query: 'job handler abort signal stop work attempt',
        keys: ['jobs'],
        expectedDoc: 'jobs.schedule',
        event: 'bug-fixed',
      },
      {
        edit: { file: 'src/jobs/sync-orders.ts', change: 'check signal.aborted between pages of orders' },
        output: 'vitest: 13 passed. Ready for review; migration check not run yet.',
        query: 'before merging: migration check and job abort handling',
        keys: ['jobs'],
        expectedDoc: 'jobs.schedule',
      },
    ],
  },
  {
    id: 'TASK-2',
    title: 'Add cursor pagination to GET /orders',
    summaryAfter:
      'Task 2 done: GET /orders uses keyset pagination (id > cursor, limit 50) inside one transaction with the count query. Both tasks are finished.',
    lessons: [
      {
        text: 'A page that repeats its last row means the cursor comparison uses >= instead of >: keyset pagination needs a strict comparison.',
        importance: 0.8,
        tags: ['db', 'pagination'],
      },
      {
        text: 'Inside db.transaction, every statement must use tx.query; a stray db.query runs outside the transaction.',
        importance: 0.6,
        tags: ['db', 'transaction'],
      },
    ],
    steps: [
      {
        edit: { file: 'src/routes/orders.ts', change: 'read cursor and limit from the query string' },
        output: 'vitest: orders > pages through 120 orders: expected 120 ids, got 122 (ids 50 and 100 twice)',
        query: 'sql pagination cursor limit duplicate rows',
        keys: ['db'],
        expectedDoc: 'db.query',
        note: { text: 'Page boundaries repeat one row: suspect the cursor comparison.', scope: 'attempt' },
      },
      {
        edit: { file: 'src/routes/orders.ts', change: 'WHERE id > $1 ORDER BY id LIMIT $2 (was id >= $1)' },
        output:
          'vitest: orders > pages through 120 orders: passed. orders > total matches: expected 120, got 119',
        query: 'count query inside transaction sees different rows',
        keys: ['db'],
        expectedDoc: 'db.transaction',
        event: 'bug-fixed',
      },
      {
        edit: {
          file: 'src/routes/orders.ts',
          change: 'run page and count with tx.query in one db.transaction',
        },
        output: 'vitest: 18 passed, 0 failed',
        query: 'transaction tx.query page and count',
        keys: ['db'],
        expectedDoc: 'db.transaction',
      },
    ],
  },
];
