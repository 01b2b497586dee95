import jStat from 'jstat';
import { checkCounts } from './check-counts.js';

/** The outcome of Fisher's exact test on two win counts. */
export interface ExactTestResult {
  /** Two-sided p-value. */
  pValue: number;
  /** The 2x2 table tested: [[a wins, a losses], [b wins, b losses]]. */
  table: [[number, number], [number, number]];
  method: string;
}

/** How the p-value is computed, in the words the CLI and the report print. */
export const FISHER_METHOD =
  "Fisher's exact test on the 2x2 table of wins and losses, two-sided: the sum of the probabilities of all tables with the same margins that are no more likely than the observed one (as R's fisher.test)";

/** R's fisher.test counts a table as "no more likely" within this relative tolerance, so ties survive rounding. */
const RELATIVE_TOLERANCE = 1 + 1e-7;

/**
 * Fisher's exact test of "both agents win at the same rate", conditional on the margins: with those fixed,
 * a's wins follow a hypergeometric distribution (jstat's pmf). The two-sided rule is R's (and the textbook
 * one); no registry package in our lists implements the test itself, so the summation is written here.
 */
export function fisherExactTest(aWins: number, aRuns: number, bWins: number, bRuns: number): ExactTestResult {
  checkCounts(aWins, aRuns, "Fisher's exact test (first arm)");
  checkCounts(bWins, bRuns, "Fisher's exact test (second arm)");
  const table: [[number, number], [number, number]] = [
    [aWins, aRuns - aWins],
    [bWins, bRuns - bWins],
  ];
  const population = aRuns + bRuns;
  const wins = aWins + bWins;
  if (aRuns === 0 || bRuns === 0 || wins === 0 || wins === population) {
    // A margin is empty: every table with these margins is the observed one.
    return { pValue: 1, table, method: FISHER_METHOD };
  }
  const probability = (x: number) => jStat.hypgeom.pdf(x, population, wins, aRuns);
  const observed = probability(aWins) * RELATIVE_TOLERANCE;
  let pValue = 0;
  for (let x = Math.max(0, aRuns - (population - wins)); x <= Math.min(aRuns, wins); x += 1) {
    const p = probability(x);
    if (p <= observed) pValue += p;
  }
  return { pValue: Math.min(1, pValue), table, method: FISHER_METHOD };
}
