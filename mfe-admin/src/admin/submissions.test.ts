import {
  EMPTY_CELL,
  cellText,
  columnsOf,
  filterSubmissions,
  newestFirst,
  nextSortOrder,
  rawText,
  sortSubmissions,
  type Submission,
} from './submissions';

const rec = (id: string, fields: Submission['fields'], createdTime = '2026-01-01T00:00:00.000Z'): Submission => ({ id, createdTime, fields });

describe('columnsOf', () => {
  it('is the union of every record’s fields, not only the first one’s', () => {
    const cols = columnsOf([rec('a', { name: 'A' }), rec('b', { name: 'B', budget: '$1' }), rec('c', { extra: 'x' })]);
    expect(cols).toEqual(['name', 'budget', 'extra']);
  });
  it('puts Received At first, then the form’s order, then other fields as first seen', () => {
    const cols = columnsOf(
      [rec('a', { zeta: 1, message: 'm', email: 'e', 'Received At': '2026-01-01T00:00:00Z' }), rec('b', { name: 'n', alpha: 2 })],
      'contact-form',
    );
    expect(cols).toEqual(['Received At', 'name', 'email', 'message', 'zeta', 'alpha']);
  });
  it('has no columns without records', () => {
    expect(columnsOf([])).toEqual([]);
  });
});

describe('cellText', () => {
  it('shows — for empty values', () => {
    for (const v of [undefined, null, '', '   ', []]) expect(cellText(v)).toBe(EMPTY_CELL);
  });
  it('reads numbers, booleans, lists and attachments', () => {
    expect(cellText(3.5)).toBe('3.5');
    expect(cellText(0)).toBe('0');
    expect(cellText(true)).toBe('Yes');
    expect(cellText(['a', 'b'])).toBe('a, b');
    expect(cellText([{ url: 'https://x/y.jpg', filename: 'y.jpg' }])).toBe('https://x/y.jpg');
  });
  it('shows ISO times in Toronto time; the raw text stays ISO', () => {
    expect(cellText('2026-01-31T17:05:00.000Z')).toMatch(/Jan\.? 31, 2026.*12:05/);
    expect(rawText('2026-01-31T17:05:00.000Z')).toBe('2026-01-31T17:05:00.000Z');
  });
});

describe('newestFirst', () => {
  it('orders by Received At, falling back to createdTime', () => {
    const out = newestFirst([
      rec('old', { 'Received At': '2026-01-01T00:00:00Z' }),
      rec('created-late', {}, '2026-03-01T00:00:00Z'),
      rec('new', { 'Received At': '2026-02-01T00:00:00Z' }, '2025-01-01T00:00:00Z'),
    ]);
    expect(out.map((r) => r.id)).toEqual(['created-late', 'new', 'old']);
  });
});

describe('filterSubmissions', () => {
  const rows = [
    rec('1', { name: 'Élise Tremblay', email: 'elise@example.com', city: 'Oakville' }),
    rec('2', { name: 'Sam Patel', email: 'sam@example.com', city: 'Mississauga', bedrooms: 3 }),
  ];
  const cols = ['name', 'email', 'city', 'bedrooms'];
  it('matches every word anywhere in the row, ignoring case and accents', () => {
    expect(filterSubmissions(rows, cols, 'elise').map((r) => r.id)).toEqual(['1']);
    expect(filterSubmissions(rows, cols, 'SAM mississauga').map((r) => r.id)).toEqual(['2']);
    expect(filterSubmissions(rows, cols, 'sam oakville')).toEqual([]);
    expect(filterSubmissions(rows, cols, '3').map((r) => r.id)).toEqual(['2']);
  });
  it('keeps every row for an empty query', () => {
    expect(filterSubmissions(rows, cols, '  ')).toHaveLength(2);
  });
});

describe('sortSubmissions', () => {
  const rows = [rec('a', { name: 'beth', n: '10' }), rec('b', { name: 'Adam', n: 9 }), rec('c', { n: '100' }), rec('d', { name: 'carl', n: '' })];
  it('sorts text naturally and ignores case', () => {
    expect(sortSubmissions(rows, { column: 'name', direction: 'ascending' }).map((r) => r.id)).toEqual(['b', 'a', 'd', 'c']);
    expect(sortSubmissions(rows, { column: 'name', direction: 'descending' }).map((r) => r.id)).toEqual(['d', 'a', 'b', 'c']);
  });
  it('sorts numbers by value and keeps empty cells last both ways', () => {
    expect(sortSubmissions(rows, { column: 'n', direction: 'ascending' }).map((r) => r.id)).toEqual(['b', 'a', 'c', 'd']);
    expect(sortSubmissions(rows, { column: 'n', direction: 'descending' }).map((r) => r.id)).toEqual(['c', 'a', 'b', 'd']);
  });
});

describe('nextSortOrder', () => {
  it('starts ascending on a new column and flips on the same one', () => {
    expect(nextSortOrder(null, 'name')).toEqual({ column: 'name', direction: 'ascending' });
    expect(nextSortOrder({ column: 'name', direction: 'ascending' }, 'name')).toEqual({ column: 'name', direction: 'descending' });
    expect(nextSortOrder({ column: 'name', direction: 'descending' }, 'name')).toEqual({ column: 'name', direction: 'ascending' });
    expect(nextSortOrder({ column: 'name', direction: 'descending' }, 'email')).toEqual({ column: 'email', direction: 'ascending' });
  });
});
