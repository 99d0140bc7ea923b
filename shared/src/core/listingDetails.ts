/**
 * What portals show on a listing, as rules the cards, the property page and the compare page share: the 'New' and
 * 'Price reduced' badges, days on market, the price history the server keeps (GET /api/listings/history), open
 * houses with their calendar file (.ics, Toronto time), and the virtual tours the site embeds (allow-listed hosts).
 * Framework-free and without Intl (a page's first Intl call loads ICU's data: docs/performance.md): Toronto's clock
 * is its daylight-saving rule, written out.
 */
import { toNumber } from './format';

/** 'New': listed within this many days, today (in Toronto) included. */
export const NEW_BADGE_DAYS = 7;

/** The listing fields these rules read (Airtable names). */
export const OPEN_HOUSE_FIELD = 'Open House' as const;
export const VIRTUAL_TOUR_FIELD = 'Virtual Tour' as const;

const DAY_MS = 86_400_000;
const TIME_ZONE = 'America/Toronto';

/** The n-th Sunday (1-based) of a month (0-11) of a year, as a day of the month. */
function nthSunday(year: number, month: number, n: number): number {
  const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return 1 + ((7 - first) % 7) + (n - 1) * 7;
}

/**
 * Toronto's offset from UTC in minutes at an instant (-240 in summer, -300 in winter): daylight time from the second
 * Sunday of March at 2:00 (07:00 UTC) to the first Sunday of November at 2:00 (06:00 UTC), the rule since 2007.
 */
export function torontoOffsetMinutes(at: number): number {
  const year = new Date(at).getUTCFullYear();
  const start = Date.UTC(year, 2, nthSunday(year, 2, 2), 7);
  const end = Date.UTC(year, 10, nthSunday(year, 10, 1), 6);
  return at >= start && at < end ? -240 : -300;
}

/** The calendar day in Toronto of an instant, as YYYY-MM-DD. */
export function torontoDay(at: number): string {
  return new Date(at + torontoOffsetMinutes(at) * 60_000).toISOString().slice(0, 10);
}

/** The instant of a Toronto wall-clock time (YYYY-MM-DD and HH:MM). */
export function torontoInstant(day: string, time: string): number {
  const wall = Date.parse(`${day}T${time}:00Z`);
  // the offset a few hours either side of a change is the one the wall clock shows: try the winter offset first
  const winter = wall + 300 * 60_000;
  return torontoOffsetMinutes(winter) === -300 ? winter : wall + 240 * 60_000;
}

/** Whole days from YYYY-MM-DD `from` to YYYY-MM-DD `to` (negative when `from` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / DAY_MS);
}

/** The YYYY-MM-DD day of a 'Listing Date' value (a date, or a date and time), or null. */
export function listingDay(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(value.trim());
  return m && !Number.isNaN(Date.parse(`${m[1]}T12:00:00Z`)) ? (m[1] as string) : null;
}

/** 'New': a listing date within the last NEW_BADGE_DAYS days in Toronto, today included (a future date is not new). */
export function isNewListing(listingDate: unknown, today: string): boolean {
  const day = listingDay(listingDate);
  if (!day) return false;
  const age = daysBetween(day, today);
  return age >= 0 && age < NEW_BADGE_DAYS;
}

/** One change the server saw of a listing (GET /api/listings/history), oldest first. */
export interface ListingHistoryEvent {
  /** ISO time. */
  at: string;
  kind: 'listed' | 'price' | 'status';
  price: number | null;
  previousPrice: number | null;
  status: string | null;
  previousStatus: string | null;
}

