/**
 * A synthetic long chat for scale tests and benches, generated from a seed (our own text, no data set):
 * pseudo-words drawn from a Zipf distribution (as word frequencies in real chats are), sessions of
 * 10 to 40 turns with dates, and planted facts with rare words, each with a question whose evidence
 * is that one turn.
 */
export interface SyntheticHistory {
  /** Sessions in order, each dated, with turns of two speakers. */
  sessions: Array<{
    id: string;
    time: string;
    turns: Array<{ id: string; speaker: string; text: string }>;
  }>;
  /** One question per planted fact; its evidence is the turn holding the fact. */
  questions: Array<{ id: string; question: string; evidence: string[] }>;
  /** Turns generated (equals `turns` of the options). */
  turnCount: number;
}

/** Size and shape of a synthetic history. */
export interface SyntheticHistoryOptions {
  /** Turns in the history. */
  turns: number;
  /** One planted fact per this many turns. Default 1,000. */
  factEvery?: number;
  /** Seed of the generator: the same seed gives the same history. Default 1. */
  seed?: number;
  /** Distinct common words. Default 20,000. */
  vocabulary?: number;
}

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ru',
  'sa',
  'ti',
  'vo',
  'be',
  'da',
  'fe',
  'gi',
  'ho',
  'ju',
  'pe',
  'qua',
  'ri',
  'so',
  'tu',
  'ze',
  'an',
  'el',
  'or',
  'um',
  'is',
  'ar',
  'en',
  'ol',
  'ut',
  'ex',
];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A small, fast, seeded PRNG (mulberry32); Math.random cannot be seeded. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

function pseudoWord(index: number, tag = ''): string {
  let word = '';
  let rest = index + 1;
  while (rest > 0) {
    word += SYLLABLES[rest % SYLLABLES.length];
    rest = Math.floor(rest / SYLLABLES.length);
  }
  return `${word}${tag}`;
}

/**
 * Generates a synthetic history, e.g. `syntheticHistory({ turns: 200_000 })` for the scale bench.
 */
export function syntheticHistory(options: SyntheticHistoryOptions): SyntheticHistory {
  const next = random(options.seed ?? 1);
  const vocabularySize = options.vocabulary ?? 20_000;
  const factEvery = options.factEvery ?? 1000;
  // Zipf (s = 1.05) by inverse transform over the cumulative weights.
  const cumulative = new Float64Array(vocabularySize);
  let sum = 0;
  for (let rank = 0; rank < vocabularySize; rank += 1) {
    sum += 1 / (rank + 1) ** 1.05;
    cumulative[rank] = sum;
  }
  const word = (): string => {
    const target = next() * sum;
    let low = 0;
    let high = vocabularySize - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] as number) < target) low = middle + 1;
      else high = middle;
    }
    return pseudoWord(low);
  };
  const speakers = ['Ana', 'Ben'];
  const sessions: SyntheticHistory['sessions'] = [];
  const questions: SyntheticHistory['questions'] = [];
  let made = 0;
  let day = 0;
  while (made < options.turns) {
    const length = Math.min(options.turns - made, 10 + Math.floor(next() * 31));
    const number = sessions.length + 1;
    day += 1 + Math.floor(next() * 3);
    const date = `${1 + (day % 28)} ${MONTHS[Math.floor(day / 28) % 12]}, ${2000 + Math.floor(day / 336)}`;
    const turns: SyntheticHistory['sessions'][number]['turns'] = [];
    for (let position = 0; position < length; position += 1) {
      const id = `S${number}:${position + 1}`;
      const speaker = speakers[(position + number) % 2] as string;
      let text: string;
      if ((made + 1) % factEvery === 0) {
        const fact = questions.length;
        const thing = pseudoWord(fact, 'x');
        const value = pseudoWord(fact, 'q');
        text = `By the way, my ${thing} is called ${value} and I ${word()} it ${word()}.`;
        questions.push({
          id: `q${fact}`,
          question: `What is the ${thing} of ${speaker} called?`,
          evidence: [id],
        });
      } else {
        const count = 6 + Math.floor(next() * 19);
        const parts: string[] = [];
        for (let index = 0; index < count; index += 1) parts.push(word());
        text = `${parts.join(' ')}.`;
      }
      turns.push({ id, speaker, text });
      made += 1;
    }
    sessions.push({ id: `S${number}`, time: `10:00 am on ${date}`, turns });
  }
  return { sessions, questions, turnCount: made };
}
