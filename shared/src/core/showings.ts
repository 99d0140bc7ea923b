/**
 * Showings within office hours (issue 38): the slots a visitor may ask for and the rule both the property page's
 * form and the server's receiver check (validateSubmission runs it on the 'property-inquiry' form).
 *
 * A slot starts on the hour or the half hour, in Toronto time, within the team's hours of that day of the week
 * (siteProfile.officeHours): it ends by the closing time. A day without hours has no slots. Today's slots are those
 * that start later than now in Toronto; earlier days have none. A time is asked for with its day: without a day it
 * cannot be checked, and is refused.
 */
import { siteProfile } from './siteProfile';
import { TEAM_TIME_ZONE, dayIn, minutesOf, timeIn, timeOfMinutes, weekdayOf } from './teamTime';

/** The length of a showing slot, and the step between two. */
export const SHOWING_SLOT_MINUTES = 30;

export type OfficeHours = readonly (readonly [string, string] | null)[];

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The hours of a YYYY-MM-DD day as minutes [open, close), or null (no showings that day, or not a day). */
function hoursOf(day: string, hours: OfficeHours): readonly [number, number] | null {
  if (!ISO_DAY.test(day)) return null;
  const weekday = weekdayOf(day);
  const entry = Number.isNaN(weekday) ? null : hours[weekday];
  if (!entry) return null;
  const [open, close] = [minutesOf(entry[0]), minutesOf(entry[1])];
  return Number.isNaN(open) || Number.isNaN(close) || close <= open ? null : [open, close];
}

/** A 12-hour reading of an HH:MM time for people: '14:30' is '2:30 pm'. */
export function showingTimeLabel(time: string): string {
  const m = minutesOf(time);
  if (Number.isNaN(m)) return time;
  const h = Math.floor(m / 60);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m % 60).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

/**
 * The slots of a day (HH:MM, Toronto time, earliest first): every half hour from opening that ends by closing,
 * today only those that start after now, none on an earlier day or a day without hours.
 */
export function showingSlots(day: string, now: Date = new Date(), hours: OfficeHours = siteProfile.officeHours): string[] {
  const range = hoursOf(day, hours);
  if (!range) return [];
  const today = dayIn(TEAM_TIME_ZONE, now);
  if (day < today) return [];
  const after = day === today ? minutesOf(timeIn(TEAM_TIME_ZONE, now)) : -1;
  const slots: string[] = [];
  for (let m = range[0]; m + SHOWING_SLOT_MINUTES <= range[1]; m += SHOWING_SLOT_MINUTES) if (m > after) slots.push(timeOfMinutes(m));
  return slots;
}

/** The team's hours of a day in words: 'Showings on Sundays are from 11:00 am to 5:00 pm.' */
export function showingHoursText(day: string, hours: OfficeHours = siteProfile.officeHours): string {
  const weekday = ISO_DAY.test(day) ? WEEKDAYS[weekdayOf(day)] : undefined;
  const entry = weekday === undefined ? null : hours[weekdayOf(day)];
  if (!weekday) return 'Please choose a day first.';
  if (!entry) return `We do not show homes on ${weekday}s.`;
  return `Showings on ${weekday}s are from ${showingTimeLabel(entry[0])} to ${showingTimeLabel(entry[1])}.`;
}

/**
 * Why a showing's time cannot be offered, or null when it can (or when no time is asked for). The day's own rules
 * (a real day, from today) are the date field's; this checks the time against them: on the half hour, within the
 * day's hours, and today later than now.
 */
export function showingSlotError(
  day: string | undefined,
  time: string | undefined,
  now: Date = new Date(),
  hours: OfficeHours = siteProfile.officeHours,
): string | null {
  const t = (time ?? '').trim();
  if (t === '') return null;
  const minutes = minutesOf(t);
  if (Number.isNaN(minutes)) return null; // not a time at all: the field's own message
  const d = (day ?? '').trim();
  if (d === '') return 'Please choose a day for this time.';
  const range = hoursOf(d, hours);
  if (!range || minutes < range[0] || minutes + SHOWING_SLOT_MINUTES > range[1]) return showingHoursText(d, hours);
  if ((minutes - range[0]) % SHOWING_SLOT_MINUTES !== 0) return 'Please choose a time on the hour or the half hour.';
  const today = dayIn(TEAM_TIME_ZONE, now);
  if (d === today && minutes <= minutesOf(timeIn(TEAM_TIME_ZONE, now))) return 'That time has passed today. Please choose a later time.';
  return null;
}
