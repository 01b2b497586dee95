import { createInMemoryStore } from '@strata-memory/strata';
import { describe, expect, it, vi } from 'vitest';

// Counts the scrypt runs of the module under test: node:crypto's scrypt, wrapped (same results).
const scryptRuns = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof import('node:crypto')>();
  const scrypt = ((...args: Parameters<typeof crypto.scrypt>) => {
    scryptRuns.count++;
    return (crypto.scrypt as (...a: unknown[]) => void)(...args);
  }) as typeof crypto.scrypt;
  return { ...crypto, scrypt };
});

const { createApiKeys } = await import('./api-keys.js');

async function keysWithOneKey(cacheMs: number) {
  const store = createInMemoryStore();
  await store.open();
  const keys = createApiKeys(store, { cacheMs });
  const { key, keyId } = await keys.create('acme');
  scryptRuns.count = 0;
  return { store, keys, key, keyId };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('API key verification', () => {
  it('runs scrypt once for many concurrent requests with one key', async () => {
    const { keys, key } = await keysWithOneKey(30_000);
    const tenants = await Promise.all(Array.from({ length: 40 }, () => keys.verify(key)));
    expect(tenants).toEqual(Array.from({ length: 40 }, () => 'acme'));
    expect(scryptRuns.count).toBe(1);
  });

  it('refuses a wrong secret for a real key id, sharing one scrypt among concurrent tries', async () => {
    const { keys, key } = await keysWithOneKey(30_000);
    const wrong = `${key.slice(0, -4)}AAAA`;
    const tenants = await Promise.all(Array.from({ length: 20 }, () => keys.verify(wrong)));
    expect(new Set(tenants)).toEqual(new Set([undefined]));
    expect(scryptRuns.count).toBe(1);
  });

  it('checks an expired key again by its record, without scrypt, and refuses it once revoked', async () => {
    const { store, keys, key, keyId } = await keysWithOneKey(20);
    expect(await keys.verify(key)).toBe('acme');
    expect(scryptRuns.count).toBe(1);
    await sleep(30);
    expect(await Promise.all([keys.verify(key), keys.verify(key)])).toEqual(['acme', 'acme']);
    expect(scryptRuns.count).toBe(1);

    // Revoked by another process on the same store (`strata keys revoke`): refused once the entry expires.
    await createApiKeys(store).revoke(keyId);
    await sleep(30);
    expect(await keys.verify(key)).toBeUndefined();
    expect(scryptRuns.count).toBe(1);
  });

  it('after a revocation elsewhere, refresh makes every key read its record again at once', async () => {
    const store = createInMemoryStore();
    await store.open();
    const keys = createApiKeys(store, { cacheMs: 60_000 });
    const kept = await keys.create('acme');
    const revoked = await keys.create('acme');
    await keys.refresh();
    expect(await keys.verify(kept.key)).toBe('acme');
    expect(await keys.verify(revoked.key)).toBe('acme');
    const before = scryptRuns.count;

    await createApiKeys(store).revoke(revoked.keyId);
    await keys.refresh();
    expect(await keys.verify(revoked.key)).toBeUndefined();
    expect(await keys.verify(kept.key)).toBe('acme');
    expect(scryptRuns.count).toBe(before);
  });

  it('still runs scrypt for a key it has not proven, whatever the cache holds', async () => {
    const { keys, key } = await keysWithOneKey(30_000);
    const other = await keys.create('globex');
    scryptRuns.count = 0;
    expect(await keys.verify(key)).toBe('acme');
    expect(await keys.verify(other.key)).toBe('globex');
    expect(await keys.verify('sk-strata-000000000000-nope')).toBeUndefined();
    expect(scryptRuns.count).toBe(2);
  });
});
