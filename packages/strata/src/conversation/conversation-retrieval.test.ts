import { describe, expect, it } from 'vitest';
import { createTiktokenTokenizer } from '../tokenizer/tiktoken-tokenizer.js';
import { createConversationLog } from './conversation-log.js';
import { createConversationRetrieval, DEFAULT_RETRIEVAL_TUNING } from './conversation-retrieval.js';

const tokenizer = createTiktokenTokenizer('o200k_base');

const lines = [
  'Morning! How was your weekend, anything fun going on?',
  'Pretty quiet, mostly cleaning the flat and catching up on sleep.',
  'Totally. Work has been hectic lately so I welcomed the break.',
  'Hope it calms down soon. Talk later?',
];

/** Twelve dated sessions of small talk; one turn of 9 March matches the question strongly. */
function history() {
  const log = createConversationLog(tokenizer);
  const retrieval = createConversationRetrieval(log, { ...DEFAULT_RETRIEVAL_TUNING, recentTurns: 0 });
  for (let day = 1; day <= 12; day += 1) {
    log.startSession({ id: `S${day}`, time: `10:00 am on ${day} March, 2024` });
    const texts = [...lines];
    if (day === 5) texts.splice(2, 0, 'We finally repainted the kitchen, what a weekend.');
    if (day === 9) texts.splice(2, 0, 'The mountain hike at the weekend was the best part.');
    texts.forEach((text, position) => {
      retrieval.add(log.add({ id: `D${day}:${position + 1}`, speaker: position % 2 ? 'Ben' : 'Ana', text }));
    });
  }
  return { log, retrieval };
}

describe('conversation retrieval', () => {
  it('values a weak match of a named day at least at the date share, as its unmatched turns', async () => {
    const { log, retrieval } = history();
    const { candidates } = await retrieval.rank(
      'What happened at the weekend of 5 March, 2024, besides the mountain hike?',
    );
    const value = new Map(candidates.map((candidate) => [log.turns[candidate.index]?.id, candidate.value]));
    // D5:3 shares only "weekend" (said in every session) with the question: a weak match, which before
    // this floor was worth less than the day's turns that match nothing at all.
    expect(value.get('D5:3')).toBeGreaterThanOrEqual(DEFAULT_RETRIEVAL_TUNING.dates.share);
    // The strong match of another day still ranks first.
    const best = [...value].sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))[0];
    expect(best?.[0]).toBe('D9:3');
  });
});

describe('the session after a named day (dates.after)', () => {
  /** Sessions on 2, 9 and 20 March: none on the day the question names. */
  function sparse(after: number) {
    const log = createConversationLog(tokenizer);
    const tuning = {
      ...DEFAULT_RETRIEVAL_TUNING,
      recentTurns: 0,
      dates: { ...DEFAULT_RETRIEVAL_TUNING.dates, after },
    };
    const retrieval = createConversationRetrieval(log, tuning);
    for (const day of [2, 9, 20]) {
      log.startSession({ id: `S${day}`, time: `10:00 am on ${day} March, 2024` });
      lines.forEach((text, position) => {
        retrieval.add(
          log.add({ id: `D${day}:${position + 1}`, speaker: position % 2 ? 'Ben' : 'Ana', text }),
        );
      });
    }
    return { log, retrieval };
  }
  const query = 'Where was Ana on 6 March, 2024?';
  const values = async (after: number) => {
    const { log, retrieval } = sparse(after);
    const { candidates } = await retrieval.rank(query);
    return new Map(candidates.map((candidate) => [log.turns[candidate.index]?.id, candidate.value]));
  };

  it('makes every turn of the first session within `after` days a candidate worth the date share', async () => {
    const value = await values(DEFAULT_RETRIEVAL_TUNING.dates.after);
    for (let turn = 1; turn <= lines.length; turn += 1) {
      expect(value.get(`D9:${turn}`)).toBeGreaterThanOrEqual(DEFAULT_RETRIEVAL_TUNING.dates.share);
    }
    // Not the session before the day, nor one 14 days after it.
    expect(value.get('D2:2') ?? 0).toBeLessThan(DEFAULT_RETRIEVAL_TUNING.dates.share);
    expect(value.get('D20:2') ?? 0).toBeLessThan(DEFAULT_RETRIEVAL_TUNING.dates.share);
  });

  it('leaves those turns out with after: 0', async () => {
    const value = await values(0);
    expect(value.get('D9:2') ?? 0).toBeLessThan(DEFAULT_RETRIEVAL_TUNING.dates.share);
  });
});
