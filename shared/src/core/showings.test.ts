/** Showings within office hours: the slots offered and the rule the form and the server's receiver share. */
import { SHOWING_SLOT_MINUTES, showingHoursText, showingSlotError, showingSlots, showingTimeLabel } from './showings';
import { siteProfile } from './siteProfile';

// 2026-12-02 is a Wednesday (Toronto: UTC-5 in December); 2026-12-06 a Sunday
const WEDNESDAY = '2026-12-02';
const SUNDAY = '2026-12-06';
/** Wednesday 2 December 2026, 13:10 in Toronto. */
const WEDNESDAY_1310 = new Date('2026-12-02T18:10:00Z');
/** Monday 30 November 2026, 10:00 in Toronto: the days above are ahead. */
const MONDAY_MORNING = new Date('2026-11-30T15:00:00Z');

describe('showingSlots: half hours within the day’s hours, Toronto time, never in the past', () => {
  it('offers every half hour from opening to the last slot that ends by closing', () => {
    const slots = showingSlots(WEDNESDAY, MONDAY_MORNING);
    expect(slots[0]).toBe('09:00');
    expect(slots[slots.length - 1]).toBe('18:30');
    expect(slots).toHaveLength(20);
    expect(slots.every((s) => Number(s.slice(3)) % SHOWING_SLOT_MINUTES === 0)).toBe(true);
    expect(showingSlots(SUNDAY, MONDAY_MORNING)).toEqual([
      '11:00',
      '11:30',
      '12:00',
      '12:30',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
      '16:30',
    ]);
  });

  it('today offers only the slots that start after now in Toronto; an earlier day none', () => {
    expect(showingSlots(WEDNESDAY, WEDNESDAY_1310)[0]).toBe('13:30');
    expect(showingSlots('2026-12-01', WEDNESDAY_1310)).toEqual([]);
    // 23:30 in Toronto on Wednesday is already Thursday in UTC: Wednesday is still today there, and over
    expect(showingSlots(WEDNESDAY, new Date('2026-12-03T04:30:00Z'))).toEqual([]);
  });

  it('offers nothing on a day without hours, or on what is not a day', () => {
    const closedSundays = [null, ...siteProfile.officeHours.slice(1)];
    expect(showingSlots(SUNDAY, MONDAY_MORNING, closedSundays)).toEqual([]);
    expect(showingSlots('2026-02-30x', MONDAY_MORNING)).toEqual([]);
  });
});

describe('showingSlotError: the rule the browser and the server both apply', () => {
  it('accepts 14:30 on a weekday ahead', () => {
    expect(showingSlotError(WEDNESDAY, '14:30', MONDAY_MORNING)).toBeNull();
  });

  it('refuses 23:45, and 03:00 on a Sunday, saying the day’s hours', () => {
    expect(showingSlotError(WEDNESDAY, '23:45', MONDAY_MORNING)).toBe('Showings on Wednesdays are from 9:00 am to 7:00 pm.');
    expect(showingSlotError(SUNDAY, '03:00', MONDAY_MORNING)).toBe('Showings on Sundays are from 11:00 am to 5:00 pm.');
    // the last slot ends by closing: 18:30 is offered, 19:00 is not
    expect(showingSlotError(WEDNESDAY, '18:30', MONDAY_MORNING)).toBeNull();
    expect(showingSlotError(WEDNESDAY, '19:00', MONDAY_MORNING)).not.toBeNull();
  });

  it('refuses a time already past today in Toronto, and a time off the half hour', () => {
    expect(showingSlotError(WEDNESDAY, '13:00', WEDNESDAY_1310)).toBe('That time has passed today. Please choose a later time.');
    expect(showingSlotError(WEDNESDAY, '13:30', WEDNESDAY_1310)).toBeNull();
    expect(showingSlotError(WEDNESDAY, '14:15', MONDAY_MORNING)).toBe('Please choose a time on the hour or the half hour.');
  });

  it('refuses a time without a day, and leaves an empty time and a malformed one to the field', () => {
    expect(showingSlotError('', '14:30', MONDAY_MORNING)).toBe('Please choose a day for this time.');
    expect(showingSlotError(WEDNESDAY, '', MONDAY_MORNING)).toBeNull();
    expect(showingSlotError(WEDNESDAY, '2 pm', MONDAY_MORNING)).toBeNull();
  });

  it('agrees with the slots offered: every offered slot passes, every other half hour of the day fails', () => {
    for (const now of [MONDAY_MORNING, WEDNESDAY_1310]) {
      const offered = new Set(showingSlots(WEDNESDAY, now));
      for (let m = 0; m < 24 * 60; m += SHOWING_SLOT_MINUTES) {
        const t = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        expect(showingSlotError(WEDNESDAY, t, now) === null).toBe(offered.has(t));
      }
    }
  });
});

describe('words', () => {
  it('reads times and hours for people', () => {
    expect(showingTimeLabel('00:30')).toBe('12:30 am');
    expect(showingTimeLabel('12:00')).toBe('12:00 pm');
    expect(showingTimeLabel('14:30')).toBe('2:30 pm');
    expect(showingHoursText(SUNDAY)).toBe('Showings on Sundays are from 11:00 am to 5:00 pm.');
    expect(showingHoursText(SUNDAY, [null, ...siteProfile.officeHours.slice(1)])).toBe('We do not show homes on Sundays.');
  });
});
