import { checkCounts } from './check-counts.js';
import { normalQuantile } from './normal-quantile.js';

/** A proportion with its confidence interval. */
export interface ProportionInterval {
  /** wins / runs (0 when there are no runs). */
  estimate: number;
  lower: number;
  upper: number;
  confidence: number;
  method: string;
}

/** The interval's method, in the words the CLI and the report print. */
export const WILSON_METHOD = 'Wilson score interval (Wilson 1927), no continuity correction';

/**
 * The Wilson score interval for a binomial proportion: unlike the Wald interval it stays inside [0, 1] and
 * keeps close to its nominal coverage at the small counts a bench has (Newcombe 1998, method 3).
 * Written here because no package in the registry lists we checked offers it (jstat and simple-statistics
 * give distributions, not this interval); the formula is three lines on top of jstat's normal quantile.
 */
export function wilsonInterval(successes: number, trials: number, confidence = 0.95): ProportionInterval {
  checkCounts(successes, trials, 'Wilson interval');
  if (trials === 0) return { estimate: 0, lower: 0, upper: 1, confidence, method: WILSON_METHOD };
  const z = normalQuantile(1 - (1 - confidence) / 2);
  const proportion = successes / trials;
  const zz = z * z;
  const denominator = 1 + zz / trials;
  const centre = (proportion + zz / (2 * trials)) / denominator;
  const halfWidth =
    (z / denominator) * Math.sqrt((proportion * (1 - proportion)) / trials + zz / (4 * trials * trials));
  return {
    estimate: proportion,
    // At 0 or all successes the bound is exactly 0 or 1; clamp the rounding error.
    lower: successes === 0 ? 0 : Math.max(0, centre - halfWidth),
    upper: successes === trials ? 1 : Math.min(1, centre + halfWidth),
    confidence,
    method: WILSON_METHOD,
  };
}
