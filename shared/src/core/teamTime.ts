/**
 * The team's clock: days and times of day as they are in Toronto, where the team works (a showing's 'today', a
 * listing's 'new this week'). Framework-free; Intl's time-zone data does the daylight-saving arithmetic.
 */

/** The time zone the team works in: 'today' for a date a visitor picks (a showing) is today in Toronto. */
export const TEAM_TIME_ZONE = 'America/Toronto';

function partsIn(timeZone: string, when: Date): Record<string, string> {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(when);
  return Object.fromEntries(parts.map((p) => [p.type, p.value]));
}

/** The calendar day of `when` in `timeZone`, as YYYY-MM-DD. */
export function dayIn(timeZone: string, when: Date): string {
  const p = partsIn(timeZone, when);
  return `${p.year ?? ''}-${p.month ?? ''}-${p.day ?? ''}`;
}

/** The time of day of `when` in `timeZone`, as HH:MM (24 hours). */
export function timeIn(timeZone: string, when: Date): string {
  const p = partsIn(timeZone, when);
  return `${p.hour ?? ''}:${p.minute ?? ''}`;
}

/** The day `n` days after the YYYY-MM-DD day `day` (n may be negative), as YYYY-MM-DD. */
export function addDays(day: string, n: number): string {
  const t = Date.parse(`${day}T12:00:00Z`);
  return new Date(t + n * 86_400_000).toISOString().slice(0, 10);
}

/** The day of the week of a YYYY-MM-DD day: 0 Sunday to 6 Saturday (NaN when it is not a day). */
export function weekdayOf(day: string): number {
  return new Date(`${day}T12:00:00Z`).getUTCDay();
}

/** Minutes since midnight of an HH:MM time, or NaN. */
export function minutesOf(time: string): number {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
}

/** HH:MM of minutes since midnight. */
export function timeOfMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
