import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { StrataError } from '@strata-memory/strata';
import * as postgres from '@strata-memory/strata/postgres';
import * as sqlite from '@strata-memory/strata/sqlite';
import { type Command, Option } from 'commander';
import { DEFAULT_MAX_CONSECUTIVE_FALLBACKS, RUN_LIMITS } from '../agent/run-limits.js';
import {
  type AgentName,
  CHARACTERS,
  POLICIES,
  PROVIDERS,
  runLimitOption,
  STORES,
} from './parse-cli-values.js';
import type { PlayRunRequest } from './play-runner.js';
import { RULESET_CHARACTERS, RULESETS } from './ruleset-characters.js';

/** Options shared by `play` and `bench`, as commander parses them. */
export interface RunCommandOptions {
  character: string;
  /** `sts2` (default) or `sts1`; absent in settings saved before rulesets existed. */
  ruleset?: string;
  policy: string;
  model?: string;
  baseUrl?: string;
  provider: string;
  budget: number;
  store: string;
  db: string;
  databaseUrl?: string;
  savePrompts?: boolean;
  maxSteps?: number;
  contextLimit?: number;
  windowTurns?: number;
  /** --policy llm: decisions in a row that may fall back to the heuristic before the run stops. */
  maxFallbacks?: number;
  runsDir: string;
  pricing?: string;
  json?: boolean;
}

export const DEFAULT_DB_FILE = '.strata/strata.db';
export const DEFAULT_RUNS_DIR = 'runs';
export const DEFAULT_BUDGET = 5000;

/** Adds the options every run shares (DESIGN.md section 4). */
export function addRunOptions(command: Command, defaults: { store: string }): Command {
  return command
    .addOption(new Option('--character <name>', 'character to play').choices(CHARACTERS).default('ironclad'))
    .addOption(
      new Option('--ruleset <name>', "the simulator's game: Slay the Spire 2 or Slay the Spire")
        .choices(RULESETS)
        .default('sts2'),
    )
    .addOption(
      new Option('--policy <name>', 'who decides: the offline bot or a model')
        .choices(POLICIES)
        .default('heuristic'),
    )
    .option('--model <name>', 'model for --policy llm, e.g. gpt-4.1-mini or qwen2.5:7b')
    .option('--base-url <url>', 'OpenAI-compatible server for --policy llm, e.g. http://127.0.0.1:11434/v1')
    .addOption(
      new Option('--provider <name>', 'model API for --policy llm').choices(PROVIDERS).default('openai'),
    )
    .option(
      '--budget <tokens>',
      `token budget of every prompt (at least ${RUN_LIMITS.budget.minimum})`,
      runLimitOption(RUN_LIMITS.budget),
      DEFAULT_BUDGET,
    )
    .addOption(
      new Option('--store <kind>', 'where memory (lessons, sessions) is kept')
        .choices(STORES)
        .default(defaults.store),
    )
    .option('--db <file>', 'SQLite file for --store sqlite', DEFAULT_DB_FILE)
    .option('--database-url <url>', 'Postgres URL for --store postgres (or STRATA_DATABASE_URL)')
    .option('--save-prompts', "keep each request's full messages in the trace")
    .option('--max-steps <n>', 'stop after this many decisions', runLimitOption(RUN_LIMITS.maxSteps))
    .option(
      '--context-limit <tokens>',
      'naive agent: truncate its log from the front above this many tokens',
      runLimitOption(RUN_LIMITS.contextLimit),
    )
    .option(
      '--window-turns <n>',
      'window agent: how many recent turns it keeps',
      runLimitOption(RUN_LIMITS.windowTurns),
    )
    .option(
      '--max-fallbacks <n>',
      '--policy llm: stop with an error after this many decisions in a row fell back to the heuristic bot',
      runLimitOption(RUN_LIMITS.maxConsecutiveFallbacks),
      DEFAULT_MAX_CONSECUTIVE_FALLBACKS,
    )
    .option('--runs-dir <dir>', 'where run folders are written', DEFAULT_RUNS_DIR)
    .option('--pricing <file>', "JSON pricing table for the report's cost estimates")
    .option('--json', 'print only the result as one JSON object on the last line of stdout');
}

/** True when the loopback server needs no real key. */
function isLocalUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127\./.test(host);
  } catch {
    return false;
  }
}

export interface ResolvedConnection {
  store: string;
  databaseUrl?: string;
  /** Set when the default store is not in this build and the run falls back to memory. */
  note?: string;
}

/** The driver package each persistent store needs (optional peer dependencies of strata and this package). */
export const STORE_DRIVERS: Readonly<Record<string, string>> = { sqlite: 'better-sqlite3', postgres: 'pg' };

function installed(packageName: string): boolean {
  try {
    createRequire(import.meta.url).resolve(packageName);
    return true;
  } catch {
    return false;
  }
}

/** Whether a store can run here: strata exports its factory and its driver package is installed. */
export function storeAvailable(store: string): boolean {
  if (store === 'sqlite')
    return typeof sqlite.createSqliteStore === 'function' && installed('better-sqlite3');
  if (store === 'postgres') return typeof postgres.createPostgresStore === 'function' && installed('pg');
  return true;
}

function driverMissing(store: string): string {
  const driver = STORE_DRIVERS[store] ?? store;
  return `the ${store} store needs ${driver}, which is not installed (npm install ${driver})`;
}

