import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { GameAction } from '../../api/game-action.js';
import { caughtSpireError } from '../../test-support/caught-spire-error.js';
import * as recorded from './fixtures/communication-mod-states.js';
import { createSts1Game } from './sts1-game.js';

const here = dirname(fileURLToPath(import.meta.url));
const mainFile = join(here, 'main.ts');

/** The mod's side of the pipes, in process: what the bridge writes and a way to answer it. */
function pipes() {
  const toBridge = new PassThrough();
  const fromBridge = new PassThrough();
  const written: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  createInterface({ input: fromBridge }).on('line', (line) => {
    const waiter = waiting.shift();
    if (waiter === undefined) written.push(line);
    else waiter(line);
  });
  return {
    input: toBridge,
    output: fromBridge,
    send: (line: string) => toBridge.write(`${line}\n`),
    nextCommand: () =>
      new Promise<string>((resolve) => {
        const queued = written.shift();
        if (queued !== undefined) resolve(queued);
        else waiting.push(resolve);
      }),
  };
}

describe('StS1 bridge over injected streams', () => {
  it('says ready, reads the state and answers actions with commands', async () => {
    const mod = pipes();
    const game = createSts1Game({ input: mod.input, output: mod.output });
    expect(await mod.nextCommand()).toBe('ready');
    mod.send(recorded.COMBAT_TURN_1);
    expect((await game.state()).screen).toBe('COMBAT');
    const acting = game.act({ action: 'play_card', card_index: 2, target_index: 0 });
    expect(await mod.nextCommand()).toBe('play 3 0');
    mod.send(recorded.COMBAT_AFTER_BASH);
    const after = await acting;
    expect(after.combat?.player.energy).toBe(1);
    expect(after.combat?.enemies[0]?.current_hp).toBe(34);
    await game.close?.();
  });

  it("turns CommunicationMod's error into INVALID_ACTION and keeps the state unchanged", async () => {
    const mod = pipes();
    const game = createSts1Game({ input: mod.input, output: mod.output });
    await mod.nextCommand();
    mod.send(recorded.COMBAT_TURN_1);
    const before = await game.state();
    const acting = game.act({ action: 'end_turn' });
    expect(await mod.nextCommand()).toBe('end');
    mod.send(recorded.COMMAND_ERROR);
    const error = await caughtSpireError(acting);
    expect(error.code).toBe('INVALID_ACTION');
    expect(error.message).toContain("CommunicationMod rejected 'end'");
    expect(error.toModError().code).toBe('invalid_action');
    expect(await game.state()).toBe(before);
    await game.close?.();
  });

  it('refuses an action the screen does not offer without sending anything', async () => {
    const mod = pipes();
    const game = createSts1Game({ input: mod.input, output: mod.output });
    await mod.nextCommand();
    mod.send(recorded.FIRST_MAP);
    await game.state();
    const error = await caughtSpireError(game.act({ action: 'end_turn' }));
    expect(error.code).toBe('INVALID_ACTION');
    expect(error.message).toContain('available: choose_map_node');
    await game.close?.();
  });

  it('reports a closed pipe and a silent mod clearly', async () => {
    const closed = pipes();
    const game = createSts1Game({ input: closed.input, output: closed.output });
    closed.input.end();
    expect((await caughtSpireError(game.state())).code).toBe('GAME_UNREACHABLE');

    const silent = pipes();
    const slow = createSts1Game({ input: silent.input, output: silent.output, responseTimeoutMs: 30 });
    const error = await caughtSpireError(slow.state());
    expect(error.code).toBe('GAME_TIMEOUT');
    expect(error.message).toContain('within 30 ms');
    await slow.close?.();
  });

  it('rejects a line that is not CommunicationMod JSON', async () => {
    const mod = pipes();
    const game = createSts1Game({ input: mod.input, output: mod.output });
    mod.send('Loading mods...');
    const error = await caughtSpireError(game.state());
    expect(error.code).toBe('PROTOCOL_ERROR');
    expect(error.message).toContain('Loading mods...');
    await game.close?.();
  });
});

