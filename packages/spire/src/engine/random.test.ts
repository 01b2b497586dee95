import { describe, expect, it } from 'vitest';
import {
  createRandomState,
  hashSeed,
  nextFloat,
  nextInt,
  RANDOM_STREAMS,
  reseedStream,
  shuffleInPlace,
} from './random.js';

describe('seeded random streams', () => {
  it('repeats the same sequence for the same seed', () => {
    const first = createRandomState('abc');
    const second = createRandomState('abc');
    for (let index = 0; index < 100; index++)
      expect(nextFloat(first, 'card')).toBe(nextFloat(second, 'card'));
  });

  it('keeps streams independent: drawing from one does not shift another', () => {
    const quiet = createRandomState('abc');
    const busy = createRandomState('abc');
    for (let index = 0; index < 37; index++) nextFloat(busy, 'shuffle');
    for (let index = 0; index < 50; index++)
      expect(nextInt(busy, 'card', 0, 99)).toBe(nextInt(quiet, 'card', 0, 99));
  });

  it('stays in range and shuffles to a permutation', () => {
    const random = createRandomState('range');
    for (let index = 0; index < 1000; index++) {
      const value = nextInt(random, 'misc', 3, 7);
      expect(value).toBeGreaterThanOrEqual(3);
      expect(value).toBeLessThanOrEqual(7);
    }
    const items = Array.from({ length: 20 }, (_, index) => index);
    shuffleInPlace(random, 'shuffle', items);
    expect([...items].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index));
  });

  it('derives each stream from the hash of "seed/stream" (and "seed/stream/label" when re-seeded)', () => {
    for (const seed of ['abc', 'golden-7', 'bench-199', '']) {
      const random = createRandomState(seed);
      // One key per stream, in RANDOM_STREAMS order (the order a run's state serialises them in).
      expect(Object.keys(random)).toEqual([...RANDOM_STREAMS]);
      for (const stream of RANDOM_STREAMS) {
        expect(random[stream]).toBe(hashSeed(`${seed}/${stream}`));
        reseedStream(random, stream, seed, 'floor:12');
        expect(random[stream]).toBe(hashSeed(`${seed}/${stream}/floor:12`));
      }
    }
  });

  it('re-seeds from the seed it is given when runs of different seeds take turns', () => {
    const first = createRandomState('first');
    const second = createRandomState('second');
    for (const floor of [1, 2, 3]) {
      reseedStream(first, 'misc', 'first', `floor:${floor}`);
      reseedStream(second, 'misc', 'second', `floor:${floor}`);
      expect(first.misc).toBe(hashSeed(`first/misc/floor:${floor}`));
      expect(second.misc).toBe(hashSeed(`second/misc/floor:${floor}`));
    }
  });
});
