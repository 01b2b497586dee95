// Bench of the spire engine, per ruleset (StS2, the default, and StS1) and character: the
// heuristic bot's wins, median floor, Act 1 clears, decisions per run and full runs per CPU-second
// over SEEDS_PER_CHARACTER seeds, and random legal playouts per CPU-second (the baseline, measured
// in the same run), next to the goals of issue 15. 1,000 short random games must not throw.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHeuristicBot } from '../src/bot/index.js';
import { findInertSts2Cards } from '../src/content/sts2/inert-sts2-cards.js';
import { type CharacterId, createSimulator, type Ruleset } from '../src/engine/index.js';

const SEEDS_PER_CHARACTER = Number(process.env.SPIRE_BENCH_SEEDS ?? 200);
/**
 * `SPIRE_BENCH_FIRST_SEED=2000` plays bench-2000 ... instead of bench-0 ...: a bot change is judged on
 * more than the seeds it was tuned on (about +-11 wins per 600 seeds is noise).
 */
const FIRST_SEED = Number(process.env.SPIRE_BENCH_FIRST_SEED ?? 0);
const RANDOM_GAMES = 1_000;
/**
 * Random playouts also measured warm (the "warm" columns): after SPIRE_BENCH_WARMUP_PLAYOUTS (1,200)
 * unmeasured playouts on seeds of their own, SPIRE_BENCH_WARM_PLAYOUTS (1,000) more. A process that does
 * playouts (a tree search) does thousands; V8 is still compiling and recompiling the rules over the first
 * thousand or so, and the first 200 after the bot runs (the cold column) run at about half the warm rate.
 */
/**
 * Bot runs on seeds of their own before the measured ones (SPIRE_BENCH_WARMUP_RUNS, 50 per character; not
 * counted): the measured runs, their outcomes unchanged, then time the rules and the bot once V8 has
 * compiled them, as in a process that plays many runs. 0 measures from a cold start.
 */
const WARMUP_RUNS = Number(process.env.SPIRE_BENCH_WARMUP_RUNS ?? 50);
const WARMUP_PLAYOUTS = Number(process.env.SPIRE_BENCH_WARMUP_PLAYOUTS ?? 1_200);
const WARM_PLAYOUTS = Number(process.env.SPIRE_BENCH_WARM_PLAYOUTS ?? 1_000);
/** `SPIRE_BENCH_RULESET=sts1` (or sts2) benches one ruleset only. */
const ONLY_RULESET = process.env.SPIRE_BENCH_RULESET;
const RULESETS: readonly { ruleset: Ruleset; characters: readonly CharacterId[] }[] = (
  [
    { ruleset: 'sts2', characters: ['IRONCLAD', 'SILENT', 'REGENT', 'NECROBINDER'] },
    { ruleset: 'sts1', characters: ['IRONCLAD', 'SILENT'] },
  ] as const
).filter((entry) => ONLY_RULESET === undefined || entry.ruleset === ONLY_RULESET);
/** Issue 15's goals for the bot in StS1 mode (Bottled AI's win rates on the real game). */
const WIN_GOALS: Readonly<Record<string, number>> = { 'sts1/IRONCLAD': 20, 'sts1/SILENT': 40 };
const RUNS_PER_CPU_SECOND_GOAL = 50;
const PLAYOUTS_PER_CPU_SECOND_GOAL = 5_000;

/**
 * Random playouts are also timed alone: in a fresh process that plays nothing else, 1,000 measured
 * after SPIRE_BENCH_ALONE_WARMUP (5,000) unmeasured ones (the "alone" column), as in a tree search
 * that only plays random playouts, once V8 has compiled what they run. A random playout rarely leaves
 * Act 1, so V8 meets the rest of the rules slowly and keeps compiling for thousands of playouts: by
 * callgrind (StS1 Ironclad, instructions per playout), playouts 800-1,200 of a fresh process take 3.2M,
 * 1.2M of them TurboFan's; after 5,000 they take 2.26M, 0.25M of them TurboFan's; after 50 bot runs and
 * 600 playouts 2.25M, 0.50M TurboFan's (the compiled rules' own code is 0.83M in all three). The in-process
 * warm column comes after the bot runs, which have compiled most of the rules already. The goal is
 * judged on the lower of the two.
 */
