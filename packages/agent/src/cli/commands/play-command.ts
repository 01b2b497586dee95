import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  type CliIo,
  CommandInterrupted,
  colorEnabled,
  createProgressDisplay,
  createTerminalStyle,
} from '@strata-memory/cli-kit';
import { DEFAULT_STS2_BASE_URL, MAP_HEIGHT } from '@strata-memory/spire';
import { StrataError } from '@strata-memory/strata';
import { Command } from 'commander';
import { loadPricing } from '../../report/pricing.js';
import {
  listRuns,
  type RunManifest,
  readRunManifest,
  readRunResult,
  runPaths,
} from '../../trace/run-directory.js';
import { readTrace } from '../../trace/trace-file.js';
import { createRunId, executePlay, runDirectoryOf } from '../execute-play.js';
import { prepareOutputDirectory, RUNS_DIR_FIX } from '../file-arguments.js';
import { formatPlaySummary } from '../format-play-summary.js';
import { modelStopError, modelStopJson, modelStopOf } from '../model-stop.js';
import { AGENTS, type AgentName, parseSeedOption } from '../parse-cli-values.js';
import {
  PLAY_GAMES,
  type PlayGame,
  type PlayRunner,
  type PlayRunRequest,
  STS2_PROBE,
} from '../play-runner.js';
import {
  addRunOptions,
  agentNote,
  maxFallbacksNote,
  newRunRequest,
  type RunCommandOptions,
  storeAvailable,
  validateRunOptions,
} from '../run-options.js';

interface PlayCommandOptions extends RunCommandOptions {
  agent: AgentName;
  seed: number | 'random';
  resume?: string;
  game: PlayGame;
  sts2Url?: string;
}

/**
 * The StS2 mod's URL: --sts2-url, else STRATA_STS2_URL, else `STS2_PROBE` (the bridge probes the
 * upstream mod's 8080, then the AgenticSTS fork's 8128); checked before the run starts.
 */
export function resolveSts2Url(option: string | undefined, env: Record<string, string | undefined>): string {
  const fromEnv = env.STRATA_STS2_URL?.trim();
  if (option === undefined && (fromEnv === undefined || fromEnv === '')) return STS2_PROBE;
  const url = option ?? (fromEnv as string);
  const source = option === undefined ? 'STRATA_STS2_URL' : '--sts2-url';
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {}
  if (parsed === undefined || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new StrataError(
      'INPUT_INVALID',
      `${source} '${url}' is not an http:// URL. Point it at the StS2 agent mod, e.g. ${DEFAULT_STS2_BASE_URL}.`,
    );
  }
  return url;
}

/** Three acts of map rows plus each act's boss floor. */
const TOTAL_FLOORS = 3 * (MAP_HEIGHT + 1);

/** The options a resumed run takes from its manifest, whatever the command line says. */
const FIXED_ON_RESUME = ['agent', 'seed', 'character', 'policy', 'budget', 'store'] as const;

/** Whether a run's trace holds a decision: a run that stopped before its first one has nothing to resume. */
function hasDecisions(runDir: string): boolean {
  const trace = runPaths(runDir).trace;
  return existsSync(trace) && readTrace(trace).records.length > 0;
}

/**
 * Finds the run `--resume` names: a run id under the runs folder, or `latest` (the newest unfinished
 * run with at least one decision; `empty` lists the newer ones skipped for having none).
 */
export function resolveResumeTarget(
  runsDir: string,
  target: string,
): { runDir: string; manifest: RunManifest; empty: string[] } {
  if (target === 'latest') {
    // StS2 runs cannot be resumed (the game keeps its own progress), so `latest` means the newest simulator run.
    const all = listRuns(runsDir);
    const runs = all.filter((run) => !playedSts2(readRunManifest(run.runDir)));
    const skipped = all.length > runs.length ? ' (Slay the Spire 2 runs cannot be resumed)' : '';
    const empty: string[] = [];
    const unfinished = runs.find((run) => {
      if (run.finished) return false;
      if (hasDecisions(run.runDir)) return true;
      empty.push(run.runId);
      return false;
    });
    if (unfinished === undefined) {
      const newest = runs.find((run) => run.finished);
      const emptyNote = empty.length === 0 ? '' : ` ${emptyRunsNote(empty)}.`;
      throw new StrataError(
        'SESSION_NOT_FOUND',
        newest === undefined
          ? `No runs under ${runsDir} to resume${skipped}.${emptyNote} Start one with 'strata play' (or pass --runs-dir where your runs are).`
          : `Nothing to resume under ${runsDir}: the latest run ${newest.runId} finished.${emptyNote} Start a new one with 'strata play'.`,
        { details: { runsDir, empty } },
      );
    }
    return {
      runDir: unfinished.runDir,
      manifest: requireManifest(unfinished.runDir, unfinished.runId),
      empty,
    };
  }
  if (!/^[\w.-]+$/.test(target)) {
    throw new StrataError(
      'INPUT_INVALID',
      `--resume '${target}' is not a run id. Pass a folder name under ${runsDir}, or 'latest'.`,
    );
  }
  const runDir = runDirectoryOf(runsDir, target);
  return { runDir, manifest: requireManifest(runDir, target), empty: [] };
}

