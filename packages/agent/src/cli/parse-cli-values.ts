import { InvalidArgumentError } from 'commander';
import { type RunLimit, runLimitProblem } from '../agent/run-limits.js';

export const AGENTS = ['structured', 'window', 'naive'] as const;
export type AgentName = (typeof AGENTS)[number];
export const CHARACTERS = ['ironclad', 'silent', 'regent', 'necrobinder'] as const;
export const POLICIES = ['heuristic', 'llm'] as const;
export const PROVIDERS = ['openai', 'anthropic'] as const;
export const STORES = ['sqlite', 'postgres', 'memory'] as const;

/** Largest seed accepted: seeds travel through JSON and the engine's 32-bit generator. */
const MAX_SEED = 2 ** 32 - 1;
/** A bench of more runs than this is almost certainly a typo in the range. */
const MAX_BENCH_SEEDS = 10_000;

/** Commander argument parser for a whole number in [minimum, maximum]. */
export function integerOption(name: string, minimum: number, maximum = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    const trimmed = value.trim();
    if (!/^-?\d+$/.test(trimmed)) {
      throw new InvalidArgumentError(`${name} must be a whole number, got '${value}'.`);
    }
    const parsed = Number(trimmed);
    if (parsed < minimum || parsed > maximum) {
      throw new InvalidArgumentError(`${name} must be between ${minimum} and ${maximum}, got ${parsed}.`);
    }
    return parsed;
  };
}

/** Commander argument parser for a run setting, with the bounds `playRun` checks (RUN_LIMITS). */
export function runLimitOption(limit: RunLimit) {
  const parseWhole = integerOption(limit.flag, Number.MIN_SAFE_INTEGER);
  return (value: string): number => {
    const parsed = parseWhole(value);
    const problem = runLimitProblem(limit, parsed);
    if (problem !== undefined) throw new InvalidArgumentError(`${limit.flag} ${problem}, got ${parsed}.`);
    return parsed;
  };
}

export const parseSeed = integerOption('--seed', 0, MAX_SEED);

/** `--seed random` picks one (and the CLI prints it); otherwise a number. */
export function parseSeedOption(value: string): number | 'random' {
  return value.trim().toLowerCase() === 'random' ? 'random' : parseSeed(value);
}

/**
 * Seeds for `bench`: ranges and lists, `1-10`, `1,4,9`, `1-3,7`. Duplicates keep their first place.
 */
export function parseSeedList(value: string): number[] {
  const seeds: number[] = [];
  const parts = value.split(',').map((part) => part.trim());
  for (const part of parts) {
    const range = /^(\d+)\s*-\s*(\d+)$/.exec(part);
    if (range) {
      const start = Number(range[1]);
      const end = Number(range[2]);
      if (end < start) {
        throw new InvalidArgumentError(
          `invalid seed range '${part}': the end is below the start. Write it low-high, e.g. '${end}-${start}'.`,
        );
      }
      if (end > MAX_SEED)
        throw new InvalidArgumentError(`seed ${end} is above the largest seed ${MAX_SEED}.`);
      if (end - start + 1 > MAX_BENCH_SEEDS) {
        throw new InvalidArgumentError(
          `seed range '${part}' has ${end - start + 1} seeds; at most ${MAX_BENCH_SEEDS} per bench.`,
        );
      }
      for (let seed = start; seed <= end; seed += 1) seeds.push(seed);
    } else if (/^\d+$/.test(part)) {
      const seed = Number(part);
      if (seed > MAX_SEED)
        throw new InvalidArgumentError(`seed ${seed} is above the largest seed ${MAX_SEED}.`);
      seeds.push(seed);
    } else {
      throw new InvalidArgumentError(
        `invalid seed list '${value}': '${part}' is neither a seed nor a range. Use e.g. '1-10' or '1,3,5-7'.`,
      );
    }
  }
  const unique = [...new Set(seeds)];
  if (unique.length > MAX_BENCH_SEEDS) {
    throw new InvalidArgumentError(`${unique.length} seeds given; at most ${MAX_BENCH_SEEDS} per bench.`);
  }
  return unique;
}

/** `--agents structured,window,naive` (any order, no repeats). */
export function parseAgentList(value: string): AgentName[] {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) {
    throw new InvalidArgumentError(`no agent given. Choose from: ${AGENTS.join(', ')}.`);
  }
  for (const name of names) {
    if (!(AGENTS as readonly string[]).includes(name)) {
      throw new InvalidArgumentError(`unknown agent '${name}'. Choose from: ${AGENTS.join(', ')}.`);
    }
  }
  return [...new Set(names)] as AgentName[];
}
