import { describe, expect, it } from 'vitest';
import { dateMentions, dayOf } from './date-mentions.js';

const DAY = 86_400_000;
const days = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / DAY;

describe('dateMentions', () => {
  it('reads a day written day-first, month-first or ISO, with ordinals and without a comma', () => {
    const may8 = { first: days('2023-05-08'), last: days('2023-05-08') };
    expect(dateMentions('What did Ana do on 8 May, 2023?')).toEqual([may8]);
    expect(dateMentions('on May 8th 2023')).toEqual([may8]);
    expect(dateMentions('on 8th of May 2023')).toEqual([may8]);
    expect(dateMentions('on May 8,2023')).toEqual([may8]);
    expect(dateMentions('logged 2023-05-08T10:00')).toEqual([may8]);
    expect(dateMentions('on 8 Sept. 2023')).toEqual([
      { first: days('2023-09-08'), last: days('2023-09-08') },
    ]);
  });

  it('reads a month with its year as the whole month, and a day inside it only as the day', () => {
    expect(dateMentions('Where did Ben travel in February 2024?')).toEqual([
      { first: days('2024-02-01'), last: days('2024-02-29') },
    ]);
    expect(dateMentions('on 3 February, 2024')).toHaveLength(1);
  });

  it('reads every date of a text', () => {
    expect(dateMentions('between 1 June, 2023 and July 2023')).toEqual([
      { first: days('2023-06-01'), last: days('2023-06-01') },
      { first: days('2023-07-01'), last: days('2023-07-31') },
    ]);
  });

  it('reads no date from a month or day without a year, a bare year, or an impossible day', () => {
    expect(dateMentions('When did Ana go camping in June?')).toEqual([]);
    expect(dateMentions('on May 8')).toEqual([]);
    expect(dateMentions('What happened in 2023?')).toEqual([]);
    expect(dateMentions('on 31 June, 2023')).toEqual([]);
    expect(dateMentions('on 30 Smarch, 2023')).toEqual([]);
  });
});

describe('dayOf', () => {
  it('takes the day of a session time and nothing from a time without one', () => {
    expect(dayOf('1:56 pm on 8 May, 2023')).toBe(days('2023-05-08'));
    expect(dayOf('May 2023')).toBeUndefined();
    expect(dayOf('yesterday evening')).toBeUndefined();
  });
});
