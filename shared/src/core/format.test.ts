import {
  displayValue,
  formatDecimal,
  formatDollars,
  formatLongDate,
  formatNumber,
  formatPercentage,
  formatPrice,
  formatShortDate,
  formatSizeK,
  isBlank,
  longDate,
  toNumber,
} from './format';

describe('formatPrice (CAD, en-CA, no decimals)', () => {
  it('formats numbers and numeric text with thousands separators and no cents', () => {
    expect(formatPrice(1250000)).toBe('$1,250,000');
    expect(formatPrice(899999.6)).toBe('$900,000');
    expect(formatPrice('1,450,000')).toBe('$1,450,000');
    expect(formatPrice(0)).toBe('$0');
  });
  it("shows 'N/A' for empty or 'Not specified'", () => {
    for (const v of [undefined, null, '', '  ', 'Not specified', 'not specified', 'abc', Number.NaN]) expect(formatPrice(v)).toBe('N/A');
  });
});

describe('formatNumber', () => {
  it('adds thousands separators', () => {
    expect(formatNumber(12500)).toBe('12,500');
    expect(formatNumber('3200')).toBe('3,200');
    expect(formatNumber(2.5)).toBe('2.5');
  });
  it("gives 'N/A' for empty values and keeps non-numeric text", () => {
    expect(formatNumber('Not specified')).toBe('N/A');
    expect(formatNumber(null)).toBe('N/A');
    expect(formatNumber('Double')).toBe('Double');
  });
});

describe('formatSizeK', () => {
  it('shows thousands with one decimal and K', () => {
    expect(formatSizeK(2450)).toBe('2.5K');
    expect(formatSizeK(1000)).toBe('1.0K');
    expect(formatSizeK('850')).toBe('0.9K');
    expect(formatSizeK(12345)).toBe('12.3K');
  });
  it("gives 'N/A' when empty", () => {
    expect(formatSizeK('')).toBe('N/A');
    expect(formatSizeK('Not specified')).toBe('N/A');
  });
});

describe('dates', () => {
  it('formats a listing date as short month and day, without a time-zone shift', () => {
    expect(formatShortDate('2026-03-14')).toBe('Mar 14');
    expect(formatShortDate('2026-01-01')).toBe('Jan 1');
  });
  it("gives 'N/A' for empty or invalid dates", () => {
    expect(formatShortDate('')).toBe('N/A');
    expect(formatShortDate('not a date')).toBe('N/A');
    expect(formatShortDate(undefined)).toBe('N/A');
  });
  it('formats a long date, or Not specified', () => {
    expect(formatLongDate('2026-03-14')).toBe('March 14, 2026');
    expect(formatLongDate(null)).toBe('Not specified');
  });
});

describe('blank values', () => {
  it('treats null, undefined, blank, Not specified, undefined/null text as blank', () => {
    for (const v of [null, undefined, '', ' ', 'Not specified', 'undefined', 'null', Number.NaN]) expect(isBlank(v)).toBe(true);
    for (const v of [0, 'x', false]) expect(isBlank(v)).toBe(false);
  });
  it('displayValue falls back', () => {
    expect(displayValue('Not specified', 'Not specified')).toBe('Not specified');
    expect(displayValue(' Granite ')).toBe('Granite');
    expect(displayValue(4500)).toBe('4,500');
  });
  it('toNumber reads money text', () => {
    expect(toNumber('$1,299,000')).toBe(1299000);
    expect(toNumber('1.5')).toBe(1.5);
    expect(toNumber('abc')).toBeNull();
  });
});

describe('figures and dates written without Intl', () => {
  // the figures a page shows: prices, sizes, payments, rates, and the awkward cases of rounding and sign
  const samples = [
    0,
    1,
    -1,
    0.5,
    1.5,
    2.5,
    -2.5,
    1.005,
    1.015,
    2.675,
    0.125,
    0.335,
    12.5,
    999.995,
    999999.5,
    1234.5678,
    -1234.5,
    1250000,
    899000,
    12500,
    45_000_000,
    0.001,
    0.004,
    0.005,
    0.0525,
    0.031,
    0.05255,
    0.0479,
    0.2,
    0.1 + 0.2,
    2326.4183,
    1e-8,
    123456789.987,
    3000000000,
  ];
  const intl = (options: Intl.NumberFormatOptions) => new Intl.NumberFormat('en-CA', options);

  it('match en-CA Intl for whole dollars, cents, plain numbers and percentages', () => {
    const dollars = intl({ style: 'currency', currency: 'CAD', maximumFractionDigits: 0, minimumFractionDigits: 0 });
    const cents = intl({ style: 'currency', currency: 'CAD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const plain = intl({ maximumFractionDigits: 2 });
    const percent = intl({ style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: 2 });
    const rate = intl({ style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    // Intl writes '-0' for a negative number that rounds to zero; the site writes '0'
    const signless = (text: string) => text.replace(/^-(\$?0(\.0+)?%?)$/, '$1');
    for (const n of samples.flatMap((value) => [value, -value])) {
      expect([n, formatDollars(n)]).toEqual([n, signless(dollars.format(n))]);
      expect([n, formatDollars(n, 2)]).toEqual([n, signless(cents.format(n))]);
      expect([n, formatDecimal(n, 0, 2)]).toEqual([n, signless(plain.format(n))]);
      expect([n, formatPercentage(n)]).toEqual([n, signless(percent.format(n))]);
      expect([n, formatPercentage(n, 2, 2)]).toEqual([n, signless(rate.format(n))]);
    }
  });

  it('show a negative number that rounds to zero as 0, and keep the sign of one that does not', () => {
    expect(formatDecimal(-0.001, 0, 2)).toBe('0');
    expect(formatDollars(-0.4)).toBe('$0');
    expect(formatDollars(-1234.5)).toBe('-$1,235');
    expect(formatPrice('-$899,000')).toBe('-$899,000');
  });

  it('match en-CA dates for every month', () => {
    for (let month = 0; month < 12; month++) {
      const day = 1 + ((month * 5) % 28);
      const iso = `2026-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
      const date = new Date(2026, month, day);
      expect(formatShortDate(iso)).toBe(date.toLocaleDateString('en-CA', { month: 'short', day: 'numeric' }));
      expect(formatLongDate(iso)).toBe(date.toLocaleDateString('en-CA', { year: 'numeric', month: 'long', day: 'numeric' }));
      const utc = new Date(Date.UTC(2026, month, day));
      expect(longDate(utc, 'utc')).toBe(new Intl.DateTimeFormat('en-CA', { dateStyle: 'long', timeZone: 'UTC' }).format(utc));
    }
  });
});
