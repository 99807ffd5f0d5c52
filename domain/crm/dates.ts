/**
 * Dates as a CRM takes them: YYYY-MM-DD. Only forms that read one way are turned into it (an ISO
 * date, '27 Nov 2026', 'November 27, 2026'); '03/04/2026' is a different day in the US and in
 * Europe, so it is left as written.
 */

const FULL_MONTHS = [
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

/** A month's name or its abbreviation ('Sept', 'November') as 1..12; undefined when it is none. */
function monthOf(word: string): number | undefined {
  const lower = word.toLowerCase().replace(/\.$/, '');
  const index = FULL_MONTHS.findIndex((full) => lower.length >= 3 && full.startsWith(lower));
  return index === -1 ? undefined : index + 1;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD of a real calendar day, or undefined (31 February is none). */
function isoOf(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return undefined;
  if (date.getUTCDate() !== day) return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The rep's calendar day, as YYYY-MM-DD (their clock's day, not UTC's). */
export function isoDay(now: Date): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const MONTH_WORD = '([A-Za-z]{3,9}\\.?)';
/** '2026-11-27', '2026/11/27', '2026.11.27'. */
const ISO = /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/g;
/** '27 Nov 2026', '27th November, 2026'. */
const DAY_MONTH_YEAR = new RegExp(
  `\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+${MONTH_WORD},?\\s+(\\d{4})\\b`,
  'g',
);
/** 'Nov 27, 2026', 'November 27th 2026'. */
const MONTH_DAY_YEAR = new RegExp(
  `\\b${MONTH_WORD}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`,
  'g',
);

/**
 * Every date in `text` written in a form that reads one way, rewritten as YYYY-MM-DD; the rest of
 * the text as it was. Each pattern is bounded in length, so a long text is read in linear time.
 */
export function isoDatesIn(text: string): string {
  return text
    .replace(
      ISO,
      (whole, y: string, m: string, d: string) => isoOf(Number(y), Number(m), Number(d)) ?? whole,
    )
    .replace(DAY_MONTH_YEAR, (whole, d: string, month: string, y: string) => {
      const m = monthOf(month);
      return (m && isoOf(Number(y), m, Number(d))) || whole;
    })
    .replace(MONTH_DAY_YEAR, (whole, month: string, d: string, y: string) => {
      const m = monthOf(month);
      return (m && isoOf(Number(y), m, Number(d))) || whole;
    });
}

/** The meeting date as YYYY-MM-DD when it reads as one day, else the text as typed (trimmed). */
export function meetingDay(text: string): string {
  const trimmed = text.trim();
  const converted = isoDatesIn(trimmed);
  return /^\d{4}-\d{2}-\d{2}$/.test(converted) ? converted : trimmed;
}
