// Bench of the spire engine: full runs per second with the heuristic bot on one core, the bot's
// results over 200 seeds per character, and 1,000 games of random legal actions (no exception).
// Baseline measured in the same run: the same number of runs played by a random-legal-action player.
import { createHeuristicBot } from '../src/bot/index.js';
import { type CharacterId, createSimulator } from '../src/engine/index.js';

const SEEDS_PER_CHARACTER = 200;
const RANDOM_GAMES = 1_000;

interface RunResult {
  floor: number;
  act: number;
  victory: boolean;
  steps: number;
}

function cpuMilliseconds(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function playBot(seed: string, character: CharacterId): RunResult {
  const bot = createHeuristicBot();
  const simulator = createSimulator({ seed, character });
  let steps = 0;
  while (!simulator.over && steps < 20_000) {
    const result = simulator.step(bot.choose(simulator.view()));
    if (!result.ok) throw new Error(`bot chose an illegal action on seed ${seed}: ${result.error.message}`);
    steps++;
  }
  return {
    floor: simulator.run.floor,
    act: simulator.run.act,
    victory: simulator.run.result?.victory === true,
    steps,
  };
}

/** A cheap deterministic stream of choices (no Math.random) for the random player. */
function playRandom(seed: number, character: CharacterId, maxSteps: number): RunResult {
  const simulator = createSimulator({ seed: `random-${seed}`, character });
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 0
    ? ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
    : (sorted[middle] ?? 0);
}

export async function runBench(): Promise<void> {
  console.log('\n## spire engine: simulator and heuristic bot\n');

  // Bot results over 200 seeds per character (also the speed measurement).
  const rows: string[] = [];
  let botRuns = 0;
  let botSteps = 0;
  let botCpu = 0;
  let botWall = 0;
  for (const character of ['IRONCLAD', 'SILENT'] as const) {
    const results: RunResult[] = [];
    const cpuStart = process.cpuUsage();
    const wallStart = performance.now();
    for (let seed = 0; seed < SEEDS_PER_CHARACTER; seed++) results.push(playBot(`bench-${seed}`, character));
    botCpu += cpuMilliseconds(cpuStart);
    botWall += performance.now() - wallStart;
    botRuns += results.length;
    botSteps += results.reduce((sum, result) => sum + result.steps, 0);
    const floors = results.map((result) => result.floor);
    const wins = results.filter((result) => result.victory).length;
    const actOne = results.filter((result) => result.act >= 2 || result.victory).length;
    rows.push(
      `| ${character.padEnd(8)} | ${String(results.length).padStart(4)} | ${String(median(floors)).padStart(12)} | ${String(Math.max(...floors)).padStart(10)} | ${((wins / results.length) * 100).toFixed(1).padStart(7)}% | ${((actOne / results.length) * 100).toFixed(1).padStart(13)}% |`,
    );
  }
  console.log('| character | runs | median floor | best floor | win rate | cleared Act 1 |');
  console.log('|-----------|------|--------------|------------|----------|---------------|');
  for (const row of rows) console.log(row);

  // Baseline: random legal actions, same number of full runs (played to the end).
  const randomCpuStart = process.cpuUsage();
  const randomWallStart = performance.now();
  let randomSteps = 0;
  for (let seed = 0; seed < botRuns; seed++)
    randomSteps += playRandom(seed, seed % 2 === 0 ? 'IRONCLAD' : 'SILENT', 20_000).steps;
  const randomCpu = cpuMilliseconds(randomCpuStart);
  const randomWall = performance.now() - randomWallStart;

  // 1,000 short random games must finish without an exception.
  let exceptions = 0;
  const stressStart = performance.now();
  for (let seed = 0; seed < RANDOM_GAMES; seed++) {
    try {
      playRandom(100_000 + seed, seed % 2 === 0 ? 'IRONCLAD' : 'SILENT', 400);
    } catch (error) {
      exceptions++;
      if (exceptions <= 3) console.log(`random game ${seed} threw: ${String(error)}`);
    }
  }
  const stressWall = performance.now() - stressStart;

  const botRunsPerCpuSecond = (botRuns / botCpu) * 1000;
  const randomRunsPerCpuSecond = (botRuns / randomCpu) * 1000;
  console.log('');
  console.log('| player | full runs | decisions | runs/s (CPU) | runs/s (wall) | µs per decision (CPU) |');
  console.log('|--------|-----------|-----------|--------------|---------------|-----------------------|');
  console.log(
    `| heuristic bot | ${botRuns} | ${botSteps} | ${botRunsPerCpuSecond.toFixed(1)} | ${((botRuns / botWall) * 1000).toFixed(1)} | ${((botCpu * 1000) / botSteps).toFixed(1)} |`,
  );
  console.log(
    `| random legal actions (baseline) | ${botRuns} | ${randomSteps} | ${randomRunsPerCpuSecond.toFixed(1)} | ${((botRuns / randomWall) * 1000).toFixed(1)} | ${((randomCpu * 1000) / randomSteps).toFixed(1)} |`,
  );
  console.log('');
  const botMicros = (botCpu * 1000) / botSteps;
  const randomMicros = (randomCpu * 1000) / randomSteps;
  console.log(
    `Bot vs random baseline: ${(botRunsPerCpuSecond / randomRunsPerCpuSecond).toFixed(2)}x runs/s (bot runs are ${(botSteps / randomSteps).toFixed(2)}x longer), ${(botMicros / randomMicros).toFixed(2)}x CPU per decision (state view + bot choice vs a random pick).`,
  );
  console.log(
    `Goal: >= 50 full bot runs/s on one core -> ${botRunsPerCpuSecond >= 50 ? 'met' : 'NOT met'} (CPU time; wall time depends on machine load).`,
  );
  console.log(
    `${RANDOM_GAMES} random-action games (up to 400 actions each): ${exceptions} exceptions, ${(stressWall / 1000).toFixed(1)} s.`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runBench();
}
