import jStat from 'jstat';

/** The standard normal quantile (jstat's inverse CDF; simple-statistics' probit is only good to ~3 digits). */
export function normalQuantile(probability: number): number {
  return jStat.normal.inv(probability, 0, 1);
}