const ALONE_WARMUP_PLAYOUTS = Number(process.env.SPIRE_BENCH_ALONE_WARMUP ?? 5_000);
const ALONE_CHILD = process.env.SPIRE_BENCH_ALONE;

interface RunResult {
  floor: number;
  act: number;
  victory: boolean;
  steps: number;
  /** The last fight's encounter id when the run was lost ("Act 2 boss: The Champ"). */
  death?: string;
}

function cpuMilliseconds(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function playBot(seed: string, character: CharacterId, ruleset: Ruleset): RunResult {
  const bot = createHeuristicBot();
  const simulator = createSimulator({ seed, character, ruleset });
  let steps = 0;
  let lastFight = '';
  while (!simulator.over && steps < 20_000) {
    const combat = simulator.run.combat;
    // Monster names, not the encounter's: encounter ids are per ruleset, names read the same.
    if (combat !== null && combat.turn === 1)
      lastFight = `Act ${simulator.run.act} ${combat.kind}: ${[...new Set(combat.monsters.map((monster) => monster.name))].join(' + ')}`;
    const result = simulator.step(bot.choose(simulator.view()));
    if (!result.ok) throw new Error(`bot chose an illegal action on seed ${seed}: ${result.error.message}`);
    steps++;
  }
  const victory = simulator.run.result?.victory === true;
  const result: RunResult = { floor: simulator.run.floor, act: simulator.run.act, victory, steps };
  if (!victory) result.death = simulator.over ? lastFight || 'outside a fight' : 'step cap (stalled)';
  return result;
}

/** A cheap deterministic stream of choices (no Math.random) for the random player. */
function playRandom(seed: number, character: CharacterId, ruleset: Ruleset, maxSteps: number): RunResult {
  const simulator = createSimulator({ seed: `random-${seed}`, character, ruleset });
  let state = (seed * 2654435761) >>> 0;
  let steps = 0;
  while (!simulator.over && steps < maxSteps) {
    const legal = simulator.legalActions();
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const action = legal[state % legal.length];
    if (action === undefined) throw new Error(`no legal action on random seed ${seed}`);
    simulator.step(action);
    steps++;
  }
  return {
    floor: simulator.run.floor,
    act: simulator.run.act,
    victory: simulator.run.result?.victory === true,
    steps,
  };
}

/** Warm random playouts per CPU-second, as timed in this process (the child's side of the "alone" column). */
function warmRandomRate(character: CharacterId, ruleset: Ruleset, warmup: number): number {
  for (let seed = 0; seed < warmup; seed++) playRandom(100_000 + seed, character, ruleset, 20_000);
  const start = process.cpuUsage();
  for (let seed = 0; seed < WARM_PLAYOUTS; seed++) playRandom(200_000 + seed, character, ruleset, 20_000);
  return (WARM_PLAYOUTS / cpuMilliseconds(start)) * 1000;
}

/** Warm random playouts per CPU-second in a fresh process that plays nothing else (see ALONE_CHILD). */
function randomAloneRate(character: CharacterId, ruleset: Ruleset): number {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, SPIRE_BENCH_ALONE: `${ruleset}/${character}` },
  });
  const last = child.stdout.trim().split('\n').pop() ?? '';
  const rate = Number(last);
  if (child.status !== 0 || !Number.isFinite(rate))
    throw new Error(
      `the random playouts timed alone (a child process) failed with status ${child.status}: ${child.stderr || last}`,
    );
  return rate;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 0
    ? ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
    : (sorted[middle] ?? 0);
}

