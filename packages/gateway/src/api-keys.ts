import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { JsonValue, MemoryStore } from '@strata-memory/strata';
import { StrataError } from '@strata-memory/strata/errors';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

// node:crypto's scrypt (RFC 7914) at N=2^15, r=8, p=1: memory-hard, built into Node, no native add-on.
const SCRYPT = { N: 32_768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;
const NAMESPACE = 'gateway-keys';
const PREFIX = 'sk-strata-';
const TENANT_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** What the store keeps of a key: never the key itself. */
interface KeyRecord {
  tenant: string;
  salt: string;
  hash: string;
  createdAt: number;
  revokedAt?: number;
}

/** What `strata keys list` shows of a key: never the key or its hash. */
export interface ApiKeyInfo {
  keyId: string;
  tenant: string;
  createdAt: number;
  revokedAt?: number;
}

const storeId = (keyId: string) => `gateway-key/${keyId}`;
// Bumped by every revocation: replicas poll its version and drop their verified-key caches on a change.
const REVOCATIONS_ID = 'gateway-key-revocations';
const REVOCATIONS_NAMESPACE = 'gateway-key-events';

/** Checks a tenant name: 1-64 letters, digits, `.`, `_`, `-`. */
export function assertTenantName(tenant: string): void {
  if (!TENANT_PATTERN.test(tenant)) {
    throw new StrataError(
      'INPUT_INVALID',
      `Tenant name ${JSON.stringify(tenant)} is not valid: use 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit.`,
    );
  }
}

/** A verified (or refused) key in the cache; `hash` is the stored hash the key was proven against. */
interface CachedKey {
  tenant: string | undefined;
  keyId?: string;
  hash?: string;
  until: number;
}

/**
 * API keys as hashes in the store (namespace 'gateway-keys'): `create` returns the key once,
 * `verify` checks a presented key with scrypt and a constant-time compare. Verified keys are kept in
 * memory by their SHA-256 for `cacheMs` (default 30 s) so scrypt does not run on every request.
 * Every revocation bumps a record that `refresh` reads: a process calling it every N seconds (the
 * gateway does, see `revocationPollMs`) stops accepting a key revoked anywhere within N seconds, and
 * within `cacheMs` at worst.
 *
 * scrypt runs once per key per process, not once per request or per expiry: concurrent requests with
 * one key share one verification (single flight), and when a verified key's entry expires it is checked
 * again by reading its record only (not revoked, the same hash it was proven against). Before, every
 * request arriving while a key was unverified ran its own scrypt (32 MiB, tens of ms of CPU each), so
 * each expiry cost a busy process a burst of them every 30 s.
 */
export function createApiKeys(store: MemoryStore, options: { cacheMs?: number } = {}) {
  const cacheMs = options.cacheMs ?? 30_000;
  const cache = new Map<string, CachedKey>();
  const inFlight = new Map<string, Promise<string | undefined>>();
  let revocationsSeen: number | undefined;

  const bumpRevocations = async () => {
    for (;;) {
      const current = await store.loadSession(REVOCATIONS_ID);
      try {
        await store.commitSession({
          sessionId: REVOCATIONS_ID,
          namespace: REVOCATIONS_NAMESPACE,
          step: (current?.step ?? 0) + 1,
          layers: { at: Date.now() },
          expectedVersion: current?.version ?? 0,
        });
        return;
      } catch (error) {
        if (!StrataError.is(error, 'STORE_CONFLICT')) throw error;
      }
    }
  };

  const load = async (keyId: string) => {
    const record = await store.loadSession(storeId(keyId));
    const key = record?.layers.key as unknown as KeyRecord | undefined;
    return record && key ? { record, key } : undefined;
  };

  return {
    /** A new key for `tenant`: the only time the key exists outside the client. */
    async create(tenant: string): Promise<{ key: string; keyId: string; tenant: string }> {
      assertTenantName(tenant);
      const keyId = randomBytes(6).toString('hex');
      const secret = randomBytes(24).toString('base64url');
      const salt = randomBytes(16);
      const hash = await scrypt(secret, salt, KEY_LENGTH, SCRYPT);
      const row: KeyRecord = {
        tenant,
        salt: salt.toString('base64'),
        hash: hash.toString('base64'),
        createdAt: Date.now(),
      };
      await store.commitSession({
        sessionId: storeId(keyId),
        namespace: NAMESPACE,
        step: 0,
        layers: { key: row as unknown as JsonValue },
        meta: { tenant, keyId },
        expectedVersion: 0,
      });
      return { key: `${PREFIX}${keyId}-${secret}`, keyId, tenant };
    },

    /** The tenant of a valid, unrevoked key; undefined otherwise. */
    async verify(presented: string): Promise<string | undefined> {
      const digest = createHash('sha256').update(presented).digest('base64');
      const cached = cache.get(digest);
      if (cached && cached.until > Date.now()) return cached.tenant;
      const pending = inFlight.get(digest);
      if (pending !== undefined) return pending;
      const verification = (async () => {
        const entry = (await recheck(cached)) ?? (await verifyUncached(presented));
        if (cache.size > 10_000) cache.clear();
        cache.set(digest, entry);
        return entry.tenant;
      })();
      inFlight.set(digest, verification);
      try {
        return await verification;
      } finally {
        inFlight.delete(digest);
      }
    },

    /** Revokes a key by its id (the part after `sk-strata-`, before the second `-`) or the whole key. */
    async revoke(keyIdOrKey: string): Promise<ApiKeyInfo> {
      const keyId = keyIdOrKey.startsWith(PREFIX)
        ? (keyIdOrKey.slice(PREFIX.length).split('-')[0] ?? '')
        : keyIdOrKey;
      for (;;) {
        const found = /^[0-9a-f]{12}$/.test(keyId) ? await load(keyId) : undefined;
        if (!found) {
          throw new StrataError(
            'INPUT_INVALID',
            `No API key with id '${keyId}'. List the keys with 'strata keys list'.`,
          );
        }
        const next: KeyRecord = { ...found.key, revokedAt: found.key.revokedAt ?? Date.now() };
        try {
          await store.commitSession({
            sessionId: storeId(keyId),
            namespace: NAMESPACE,
            step: 0,
            layers: { key: next as unknown as JsonValue },
            expectedVersion: found.record.version,
          });
          await bumpRevocations();
          expireAll();
          return {
            keyId,
            tenant: next.tenant,
            createdAt: next.createdAt,
            ...(next.revokedAt ? { revokedAt: next.revokedAt } : {}),
          };
        } catch (error) {
          if (!StrataError.is(error, 'STORE_CONFLICT')) throw error;
        }
      }
    },

    /**
     * Expires the verified-key cache when a key was revoked since the last call (by any process on the
     * store): each key's next request reads its record again. One small read; the gateway runs it every
     * `revocationPollMs`.
     */
    async refresh(): Promise<void> {
      const version = (await store.loadSession(REVOCATIONS_ID))?.version ?? 0;
      if (revocationsSeen !== undefined && version !== revocationsSeen) expireAll();
      revocationsSeen = version;
    },

    /** Every key of the store (revoked ones included), without secrets. */
    async list(): Promise<ApiKeyInfo[]> {
      const rows = await store.listSessions(NAMESPACE);
      const keys: ApiKeyInfo[] = [];
      for (const row of rows) {
        const found = await load(String(row.meta.keyId));
        if (!found) continue;
        keys.push({
          keyId: String(row.meta.keyId),
          tenant: found.key.tenant,
          createdAt: found.key.createdAt,
          ...(found.key.revokedAt ? { revokedAt: found.key.revokedAt } : {}),
        });
      }
      return keys;
    },

    /** How many keys are not revoked (the server refuses to start with none, unless --no-auth). */
    async activeCount(): Promise<number> {
      return (await this.list()).filter((key) => key.revokedAt === undefined).length;
    },
  };

  /** After a revocation: every entry is checked against its record again (a read, not scrypt). */
  function expireAll(): void {
    for (const cached of cache.values()) cached.until = 0;
  }

  function entry(tenant: string | undefined, keyId?: string, hash?: string): CachedKey {
    const until = Date.now() + (tenant ? cacheMs : Math.min(cacheMs, 2_000));
    return keyId !== undefined && hash !== undefined ? { tenant, keyId, hash, until } : { tenant, until };
  }

  /**
   * An expired entry of a key that was proven: still valid while its record is unrevoked and holds the
   * hash the key was proven against (a salt and hash never change for a key id), so no scrypt is needed.
   */
  async function recheck(cached: CachedKey | undefined): Promise<CachedKey | undefined> {
    if (cached?.tenant === undefined || cached.keyId === undefined || cached.hash === undefined)
      return undefined;
    const found = await load(cached.keyId);
    if (!found || found.key.revokedAt !== undefined) return entry(undefined);
    if (found.key.hash !== cached.hash) return undefined;
    return entry(found.key.tenant, cached.keyId, cached.hash);
  }

  async function verifyUncached(presented: string): Promise<CachedKey> {
    if (!presented.startsWith(PREFIX)) return entry(undefined);
    const rest = presented.slice(PREFIX.length);
    const dash = rest.indexOf('-');
    if (dash !== 12) return entry(undefined);
    const keyId = rest.slice(0, dash);
    if (!/^[0-9a-f]{12}$/.test(keyId)) return entry(undefined);
    const found = await load(keyId);
    if (!found || found.key.revokedAt !== undefined) return entry(undefined);
    const expected = Buffer.from(found.key.hash, 'base64');
    const actual = await scrypt(
      rest.slice(dash + 1),
      Buffer.from(found.key.salt, 'base64'),
      KEY_LENGTH,
      SCRYPT,
    );
    return expected.length === actual.length && timingSafeEqual(expected, actual)
      ? entry(found.key.tenant, keyId, found.key.hash)
      : entry(undefined);
  }
}

/** The key store `createApiKeys` returns. */
export type ApiKeys = ReturnType<typeof createApiKeys>;
