import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { Game } from '../../api/game.js';
import type { GameAction } from '../../api/game-action.js';
import { formatGameAction } from '../../api/game-action.js';
import { parseGameAction } from '../../api/game-action-schema.js';
import { SpireError } from '../../api/game-error.js';
import type { GameState } from '../../api/game-state.js';
import { type CommunicationModMessage, parseCommunicationModLine } from './communication-mod-protocol.js';
import { type Sts1StartOptions, sts1ActionToCommand } from './sts1-command-translator.js';
import { type Sts1TextSources, translateSts1State } from './sts1-state-translator.js';

/** Options of `createSts1Game`. */
export interface Sts1GameConfig extends Sts1TextSources, Sts1StartOptions {
  /** Where CommunicationMod's messages arrive (the process's stdin). */
  input: Readable;
  /** Where commands go (the process's stdout). Nothing else may be written there. */
  output: Writable;
  /** How long to wait for CommunicationMod's answer in milliseconds. Default 120 000. */
  responseTimeoutMs?: number;
  /** Write `ready` on creation, as the protocol requires of the child process. Default true. */
  sendReady?: boolean;
  /** Called with every line sent and received, for logs (write them to stderr, never stdout). */
  onTraffic?: (direction: 'sent' | 'received', line: string) => void;
}

/** A `Game` over CommunicationMod, with the raw message behind the current state. */
export interface Sts1Game extends Game {
  /** The last CommunicationMod message (not an error), or undefined before the first one. */
  lastMessage(): CommunicationModMessage | undefined;
}

/**
 * Plays Slay the Spire 1 through CommunicationMod: the agent runs as the mod's child process, prints
 * `ready`, reads one JSON state per line and answers with commands (`play 1 0`, `end`, `choose 2`, ...).
 *
 * @example
 * const game = createSts1Game({ input: process.stdin, output: process.stdout });
 * let state = await game.state();
 */
export function createSts1Game(config: Sts1GameConfig): Sts1Game {
  const timeoutMs = config.responseTimeoutMs ?? 120_000;
  const pending: string[] = [];
  const waiters: Array<{ resolve: (line: string) => void; reject: (error: Error) => void }> = [];
  let closedError: SpireError | undefined;
  let latest: { message: CommunicationModMessage; state: GameState } | undefined;
  let busy = false;

  const lines = createInterface({ input: config.input, crlfDelay: Number.POSITIVE_INFINITY });
  lines.on('line', (line) => {
    if (line.trim() === '') return;
    config.onTraffic?.('received', line);
    const waiter = waiters.shift();
    if (waiter === undefined) pending.push(line);
    else waiter.resolve(line);
  });
  lines.on('close', () => {
    closedError = new SpireError(
      'GAME_UNREACHABLE',
      'CommunicationMod closed the connection (stdin ended): the game exited or stopped this process. ' +
        'Restart Slay the Spire with CommunicationMod and check its command setting.',
    );
    for (const waiter of waiters.splice(0)) waiter.reject(closedError);
  });

  function send(line: string): void {
    config.onTraffic?.('sent', line);
    config.output.write(`${line}\n`);
  }

  function nextLine(what: string): Promise<string> {
    const queued = pending.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (closedError !== undefined) return Promise.reject(closedError);
    return new Promise<string>((resolve, reject) => {
      const waiter = {
        resolve: (line: string) => {
          clearTimeout(timer);
          resolve(line);
        },
        reject: (error: Error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        const position = waiters.indexOf(waiter);
        if (position >= 0) waiters.splice(position, 1);
        reject(
          new SpireError(
            'GAME_TIMEOUT',
            `CommunicationMod did not answer ${what} within ${timeoutMs} ms. Check that the game is not paused ` +
              'or waiting for input, or raise responseTimeoutMs.',
            { details: { timeoutMs } },
          ),
        );
      }, timeoutMs);
      timer.unref?.();
      waiters.push(waiter);
    });
  }

  async function readMessage(what: string): Promise<CommunicationModMessage> {
    return parseCommunicationModLine(await nextLine(what));
  }

  function accept(message: CommunicationModMessage): GameState {
    const state = translateSts1State(message, config);
    latest = { message, state };
    return state;
  }

  async function currentState(): Promise<GameState> {
    if (latest !== undefined) return latest.state;
    const message = await readMessage('the first game state');
    if (message.error !== undefined) {
      throw new SpireError(
        'PROTOCOL_ERROR',
        `CommunicationMod's first message is an error: ${message.error}`,
      );
    }
    return accept(message);
  }

  if (config.sendReady ?? true) send('ready');

  return {
    lastMessage: () => latest?.message,

    state: currentState,

    async act(action: GameAction) {
      if (busy) {
        throw new SpireError(
          'INVALID_REQUEST',
          'act() was called before the previous action finished; await each call.',
        );
      }
      busy = true;
      try {
        const body = parseGameAction(action);
        if (latest === undefined) await currentState();
        const current = latest as { message: CommunicationModMessage; state: GameState };
        if (!current.state.available_actions.includes(body.action)) {
          throw new SpireError(
            'INVALID_ACTION',
            `${formatGameAction(body)} is not available on the ${current.state.screen} screen; ` +
              `available: ${current.state.available_actions.join(', ') || 'none'}.`,
            { details: { action: body, screen: current.state.screen } },
          );
        }
        const command = sts1ActionToCommand(body, current.message, config);
        send(command);
        const answer = await readMessage(`'${command}'`);
        if (answer.error !== undefined) {
          // The state is unchanged: CommunicationMod refused the command without acting.
          const code = /target|index|out of (range|bounds)/i.test(answer.error)
            ? 'INVALID_TARGET'
            : 'INVALID_ACTION';
          throw new SpireError(
            code,
            `CommunicationMod rejected '${command}' (${formatGameAction(body)}): ${answer.error}`,
            { details: { action: body, command } },
          );
        }
        return accept(answer);
      } finally {
        busy = false;
      }
    },

    async close() {
      lines.close();
    },
  };
}
