/**
 * Working days for WORKDAY and WORKDAY_DIFF: Monday to Friday, less the holidays given, counted on calendar days
 * (days since 1970-01-01 of a wall-clock date in the base's zone). Arithmetic on weeks, not a loop over days: a
 * million working days cost the same as one; each holiday crossed costs a binary search.
 */

/** 1970-01-05, day 4, was a Monday. */
const MONDAY = 4;

const floorDiv = (a: number, b: number): number => Math.floor(a / b);

/** Weekday of a day number: 0 Sunday … 6 Saturday (1970-01-01 was a Thursday). */
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

export const isWorkday = (day: number): boolean => {
  const w = weekdayOf(day);
  return w !== 0 && w !== 6;
};

/** Mondays-to-Fridays from the reference Monday up to `day` (excluded); negative before it. */
function workdaysBefore(day: number): number {
  const k = day - MONDAY;
  const weeks = floorDiv(k, 7);
  return 5 * weeks + Math.min(k - 7 * weeks, 5);
}

/** The day of working day number `j` (0 is the reference Monday): the inverse of workdaysBefore on working days. */
function workdayNumber(j: number): number {
  const weeks = floorDiv(j, 5);
  return MONDAY + 7 * weeks + (j - 5 * weeks);
}

/** Holidays that are working days, sorted, without repeats. */
export function workingHolidays(days: Iterable<number>): number[] {
  return [...new Set(days)].filter(isWorkday).sort((a, b) => a - b);
}

/** Index of the first item >= day (binary search). */
function lowerBound(sorted: readonly number[], day: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Holidays from `from` to `to`, both included: O(log n). */
function countBetween(sorted: readonly number[], from: number, to: number): number {
  return to < from ? 0 : lowerBound(sorted, to + 1) - lowerBound(sorted, from);
}

/** Working days from `start` to `end`, both counted (NETWORKDAYS); negative when `end` is before `start`. */
export function workdayDiff(start: number, end: number, holidays: readonly number[]): number {
  const [a, b, sign] = start <= end ? [start, end, 1] : [end, start, -1];
  return sign * (workdaysBefore(b + 1) - workdaysBefore(a) - countBetween(holidays, a, b));
}

/**
 * The day `count` working days after `start` (before it when negative; `start` itself when 0), skipping holidays.
 * Each round moves past the holidays the last one crossed; it ends because the holidays are finite.
 */
export function workdayAfter(start: number, count: number, holidays: readonly number[]): number {
  if (count === 0) return start;
  if (count > 0) {
    const base = workdaysBefore(start + 1) + count - 1;
    let skipped = 0;
    for (;;) {
      const day = workdayNumber(base + skipped);
      const crossed = countBetween(holidays, start + 1, day);
      if (crossed === skipped) return day;
      skipped = crossed;
    }
  }
  const base = workdaysBefore(start) + count;
  let skipped = 0;
  for (;;) {
    const day = workdayNumber(base - skipped);
    const crossed = countBetween(holidays, day, start - 1);
    if (crossed === skipped) return day;
    skipped = crossed;
  }
}
