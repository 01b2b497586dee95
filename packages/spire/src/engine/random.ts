// Seeded pseudo-random streams. Each stream is one uint32 state stored in the run state, so the
// state stays plain JSON and one stream's draws never shift another's (like the original's rngs).

/** The independent random streams of a run. */
export const RANDOM_STREAMS = [
  'map',
  'monster',
  'ai',
  'card',
  'shuffle',
  'event',
  'potion',
  'treasure',
  'misc',
] as const;

/** The name of a random stream. */
export type RandomStream = (typeof RANDOM_STREAMS)[number];

/** The stream states of a run: one uint32 per stream. */
export type RandomState = Record<RandomStream, number>;

/** Hashes a string seed to a uint32 (FNV-1a followed by a murmur finaliser). */
export function hashSeed(seed: string): number {
  return finish(fnv(FNV_OFFSET, seed));
}

const FNV_OFFSET = 0x811c9dc5;
const SLASH = 47;

/** FNV-1a over `text`, continued from `hash`. */
function fnv(hash: number, text: string): number {
  let value = hash;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value;
}

/** `fnv(hash, '/')`. */
function slash(hash: number): number {
  return Math.imul(hash ^ SLASH, 0x01000193);
}

/** The murmur finaliser of `hashSeed`. */
function finish(hash: number): number {
  let value = hash;
  value ^= value >>> 16;
  value = Math.imul(value, 0x85ebca6b);
  value ^= value >>> 13;
  value = Math.imul(value, 0xc2b2ae35);
  value ^= value >>> 16;
  return value >>> 0;
}

/** Creates the stream states for a seed; each stream gets its own derived start. */
export function createRandomState(seed: string): RandomState {
  // hashSeed(`${seed}/${stream}`), without building the strings: FNV runs over the parts in order.
  // One literal in RANDOM_STREAMS order, not a store per computed key (a megamorphic store each).
  const prefix = seedPrefix(seed);
  return {
    map: streamStart(prefix, 'map'),
    monster: streamStart(prefix, 'monster'),
    ai: streamStart(prefix, 'ai'),
    card: streamStart(prefix, 'card'),
    shuffle: streamStart(prefix, 'shuffle'),
    event: streamStart(prefix, 'event'),
    potion: streamStart(prefix, 'potion'),
    treasure: streamStart(prefix, 'treasure'),
    misc: streamStart(prefix, 'misc'),
  };
}

/** A stream's first state: `hashSeed(`${seed}/${stream}`)` from the seed's prefix. */
function streamStart(prefix: number, stream: RandomStream): number {
  return finish(fnv(prefix, stream));
}

/** Re-seeds one stream from the seed and a label (e.g. per floor), as the original does per room. */
export function reseedStream(random: RandomState, stream: RandomStream, seed: string, label: string): void {
  // hashSeed(`${seed}/${stream}/${label}`) over the parts.
  setStreamState(random, stream, finish(fnv(slash(fnv(seedPrefix(seed), stream)), label)));
}

// `slash(fnv(FNV_OFFSET, seed))` of the last seed asked for: every floor re-seeds four streams of
// one run's seed.
let prefixSeed = '';
let prefixOfSeed = slash(FNV_OFFSET);

/** `fnv(FNV_OFFSET, `${seed}/`)`, remembered for the last seed. */
function seedPrefix(seed: string): number {
  if (seed !== prefixSeed) {
    prefixSeed = seed;
    prefixOfSeed = slash(fnv(FNV_OFFSET, seed));
  }
  return prefixOfSeed;
}

/**
 * `random[stream]` as a named read: a computed one sees every stream name at one site, so V8 makes it
 * a megamorphic lookup (and the write a megamorphic store) on every draw; with a constant stream
 * (an inlined call) the switch folds away. The most drawn streams come first.
 */
function streamState(random: RandomState, stream: RandomStream): number {
  switch (stream) {
    case 'shuffle':
      return random.shuffle;
    case 'ai':
      return random.ai;
    case 'monster':
      return random.monster;
    case 'misc':
      return random.misc;
    case 'map':
      return random.map;
    case 'card':
      return random.card;
    case 'treasure':
      return random.treasure;
    case 'potion':
      return random.potion;
    case 'event':
      return random.event;
    default:
      // Not a known stream (a caller outside TypeScript): the computed read it always was.
      return (random as Record<string, number>)[stream as string] as number;
  }
}

