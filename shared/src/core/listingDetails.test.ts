import {
  daysOnMarket,
  isNewListing,
  isPriceReduced,
  openHouseIcs,
  parseOpenHouses,
  readListingHistory,
  torontoDay,
  torontoInstant,
  torontoOffsetMinutes,
  tourEmbed,
  upcomingOpenHouses,
  type ListingHistoryEvent,
} from './listingDetails';

const TORONTO = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit' });
const intlDay = (at: number): string => TORONTO.format(at);

describe("Toronto's clock without Intl", () => {
  it('matches Intl every 37 minutes through 2026 and 2027, across both daylight-saving changes', () => {
    const mismatches: number[] = [];
    for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2028, 0, 1); at += 37 * 60_000) if (torontoDay(at) !== intlDay(at)) mismatches.push(at);
    expect(mismatches).toEqual([]);
  });

  it('knows the offset either side of the changes and reads wall-clock times as Toronto does', () => {
    expect(torontoOffsetMinutes(Date.UTC(2026, 2, 8, 6, 59))).toBe(-300);
    expect(torontoOffsetMinutes(Date.UTC(2026, 2, 8, 7, 0))).toBe(-240);
    expect(torontoOffsetMinutes(Date.UTC(2026, 10, 1, 5, 59))).toBe(-240);
    expect(torontoOffsetMinutes(Date.UTC(2026, 10, 1, 6, 0))).toBe(-300);
    expect(new Date(torontoInstant('2026-07-01', '14:00')).toISOString()).toBe('2026-07-01T18:00:00.000Z');
    expect(new Date(torontoInstant('2026-12-06', '14:00')).toISOString()).toBe('2026-12-06T19:00:00.000Z');
  });
});

describe("the 'New' badge", () => {
  it('is on for a listing date within the last 7 days, today included, and off before, after, or without one', () => {
    expect(isNewListing('2026-11-27', '2026-11-27')).toBe(true);
    expect(isNewListing('2026-11-21', '2026-11-27')).toBe(true);
    expect(isNewListing('2026-11-21T09:00:00.000Z', '2026-11-27')).toBe(true);
    expect(isNewListing('2026-11-20', '2026-11-27')).toBe(false);
    expect(isNewListing('2026-11-28', '2026-11-27')).toBe(false);
    expect(isNewListing('', '2026-11-27')).toBe(false);
    expect(isNewListing('soon', '2026-11-27')).toBe(false);
    expect(isNewListing(undefined, '2026-11-27')).toBe(false);
  });
});

const ev = (kind: ListingHistoryEvent['kind'], at: string, price: number | null, previousPrice: number | null = null): ListingHistoryEvent => ({
  at,
  kind,
  price,
  previousPrice,
  status: 'Available',
  previousStatus: kind === 'listed' ? null : 'Available',
});

describe("'Price reduced' and days on market from the history", () => {
  it('is reduced when the last price change lowered the price, not after a rise or with no change', () => {
    const listed = ev('listed', '2026-10-01T12:00:00.000Z', 2_500_000);
    expect(isPriceReduced([listed])).toBe(false);
    expect(isPriceReduced([listed, ev('price', '2026-10-10T12:00:00.000Z', 2_350_000, 2_500_000)])).toBe(true);
    expect(
      isPriceReduced([listed, ev('price', '2026-10-10T12:00:00.000Z', 2_350_000, 2_500_000), ev('price', '2026-10-20T12:00:00.000Z', 2_400_000, 2_350_000)]),
    ).toBe(false);
    expect(isPriceReduced([listed, ev('price', '2026-10-10T12:00:00.000Z', 2_350_000, 2_500_000), ev('status', '2026-10-20T12:00:00.000Z', 2_350_000)])).toBe(
      true,
    );
  });

  it('counts days on market from the listing date, else from when the site first saw it (in Toronto)', () => {
    expect(daysOnMarket('2026-11-01', [], '2026-11-27')).toBe(26);
    expect(daysOnMarket('2026-11-27', [], '2026-11-27')).toBe(0);
    // first seen at 02:00 UTC on the 20th is the evening of the 19th in Toronto
    expect(daysOnMarket(undefined, [ev('listed', '2026-11-20T02:00:00.000Z', 1)], '2026-11-27')).toBe(8);
    expect(daysOnMarket(undefined, [], '2026-11-27')).toBeNull();
    expect(daysOnMarket('2026-12-01', [], '2026-11-27')).toBeNull();
  });

  it('reads the endpoint answer defensively', () => {
    const read = readListingHistory({
      listings: {
        recA: [
          { at: '2026-10-01T12:00:00.000Z', kind: 'price', price: 2, previousPrice: '3', status: 'Available', previousStatus: null },
          { at: 'x', kind: 'price' },
          null,
        ],
        recB: 'nope',
      },
    });
    expect([...read.keys()]).toEqual(['recA']);
    expect(read.get('recA')).toEqual([
      { at: '2026-10-01T12:00:00.000Z', kind: 'price', price: 2, previousPrice: 3, status: 'Available', previousStatus: null },
    ]);
    expect(readListingHistory(null).size).toBe(0);
  });
});