/** The history answer read defensively (the module edge): only well-formed events, by listing id. */
export function readListingHistory(body: unknown): Map<string, ListingHistoryEvent[]> {
  const out = new Map<string, ListingHistoryEvent[]>();
  const listings = (body as { listings?: unknown } | null)?.listings;
  if (!listings || typeof listings !== 'object') return out;
  for (const [id, list] of Object.entries(listings as Record<string, unknown>)) {
    if (!Array.isArray(list)) continue;
    const events = list
      .filter((e): e is Record<string, unknown> => Boolean(e) && typeof e === 'object')
      .filter((e) => typeof e.at === 'string' && !Number.isNaN(Date.parse(e.at)) && (e.kind === 'listed' || e.kind === 'price' || e.kind === 'status'))
      .map((e) => ({
        at: e.at as string,
        kind: e.kind as ListingHistoryEvent['kind'],
        price: toNumber(e.price),
        previousPrice: toNumber(e.previousPrice),
        status: typeof e.status === 'string' ? e.status : null,
        previousStatus: typeof e.previousStatus === 'string' ? e.previousStatus : null,
      }));
    out.set(id, events);
  }
  return out;
}

/** 'Price reduced': the last price change the site saw lowered the price. */
export function isPriceReduced(events: readonly ListingHistoryEvent[]): boolean {
  const last = [...events].reverse().find((e) => e.kind === 'price');
  return Boolean(last && last.price !== null && last.previousPrice !== null && last.price < last.previousPrice);
}

/**
 * Days on market: from the listing date, else from when the site first saw the listing, to today in Toronto (0 on
 * the day it was listed); null when neither is known or the date is still to come.
 */
export function daysOnMarket(listingDate: unknown, events: readonly ListingHistoryEvent[], today: string): number | null {
  const seen = events.find((e) => e.kind === 'listed');
  const start = listingDay(listingDate) ?? (seen ? torontoDay(Date.parse(seen.at)) : null);
  if (!start) return null;
  const days = daysBetween(start, today);
  return days >= 0 ? days : null;
}

/** One open house: a Toronto day and its start and end times (HH:MM, 24 hours). */
export interface OpenHouse {
  day: string;
  start: string;
  end: string;
}

const OPEN_HOUSE = /^(\d{4}-\d{2}-\d{2})[ T]+([01]?\d|2[0-3]):([0-5]\d)\s*(?:-|–|to)\s*([01]?\d|2[0-3]):([0-5]\d)$/i;

/**
 * The listing's open houses, from its 'Open House' field: entries 'YYYY-MM-DD HH:MM-HH:MM' (Toronto time) separated
 * by ';' or new lines, in time order; an entry that is not one (or ends before it starts) is left out.
 */
export function parseOpenHouses(value: unknown): OpenHouse[] {
  if (typeof value !== 'string') return [];
  const out: OpenHouse[] = [];
  for (const part of value.split(/[;\n]/)) {
    const m = OPEN_HOUSE.exec(part.trim());
    if (!m || Number.isNaN(Date.parse(`${m[1]}T12:00:00Z`))) continue;
    const start = `${(m[2] as string).padStart(2, '0')}:${m[3]}`;
    const end = `${(m[4] as string).padStart(2, '0')}:${m[5]}`;
    if (end <= start) continue;
    out.push({ day: m[1] as string, start, end });
  }
  return out.sort((a, b) => `${a.day} ${a.start}`.localeCompare(`${b.day} ${b.start}`));
}

/** The open houses that have not ended at `now`. */
export function upcomingOpenHouses(houses: readonly OpenHouse[], now: number): OpenHouse[] {
  return houses.filter((h) => torontoInstant(h.day, h.end) > now);
}

const ICS_TIME = (day: string, time: string): string => `${day.replace(/-/g, '')}T${time.replace(':', '')}00`;
const icsUtc = (at: number): string =>
  new Date(at)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
