/**
 * Calendar dates written in a text, as spans of days (days since 1970-01-01, UTC): "8 May, 2023",
 * "May 8th 2023", "2023-05-08" are one day; "May 2023" is the whole month. Only English month names
 * and ISO dates are read; a month or day without a year is not a date here (it would match every year).
 */
export interface DaySpan {
  /** First day of the span. */
  first: number;
  /** Last day of the span (equal to `first` for one day). */
  last: number;
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
/** Full names and three-letter abbreviations ("sept" too), longest first so "june" wins over "jun". */
const MONTH =
  '(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\\.?';
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
const YEAR = '(\\d{4})';
const PATTERNS: Array<{ pattern: RegExp; read: (match: RegExpExecArray) => DaySpan | undefined }> = [
  // 2023-05-08
  {
    pattern: /\b(\d{4})-(\d{2})-(\d{2})/g,
    read: (m) => day(Number(m[1]), Number(m[2]) - 1, Number(m[3])),
  },
  // 8 May, 2023 / 8th of May 2023
  {
    pattern: new RegExp(`\\b${DAY}\\s+(?:of\\s+)?${MONTH},?\\s*${YEAR}\\b`, 'gi'),
    read: (m) => day(Number(m[3]), monthOf(m[2]), Number(m[1])),
  },
  // May 8, 2023 / May 8th,2023
  {
    pattern: new RegExp(`\\b${MONTH}\\s+${DAY},?\\s*${YEAR}\\b`, 'gi'),
    read: (m) => day(Number(m[3]), monthOf(m[1]), Number(m[2])),
  },
  // May 2023 / May, 2023 (a whole month)
  {
    pattern: new RegExp(`\\b${MONTH},?\\s+${YEAR}\\b`, 'gi'),
    read: (m) => month(Number(m[2]), monthOf(m[1])),
  },
];

/** Every date the text names, in order of the patterns (a day is not also read as its month). */
export function dateMentions(text: string): DaySpan[] {
  const out: DaySpan[] = [];
  const taken: Array<[number, number]> = [];
  for (const { pattern, read } of PATTERNS) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      const start = match.index;
      const end = start + match[0].length;
      if (taken.some(([from, to]) => start < to && end > from)) continue;
      // An impossible day ("31 June, 2023") is no date, nor its month.
      taken.push([start, end]);
      const span = read(match);
      if (span) out.push(span);
    }
  }
  return out;
}

/** The first single day the text names (a session's date such as "1:56 pm on 8 May, 2023"), if any. */
export function dayOf(text: string): number | undefined {
  for (const span of dateMentions(text)) if (span.first === span.last) return span.first;
  return undefined;
}

function monthOf(name: string | undefined): number {
  const key = (name ?? '').toLowerCase().replace('.', '').slice(0, 3);
  return MONTHS.findIndex((full) => full.startsWith(key));
}

function day(year: number, monthIndex: number, date: number): DaySpan | undefined {
  if (monthIndex < 0 || monthIndex > 11 || date < 1) return undefined;
  const time = Date.UTC(year, monthIndex, date);
  // Date.UTC rolls 31 June over to 1 July: such a date is not a date.
  if (new Date(time).getUTCDate() !== date) return undefined;
  const number = Math.round(time / 86_400_000);
  return { first: number, last: number };
}

function month(year: number, monthIndex: number): DaySpan | undefined {
  if (monthIndex < 0 || monthIndex > 11) return undefined;
  const first = Math.round(Date.UTC(year, monthIndex, 1) / 86_400_000);
  const last = Math.round(Date.UTC(year, monthIndex + 1, 0) / 86_400_000);
  return { first, last };
}
