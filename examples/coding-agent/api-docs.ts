import type { KnowledgeEntry } from '@strata-memory/strata';

/** API docs of the service's internal libraries: the coding agent's knowledge layer. */
export const API_DOCS: readonly KnowledgeEntry[] = [
  {
    key: 'http.request',
    title: 'http.request(url, options)',
    tags: ['http'],
    text: 'Sends an HTTP request and resolves to { status, headers, body }. Options: method, headers, body, timeoutMs (default 10000), retry: { attempts, backoffMs, on: [408, 429, 500, 502, 503, 504] }. Retries honour Retry-After. Rejects with HttpTimeoutError after timeoutMs; a 4xx other than 408/429 is returned, not thrown.',
  },
  {
    key: 'http.fake-server',
    title: 'testing.fakeServer()',
    tags: ['http', 'testing'],
    text: 'Starts an HTTP server on 127.0.0.1 for tests. server.reply(status, body, { delayMs, headers }) queues answers in order; server.requests lists what was received. Always await server.close() in afterEach, or the test runner hangs on the open socket.',
  },
  {
    key: 'db.query',
    title: 'db.query(sql, params)',
    tags: ['db'],
    text: 'Runs a parameterised SQL query and resolves to rows. Use $1, $2 placeholders, never string concatenation. For pagination, use keyset pagination: WHERE id > $cursor ORDER BY id LIMIT $limit, and return the last id as the next cursor.',
  },
  {
    key: 'db.transaction',
    title: 'db.transaction(fn)',
    tags: ['db'],
    text: 'Runs fn(tx) in a transaction; commits when fn resolves, rolls back when it throws. Use tx.query inside, never db.query, or the statement runs outside the transaction. Serialisation failures (40001) are retried up to 3 times.',
  },
  {
    key: 'jobs.schedule',
    title: 'jobs.schedule(name, cron, handler)',
    tags: ['jobs'],
    text: 'Registers a recurring job. The handler receives { signal, attempt }; stop work when signal aborts. A job that throws is retried with exponential backoff up to 5 attempts, then moved to the dead-letter queue.',
  },
  {
    key: 'config.get',
    title: 'config.get(key)',
    tags: ['config'],
    text: 'Reads a configuration value from the environment, then config/default.json. Throws ConfigMissingError for a missing required key; numbers must be parsed with config.getNumber.',
  },
];