/** A scripted fake CommunicationMod: spawns the entry point and plays the mod's side of the protocol. */
async function playAgainstChild(
  args: string[],
  exchange: Array<{ expect: string; reply: string }>,
): Promise<{ commands: string[]; code: number | null; stderr: string }> {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ['--import', 'tsx', mainFile, ...args],
    {
      cwd: join(here, '..', '..', '..', '..', '..'),
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const commands: string[] = [];
  const lines = createInterface({ input: child.stdout });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let step = 0;
  lines.on('line', (line) => {
    commands.push(line);
    const expected = exchange[step];
    step += 1;
    if (expected !== undefined && line === expected.expect) child.stdin.write(`${expected.reply}\n`);
    else child.stdin.end();
  });
  const timer = setTimeout(() => child.kill(), 30_000);
  const code = await exited;
  clearTimeout(timer);
  return { commands, code, stderr };
}

describe('StS1 bridge as CommunicationMod child process', () => {
  it('plays a scripted run: every recorded state answered with the expected command', async () => {
    const script: GameAction[] = [
      { action: 'select_character', option_index: 0 },
      { action: 'choose_event_option', option_index: 2 },
      { action: 'choose_map_node', option_index: 1 },
      { action: 'play_card', card_index: 2, target_index: 0 },
      { action: 'end_turn' },
      { action: 'play_card', card_index: 0, target_index: 0 },
      { action: 'use_potion', option_index: 0, target_index: 0 },
      { action: 'claim_reward', option_index: 1 },
      { action: 'choose_reward_card', option_index: 1 },
      { action: 'proceed' },
      { action: 'choose_rest_option', option_index: 1 },
      { action: 'select_deck_card', option_index: 9 },
      { action: 'confirm_selection' },
      { action: 'proceed' },
      { action: 'open_shop_inventory' },
      { action: 'buy_relic', option_index: 1 },
      { action: 'close_shop_inventory' },
      { action: 'proceed' },
      { action: 'select_deck_card', option_index: 0 },
      { action: 'proceed' },
    ];
    const directory = mkdtempSync(join(tmpdir(), 'spire-sts1-'));
    const scriptFile = join(directory, 'script.json');
    writeFileSync(scriptFile, JSON.stringify(script));
    const exchange = [
      { expect: 'ready', reply: recorded.MAIN_MENU },
      { expect: 'start ironclad', reply: recorded.NEOW_EVENT },
      { expect: 'choose 1', reply: recorded.FIRST_MAP },
      { expect: 'choose 1', reply: recorded.COMBAT_TURN_1 },
      { expect: 'play 3 0', reply: recorded.COMBAT_AFTER_BASH },
      { expect: 'end', reply: recorded.COMBAT_TURN_2_WITH_POTION },
      // The mod refuses this one; the state stays and the script goes on with the potion.
      { expect: 'play 1 0', reply: recorded.COMMAND_ERROR },
      { expect: 'potion use 0 0', reply: recorded.COMBAT_REWARD },
      { expect: 'choose 1', reply: recorded.CARD_REWARD },
      { expect: 'choose 1', reply: recorded.REWARD_AFTER_CARD },
      { expect: 'proceed', reply: recorded.REST_SITE },
      { expect: 'choose 1', reply: recorded.GRID_UPGRADE },
      { expect: 'choose 9', reply: recorded.GRID_CONFIRM },
      { expect: 'confirm', reply: recorded.REST_DONE },
      { expect: 'proceed', reply: recorded.SHOP_ROOM },
      { expect: 'choose 0', reply: recorded.SHOP_SCREEN },
      { expect: 'choose 3', reply: recorded.SHOP_SCREEN_AFTER_RELIC },
      { expect: 'leave', reply: recorded.SHOP_ROOM_AFTER },
      { expect: 'proceed', reply: recorded.HAND_SELECT },
      { expect: 'choose 0', reply: recorded.GAME_OVER },
      { expect: 'proceed', reply: recorded.MAIN_MENU },
    ];
    const result = await playAgainstChild(['--script', scriptFile], exchange);
    expect(result.commands).toEqual(exchange.map((entry) => entry.expect));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      "rejected play_card(card_index=0, target_index=0): CommunicationMod rejected 'play 1 0'",
    );
    // 20 scripted actions, one refused by the mod.
    expect(result.stderr).toContain('stopped after 19 actions (run-finished) on MAIN_MENU');
  });

  it('plays on its own with the first-legal policy and the chosen character', async () => {
    const exchange = [
      { expect: 'ready', reply: recorded.MAIN_MENU },
      { expect: 'start the_silent 0 SEED42', reply: recorded.COMBAT_TURN_1 },
      { expect: 'play 1 0', reply: recorded.GAME_OVER },
      { expect: 'proceed', reply: recorded.MAIN_MENU },
    ];
    const result = await playAgainstChild(
      ['--policy', 'first-legal', '--character', 'silent', '--seed', 'SEED42'],
      exchange,
    );
    expect(result.commands).toEqual(exchange.map((entry) => entry.expect));
    expect(result.code, result.stderr).toBe(0);
  });

  it('exits with a clear message on a bad option', async () => {
    const result = await playAgainstChild(['--character', 'necromancer'], []);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Unknown character 'necromancer'");
  });
});
