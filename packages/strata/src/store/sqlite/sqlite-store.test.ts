import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { StrataError } from '../../errors/strata-error.js';
import { describeMemoryStoreConformance } from '../conformance/memory-store-conformance.js';
import type { NewLesson } from '../memory-store.js';
import { latestSqliteSchemaVersion } from './sqlite-migrations.js';
import { createSqliteStore } from './sqlite-store.js';

describeMemoryStoreConformance('sqlite', () => {
  const directory = mkdtempSync(join(tmpdir(), 'strata-sqlite-conformance-'));
  const path = join(directory, 'nested', 'strata.db');
  return {
    createStore: () => createSqliteStore({ path }),
    cleanup: async () => rmSync(directory, { recursive: true, force: true }),
  };
});

const scratch = mkdtempSync(join(tmpdir(), 'strata-sqlite-errors-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let fileCounter = 0;
const freshPath = () => {
  fileCounter += 1;
  return join(scratch, `db-${fileCounter}.db`);
};
const digest = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

function lesson(id: string, overrides: Partial<NewLesson> = {}): NewLesson {
  return {
    id,
    text: `lesson ${id}`,
    importance: 0.5,
    usefulness: 0,
    uses: 0,
    tags: [],
    provenance: { source: 'test', createdAt: 1 },
    createdAt: 1,
    ...overrides,
  };
}

async function failure(promise: Promise<unknown>): Promise<StrataError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof StrataError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('SQLite store: files and pragmas', () => {
  it('creates .strata/strata.db under the working directory by default, in WAL mode', async () => {
    const directory = mkdtempSync(join(scratch, 'cwd-'));
    const previous = process.cwd();
    process.chdir(directory);
    try {
      const store = createSqliteStore();
      await store.addLesson('n', lesson('a'));
      await store.close();
    } finally {
      process.chdir(previous);
    }
    const path = join(directory, '.strata', 'strata.db');
    expect(existsSync(path)).toBe(true);
    const database = new Database(path);
    expect(database.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(database.prepare('SELECT count(*) AS n FROM strata_lessons').get()).toEqual({ n: 1 });
    database.close();
  });

  it('uses synchronous=NORMAL by default and FULL when asked', async () => {
    const database = new Database(freshPath());
    const normal = createSqliteStore({ database });
    await normal.open();
    expect(database.pragma('synchronous', { simple: true })).toBe(1);
    const full = createSqliteStore({ database, synchronous: 'full' });
    await full.open();
    expect(database.pragma('synchronous', { simple: true })).toBe(2);
    await full.close();
    await normal.close();
    expect(database.open).toBe(true);
    database.close();
  });
});

describe('SQLite store: bad files fail clearly and stay untouched', () => {
  it('refuses a file of random bytes with STORE_CORRUPT and leaves it byte-for-byte as it was', async () => {
    const path = freshPath();
    writeFileSync(path, randomBytes(8192));
    const before = digest(path);
    const error = await failure(createSqliteStore({ path }).open());
    expect(error.code).toBe('STORE_CORRUPT');
    expect(error.message).toContain(path);
    expect(error.message).toMatch(/move it away|another path/);
    expect(digest(path)).toBe(before);
    expect(existsSync(`${path}-wal`)).toBe(false);
  });

  it('refuses a SQLite database of another application instead of writing into it', async () => {
    const path = freshPath();
    const foreign = new Database(path);
    foreign.exec(
      "CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT); INSERT INTO users VALUES (1, 'a@b.c');",
    );
    foreign.close();
    const before = digest(path);
    const store = createSqliteStore({ path });
    const error = await failure(
      store.commitSession({ sessionId: 's', namespace: 'n', step: 1, layers: {}, expectedVersion: 0 }),
    );
    expect(error.code).toBe('STORE_CORRUPT');
    expect(error.message).toContain('users');
    expect(error.message).toContain('another application');
    expect(digest(path)).toBe(before);
    await store.close();
  });

  it('refuses a database written by a newer schema, naming both versions and the fix', async () => {
    const path = freshPath();
    const store = createSqliteStore({ path });
    await store.addLesson('n', lesson('kept'));
    await store.close();
    const raw = new Database(path);
    raw
      .prepare('INSERT INTO strata_schema_migrations VALUES (?, ?, ?)')
      .run(latestSqliteSchemaVersion + 41, 'future', 0);
    raw.close();
    const error = await failure(createSqliteStore({ path }).listLessons('n'));
    expect(error.code).toBe('STORE_SCHEMA_TOO_NEW');
    expect(error.message).toContain(String(latestSqliteSchemaVersion + 41));
    expect(error.message).toContain(`version ${latestSqliteSchemaVersion}`);
    expect(error.message).toMatch(/Upgrade strata/);
    expect(error.details).toMatchObject({ databaseVersion: latestSqliteSchemaVersion + 41 });
  });

  it('reports a full disk as STORE_DISK_FULL and keeps the last committed step intact', async () => {
    const database = new Database(freshPath());
    const store = createSqliteStore({ database });
    let record = await store.commitSession({
      sessionId: 's',
      namespace: 'n',
      step: 1,
      layers: { window: ['a'], state: { hp: 80 } },
      expectedVersion: 0,
    });
    await store.addLesson('n', lesson('before'));
    // Cap the file at its current size: the next write that needs a new page fails like a full disk.
    const pages = database.pragma('page_count', { simple: true }) as number;
    database.pragma(`max_page_count = ${pages}`);
    const big = 'x'.repeat(64 * 1024);
    const error = await failure(
      store.commitSession({
        sessionId: 's',
        namespace: 'n',
        step: 2,
        layers: { window: [big], state: { hp: 1 } },
        expectedVersion: 1,
      }),
    );
    expect(error.code).toBe('STORE_DISK_FULL');
    expect(error.message).toMatch(/Free disk space/);
    expect(await store.loadSession('s')).toEqual(record);
    const lessonError = await failure(store.addLesson('n', lesson('after', { text: big })));
    expect(lessonError.code).toBe('STORE_DISK_FULL');
    expect((await store.listLessons('n')).map((item) => item.id)).toEqual(['before']);
    database.pragma('max_page_count = 1073741823');
    record = await store.commitSession({
      sessionId: 's',
      namespace: 'n',
      step: 2,
      layers: { window: [big] },
      expectedVersion: 1,
    });
    expect(record.version).toBe(2);
    await store.close();
    database.close();
  });

  it('reports writes to a read-only connection as STORE_READ_ONLY and still reads', async () => {
    const path = freshPath();
    const writer = createSqliteStore({ path });
    const committed = await writer.commitSession({
      sessionId: 's',
      namespace: 'n',
      step: 1,
      layers: { a: 1 },
      expectedVersion: 0,
    });
    await writer.close();
    const database = new Database(path, { readonly: true });
    const store = createSqliteStore({ database });
    expect(await store.loadSession('s')).toEqual(committed);
    const error = await failure(
      store.commitSession({ sessionId: 's', namespace: 'n', step: 2, layers: { a: 2 }, expectedVersion: 1 }),
    );
    expect(error.code).toBe('STORE_READ_ONLY');
    expect(error.message).toMatch(/writable/);
    expect(await store.loadSession('s')).toEqual(committed);
    database.close();
  });

  it('reports a read-only file in a read-only directory as STORE_READ_ONLY (as an unprivileged user)', async () => {
    const directory = mkdtempSync(join(scratch, 'read-only-'));
    const path = join(directory, 'strata.db');
    const writer = createSqliteStore({ path });
    await writer.commitSession({
      sessionId: 's',
      namespace: 'n',
      step: 1,
      layers: { a: 1 },
      expectedVersion: 0,
    });
    await writer.close();
    chmodSync(path, 0o444);
    chmodSync(directory, 0o555);
    try {
      // Root ignores file modes, so when running as root the check runs in a child as "nobody".
      const storeModule = fileURLToPath(new URL('./sqlite-store.ts', import.meta.url));
      const script = `
        import { createSqliteStore } from ${JSON.stringify(storeModule)};
        const store = createSqliteStore({ path: ${JSON.stringify(path)} });
        try {
          await store.commitSession({ sessionId: 's', namespace: 'n', step: 2, layers: { a: 2 }, expectedVersion: 1 });
          console.log(JSON.stringify({ ok: true }));
        } catch (error) {
          console.log(JSON.stringify({ code: error.code, message: error.message }));
        }`;
      const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
      const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        encoding: 'utf8',
        cwd: fileURLToPath(new URL('.', import.meta.url)),
        timeout: 20_000,
        ...asNobody,
      });
      const lastLine = child.stdout.trim().split('\n').at(-1) ?? '';
      expect(lastLine, child.stderr).not.toBe('');
      const result = JSON.parse(lastLine) as { code?: string; message?: string };
      expect(result.code).toBe('STORE_READ_ONLY');
      expect(result.message).toContain(path);
    } finally {
      chmodSync(directory, 0o755);
      chmodSync(path, 0o644);
    }
    const reader = createSqliteStore({ path });
    expect((await reader.loadSession('s'))?.layers).toEqual({ a: 1 });
    await reader.close();
  });

  it('reports a lock held past the busy timeout as a retryable STORE_UNAVAILABLE', async () => {
    const path = freshPath();
    const store = createSqliteStore({ path, busyTimeoutMs: 50 });
    await store.open();
    const blocker = new Database(path);
    blocker.exec('BEGIN IMMEDIATE');
    try {
      const error = await failure(store.addLesson('n', lesson('blocked')));
      expect(error.code).toBe('STORE_UNAVAILABLE');
      expect(error.isRetryable).toBe(true);
      expect(error.message).toMatch(/busy timeout|busyTimeoutMs/);
    } finally {
      blocker.exec('ROLLBACK');
      blocker.close();
    }
    expect((await store.addLesson('n', lesson('blocked'))).created).toBe(true);
    await store.close();
  });

  it('reports a path whose parent is a file as a clear error', async () => {
    const parent = freshPath();
    mkdirSync(scratch, { recursive: true });
    writeFileSync(parent, 'not a directory');
    const error = await failure(createSqliteStore({ path: join(parent, 'strata.db') }).open());
    expect(error.code).toBe('STORE_UNAVAILABLE');
    expect(error.message).toContain(parent);
  });
});
