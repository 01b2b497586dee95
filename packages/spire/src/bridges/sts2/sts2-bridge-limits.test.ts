import { afterEach, describe, expect, it } from 'vitest';
import { caughtSpireError } from '../../test-support/caught-spire-error.js';
import { type FakeSts2ModServer, startFakeSts2ModServer } from './fake-sts2-mod-server.js';
import { readSts2Snapshots, STS2_FIXTURE_FILE } from './snapshot-files.js';
import { createSts2Game } from './sts2-game.js';

const fixture = readSts2Snapshots(STS2_FIXTURE_FILE)[0]?.raw_state;
const servers: FakeSts2ModServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('StS2 bridge limits (issue 11 item 14)', () => {
  it('refuses a body larger than maxResponseBytes while streaming it, without reading it all', async () => {
    const server = await startFakeSts2ModServer({ states: [fixture] });
    servers.push(server);
    // 64 MiB without a content-length: the cap must stop reading, not buffer it whole.
    server.queue('GET /state', { streamBytes: 64 * 1024 * 1024 });
    const game = createSts2Game({ baseUrl: server.url, maxResponseBytes: 1024 * 1024, retryDelayMs: 1 });
    const before = process.memoryUsage().rss;
    const error = await caughtSpireError(game.state());
    expect(error.code).toBe('PROTOCOL_ERROR');
    expect(error.message).toContain('larger than 1048576 bytes');
    expect(error.isRetryable).toBe(false);
    expect(process.memoryUsage().rss - before).toBeLessThan(48 * 1024 * 1024);
    // Not retried: a body this size is not a glitch.
    expect(server.requests.filter((request) => request.path === '/state')).toHaveLength(1);
  });

  it('refuses a body whose content-length is over the cap before reading it', async () => {
    const server = await startFakeSts2ModServer({ states: [fixture] });
    servers.push(server);
    server.queue('GET /state', { raw: JSON.stringify({ ok: true, data: { pad: 'x'.repeat(300_000) } }) });
    const error = await caughtSpireError(
      createSts2Game({ baseUrl: server.url, maxResponseBytes: 100_000 }).state(),
    );
    expect(error.code).toBe('PROTOCOL_ERROR');
    expect(error.message).toContain('larger than 100000 bytes');
  });

  it('says that fetch refuses a blocked port instead of blaming the mod for closing the connection', async () => {
    const error = await caughtSpireError(
      createSts2Game({ baseUrl: 'http://127.0.0.1:6000', retryDelayMs: 1 }).state(),
    );
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.message).toContain('port 6000');
    expect(error.message).toContain('blocked ports');
    expect(error.message).not.toContain('closed the connection');
  });

  it('reports a fetch failure that is not a network error as what it was, without retrying it', async () => {
    let calls = 0;
    const failing: typeof fetch = async () => {
      calls += 1;
      throw new TypeError('fetch failed', { cause: new Error('unsupported proxy protocol') });
    };
    const error = await caughtSpireError(
      createSts2Game({ baseUrl: 'http://127.0.0.1:8080', fetch: failing, retryDelayMs: 1 }).state(),
    );
    expect(error.code).toBe('GAME_UNREACHABLE');
    expect(error.message).toContain('unsupported proxy protocol');
    expect(error.message).not.toContain('closed the connection');
    expect(calls).toBe(1);
  });
});