/** Lost runs by act and room kind ("Act 2 boss 171"), most first: which kind of fight to work on. */
function deathsByKind(results: readonly RunResult[]): string {
  const counts = new Map<string, number>();
  for (const result of results) {
    if (result.death === undefined) continue;
    const kind = result.death.split(':')[0] ?? result.death;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');
}

/** The five fights that ended most lost runs, with counts: where the bot needs work. */
function topDeaths(results: readonly RunResult[]): string {
  const counts = new Map<string, number>();
  for (const result of results)
    if (result.death !== undefined) counts.set(result.death, (counts.get(result.death) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 5)
    .map(([fight, count]) => `${fight} ${count}`)
    .join(', ');
}

const percent = (part: number, whole: number): string => `${((part / whole) * 100).toFixed(1)}%`;

export async function runBench(): Promise<void> {
  console.log('\n## spire engine: simulator and heuristic bot\n');
  console.log(
    `${SEEDS_PER_CHARACTER} seeds per character (bench-${FIRST_SEED} ...), ascension 0; CPU time of this process on one core. Bot runs timed after ${WARMUP_RUNS} unmeasured runs per character; random playouts cold (the ${SEEDS_PER_CHARACTER} right after the bot runs) and warm (${WARM_PLAYOUTS} after ${WARMUP_PLAYOUTS} unmeasured ones).`,
  );
  console.log('');
  console.log(
    '| ruleset | character | runs | wins | win goal | median floor | best floor | cleared Act 1 | decisions per run | µs per decision | full bot runs/s (CPU) | random playouts/s (CPU), cold | warm | alone |',
  );
  console.log(
    '|---------|-----------|------|------|----------|--------------|------------|---------------|-------------------|-----------------|-----------------------|-------------------------|------|-------|',
  );
  const speed: { ruleset: Ruleset; bot: number; random: number; warm: number; alone: number }[] = [];
  for (const { ruleset, characters } of RULESETS) {
    const deathTables: [CharacterId, string, string][] = [];
    let botRuns = 0;
    let botCpu = 0;
    let randomRuns = 0;
    let randomCpu = 0;
    let warmRuns = 0;
    let warmCpu = 0;
    let aloneSeconds = 0;
    for (const character of characters) {
      const results: RunResult[] = [];
      for (let seed = 0; seed < WARMUP_RUNS; seed++) playBot(`warmup-${seed}`, character, ruleset);
      const cpuStart = process.cpuUsage();
      for (let seed = FIRST_SEED; seed < FIRST_SEED + SEEDS_PER_CHARACTER; seed++)
        results.push(playBot(`bench-${seed}`, character, ruleset));
      const cpu = cpuMilliseconds(cpuStart);
      // Baseline in the same run: as many random legal playouts, each played to the end of the run.
      const randomStart = process.cpuUsage();
      for (let seed = 0; seed < SEEDS_PER_CHARACTER; seed++) playRandom(seed, character, ruleset, 20_000);
      const random = cpuMilliseconds(randomStart);
      botRuns += results.length;
      botCpu += cpu;
      randomRuns += SEEDS_PER_CHARACTER;
      randomCpu += random;
      const warm = warmRandomRate(character, ruleset, WARMUP_PLAYOUTS);
      warmRuns += WARM_PLAYOUTS;
      warmCpu += (WARM_PLAYOUTS / warm) * 1000;
      const alone = randomAloneRate(character, ruleset);
      aloneSeconds += WARM_PLAYOUTS / alone;
      const steps = results.reduce((sum, result) => sum + result.steps, 0);
      const floors = results.map((result) => result.floor);
      const wins = results.filter((result) => result.victory).length;
      const actOne = results.filter((result) => result.act >= 2 || result.victory).length;
      const goal = WIN_GOALS[`${ruleset}/${character}`];
      deathTables.push([character, topDeaths(results), deathsByKind(results)]);
      console.log(
        `| ${ruleset} | ${character} | ${results.length} | ${percent(wins, results.length)} | ${goal === undefined ? '-' : `${goal}% (${(wins / results.length) * 100 >= goal ? 'met' : 'NOT met'})`} | ${median(floors)} | ${Math.max(...floors)} | ${percent(actOne, results.length)} | ${(steps / results.length).toFixed(0)} | ${((cpu * 1000) / steps).toFixed(1)} | ${((results.length / cpu) * 1000).toFixed(1)} | ${((SEEDS_PER_CHARACTER / random) * 1000).toFixed(0)} | ${warm.toFixed(0)} | ${alone.toFixed(0)} |`,
      );
    }
    for (const [character, deaths, kinds] of deathTables) {
      console.log(`  ${ruleset} ${character} lost most to: ${deaths}`);
      console.log(`  ${ruleset} ${character} losses by fight kind: ${kinds}`);
    }
    speed.push({
      ruleset,
      bot: (botRuns / botCpu) * 1000,
      random: (randomRuns / randomCpu) * 1000,
      warm: (warmRuns / warmCpu) * 1000,
      alone: warmRuns / aloneSeconds,
    });
  }
  console.log('');
  for (const { ruleset, bot, random, warm, alone } of speed) {
    const playouts = Math.min(warm, alone);
    console.log(
      `${ruleset}: ${bot.toFixed(1)} full bot runs per CPU-second (goal >= ${RUNS_PER_CPU_SECOND_GOAL}: ${bot >= RUNS_PER_CPU_SECOND_GOAL ? 'met' : 'NOT met'}); random legal playouts per CPU-second: ${warm.toFixed(0)} warm after the bot runs, ${alone.toFixed(0)} alone in a fresh process (after ${ALONE_WARMUP_PLAYOUTS}), ${random.toFixed(0)} cold (goal >= ${PLAYOUTS_PER_CPU_SECOND_GOAL} on the lower of warm and alone: ${playouts >= PLAYOUTS_PER_CPU_SECOND_GOAL ? 'met' : 'NOT met'}); bot runs cost ${(random / bot).toFixed(1)}x a cold random playout.`,
    );
  }

  // The StS2 cards whose play still changes nothing the rules read (see findInertSts2Cards).
  const inert = findInertSts2Cards();
  const byCharacter = new Map<string, string[]>();
  for (const card of inert)
    byCharacter.set(card.character, [...(byCharacter.get(card.character) ?? []), card.id]);
  console.log(
    `\nStS2 pool cards that do nothing in the simulator's fixed test combats: ${inert.length} (${[...byCharacter].map(([character, ids]) => `${character} ${ids.length}`).join(', ')}).`,
  );

  // 1,000 short random games per ruleset must finish without an exception.
  for (const { ruleset, characters } of RULESETS) {
    let exceptions = 0;
    const stressStart = performance.now();
    for (let seed = 0; seed < RANDOM_GAMES; seed++) {
      try {
        playRandom(100_000 + seed, characters[seed % characters.length] as CharacterId, ruleset, 400);
      } catch (error) {
        exceptions++;
        if (exceptions <= 3) console.log(`${ruleset} random game ${seed} threw: ${String(error)}`);
      }
    }
    console.log(
      `${ruleset}: ${RANDOM_GAMES} random-action games (up to 400 actions each): ${exceptions} exceptions, ${((performance.now() - stressStart) / 1000).toFixed(1)} s.`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (ALONE_CHILD === undefined) await runBench();
  else {
    // The child of randomAloneRate: "ruleset/CHARACTER" in, the rate as the last line out.
    const [ruleset, character] = ALONE_CHILD.split('/') as [Ruleset, CharacterId];
    console.log(warmRandomRate(character, ruleset, ALONE_WARMUP_PLAYOUTS).toFixed(1));
  }
}
