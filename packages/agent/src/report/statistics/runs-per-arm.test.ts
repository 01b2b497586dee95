import jStat from 'jstat';
import { describe, expect, it } from 'vitest';
import { fisherExactTest } from './fisher-exact-test.js';
import { runsPerArm, runsPerArmUncorrected } from './runs-per-arm.js';

/** The exact power of a two-sided Fisher test at level alpha with n runs per arm, by enumerating every outcome. */
function exactFisherPower(rateA: number, rateB: number, n: number, alpha = 0.05): number {
  let power = 0;
  for (let a = 0; a <= n; a += 1) {
    const pa = jStat.binomial.pdf(a, n, rateA);
    for (let b = 0; b <= n; b += 1) {
      if (fisherExactTest(a, n, b, n).pValue <= alpha) power += pa * jStat.binomial.pdf(b, n, rateB);
    }
  }
  return power;
}

describe('runsPerArm', () => {
  it("matches R's power.prop.test example without the correction: p1 0.50, p2 0.75, power 0.90 gives n = 76.7", () => {
    expect(runsPerArmUncorrected(0.5, 0.75, 0.05, 0.9)).toBeCloseTo(76.7, 1);
  });

  it('with the continuity correction, 5% against 10% needs 474 runs per arm (435 without)', () => {
    expect(Math.ceil(runsPerArmUncorrected(0.05, 0.1))).toBe(435);
    expect(runsPerArm(0.05, 0.1).runs).toBe(474);
  });

  it("gives runs at which Fisher's exact test really has about 80% power (checked by enumeration)", () => {
    // The AgenticSTS headline rates, 60% against 30%.
    const needed = runsPerArm(0.6, 0.3);
    expect(needed.runs).toBe(49);
    expect(needed).toMatchObject({ alpha: 0.05, power: 0.8 });
    const power = exactFisherPower(0.6, 0.3, needed.runs ?? 0);
    expect(power).toBeGreaterThan(0.75);
    expect(power).toBeLessThan(0.86);
    // And 10 runs per arm, as in the paper, has little power.
    expect(exactFisherPower(0.6, 0.3, 10)).toBeLessThan(0.25);
  });

  it('is null when the rates are equal: there is no difference to detect', () => {
    expect(runsPerArm(0.3, 0.3).runs).toBeNull();
  });

  it('needs more runs for smaller differences', () => {
    expect(runsPerArm(0.35, 0.3).runs ?? 0).toBeGreaterThan(runsPerArm(0.5, 0.3).runs ?? 0);
  });
});
