// jstat ships no types; the part we use (its default export is the jStat function object).
declare module 'jstat' {
  interface JStat {
    normal: { inv(probability: number, mean: number, standardDeviation: number): number };
    hypgeom: { pdf(successesDrawn: number, population: number, successes: number, drawn: number): number };
    binomial: { pdf(successes: number, trials: number, probability: number): number };
  }
  const jStat: JStat;
  export default jStat;
}
