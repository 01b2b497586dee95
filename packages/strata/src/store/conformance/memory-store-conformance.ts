import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JsonValue } from '../../core/provenance.js';
import { StrataError } from '../../errors/strata-error.js';
import type { LessonRecord, MemoryStore, NewLesson, SessionRecord } from '../memory-store.js';

/** What a backend's test file hands the suite: stores over one database, and its teardown. */
export interface MemoryStoreConformanceTarget {
  /** A new store (a new connection) over the database under test. Called many times. */
  createStore(): MemoryStore;
  /** Drops the database; called once after the suite. */
  cleanup?(): Promise<void>;
}

/** `STORES=sqlite,postgres` narrows which stores' suites run; unset runs all. */
export function isStoreSelected(storeName: string): boolean {
  const selected = process.env.STORES;
  if (selected === undefined || selected.trim() === '') return true;
  return selected
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .includes(storeName.toLowerCase());
}

/**
 * The one contract every MemoryStore must meet. Tests share one database, so each test works in
 * namespaces and sessions of its own (random ids). `name` is also the key `STORES` selects by.
 */
export function describeMemoryStoreConformance(
  name: string,
  setup: () => MemoryStoreConformanceTarget | Promise<MemoryStoreConformanceTarget>,
): void {
  if (!isStoreSelected(name)) {
    // Skipped on purpose: the STORES variable narrows the run to other stores.
    describe.skip(`MemoryStore conformance: ${name} (not run: STORES=${process.env.STORES})`, () => {
      it('is not selected', () => {});
    });
    return;
  }
  describe(`MemoryStore conformance: ${name}`, () => {
    let target: MemoryStoreConformanceTarget | undefined;
    const openStores: MemoryStore[] = [];

    beforeAll(async () => {
      target = await setup();
    });
    afterEach(async () => {
      await Promise.all(openStores.splice(0).map((store) => store.close()));
    });
    afterAll(async () => {
      await target?.cleanup?.();
    });

    async function connect(): Promise<MemoryStore> {
      if (target === undefined) throw new Error('conformance setup did not run');
      const store = target.createStore();
      openStores.push(store);
      await store.open();
      return store;
    }

    const unique = (prefix: string) => `${prefix}-${randomUUID()}`;

    function lesson(id: string, overrides: Partial<NewLesson> = {}): NewLesson {
      return {
        id,
        text: `lesson ${id}`,
        importance: 0.5,
        usefulness: 0,
        uses: 0,
        tags: ['combat', 'elite'],
        provenance: { source: 'extractor:test', event: 'combat-end', step: 3, createdAt: 1_700_000_000_000 },
        createdAt: 1_700_000_000_000,
        ...overrides,
      };
    }

    async function expectCode(promise: Promise<unknown>, code: StrataError['code']): Promise<StrataError> {
      try {
        await promise;
      } catch (error) {
        expect(error).toBeInstanceOf(StrataError);
        expect((error as StrataError).code).toBe(code);
        return error as StrataError;
      }
      throw new Error(`expected a StrataError ${code}, but the call succeeded`);
    }

    describe('sessions', () => {
      it('returns undefined for a session never committed', async () => {
        const store = await connect();
        expect(await store.loadSession(unique('missing'))).toBeUndefined();
      });

      it('creates a session at version 1 and round-trips its layers and meta exactly', async () => {
        const store = await connect();
        const sessionId = unique('session');
        const layers: Record<string, JsonValue> = {
          summary: 'Act 1, floor 3. HP 70/80.',
          window: [{ event: 'card-played', card: 'Strike', nested: { deep: [1, 2.5, null, true] } }],
          state: { zeta: 1, alpha: 'ordered keys stay ordered', unicode: 'héllo 🐉 \u2028' },
        };
        const created = await store.commitSession({
          sessionId,
          namespace: 'agent/ironclad',
          step: 1,
          layers,
          meta: { seed: 42, status: 'running' },
          expectedVersion: 0,
        });
        expect(created.version).toBe(1);
        expect(created.step).toBe(1);
        expect(created.layers).toEqual(layers);
        const loaded = await store.loadSession(sessionId);
        expect(loaded).toEqual(created);
        expect(Object.keys((loaded?.layers.state ?? {}) as object)).toEqual(['zeta', 'alpha', 'unicode']);
        expect(loaded?.meta).toEqual({ seed: 42, status: 'running' });
        expect(typeof loaded?.updatedAt).toBe('number');
      });

      it('keeps layers a commit does not name and replaces meta only when given', async () => {
        const store = await connect();
        const sessionId = unique('session');
        const first = await store.commitSession({
          sessionId,
          namespace: 'n',
          step: 1,
          layers: { summary: 's1', window: [1] },
          meta: { seed: 7 },
          expectedVersion: 0,
        });
        const second = await store.commitSession({
          sessionId,
          namespace: 'n',
          step: 2,
          layers: { window: [1, 2] },
          expectedVersion: first.version,
        });
        expect(second.version).toBe(2);
        expect(second.layers).toEqual({ summary: 's1', window: [1, 2] });
        expect(second.meta).toEqual({ seed: 7 });
        const third = await store.commitSession({
          sessionId,
          namespace: 'n',
          step: 3,
          layers: {},
          meta: { status: 'done' },
          expectedVersion: 2,
        });
        expect(third.meta).toEqual({ status: 'done' });
        expect(await store.loadSession(sessionId)).toEqual(third);
        // Re-committing an unchanged layer next to a changed one returns and keeps both.
        const fourth = await store.commitSession({
          sessionId,
          namespace: 'n',
          step: 4,
          layers: { summary: 's1', window: [1, 2, 3] },
          expectedVersion: 3,
        });
        expect(fourth.layers).toEqual({ summary: 's1', window: [1, 2, 3] });
        expect(await store.loadSession(sessionId)).toEqual(fourth);
      });

      it("returns only the layers written with returnLayers 'written', and stores the same as without it", async () => {
        const store = await connect();
        const sessionId = unique('session');
        const created = await store.commitSession({
          sessionId,
          namespace: 'n',
          step: 1,
          layers: { head: { turns: 1 }, 'chunk/0': ['a'] },
          meta: { seed: 7 },
          expectedVersion: 0,
          returnLayers: 'written',
        });
        expect(created.version).toBe(1);
        expect(created.layers).toEqual({ head: { turns: 1 }, 'chunk/0': ['a'] });
        const second = await store.commitSession({
          sessionId,
          namespace: 'n',
          step: 2,
          layers: { head: { turns: 2 }, 'chunk/1': ['b'] },
          expectedVersion: 1,
          returnLayers: 'written',
        });
        expect(second).toMatchObject({ version: 2, step: 2, namespace: 'n', meta: { seed: 7 } });
        expect(second.layers).toEqual({ 'chunk/1': ['b'], head: { turns: 2 } });
        expect(Object.keys(second.layers)).toEqual(['chunk/1', 'head']);
        const loaded = await store.loadSession(sessionId);
        expect(loaded?.layers).toEqual({ head: { turns: 2 }, 'chunk/0': ['a'], 'chunk/1': ['b'] });
        expect(loaded?.version).toBe(2);
        // Still a compare-and-swap: a stale version conflicts and changes nothing.
        await expectCode(
          store.commitSession({
            sessionId,
            namespace: 'n',
            step: 3,
            layers: { head: { turns: 9 } },
            expectedVersion: 1,
            returnLayers: 'written',
          }),
          'STORE_CONFLICT',
        );
        expect(await store.loadSession(sessionId)).toEqual(loaded);
        // 'all' (the default) returns every layer.
        const third = await store.commitSession({
          sessionId,
          namespace: 'n',
          step: 3,
          layers: { head: { turns: 3 } },
          expectedVersion: 2,
          returnLayers: 'all',
        });
        expect(third.layers).toEqual({ head: { turns: 3 }, 'chunk/0': ['a'], 'chunk/1': ['b'] });
        await expectCode(
          store.commitSession({
            sessionId,
            namespace: 'n',
            step: 4,
            layers: {},
            expectedVersion: 3,
            returnLayers: 'some' as 'all',
          }),
          'INPUT_INVALID',
        );
      });

      it('lists sessions of a namespace ordered by id, and all sessions without a namespace', async () => {
        const store = await connect();
        const namespace = unique('ns');
        const ids = ['b-2', 'a-1', 'c-3', 'B-0'].map((id) => `${namespace}/${id}`);
        for (const [index, sessionId] of ids.entries()) {
          await store.commitSession({
            sessionId,
            namespace,
            step: index,
            layers: {},
            meta: { index },
            expectedVersion: 0,
          });
        }
        const listed = await store.listSessions(namespace);
        expect(listed.map((session) => session.sessionId)).toEqual([...ids].sort(byCodePoint));
        expect(listed.find((session) => session.sessionId === ids[2])).toMatchObject({
          step: 2,
          meta: { index: 2 },
        });
        const all = (await store.listSessions()).map((session) => session.sessionId);
        for (const sessionId of ids) expect(all).toContain(sessionId);
        expect(all).toEqual([...all].sort(byCodePoint));
      });

      it('deletes a session with its layers and telemetry; deleting twice is a no-op', async () => {
        const store = await connect();
        const sessionId = unique('session');
        await store.commitSession({
          sessionId,
          namespace: 'n',
          step: 1,
          layers: { a: 1 },
          expectedVersion: 0,
        });
        await store.appendTelemetry([{ sessionId, step: 1, record: { tokens: 10 } }]);
        await store.deleteSession(sessionId);
        await store.deleteSession(sessionId);
        expect(await store.loadSession(sessionId)).toBeUndefined();
        expect(await store.listTelemetry(sessionId)).toEqual([]);
        const recreated = await store.commitSession({
          sessionId,
          namespace: 'n',
          step: 1,
          layers: { b: 2 },
          expectedVersion: 0,
        });
        expect(recreated.layers).toEqual({ b: 2 });
        expect(recreated.version).toBe(1);
      });

      it('refuses to move a session to another namespace', async () => {
        const store = await connect();
        const sessionId = unique('session');
        await store.commitSession({ sessionId, namespace: 'one', step: 1, layers: {}, expectedVersion: 0 });
        await expectCode(
          store.commitSession({ sessionId, namespace: 'two', step: 2, layers: {}, expectedVersion: 1 }),
          'INPUT_INVALID',
        );
        expect((await store.loadSession(sessionId))?.namespace).toBe('one');
      });

      it('rejects bad input with INPUT_INVALID naming the field', async () => {
        const store = await connect();
        const base = { sessionId: unique('s'), namespace: 'n', step: 1, layers: {}, expectedVersion: 0 };
        const emptyId = await expectCode(store.commitSession({ ...base, sessionId: '' }), 'INPUT_INVALID');
        expect(emptyId.message).toContain('sessionId');
        await expectCode(store.commitSession({ ...base, expectedVersion: -1 }), 'INPUT_INVALID');
        await expectCode(store.commitSession({ ...base, step: 1.5 }), 'INPUT_INVALID');
        const badLayer = await expectCode(
          store.commitSession({ ...base, layers: { bad: undefined as unknown as JsonValue } }),
          'INPUT_INVALID',
        );
        expect(badLayer.message).toContain('bad');
        await expectCode(store.loadSession(''), 'INPUT_INVALID');
        await expectCode(store.addLesson('n', lesson('x', { text: 'nul \u0000 inside' })), 'INPUT_INVALID');
        expect(await store.loadSession(base.sessionId)).toBeUndefined();
      });

      it('round-trips any JSON layers through commit and load (property)', async () => {
        const store = await connect();
        await fc.assert(
          fc.asyncProperty(
            fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 4 }), {
              maxKeys: 5,
            }),
            async (rawLayers) => {
              // Stores keep JSON: compare against what JSON itself can carry (e.g. -0 becomes 0).
              const layers = JSON.parse(JSON.stringify(rawLayers)) as Record<string, JsonValue>;
              const sessionId = unique('prop');
              await store.commitSession({
                sessionId,
                namespace: 'prop',
                step: 1,
                layers,
                expectedVersion: 0,
              });
              const loaded = await store.loadSession(sessionId);
              expect(loaded?.layers).toEqual(layers);
              await store.deleteSession(sessionId);
            },
          ),
          { numRuns: 40 },
        );
      });

      it('matches a model of merge-by-layer commits for any sequence of commits (property)', async () => {
        const store = await connect();
        const commitArbitrary = fc.record({
          layers: fc.dictionary(
            fc.constantFrom('summary', 'window', 'notes', 'state'),
            fc.jsonValue({ maxDepth: 2 }),
            {
              maxKeys: 3,
            },
          ),
          meta: fc.option(fc.dictionary(fc.constantFrom('seed', 'status'), fc.integer()), { nil: undefined }),
        });
        await fc.assert(
          fc.asyncProperty(fc.array(commitArbitrary, { minLength: 1, maxLength: 6 }), async (commits) => {
            const sessionId = unique('model');
            const model: { layers: Record<string, JsonValue>; meta: Record<string, JsonValue> } = {
              layers: {},
              meta: {},
            };
            let version = 0;
            for (const [index, commit] of commits.entries()) {
              const layers = JSON.parse(JSON.stringify(commit.layers)) as Record<string, JsonValue>;
              const record = await store.commitSession({
                sessionId,
                namespace: 'model',
                step: index + 1,
                layers,
                ...(commit.meta === undefined ? {} : { meta: commit.meta }),
                expectedVersion: version,
              });
              Object.assign(model.layers, layers);
              if (commit.meta !== undefined) model.meta = commit.meta;
              version = record.version;
              expect(record.version).toBe(index + 1);
            }
            const loaded = await store.loadSession(sessionId);
            expect(loaded?.layers).toEqual(model.layers);
            expect(loaded?.meta).toEqual(model.meta);
            expect(loaded?.step).toBe(commits.length);
            await store.deleteSession(sessionId);
          }),
          { numRuns: 25 },
        );
      });
    });

    describe('compare-and-swap', () => {
      it('rejects a commit based on a stale version with a retryable STORE_CONFLICT and keeps the committed state', async () => {
        const store = await connect();
        const sessionId = unique('cas');
        await store.commitSession({
          sessionId,
          namespace: 'n',
          step: 1,
          layers: { a: 1 },
          expectedVersion: 0,
        });
        const committed = await store.commitSession({
          sessionId,
          namespace: 'n',
          step: 2,
          layers: { a: 2 },
          expectedVersion: 1,
        });
        const error = await expectCode(
          store.commitSession({ sessionId, namespace: 'n', step: 2, layers: { a: 99 }, expectedVersion: 1 }),
          'STORE_CONFLICT',
        );
        expect(error.isRetryable).toBe(true);
        expect(error.details).toMatchObject({ record: 'session', expectedVersion: 1, actualVersion: 2 });
        expect(error.message).toContain(sessionId);
        expect(await store.loadSession(sessionId)).toEqual(committed);
      });

      it('refuses to create a session that exists, and to update one that does not', async () => {
        const store = await connect();
        const sessionId = unique('cas');
        await store.commitSession({
          sessionId,
          namespace: 'n',
          step: 1,
          layers: { a: 1 },
          expectedVersion: 0,
        });
        const exists = await expectCode(
          store.commitSession({ sessionId, namespace: 'n', step: 1, layers: { a: 2 }, expectedVersion: 0 }),
          'STORE_CONFLICT',
        );
        expect(exists.details).toMatchObject({ expectedVersion: 0, actualVersion: 1 });
        const missing = await expectCode(
          store.commitSession({
            sessionId: unique('none'),
            namespace: 'n',
            step: 1,
            layers: {},
            expectedVersion: 3,
          }),
          'STORE_CONFLICT',
        );
        expect(missing.details).toMatchObject({ expectedVersion: 3, actualVersion: null });
        expect((await store.loadSession(sessionId))?.layers).toEqual({ a: 1 });
      });

      it('lets exactly one of two connections win a race on the same version', async () => {
        const first = await connect();
        const second = await connect();
        const sessionId = unique('race');
        await first.commitSession({ sessionId, namespace: 'n', step: 0, layers: {}, expectedVersion: 0 });
        for (let round = 1; round <= 5; round += 1) {
          const base = (await first.loadSession(sessionId))?.version ?? 0;
          const attempts = await Promise.allSettled(
            [first, second, first, second].map((store, writer) =>
              store.commitSession({
                sessionId,
                namespace: 'n',
                step: round,
                layers: { writer },
                expectedVersion: base,
              }),
            ),
          );
          const won = attempts.filter((attempt) => attempt.status === 'fulfilled');
          const lost = attempts.filter((attempt) => attempt.status === 'rejected');
          expect(won).toHaveLength(1);
          for (const attempt of lost) expect(StrataError.is(attempt.reason, 'STORE_CONFLICT')).toBe(true);
          const winner = (won[0] as PromiseFulfilledResult<SessionRecord>).value;
          expect(await second.loadSession(sessionId)).toEqual(winner);
          expect(winner.version).toBe(base + 1);
        }
      });

      it('updates lessons by compare-and-swap and rejects stale or missing ones', async () => {
        const store = await connect();
        const namespace = unique('ns');
        const { lesson: added } = await store.addLesson(namespace, lesson('l1'));
        const updated = await store.updateLesson(
          namespace,
          'l1',
          { usefulness: 0.8, uses: 1, lastUsedAt: 5 },
          1,
        );
        expect(updated).toMatchObject({
          usefulness: 0.8,
          uses: 1,
          lastUsedAt: 5,
          version: 2,
          text: added.text,
        });
        const stale = await expectCode(store.updateLesson(namespace, 'l1', { uses: 9 }, 1), 'STORE_CONFLICT');
        expect(stale.isRetryable).toBe(true);
        expect(stale.details).toMatchObject({ record: 'lesson', expectedVersion: 1, actualVersion: 2 });
        const missing = await expectCode(
          store.updateLesson(namespace, 'nope', { uses: 1 }, 1),
          'STORE_CONFLICT',
        );
        expect(missing.details).toMatchObject({ actualVersion: null });
        expect(await store.listLessons(namespace)).toEqual([updated]);
      });

      it('writes knowledge by compare-and-swap', async () => {
        const store = await connect();
        const namespace = unique('ns');
        const entry = {
          namespace,
          key: 'card:bash',
          text: 'Bash applies 2 Vulnerable.',
          tags: ['card'],
          provenance: { source: 'corpus:cards', createdAt: 1 },
        };
        const created = await store.putKnowledge(entry, 0);
        expect(created.version).toBe(1);
        await expectCode(store.putKnowledge(entry, 0), 'STORE_CONFLICT');
        const updated = await store.putKnowledge({ ...entry, text: 'Bash: 8 damage, 2 Vulnerable.' }, 1);
        expect(updated).toMatchObject({ version: 2, text: 'Bash: 8 damage, 2 Vulnerable.' });
        await expectCode(store.putKnowledge({ ...entry, text: 'stale' }, 1), 'STORE_CONFLICT');
        await store.putKnowledge({ ...entry, key: 'card:anger' }, 0);
        expect((await store.listKnowledge(namespace)).map((record) => [record.key, record.version])).toEqual([
          ['card:anger', 1],
          ['card:bash', 2],
        ]);
      });
    });

    describe('lessons', () => {
      it('adds lessons and lists them ordered by createdAt, then id', async () => {
        const store = await connect();
        const namespace = unique('ns');
        const created = await store.addLesson(namespace, lesson('b', { createdAt: 20 }));
        expect(created.created).toBe(true);
        expect(created.lesson).toMatchObject({ namespace, id: 'b', version: 1, tags: ['combat', 'elite'] });
        await store.addLesson(namespace, lesson('c', { createdAt: 10 }));
        await store.addLesson(namespace, lesson('a', { createdAt: 20, lastUsedAt: 30, idempotencyKey: 'k' }));
        const listed = await store.listLessons(namespace);
        expect(listed.map((item) => item.id)).toEqual(['c', 'a', 'b']);
        expect(listed[1]).toEqual({
          ...lesson('a', { createdAt: 20, lastUsedAt: 30, idempotencyKey: 'k' }),
          namespace,
          version: 1,
        });
        expect(listed[2]).not.toHaveProperty('idempotencyKey');
        expect(listed[2]).not.toHaveProperty('lastUsedAt');
      });

      it('never adds a lesson twice for one idempotency key, even with another id', async () => {
        const store = await connect();
        const namespace = unique('ns');
        const first = await store.addLesson(
          namespace,
          lesson('first', { idempotencyKey: 'extract:combat-3' }),
        );
        const again = await store.addLesson(
          namespace,
          lesson('second', { idempotencyKey: 'extract:combat-3', text: 'retried extraction, reworded' }),
        );
        expect(first.created).toBe(true);
        expect(again).toEqual({ lesson: first.lesson, created: false, evicted: [] });
        expect(await store.listLessons(namespace)).toHaveLength(1);
      });

      it('keeps one lesson per key when many connections add it at once', async () => {
        const stores = [await connect(), await connect(), await connect()];
        const namespace = unique('ns');
        const results = await Promise.all(
          Array.from({ length: 12 }, (_, index) =>
            (stores[index % stores.length] as MemoryStore).addLesson(
              namespace,
              lesson(`id-${index}`, { idempotencyKey: 'same-key' }),
            ),
          ),
        );
        expect(results.filter((result) => result.created)).toHaveLength(1);
        expect(new Set(results.map((result) => result.lesson.id)).size).toBe(1);
        expect(await stores[0]?.listLessons(namespace)).toHaveLength(1);
      });

      it('refuses a second lesson with an existing id but another key, without retry', async () => {
        const store = await connect();
        const namespace = unique('ns');
        await store.addLesson(namespace, lesson('dup', { text: 'original' }));
        const error = await expectCode(
          store.addLesson(namespace, lesson('dup', { text: 'other' })),
          'STORE_CONFLICT',
        );
        expect(error.isRetryable).toBe(false);
        expect((await store.listLessons(namespace)).map((item) => item.text)).toEqual(['original']);
      });

      it('keeps a namespace within capacity: the lowest rank goes, in the same call', async () => {
        const store = await connect();
        const namespace = unique('ns');
        const other = unique('other');
        const add = (id: string, rank: number | undefined, extra: Partial<NewLesson> = {}) =>
          store.addLesson(namespace, lesson(id, rank === undefined ? extra : { rank, ...extra }), {
            capacity: 3,
          });
        expect((await add('a', 5)).evicted).toEqual([]);
        expect((await add('b', 1)).evicted).toEqual([]);
        expect((await add('c', 3)).evicted).toEqual([]);
        await store.addLesson(other, lesson('elsewhere', { rank: -100 }), { capacity: 3 });
        const fourth = await add('d', 4);
        expect(fourth).toMatchObject({ created: true, evicted: ['b'] });
        expect(fourth.lesson.rank).toBe(4);
        // The newcomer itself goes when it ranks lowest; an unranked lesson ranks below all.
        expect((await add('e', 0)).evicted).toEqual(['e']);
        expect((await add('f', undefined)).evicted).toEqual(['f']);
        // Equal ranks: the higher id goes first.
        expect((await add('bb', 3)).evicted).toEqual(['c']);
        expect((await store.listLessons(namespace)).map((item) => item.id).sort()).toEqual(['a', 'bb', 'd']);
        expect((await store.listLessons(other)).map((item) => item.id)).toEqual(['elsewhere']);
        // An idempotent repeat neither adds nor evicts; a delete frees a place.
        expect(await add('again', 9, { idempotencyKey: 'k' })).toMatchObject({
          created: true,
          evicted: ['bb'],
        });
        expect(await add('again-2', 9, { idempotencyKey: 'k' })).toMatchObject({
          created: false,
          evicted: [],
        });
        await store.deleteLesson(namespace, 'a');
        await store.deleteLesson(namespace, 'a');
        expect((await add('g', -5)).evicted).toEqual([]);
        expect(await store.listLessons(namespace)).toHaveLength(3);
        // A lower capacity trims the excess on the next add.
        expect(
          (await store.addLesson(namespace, lesson('h', { rank: 10 }), { capacity: 1 })).evicted.sort(),
        ).toEqual(['again', 'd', 'g'].sort());
        await expectCode(store.addLesson(namespace, lesson('z'), { capacity: 0 }), 'INPUT_INVALID');
        await expectCode(store.addLesson(namespace, lesson('z', { rank: Number.NaN })), 'INPUT_INVALID');
      });

      it('holds capacity when many connections add to one namespace at once', async () => {
        const stores = [await connect(), await connect(), await connect()];
        const namespace = unique('ns');
        const results = await Promise.all(
          Array.from({ length: 30 }, (_, index) =>
            (stores[index % stores.length] as MemoryStore).addLesson(
              namespace,
              lesson(`id-${index}`, { rank: (index * 7) % 30 }),
              { capacity: 10 },
            ),
          ),
        );
        expect(results.every((result) => result.created)).toBe(true);
        const kept = await stores[1]?.listLessons(namespace);
        expect(kept?.map((item) => item.rank).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
          Array.from({ length: 10 }, (_, index) => 20 + index),
        );
        const evicted = results.flatMap((result) => result.evicted);
        expect(new Set(evicted).size).toBe(20);
      });

      it('lists the highest-ranked lessons when given a limit, still by createdAt then id', async () => {
        const store = await connect();
        const namespace = unique('ns');
        await store.addLesson(namespace, lesson('old-best', { createdAt: 1, rank: 9 }));
        await store.addLesson(namespace, lesson('new-low', { createdAt: 5, rank: 1 }));
        await store.addLesson(namespace, lesson('mid', { createdAt: 3, rank: 5 }));
        await store.addLesson(namespace, lesson('unranked', { createdAt: 0 }));
        expect((await store.listLessons(namespace, { limit: 2 })).map((item) => item.id)).toEqual([
          'old-best',
          'mid',
        ]);
        expect(await store.listLessons(namespace, { limit: 0 })).toEqual([]);
        expect((await store.listLessons(namespace, { limit: 10 })).map((item) => item.id)).toEqual([
          'unranked',
          'old-best',
          'mid',
          'new-low',
        ]);
        await expectCode(store.listLessons(namespace, { limit: -1 }), 'INPUT_INVALID');
        const updated = await store.updateLesson(namespace, 'new-low', { rank: 20 }, 1);
        expect(updated.rank).toBe(20);
        expect((await store.listLessons(namespace, { limit: 1 })).map((item) => item.id)).toEqual([
          'new-low',
        ]);
      });

      it('deletes a lesson; deleting a missing one is a no-op', async () => {
        const store = await connect();
        const namespace = unique('ns');
        await store.addLesson(namespace, lesson('x', { idempotencyKey: 'kx' }));
        await store.deleteLesson(namespace, 'x');
        await store.deleteLesson(namespace, 'x');
        expect(await store.listLessons(namespace)).toEqual([]);
        const readded = await store.addLesson(namespace, lesson('y', { idempotencyKey: 'kx' }));
        expect(readded.created).toBe(true);
      });
    });

    describe('namespaces', () => {
      it('keeps lessons, knowledge and sessions of namespaces apart', async () => {
        const store = await connect();
        const one = unique('one');
        const two = unique('two');
        await store.addLesson(one, lesson('shared-id', { idempotencyKey: 'shared-key', text: 'in one' }));
        const inTwo = await store.addLesson(
          two,
          lesson('shared-id', { idempotencyKey: 'shared-key', text: 'in two' }),
        );
        expect(inTwo.created).toBe(true);
        await store.putKnowledge(
          { namespace: one, key: 'k', text: 'one', tags: [], provenance: { source: 's', createdAt: 1 } },
          0,
        );
        await store.putKnowledge(
          { namespace: two, key: 'k', text: 'two', tags: [], provenance: { source: 's', createdAt: 1 } },
          0,
        );
        await store.commitSession({
          sessionId: `${one}/s`,
          namespace: one,
          step: 1,
          layers: {},
          expectedVersion: 0,
        });
        await store.updateLesson(two, 'shared-id', { uses: 3 }, 1);
        expect((await store.listLessons(one)).map((item) => [item.text, item.uses])).toEqual([['in one', 0]]);
        expect((await store.listLessons(two)).map((item) => [item.text, item.uses])).toEqual([['in two', 3]]);
        expect((await store.listKnowledge(one)).map((item) => item.text)).toEqual(['one']);
        expect((await store.listKnowledge(two)).map((item) => item.text)).toEqual(['two']);
        expect(await store.listSessions(two)).toEqual([]);
        await store.deleteLesson(one, 'shared-id');
        expect(await store.listLessons(two)).toHaveLength(1);
      });
    });

    describe('telemetry', () => {
      it('lists telemetry of a session by step, keeping append order within a step', async () => {
        const store = await connect();
        const sessionId = unique('telemetry');
        await store.appendTelemetry([
          { sessionId, step: 2, record: { n: 'b' } },
          { sessionId, step: 1, record: { n: 'a' } },
        ]);
        await store.appendTelemetry([]);
        await store.appendTelemetry([
          { sessionId, step: 2, record: { n: 'c' } },
          { sessionId: `${sessionId}-other`, step: 1, record: { n: 'other' } },
        ]);
        expect(await store.listTelemetry(sessionId)).toEqual([
          { sessionId, step: 1, record: { n: 'a' } },
          { sessionId, step: 2, record: { n: 'b' } },
          { sessionId, step: 2, record: { n: 'c' } },
        ]);
      });
    });

    describe('open, close and resume', () => {
      it('resumes a session from another connection exactly as last committed', async () => {
        const writer = await connect();
        const sessionId = unique('resume');
        let record: SessionRecord | undefined;
        for (let step = 1; step <= 10; step += 1) {
          record = await writer.commitSession({
            sessionId,
            namespace: 'agent',
            step,
            layers: {
              window: Array.from({ length: Math.min(step, 4) }, (_, index) => step - index),
              state: { hp: 80 - step },
            },
            expectedVersion: record?.version ?? 0,
          });
        }
        await writer.close();
        const reader = await connect();
        const resumed = await reader.loadSession(sessionId);
        expect(resumed).toEqual(record);
        expect(resumed?.step).toBe(10);
        const next = await reader.commitSession({
          sessionId,
          namespace: 'agent',
          step: 11,
          layers: { state: { hp: 69 } },
          expectedVersion: resumed?.version ?? -1,
        });
        expect(next.layers).toEqual({ window: [10, 9, 8, 7], state: { hp: 69 } });
      });

      it('opens again idempotently (migrations run once) and keeps data', async () => {
        const store = await connect();
        const namespace = unique('ns');
        await store.addLesson(namespace, lesson('kept', { idempotencyKey: 'kept' }));
        await store.open();
        await store.open();
        const other = await connect();
        await other.open();
        expect((await other.listLessons(namespace)).map((item) => item.id)).toEqual(['kept']);
        expect((await other.addLesson(namespace, lesson('again', { idempotencyKey: 'kept' }))).created).toBe(
          false,
        );
      });

      it('fails with STORE_CLOSED after close, and works again after open', async () => {
        const store = await connect();
        await store.close();
        const error = await expectCode(store.listLessons('n'), 'STORE_CLOSED');
        expect(error.message).toContain('open()');
        await store.open();
        expect(await store.listLessons(unique('ns'))).toEqual([]);
      });
    });

    it('can be wrapped by spreading it into a new object', async () => {
      const store = await connect();
      const namespace = unique('ns');
      const wrapped: MemoryStore = { ...store, name: 'wrapped' };
      await wrapped.addLesson(namespace, lesson('via-wrapper'));
      expect((await store.listLessons(namespace)).map((item) => item.id)).toEqual(['via-wrapper']);
    });

    it('returns records callers cannot use to change what is stored', async () => {
      const store = await connect();
      const namespace = unique('ns');
      const sessionId = unique('alias');
      const layers = { state: { hp: 1 } };
      const committed = await store.commitSession({
        sessionId,
        namespace,
        step: 1,
        layers,
        expectedVersion: 0,
      });
      layers.state.hp = 2;
      (committed.layers.state as { hp: number }).hp = 3;
      const { lesson: added } = await store.addLesson(namespace, lesson('l'));
      (added as LessonRecord).tags.push('mutated');
      expect((await store.loadSession(sessionId))?.layers).toEqual({ state: { hp: 1 } });
      expect((await store.listLessons(namespace))[0]?.tags).toEqual(['combat', 'elite']);
    });
  });
}

function byCodePoint(left: string, right: string): number {
  return Buffer.compare(Buffer.from(left, 'utf8'), Buffer.from(right, 'utf8'));
}