describe('open houses and their calendar file', () => {
  it('reads the entries of the field in time order and leaves out what is not one', () => {
    expect(parseOpenHouses('2026-12-07 13:00-15:00; 2026-12-06 14:00 - 16:30\n2026-12-08 9:00-11:00; Sunday afternoon; 2026-12-09 15:00-14:00')).toEqual([
      { day: '2026-12-06', start: '14:00', end: '16:30' },
      { day: '2026-12-07', start: '13:00', end: '15:00' },
      { day: '2026-12-08', start: '09:00', end: '11:00' },
    ]);
    expect(parseOpenHouses(undefined)).toEqual([]);
    const houses = parseOpenHouses('2026-12-06 14:00-16:00; 2026-12-07 13:00-15:00');
    // 16:30 in Toronto on the 6th: the first has ended
    expect(upcomingOpenHouses(houses, Date.UTC(2026, 11, 6, 21, 30))).toEqual([houses[1]]);
  });

  it('is one VEVENT in Toronto time with its VTIMEZONE, escaped text, CRLF line ends and lines of at most 75 octets', () => {
    const ics = openHouseIcs(
      { day: '2026-12-06', start: '14:00', end: '16:00' },
      {
        name: 'Elegant Estate at 1200 Chartwell Road; with pool, garden',
        address: '1200 Chartwell Road, Oakville, ON',
        url: 'https://example.test/property/elegant-estate-at-1200-chartwell-road-with-pool-garden-and-a-very-long-name',
        listingId: 'recAAAAAAAAAAAAAA1',
      },
    );
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = ics.split('\r\n').slice(0, -1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    // unfolded content lines
    const content = ics.replace(/\r\n /g, '').split('\r\n');
    expect(content.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(content).toContain('DTSTART;TZID=America/Toronto:20261206T140000');
    expect(content).toContain('DTEND;TZID=America/Toronto:20261206T160000');
    expect(content).toContain('DTSTAMP:20261206T190000Z');
    expect(content).toContain('UID:open-house-recAAAAAAAAAAAAAA1-20261206T140000@meridian-estates');
    expect(content).toContain('SUMMARY:Open house: Elegant Estate at 1200 Chartwell Road\\; with pool\\, garden');
    expect(content).toContain('LOCATION:1200 Chartwell Road\\, Oakville\\, ON');
    expect(content).toContain('TZID:America/Toronto');
    expect(content).toContain('RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU');
    expect(content[0]).toBe('BEGIN:VCALENDAR');
    expect(content.at(-2)).toBe('END:VCALENDAR');
  });
});

describe('virtual tours: allow-listed embeds only', () => {
  it('embeds YouTube (privacy-enhanced), Vimeo and Matterport links', () => {
    expect(tourEmbed('https://www.youtube.com/watch?v=dQw4w9WgXcQ')?.embedUrl).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(tourEmbed('https://youtu.be/dQw4w9WgXcQ')?.embedUrl).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(tourEmbed('https://vimeo.com/76979871')?.embedUrl).toBe('https://player.vimeo.com/video/76979871');
    expect(tourEmbed('https://my.matterport.com/show/?m=SxQL3iGyoDo')?.embedUrl).toBe('https://my.matterport.com/show/?m=SxQL3iGyoDo');
  });

  it('refuses other hosts, look-alikes, plain http and malformed ids', () => {
    for (const url of [
      'https://evil.example/watch?v=dQw4w9WgXcQ',
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=short',
      'https://my.matterport.com/show/?m=<script>',
      'javascript:alert(1)',
      'not a url',
      '',
    ]) {
      expect(tourEmbed(url)).toBeNull();
    }
  });
});
