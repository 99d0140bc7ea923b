import { STAFF_TABLES } from '@gta/shared/core';
import {
  EMPTY_CELL,
  apiSort,
  cellText,
  columnsFor,
  filterFormula,
  nextSortOrder,
  pageSummary,
  rawText,
  transcriptTurns,
  valueOf,
  type Submission,
} from './submissions';

const rec = (id: string, fields: Submission['fields'], createdTime = '2026-01-01T00:00:00.000Z'): Submission => ({ id, createdTime, fields });
const table = (id: string) => STAFF_TABLES.find((t) => t.id === id)!;

describe('columnsFor', () => {
  it('labels the table’s columns, the time received first, in the form’s order, then other fields as first seen', () => {
    const cols = columnsFor(table('home-evaluation'), [rec('a', { postalCode: 'L6J 1H2', zeta: 1 }), rec('b', { alpha: 2, zeta: 3 })]);
    expect(cols.map((c) => c.label)).toEqual([
      'Received',
      'Name',
      'Email',
      'Phone',
      'Address',
      'City',
      'Postal code',
      'Bedrooms',
      'Bathrooms',
      'Property size',
      'Additional information',
      'zeta',
      'alpha',
    ]);
    expect(cols[6]).toEqual({ field: 'postalCode', label: 'Postal code' });
    expect(cols[0]).toEqual({ field: 'Received At', label: 'Received' });
  });
  it('has the table’s columns even without records', () => {
    expect(columnsFor(table('chat-leads'), []).map((c) => c.field)).toEqual([
      'Submitted At',
      'Name',
      'Email',
      'Phone',
      'Question',
      'Conversation',
      'Source',
      'Session ID',
    ]);
  });
});

describe('valueOf', () => {
  it('reads the time received from the record’s createdTime when the field is missing', () => {
    const t = table('contact-form');
    expect(valueOf(t, rec('a', {}, '2026-03-01T00:00:00.000Z'), 'Received At')).toBe('2026-03-01T00:00:00.000Z');
    expect(valueOf(t, rec('a', { 'Received At': '2026-02-01T00:00:00.000Z' }), 'Received At')).toBe('2026-02-01T00:00:00.000Z');
    expect(valueOf(t, rec('a', {}), 'name')).toBeUndefined();
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
  it('shows ISO times in Toronto time with the zone, summer and winter; the raw text stays ISO', () => {
    expect(cellText('2026-01-31T17:05:00.000Z')).toBe('Jan 31, 2026, 12:05 p.m. EST');
    expect(cellText('2026-07-01T03:30:00Z')).toBe('Jun 30, 2026, 11:30 p.m. EDT');
    expect(rawText('2026-01-31T17:05:00.000Z')).toBe('2026-01-31T17:05:00.000Z');
  });
});

describe('filterFormula', () => {
  it('asks for every word in some field, case ignored (SEARCH), quoting safely', () => {
    expect(filterFormula('  ', ['name'])).toBeUndefined();
    expect(filterFormula('Sam', ['name', 'city'])).toBe('OR(SEARCH("sam", {name}), SEARCH("sam", {city}))');
    expect(filterFormula('sam OAKVILLE', ['name'])).toBe('AND(OR(SEARCH("sam", {name})), OR(SEARCH("oakville", {name})))');
    expect(filterFormula('say"hi\\', ['Session ID'])).toBe('OR(SEARCH("say\\"hi\\\\", {Session ID}))');
  });
});

describe('sorting', () => {
  it('starts ascending on a new column and flips on the same one', () => {
    expect(nextSortOrder(null, 'name')).toEqual({ column: 'name', direction: 'ascending' });
    expect(nextSortOrder({ column: 'name', direction: 'ascending' }, 'name')).toEqual({ column: 'name', direction: 'descending' });
    expect(nextSortOrder({ column: 'name', direction: 'descending' }, 'email')).toEqual({ column: 'email', direction: 'ascending' });
  });
  it('sorts on the server by the column, newest first among equals', () => {
    expect(apiSort({ column: 'Received At', direction: 'descending' }, 'Received At')).toEqual([{ field: 'Received At', direction: 'desc' }]);
    expect(apiSort({ column: 'email', direction: 'ascending' }, 'Received At')).toEqual([
      { field: 'email', direction: 'asc' },
      { field: 'Received At', direction: 'desc' },
    ]);
  });
});

describe('pageSummary', () => {
  it('says which rows of how many', () => {
    expect(pageSummary({ first: 1, shown: 50, total: 22000, hasMore: true, filtered: false })).toBe('Showing 1–50 of 22,000 records');
    expect(pageSummary({ first: 21951, shown: 50, total: 22000, hasMore: false, filtered: false })).toBe('Showing 21,951–22,000 of 22,000 records');
    expect(pageSummary({ first: 1, shown: 1, total: 1, hasMore: false, filtered: true })).toBe('Showing 1 of 1 matching record');
    expect(pageSummary({ first: 1, shown: 0, total: 0, hasMore: false, filtered: false })).toBe('0 records');
  });
  it('without a count from the server: "more than" until the last page', () => {
    expect(pageSummary({ first: 51, shown: 50, total: null, hasMore: true, filtered: false })).toBe('Showing 51–100 of more than 100 records');
    expect(pageSummary({ first: 101, shown: 7, total: null, hasMore: false, filtered: false })).toBe('Showing 101–107 of 107 records');
  });
});

describe('transcriptTurns', () => {
  it('splits the stored transcript into turns; a reply may run over lines', () => {
    expect(transcriptTurns('Visitor: Hi\nAssistant: Hello!\nHow can I help?\nVisitor: A condo in Oakville')).toEqual([
      { speaker: 'Visitor', text: 'Hi' },
      { speaker: 'Assistant', text: 'Hello!\nHow can I help?' },
      { speaker: 'Visitor', text: 'A condo in Oakville' },
    ]);
  });
  it('keeps text without a speaker', () => {
    expect(transcriptTurns('just text')).toEqual([{ speaker: null, text: 'just text' }]);
  });
});