function emptyRunsNote(runIds: readonly string[]): string {
  const shown = runIds.slice(0, 3).join(', ') + (runIds.length > 3 ? ` and ${runIds.length - 3} more` : '');
  return `Skipped ${runIds.length} run(s) with nothing to resume (stopped before their first decision): ${shown}`;
}

function playedSts2(manifest: RunManifest | undefined): boolean {
  return (manifest as { game?: string } | undefined)?.game === 'sts2';
}

function requireManifest(runDir: string, runId: string): RunManifest {
  const manifest = readRunManifest(runDir);
  if (manifest === undefined) {
    throw new StrataError(
      'SESSION_NOT_FOUND',
      `Run ${runId} not found: ${runDir}/run.json is missing. List runs with 'ls runs/' or pass --runs-dir.`,
    );
  }
  return manifest;
}

/** What Ctrl-C prints: how to continue, or why a run on the memory store cannot be. */
function interruptedMessage(
  request: Pick<PlayRunRequest, 'runId' | 'runDir' | 'store'>,
  runsDir: string,
  decisions?: number,
): string {
  const stopped = decisions === undefined ? 'Interrupted.' : `Interrupted after ${decisions} decisions.`;
  if (request.store === 'memory') {
    return `${stopped} The run used --store memory, which keeps nothing after the process ends, so it cannot be resumed; its trace is in ${request.runDir}.`;
  }
  return `${stopped} Every decision so far is committed. Continue with: strata play --resume ${request.runId} --runs-dir ${runsDir}`;
}