/** RFC 5545 text: backslash, semicolon, comma and new lines escaped. */
const icsText = (text: string): string => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** A content line folded at 75 octets (continuation lines start with a space), as RFC 5545 asks. */
function fold(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const n = new TextEncoder().encode(ch).length;
    if (size + n > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export interface OpenHouseEvent {
  /** The listing's name, its address and its page's absolute URL. */
  name: string;
  address: string;
  url: string;
  /** Stable per listing (its record id): the same open house downloaded twice updates one calendar entry. */
  listingId: string;
}

/**
 * The calendar file of an open house: one VEVENT in Toronto time (TZID=America/Toronto, with its VTIMEZONE), CRLF
 * line ends, folded lines. DTSTAMP is the event's start in UTC, so the file is the same wherever it is made.
 */
export function openHouseIcs(house: OpenHouse, event: OpenHouseEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Meridian Estates Group//Open houses//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VTIMEZONE',
    `TZID:${TIME_ZONE}`,
    'BEGIN:DAYLIGHT',
    'TZOFFSETFROM:-0500',
    'TZOFFSETTO:-0400',
    'TZNAME:EDT',
    'DTSTART:20070311T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
    'END:DAYLIGHT',
    'BEGIN:STANDARD',
    'TZOFFSETFROM:-0400',
    'TZOFFSETTO:-0500',
    'TZNAME:EST',
    'DTSTART:20071104T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:open-house-${event.listingId}-${ICS_TIME(house.day, house.start)}@meridian-estates`,
    `DTSTAMP:${icsUtc(torontoInstant(house.day, house.start))}`,
    `DTSTART;TZID=${TIME_ZONE}:${ICS_TIME(house.day, house.start)}`,
    `DTEND;TZID=${TIME_ZONE}:${ICS_TIME(house.day, house.end)}`,
    `SUMMARY:${icsText(`Open house: ${event.name}`)}`,
    `LOCATION:${icsText(event.address)}`,
    `DESCRIPTION:${icsText(`Open house at ${event.address}. Details: ${event.url}`)}`,
    `URL:${event.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** The open house as a link's href: the .ics file as a data: URL (works with the page as the server sent it). */
export function openHouseIcsHref(house: OpenHouse, event: OpenHouseEvent): string {
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(openHouseIcs(house, event))}`;
}

/** The hosts a virtual tour or video may be embedded from: their embed origins are the CSP's frame-src. */
export const TOUR_FRAME_ORIGINS: readonly string[] = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com', 'https://my.matterport.com'];

export interface TourEmbed {
  provider: 'YouTube' | 'Vimeo' | 'Matterport';
  /** The player's URL (on one of TOUR_FRAME_ORIGINS). */
  embedUrl: string;
  /** The link as given, to open on the provider's site. */
  url: string;
}

/**
 * A listing's 'Virtual Tour' link as an embed, when it is on an allow-listed host (YouTube, Vimeo, Matterport) and
 * names a video or a model; null otherwise (the page then shows no player).
 */
export function tourEmbed(value: unknown): TourEmbed | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const id = (v: string | null | undefined, pattern: RegExp): string | null => (v && pattern.test(v) ? v : null);
  const youtube =
    host === 'youtube.com' || host === 'm.youtube.com'
      ? id(url.pathname === '/watch' ? url.searchParams.get('v') : /^\/(?:embed|shorts)\/([\w-]+)$/.exec(url.pathname)?.[1], /^[\w-]{11}$/)
      : host === 'youtu.be'
        ? id(url.pathname.slice(1), /^[\w-]{11}$/)
        : null;
  if (youtube) return { provider: 'YouTube', embedUrl: `https://www.youtube-nocookie.com/embed/${youtube}`, url: url.href };
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const vimeo = id(/(?:^|\/)(\d{6,12})$/.exec(url.pathname)?.[1], /^\d{6,12}$/);
    if (vimeo) return { provider: 'Vimeo', embedUrl: `https://player.vimeo.com/video/${vimeo}`, url: url.href };
  }
  if (host === 'my.matterport.com' && url.pathname.replace(/\/$/, '') === '/show') {
    const model = id(url.searchParams.get('m'), /^[A-Za-z0-9]{6,20}$/);
    if (model) return { provider: 'Matterport', embedUrl: `https://my.matterport.com/show/?m=${model}`, url: url.href };
  }
  return null;
}