/**
 * Checks what a run needs before it starts, so a mistake costs no run: a model and a key for
 * `--policy llm`, a URL for Postgres. Messages name the fix and never the secret.
 */
export function validateRunOptions(
  options: RunCommandOptions,
  env: Record<string, string | undefined>,
  storeWasDefault: boolean,
  isStoreAvailable: (store: string) => boolean = storeAvailable,
): ResolvedConnection {
  // Settings saved before rulesets existed (a queued bench) have none: the default, sts2.
  const ruleset = options.ruleset ?? 'sts2';
  const characters = RULESET_CHARACTERS[ruleset as (typeof RULESETS)[number]];
  if (characters === undefined) {
    throw new StrataError('INPUT_INVALID', `--ruleset ${ruleset} is not a ruleset: use sts2 or sts1.`);
  }
  if (!characters.includes(options.character)) {
    throw new StrataError(
      'INPUT_INVALID',
      `--character ${options.character} is not in --ruleset ${ruleset}: use one of ${characters.join(', ')} (the Regent and the Necrobinder play --ruleset sts2).`,
    );
  }
  if (options.baseUrl !== undefined) {
    try {
      new URL(options.baseUrl);
    } catch {
      throw new StrataError(
        'INPUT_INVALID',
        `--base-url '${options.baseUrl}' is not a URL. Use e.g. http://127.0.0.1:11434/v1.`,
      );
    }
  }
  if (options.policy === 'llm') {
    if (options.model === undefined || options.model.trim() === '') {
      throw new StrataError(
        'INPUT_INVALID',
        '--policy llm needs --model, e.g. --model gpt-4.1-mini (or a local model with --base-url).',
      );
    }
    const variable = options.provider === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY';
    const key = env[variable];
    const local = options.baseUrl !== undefined && isLocalUrl(options.baseUrl);
    if ((key === undefined || key.trim() === '') && !local) {
      throw new StrataError(
        'MODEL_API_KEY_MISSING',
        `--policy llm with --provider ${options.provider} needs an API key: set ${variable}` +
          (options.provider === 'openai'
            ? ', or point --base-url at a local OpenAI-compatible server (e.g. http://127.0.0.1:11434/v1).'
            : '.'),
      );
    }
  }
  const databaseUrl = options.databaseUrl ?? env.STRATA_DATABASE_URL;
  // A database URL alone means Postgres.
  const store = storeWasDefault && options.databaseUrl !== undefined ? 'postgres' : options.store;
  if (store === 'postgres') {
    if (databaseUrl === undefined || databaseUrl.trim() === '') {
      throw new StrataError(
        'INPUT_INVALID',
        '--store postgres needs a database: pass --database-url postgres://user@127.0.0.1:5432/strata or set STRATA_DATABASE_URL.',
      );
    }
    if (!isStoreAvailable('postgres')) {
      throw new StrataError(
        'MISSING_DEPENDENCY',
        `--store postgres is not available: ${driverMissing('postgres')}. Install it, or use --store sqlite.`,
      );
    }
    return { store, databaseUrl };
  }
  if (!isStoreAvailable(store)) {
    if (storeWasDefault) {
      return {
        store: 'memory',
        note: `${driverMissing(store)}; using --store memory (lessons are not kept and the run cannot be resumed)`,
      };
    }
    throw new StrataError(
      'MISSING_DEPENDENCY',
      `--store ${store} is not available: ${driverMissing(store)}. Install it, or use --store memory.`,
    );
  }
  return { store };
}

/** A note when --max-fallbacks was given for a run without a model. */
export function maxFallbacksNote(
  options: Pick<RunCommandOptions, 'policy'>,
  given: boolean,
): string | undefined {
  return given && options.policy !== 'llm' ? '--max-fallbacks applies to --policy llm only' : undefined;
}

export function agentNote(agent: AgentName, options: RunCommandOptions): string | undefined {
  if (options.contextLimit !== undefined && agent !== 'naive')
    return '--context-limit applies to the naive agent only';
  if (options.windowTurns !== undefined && agent !== 'window')
    return '--window-turns applies to the window agent only';
  return undefined;
}

/** The request for a new (not resumed) run, from the options `play` and `bench` share. */
export function newRunRequest(
  options: RunCommandOptions,
  connection: ResolvedConnection,
  cwd: string,
  run: { runId: string; runDir: string; agent: AgentName; seed: number },
): Omit<PlayRunRequest, 'onDecision'> {
  return {
    runId: run.runId,
    runDir: run.runDir,
    agent: run.agent,
    seed: run.seed,
    character: options.character,
    ...(options.ruleset === undefined ? {} : { ruleset: options.ruleset }),
    policy: options.policy,
    budget: options.budget,
    store: connection.store,
    dbFile: resolve(cwd, options.db),
    resume: false,
    savePrompts: options.savePrompts === true,
    provider: options.provider,
    // A bench queued before --max-fallbacks existed carries none: the run's default applies.
    ...(options.maxFallbacks === undefined ? {} : { maxFallbacks: options.maxFallbacks }),
    ...(connection.databaseUrl === undefined ? {} : { databaseUrl: connection.databaseUrl }),
    ...(options.model === undefined ? {} : { model: options.model }),
    ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
    ...(options.maxSteps === undefined ? {} : { maxSteps: options.maxSteps }),
    ...(options.contextLimit === undefined ? {} : { contextLimit: options.contextLimit }),
    ...(options.windowTurns === undefined ? {} : { windowTurns: options.windowTurns }),
  };
}