export function createPlayCommand(
  io: CliIo,
  runner: PlayRunner,
  isStoreAvailable: (store: string) => boolean = storeAvailable,
): Command {
  const command = new Command('play')
    .description('Play one full run and write runs/<run-id>/ (trace.jsonl, result.json, report.html).')
    .addOption(
      new Command()
        .createOption('--agent <name>', 'which memory: Strata layers, or a baseline')
        .choices(AGENTS)
        .default('structured'),
    )
    .option(
      '--seed <n>',
      "simulator seed, or 'random' (printed); ignored with --game sts2",
      parseSeedOption,
      1,
    )
    .option(
      '--resume <run-id|latest>',
      'continue an interrupted simulator run, from what the store committed',
    )
    .addOption(
      new Command()
        .createOption(
          '--game <name>',
          "what to play: spire's simulator, or the real Slay the Spire 2 (StS2 mod)",
        )
        .choices(PLAY_GAMES)
        .default('sim'),
    )
    .option(
      '--sts2-url <url>',
      `the StS2 agent mod's HTTP API for --game sts2 (or STRATA_STS2_URL; default: probe ${DEFAULT_STS2_BASE_URL}, then http://127.0.0.1:8128 for the AgenticSTS fork)`,
    );
  addRunOptions(command, { store: 'sqlite' });
  for (const long of ['--character', '--ruleset']) {
    const option = command.options.find((candidate) => candidate.long === long);
    if (option !== undefined) option.description += ' (simulator only)';
  }
  command.addHelpText(
    'after',
    `
Examples:
  strata play                                   # structured agent, heuristic bot, seed 1, SQLite in .strata/
                                                # (the simulator plays Slay the Spire 2: --ruleset sts2)
  strata play --ruleset sts1 --character silent # the Slay the Spire ruleset
  strata play --character regent                # StS2's Regent (stars, Forge); also necrobinder
  strata play --agent naive --seed 7            # the append-only baseline on the same game
  strata play --policy llm --model qwen2.5:7b --base-url http://127.0.0.1:11434/v1
  strata play --resume latest                   # continue the newest unfinished run after a crash
  strata play --json | tail -n 1                # one JSON object: {"agent","seed","won","floor",...}
  strata play --game sts2 --sts2-url http://127.0.0.1:8080 --max-steps 50
                                                # the real Slay the Spire 2, with its agent mod running
--seed, --character and --ruleset apply to the simulator only: with --game sts2 the game in progress decides them,
and --resume continues simulator runs only.
Environment: OPENAI_API_KEY / ANTHROPIC_API_KEY (--policy llm), STRATA_DATABASE_URL, STRATA_STS2_URL, NO_COLOR.`,
  );
  command.action(async (options: PlayCommandOptions) => {
    const runsDir = resolve(io.cwd, options.runsDir);
    const style = createTerminalStyle(colorEnabled(io));
    const pricing = loadPricing(options.pricing === undefined ? undefined : resolve(io.cwd, options.pricing));
    const say = (text: string) => {
      if (!options.json) io.stderr.write(`${text}\n`);
    };

    let request: Omit<PlayRunRequest, 'onDecision'>;
    if (options.resume !== undefined) {
      if (options.game === 'sts2') {
        throw new StrataError(
          'INPUT_INVALID',
          "--resume is for simulator runs: a Slay the Spire 2 run continues in the game itself. Drop --resume to play on from the game's current state with --game sts2.",
        );
      }
      const { runDir, manifest, empty } = resolveResumeTarget(runsDir, options.resume);
      if (empty.length > 0) say(style.yellow(`note: ${emptyRunsNote(empty)}.`));
      if (playedSts2(manifest)) {
        throw new StrataError(
          'INPUT_INVALID',
          `--resume is for simulator runs: run ${manifest.runId} played Slay the Spire 2, which keeps its own progress. Play on with 'strata play --game sts2' instead.`,
        );
      }
      for (const name of FIXED_ON_RESUME) {
        const source = command.getOptionValueSource(name);
        if (source === 'cli' && String(options[name]) !== String(manifest[name])) {
          say(
            style.yellow(
              `note: --${name} ignored: run ${manifest.runId} continues with ${name} ${manifest[name]}`,
            ),
          );
        }
      }
      const finished = readRunResult(runDir);
      if (finished !== undefined) {
        say(`Run ${manifest.runId} already finished; its result is in ${runDir}/result.json.`);
        if (options.json) io.stdout.write(`${JSON.stringify(finished)}\n`);
        return;
      }
      const ruleset = manifest.ruleset ?? 'sts1';
      if (command.getOptionValueSource('ruleset') === 'cli' && options.ruleset !== ruleset)
        say(style.yellow(`note: --ruleset ignored: run ${manifest.runId} continues with ruleset ${ruleset}`));
      const resumedOptions: RunCommandOptions = {
        ...options,
        ruleset,
        character: manifest.character,
        policy: manifest.policy,
        budget: manifest.budget,
        store: manifest.store,
        ...(manifest.model === undefined ? {} : { model: manifest.model }),
        ...(manifest.provider === undefined ? {} : { provider: manifest.provider }),
        ...(manifest.baseUrl === undefined ? {} : { baseUrl: manifest.baseUrl }),
      };
      const connection = validateRunOptions(resumedOptions, io.env, false, isStoreAvailable);
      if (manifest.store === 'memory') {
        throw new StrataError(
          'NOT_SUPPORTED',
          `Run ${manifest.runId} used --store memory, which keeps nothing after the process ends, so it cannot be resumed. Use --store sqlite (the default) for resumable runs.`,
        );
      }
      request = {
        runId: manifest.runId,
        runDir,
        agent: manifest.agent as AgentName,
        seed: manifest.seed,
        character: manifest.character,
        ruleset,
        policy: manifest.policy,
        budget: manifest.budget,
        store: connection.store,
        dbFile: resolve(io.cwd, options.db),
        resume: true,
        savePrompts: manifest.savePrompts,
        // Not fixed by the manifest: a resume after a model outage may allow more fallbacks.
        ...(options.maxFallbacks === undefined ? {} : { maxFallbacks: options.maxFallbacks }),
        ...(connection.databaseUrl === undefined ? {} : { databaseUrl: connection.databaseUrl }),
        ...(manifest.model === undefined ? {} : { model: manifest.model }),
        ...(manifest.provider === undefined ? {} : { provider: manifest.provider }),
        ...(manifest.baseUrl === undefined ? {} : { baseUrl: manifest.baseUrl }),
        ...(manifest.maxSteps === undefined ? {} : { maxSteps: manifest.maxSteps }),
        ...(manifest.contextLimit === undefined ? {} : { contextLimit: manifest.contextLimit }),
        ...(manifest.windowTurns === undefined ? {} : { windowTurns: manifest.windowTurns }),
      };
      say(`Resuming run ${request.runId} (${request.agent}, seed ${request.seed}).`);
    } else {
      const connection = validateRunOptions(
        options,
        io.env,
        command.getOptionValueSource('store') === 'default',
        isStoreAvailable,
      );
      if (connection.note !== undefined) say(style.yellow(`note: ${connection.note}`));
      const sts2 = options.game === 'sts2';
      const sts2Url = sts2 ? resolveSts2Url(options.sts2Url, io.env) : undefined;
      if (!sts2 && options.sts2Url !== undefined)
        say(style.yellow('note: --sts2-url applies to --game sts2 only'));
      for (const name of ['seed', 'character'] as const) {
        if (sts2 && command.getOptionValueSource(name) === 'cli') {
          say(style.yellow(`note: --${name} ignored: with --game sts2 the game in progress decides it`));
        }
      }
      const seed = options.seed === 'random' ? Math.floor(Math.random() * 2 ** 31) : options.seed;
      if (options.seed === 'random' && !sts2) say(`seed ${seed} (random; pass --seed ${seed} to replay it)`);
      const note = agentNote(options.agent, options);
      if (note !== undefined) say(style.yellow(`note: ${note}`));
      const fallbacksNote = maxFallbacksNote(options, command.getOptionValueSource('maxFallbacks') === 'cli');
      if (fallbacksNote !== undefined) say(style.yellow(`note: ${fallbacksNote}`));
      // Checked once every option is valid, so a mistake elsewhere makes no folder.
      prepareOutputDirectory(runsDir, options.runsDir, '--runs-dir', RUNS_DIR_FIX);
      const runId = createRunId(options.agent, sts2 ? 'sts2' : seed);
      request = {
        ...newRunRequest(options, connection, io.cwd, {
          runId,
          runDir: runDirectoryOf(runsDir, runId),
          agent: options.agent,
          seed,
        }),
        ...(sts2Url === undefined ? {} : { game: 'sts2' as const, sts2Url }),
      };
      say(
        sts2Url === undefined
          ? `Playing run ${runId}: ${request.agent} agent, ${request.policy} policy, ${request.character} (${request.ruleset === 'sts1' ? 'Slay the Spire' : 'Slay the Spire 2'} ruleset), seed ${seed}, budget ${request.budget} tokens.`
          : `Playing run ${runId} on Slay the Spire 2 (mod at ${sts2Url === STS2_PROBE ? 'http://127.0.0.1:8080 or :8128, probed' : sts2Url}): ${request.agent} agent, ${request.policy} policy, budget ${request.budget} tokens.`,
      );
    }

    // Without --max-steps the length of a run is unknown: progress is the floor reached out of the whole spire.
    const byFloor = request.maxSteps === undefined;
    const progress = createProgressDisplay(io, !options.json, {
      total: byFloor ? TOTAL_FLOORS : (request.maxSteps ?? 1),
      format: byFloor
        ? 'floor {value}/{total} | act {act} | {decisions} decisions | prompt {tokens} tokens'
        : '{value}/{total} decisions | act {act} floor {floor} | prompt {tokens} tokens',
      payload: { act: 1, floor: 0, tokens: 0, decisions: 0 },
    });
    // Ctrl-C: stop after the current decision; the run stays resumable. A second Ctrl-C quits at once.
    const controller = new AbortController();
    const onInterrupt = () => {
      if (controller.signal.aborted) process.exit(130);
      controller.abort();
    };
    process.on('SIGINT', onInterrupt);
    let executed: Awaited<ReturnType<typeof executePlay>>;
    let decisions = 0;
    try {
      executed = await executePlay(
        runner,
        { ...request, signal: controller.signal },
        {
          pricing,
          onDecision(record, count) {
            decisions = count;
            progress.update(byFloor ? record.floor : count, {
              act: record.act,
              floor: record.floor,
              tokens: record.promptTokens,
              decisions: count,
            });
          },
        },
      );
    } catch (error) {
      progress.stop();
      if (controller.signal.aborted) {
        throw new CommandInterrupted(interruptedMessage(request, options.runsDir));
      }
      const stop = modelStopOf(error);
      if (stop !== undefined) {
        // The llm policy stopped the run rather than play on as the heuristic bot: say so, and how to go on.
        const run = { runId: request.runId, runDir: request.runDir, decisions };
        if (options.json) io.stdout.write(`${JSON.stringify(modelStopJson(stop, run))}\n`);
        throw modelStopError(error as StrataError, stop, { ...run, runsDir: options.runsDir });
      }
      throw error;
    } finally {
      process.off('SIGINT', onInterrupt);
    }
    progress.stop();
    const { result, records, interrupted, missingSteps } = executed;
    if (missingSteps.length > 0) {
      // Still a valid run: the store had those decisions; only their trace lines were lost.
      io.stderr.write(
        `note: the trace has no line for step(s) ${missingSteps.join(', ')} (lost in the crash)\n`,
      );
    }
    if (interrupted) {
      throw new CommandInterrupted(interruptedMessage(request, options.runsDir, records.length));
    }
    if (options.json) {
      io.stdout.write(`${JSON.stringify(result)}\n`);
      return;
    }
    io.stdout.write(
      formatPlaySummary(result, records, {
        style,
        color: colorEnabled(io, io.stdout as { isTTY?: boolean }),
        cwd: io.cwd,
      }),
    );
  });
  return command;
}
