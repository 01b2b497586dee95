/**
 * A lookup by id that remembers the order of its last ids: the rules ask for the run's relics (and a
 * fight's monsters) in the same order again and again (every hook loops over them), so the next id is
 * usually the one that followed the last id before. A hit is an array read and a string compare; a
 * miss asks `find` and records the id at that place. The answer is always `find(id)`'s for the
 * current `scope` (the ruleset's content): the cache only skips the Map lookup (a relic or monster
 * lookup was 3-4% of a random playout's CPU, and a Map lookup costs more than comparing two ids).
 */
export interface SequenceLookup<T> {
  get(scope: object, id: string): T;
}

/** Longest remembered sequence: more relics than this in one loop only cost misses. */
const MAX_LENGTH = 64;

export function createSequenceLookup<T>(find: (id: string) => T): SequenceLookup<T> {
  let scope: object | null = null;
  const ids: string[] = [];
  const values: T[] = [];
  let next = 0;
  return {
    get(currentScope: object, id: string): T {
      if (currentScope === scope) {
        if (next < ids.length && ids[next] === id) return values[next++] as T;
        if (ids.length > 0 && ids[0] === id) {
          next = 1;
          return values[0] as T;
        }
      } else {
        scope = currentScope;
        ids.length = 0;
        values.length = 0;
        next = 0;
      }
      // `find` throws on an unknown id before anything is recorded.
      const value = find(id);
      if (next >= MAX_LENGTH) next = 0;
      ids[next] = id;
      values[next] = value;
      next++;
      return value;
    },
  };
}
