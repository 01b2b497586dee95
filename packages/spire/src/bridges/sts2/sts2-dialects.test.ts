import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { caughtSpireError } from '../../test-support/caught-spire-error.js';
import { type FakeSts2ModServer, startFakeSts2ModServer } from './fake-sts2-mod-server.js';
import { readSts2Snapshots, STS2_FIXTURE_FILE } from './snapshot-files.js';
import { createSts2Game } from './sts2-game.js';
import type { Sts2GameConfig } from './sts2-game-config.js';

const fixtures = readSts2Snapshots(STS2_FIXTURE_FILE).map(
  (snapshot) => snapshot.raw_state as Record<string, unknown>,
);
const combat = fixtures[0] as Record<string, unknown>;
const animating = fixtures[3] as Record<string, unknown>;

/** A Crystal Sphere screen as each mod lists it. */
function crystalSphere(dialect: 'upstream' | 'agentic-sts'): Record<string, unknown> {
  return {
    ...structuredClone(combat),
    screen: 'CRYSTAL_SPHERE',
    in_combat: false,
    turn: null,
    combat: null,
    crystal_sphere: { grid_width: 11, grid_height: 11, divinations_left: 3, tool: 'small' },
    available_actions:
      dialect === 'agentic-sts'
        ? [
            'crystal_sphere_set_tool',
            'crystal_sphere_click_cell',
            'crystal_sphere_proceed',
            'close_pause_menu',
          ]
        : ['crystal_set_tool', 'crystal_clear_cell', 'proceed'],
  };
}

const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function mod(dialect: 'upstream' | 'agentic-sts', states: unknown[], eventStream = true) {
  const server = await startFakeSts2ModServer({ dialect, states, eventStream });
  servers.push(server);
  return server;
}

function fast(server: FakeSts2ModServer, extra: Sts2GameConfig = {}): Sts2GameConfig {
  return { baseUrl: server.url, retryDelayMs: 1, maxRetryDelayMs: 2, pollIntervalMs: 1, ...extra };
}

function sentActions(server: FakeSts2ModServer): unknown[] {
  return server.requests.filter((request) => request.path === '/action').map((request) => request.body);
}

