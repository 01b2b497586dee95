import { normalQuantile } from './normal-quantile.js';

/** Runs per arm for a power at a level, and the method. */
export interface RunsPerArm {
  /** Runs each agent needs; null when the two rates are equal (no difference to detect). */
  runs: number | null;
  alpha: number;
  power: number;
  method: string;
}

/** How the runs per arm are computed, in the words the CLI and the report print. */
export const RUNS_PER_ARM_METHOD =
  "two-sided test of two proportions, normal approximation with Fleiss's continuity correction (Fleiss, Levin & Paik 2003, eq. 4.14), which tracks Fisher's exact test; the observed win rates taken as the true ones";

/**
 * How many runs per agent would detect a difference this large with probability `power` at level `alpha`
 * (two-sided), were the observed rates the true ones. The closed form on top of jstat's normal quantile:
 * n = (z_a sqrt(2 pbar qbar) + z_b sqrt(p1 q1 + p2 q2))^2 / d^2, then n / 4 (1 + sqrt(1 + 4 / (n d)))^2.
 * Written here because no registry package in our lists has a two-proportion sample size.
 */
export function runsPerArm(
  rateA: number,
  rateB: number,
  options: { alpha?: number; power?: number } = {},
): RunsPerArm {
  const alpha = options.alpha ?? 0.05;
  const power = options.power ?? 0.8;
  const base = { alpha, power, method: RUNS_PER_ARM_METHOD };
  const difference = Math.abs(rateA - rateB);
  if (difference === 0) return { runs: null, ...base };
  const uncorrected = runsPerArmUncorrected(rateA, rateB, alpha, power);
  const corrected = (uncorrected / 4) * (1 + Math.sqrt(1 + 4 / (uncorrected * difference))) ** 2;
  return { runs: Math.ceil(corrected), ...base };
}

/** The same without the continuity correction (R's power.prop.test; its unrounded n). */
export function runsPerArmUncorrected(rateA: number, rateB: number, alpha = 0.05, power = 0.8): number {
  const difference = Math.abs(rateA - rateB);
  const zAlpha = normalQuantile(1 - alpha / 2);
  const zBeta = normalQuantile(power);
  const mean = (rateA + rateB) / 2;
  const pooled = Math.sqrt(2 * mean * (1 - mean));
  const separate = Math.sqrt(rateA * (1 - rateA) + rateB * (1 - rateB));
  return (zAlpha * pooled + zBeta * separate) ** 2 / difference ** 2;
}