/** `random[stream] = state` as a named write (see `streamState`). */
function setStreamState(random: RandomState, stream: RandomStream, state: number): void {
  switch (stream) {
    case 'shuffle':
      random.shuffle = state;
      return;
    case 'ai':
      random.ai = state;
      return;
    case 'monster':
      random.monster = state;
      return;
    case 'misc':
      random.misc = state;
      return;
    case 'map':
      random.map = state;
      return;
    case 'card':
      random.card = state;
      return;
    case 'treasure':
      random.treasure = state;
      return;
    case 'potion':
      random.potion = state;
      return;
    case 'event':
      random.event = state;
      return;
    default:
      (random as Record<string, number>)[stream as string] = state;
  }
}

/** Next float in [0, 1) from a stream (mulberry32 step). */
export function nextFloat(random: RandomState, stream: RandomStream): number {
  const state = stepState(streamState(random, stream));
  setStreamState(random, stream, state);
  return floatOfState(state);
}

/**
 * A stream's state after one draw (mulberry32's step). With `floatOfState`, a loop of many draws from
 * one stream (the act map's) keeps the state in a local and stores it back once.
 */
export function stepState(state: number): number {
  return (state + 0x6d2b79f5) >>> 0;
}

/** The float in [0, 1) that a draw leaving the stream at `state` gives (mulberry32's output). */
export function floatOfState(state: number): number {
  let value = state;
  value = Math.imul(value ^ (value >>> 15), value | 1);
  value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
  return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
}

/** Next integer in [min, max] inclusive. */
export function nextInt(random: RandomState, stream: RandomStream, min: number, max: number): number {
  return min + Math.floor(nextFloat(random, stream) * (max - min + 1));
}

/** True with the given probability. */
export function chance(random: RandomState, stream: RandomStream, probability: number): boolean {
  return nextFloat(random, stream) < probability;
}

/** A uniformly chosen element; throws on an empty list because that is a content bug. */
export function pick<T>(random: RandomState, stream: RandomStream, items: readonly T[]): T {
  if (items.length === 0) throw new Error(`pick from an empty list on stream ${stream}`);
  return items[Math.floor(nextFloat(random, stream) * items.length)] as T;
}

/**
 * `pick(random, stream, items.filter(fits))` without building the filtered list: the items that fit are
 * counted, then the same draw walks to the one `pick` would take. Undefined (and no draw) when none fits.
 */
export function pickWhere<T>(
  random: RandomState,
  stream: RandomStream,
  items: readonly T[],
  fits: (item: T) => boolean,
): T | undefined {
  let count = 0;
  for (const item of items) if (fits(item)) count++;
  if (count === 0) return undefined;
  let index = Math.floor(nextFloat(random, stream) * count);
  for (const item of items) {
    if (!fits(item)) continue;
    if (index === 0) return item;
    index--;
  }
  return undefined;
}

/** An element chosen by weight. */
export function pickWeighted<T>(
  random: RandomState,
  stream: RandomStream,
  items: readonly { readonly item: T; readonly weight: number }[],
): T {
  let total = 0;
  for (const entry of items) total += entry.weight;
  let roll = nextFloat(random, stream) * total;
  for (const entry of items) {
    roll -= entry.weight;
    if (roll < 0) return entry.item;
  }
  const last = items[items.length - 1];
  if (last === undefined) throw new Error(`weighted pick from an empty list on stream ${stream}`);
  return last.item;
}

/** Fisher-Yates shuffle in place. */
export function shuffleInPlace<T>(random: RandomState, stream: RandomStream, items: T[]): void {
  for (let index = items.length - 1; index > 0; index--) {
    const other = Math.floor(nextFloat(random, stream) * (index + 1));
    const held = items[index] as T;
    items[index] = items[other] as T;
    items[other] = held;
  }
}