/** An HTTP server on 127.0.0.1 that is not the mod (as another program on 8080 would be). */
async function otherProgram(): Promise<string> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(404, { 'content-type': 'text/html' });
    response.end('<html>Clash dashboard</html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('StS2 bridge: both mod dialects (issue 15 item 5)', () => {
  it('detects the AgenticSTS fork from /health and speaks its action names', async () => {
    const state = crystalSphere('agentic-sts');
    const server = await mod('agentic-sts', [state, state, state, state]);
    const game = createSts2Game(fast(server));
    const seen = await game.state();
    expect(game.dialect).toBe('agentic-sts');
    expect(seen.available_actions).toEqual([
      'crystal_set_tool',
      'crystal_clear_cell',
      'proceed',
      'close_pause_menu',
    ]);
    await game.act({ action: 'crystal_set_tool', tool: 'big' });
    await game.act({ action: 'crystal_clear_cell', x: 3, y: 4, tool: 'big' });
    await game.act({ action: 'proceed' });
    await game.act({ action: 'close_pause_menu' });
    expect(sentActions(server)).toEqual([
      { action: 'crystal_sphere_set_tool', tool: 'big' },
      { action: 'crystal_sphere_click_cell', x: 3, y: 4 },
      { action: 'crystal_sphere_proceed' },
      { action: 'close_pause_menu' },
    ]);
  });

  it('lists the fork actions of /actions/available in spire names', async () => {
    const server = await mod('agentic-sts', [crystalSphere('agentic-sts')]);
    const actions = await createSts2Game(fast(server)).availableActions();
    expect(actions.actions.map((action) => action.name)).toEqual([
      'crystal_set_tool',
      'crystal_clear_cell',
      'proceed',
      'close_pause_menu',
    ]);
  });

  it('detects the upstream mod and sends its names unchanged; fork-only actions are refused before sending', async () => {
    const state = crystalSphere('upstream');
    const server = await mod('upstream', [state, state, state]);
    const game = createSts2Game(fast(server));
    expect((await game.state()).available_actions).toEqual([
      'crystal_set_tool',
      'crystal_clear_cell',
      'proceed',
    ]);
    expect(game.dialect).toBe('upstream');
    await game.act({ action: 'crystal_clear_cell', x: 1, y: 2, tool: 'small' });
    await game.act({ action: 'proceed' });
    const error = await caughtSpireError(game.act({ action: 'close_pause_menu' }));
    expect(error.code).toBe('NOT_SUPPORTED');
    expect(error.message).toContain('AgenticSTS fork');
    expect(sentActions(server)).toEqual([
      { action: 'crystal_clear_cell', x: 1, y: 2, tool: 'small' },
      { action: 'proceed' },
    ]);
  });

  it('tells the fork from its state when /health does not say (unknown protocol version)', async () => {
    const server = await mod('agentic-sts', [crystalSphere('agentic-sts')]);
    server.setHealth({ protocol_version: '2099-01-01-v9' });
    const game = createSts2Game(fast(server));
    await game.state();
    expect(game.dialect).toBe('agentic-sts');
  });

  it('probes 8080 then 8128 when no URL is given', async () => {
    const tried: string[] = [];
    const refusing: typeof fetch = async (input) => {
      tried.push(String(input));
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      });
    };
    const error = await caughtSpireError(createSts2Game({ fetch: refusing, retryDelayMs: 1 }).state());
    expect(tried).toEqual(['http://127.0.0.1:8080/health', 'http://127.0.0.1:8128/health']);
    expect(error.code).toBe('GAME_UNREACHABLE');
    expect(error.message).toContain('http://127.0.0.1:8080 or http://127.0.0.1:8128');
  });

  it('uses the first probe URL where the mod answers, skipping a dead port and another program', async () => {
    const fork = await mod('agentic-sts', [combat]);
    const game = createSts2Game({
      probeUrls: [await deadUrl(), await otherProgram(), fork.url],
      retryDelayMs: 1,
    });
    const state = await game.state();
    expect(state.screen).toBe('COMBAT');
    expect(game.baseUrl).toBe(fork.url);
    expect(game.dialect).toBe('agentic-sts');
  });

  for (const dialect of ['upstream', 'agentic-sts'] as const) {
    it(`waits for the game to settle on /events/stream (${dialect}), without polling /state`, async () => {
      const server = await mod(dialect, [animating]);
      // Polling every 10 s could not answer within this test: only an event can.
      const game = createSts2Game(fast(server, { pollIntervalMs: 10_000, waitForActionsMs: 5_000 }));
      // The game settles only once the bridge listens (a fixed timer raced a slow first /state on a
      // loaded CI machine: the state had settled before the bridge looked, so it never needed the stream).
      const settle = setInterval(() => {
        if (server.streamClients > 0) {
          clearInterval(settle);
          server.setState(combat);
        }
      }, 5);
      const started = Date.now();
      const state = await game.state().finally(() => clearInterval(settle));
      expect(state.available_actions).toContain('end_turn');
      expect(Date.now() - started).toBeLessThan(4_000);
      expect(server.requests.filter((request) => request.path === '/events/stream')).toHaveLength(1);
      expect(server.requests.filter((request) => request.path === '/state').length).toBeLessThanOrEqual(4);
    });
  }

  it('falls back to polling when the mod has no event stream, and stops asking for it', async () => {
    const server = await mod('agentic-sts', [animating], false);
    // The state settles 40 ms in; the long wait is only headroom for a loaded 2-core CI machine
    // (a 2 s wait once ran out there), and a bridge that never polled would still fail at it.
    const game = createSts2Game(fast(server, { pollIntervalMs: 5, waitForActionsMs: 8_000 }));
    setTimeout(() => server.setState(combat), 40);
    expect((await game.state()).available_actions).toContain('end_turn');
    server.setState(animating);
    setTimeout(() => server.setState(combat), 40);
    expect((await game.state()).available_actions).toContain('end_turn');
    expect(server.requests.filter((request) => request.path === '/events/stream')).toHaveLength(1);
  }, 20_000);
});
