/**
 * Entry point for CommunicationMod (Slay the Spire 1). Set CommunicationMod's `command` to e.g.
 *   node --import tsx /path/to/strata/packages/spire/src/bridges/sts1/main.ts --character ironclad
 * stdout carries the protocol only; logs go to stderr (or --log <file>).
 *
 * Options:
 *   --policy <heuristic|first-legal>              spire's heuristic bot (default) or the trivial
 *                                                  first-legal policy
 *   --character <ironclad|silent|defect|watcher>  class to start at the main menu (default ironclad)
 *   --ascension <n>  --seed <seed>                 passed to `start`
 *   --script <file.json>                           replay a JSON array of GameActions instead of the
 *                                                  built-in first-legal policy (for tests and debugging)
 *   --max-steps <n>                                stop after n actions (default 10000)
 *   --log <file>                                   append log lines to a file instead of stderr
 *   --trace                                        log every protocol line
 *   --no-content-text                              leave rules text empty instead of filling it from
 *                                                  spire's content (CommunicationMod sends none)
 *
 * A real agent (an LLM or spire's bot) is wired the same way through `runCommunicationModAgent`.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { GameAction } from '../../api/game-action.js';
import { formatGameAction } from '../../api/game-action.js';
import { parseGameAction } from '../../api/game-action-schema.js';
import { SpireError } from '../../api/game-error.js';
import { runCommunicationModAgent, type Sts1Policy } from './communication-mod-agent.js';
import { chooseFirstLegalAction } from './first-legal-action.js';
import { loadSpireContentText } from './spire-content-text.js';
import { STS1_CHARACTERS } from './sts1-state-translator.js';

interface MainOptions {
  policy: 'heuristic' | 'first-legal';
  characterIndex: number;
  ascension?: number;
  seed?: string;
  script?: string;
  maxSteps: number;
  logFile?: string;
  trace: boolean;
  contentText: boolean;
}

function parseArguments(argv: readonly string[]): MainOptions {
  const options: MainOptions = {
    policy: 'heuristic',
    characterIndex: 0,
    maxSteps: 10_000,
    trace: false,
    contentText: true,
  };
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index];
    const value = () => {
      const next = argv[index + 1];
      if (next === undefined) throw new SpireError('CONFIG_INVALID', `${flag} needs a value.`);
      index += 1;
      return next;
    };
    const integer = (name: string) => {
      const raw = value();
      const number = Number(raw);
      if (!Number.isInteger(number) || number < 0) {
        throw new SpireError('CONFIG_INVALID', `${name} must be a non-negative integer, got '${raw}'.`);
      }
      return number;
    };
    switch (flag) {
      case '--policy': {
        const name = value();
        if (name !== 'heuristic' && name !== 'first-legal') {
          throw new SpireError('CONFIG_INVALID', `Unknown policy '${name}'. Use heuristic or first-legal.`);
        }
        options.policy = name;
        break;
      }
      case '--character': {
        const name = value().toLowerCase();
        const found = STS1_CHARACTERS.findIndex(
          (character) =>
            character.className.toLowerCase() === name || character.characterId.toLowerCase() === name,
        );
        if (found < 0) {
          throw new SpireError(
            'CONFIG_INVALID',
            `Unknown character '${name}'. Use ironclad, silent, defect or watcher.`,
          );
        }
        options.characterIndex = found;
        break;
      }
      case '--ascension':
        options.ascension = integer('--ascension');
        break;
      case '--seed':
        options.seed = value();
        break;
      case '--script':
        options.script = value();
        break;
      case '--max-steps':
        options.maxSteps = integer('--max-steps');
        break;
      case '--log':
        options.logFile = value();
        break;
      case '--trace':
        options.trace = true;
        break;
      case '--no-content-text':
        options.contentText = false;
        break;
      default:
        throw new SpireError(
          'CONFIG_INVALID',
          `Unknown option '${flag}'. See the header of bridges/sts1/main.ts.`,
        );
    }
  }
  return options;
}

function scriptedPolicy(file: string): Sts1Policy {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (!Array.isArray(raw))
    throw new SpireError('CONFIG_INVALID', `${file} must hold a JSON array of actions.`);
  const actions: GameAction[] = raw.map((entry) => parseGameAction(entry));
  let next = 0;
  return (state) => {
    const action = actions[next];
    if (action === undefined) return null;
    next += 1;
    if (!state.available_actions.includes(action.action)) {
      throw new SpireError(
        'INVALID_ACTION',
        `Scripted action ${next} ${formatGameAction(action)} is not offered on ${state.screen}; ` +
          `offered: ${state.available_actions.join(', ') || 'none'}.`,
      );
    }
    return action;
  };
}

/** spire's heuristic bot, loaded only when used so the bridge does not depend on it otherwise. */
async function heuristicPolicy(characterIndex: number): Promise<Sts1Policy> {
  const { createHeuristicBot } = await import('../../bot/index.js');
  const bot = createHeuristicBot();
  return (state) =>
    state.available_actions.includes('select_character')
      ? { action: 'select_character', option_index: characterIndex }
      : bot.choose(state);
}

export async function main(argv: readonly string[]): Promise<number> {
  let log: (line: string) => void = (line) => {
    process.stderr.write(`[spire-sts1] ${line}\n`);
  };
  try {
    const options = parseArguments(argv);
    if (options.logFile !== undefined) {
      const file = options.logFile;
      log = (line) => appendFileSync(file, `${new Date().toISOString()} ${line}\n`);
    }
    const policy: Sts1Policy =
      options.script !== undefined
        ? scriptedPolicy(options.script)
        : options.policy === 'first-legal'
          ? (state) => chooseFirstLegalAction(state, options.characterIndex)
          : await heuristicPolicy(options.characterIndex);
    const text = options.contentText ? await loadSpireContentText() : {};
    const result = await runCommunicationModAgent({
      ...text,
      input: process.stdin,
      output: process.stdout,
      policy,
      maxSteps: options.maxSteps,
      log,
      logTraffic: options.trace,
      ...(options.ascension === undefined ? {} : { ascension: options.ascension }),
      ...(options.seed === undefined ? {} : { seed: options.seed }),
    });
    log(`stopped after ${result.steps} actions (${result.reason}) on ${result.finalState.screen}`);
    return 0;
  } catch (error) {
    log(error instanceof SpireError ? `${error.code}: ${error.message}` : String(error));
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    () => process.exit(1),
  );
}
