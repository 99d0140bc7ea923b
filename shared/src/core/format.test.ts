import { displayValue, formatLongDate, formatNumber, formatPrice, formatShortDate, formatSizeK, isBlank, toNumber } from './format';

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
