/**
 * Table-driven: formulas with the results Airtable's formula reference documents for them (or, where it gives no
 * example, the result its stated rule gives), evaluated on one listing with a fixed clock, in UTC (the default)
 * and in Toronto's zone.
 */
import { compileFormula, FORMULA_ERROR_VALUE, type FieldsOf, type Value } from './index';

const NOW = new Date('2026-11-24T15:30:45.000Z');

const listing: FieldsOf = {
  'Property Name': 'Lakeview Estate',
  Address: '12 Lakeshore Road East, Oakville',
  Price: 2_450_000,
  Bedrooms: 5,
  Zero: 0,
  Status: 'Available',
  Features: ['Pool', 'Wine cellar', '', 'Pool'],
  Tags: [],
  'Listing Date': '2026-03-15',
  'Open House': '2026-11-28T19:00:00.000Z',
  Note: 'Call 416-555-0199 or 905-555-0123',
  Featured: true,
};

const META = { id: 'recAbCdEfGhIjKlMn', createdTime: '2026-01-02T03:04:05.000Z' };

type Expected = string | number | boolean | null | { date: string } | 'ERROR';

function normalise(v: Value): unknown {
  if (v === FORMULA_ERROR_VALUE) return 'ERROR';
  if (v instanceof Date) return { date: v.toISOString() };
  if (Array.isArray(v)) return v.map((x) => normalise(x as Value));
  return v;
}

const evaluate = (formula: string, timeZone?: string): unknown =>
  normalise(compileFormula(formula, undefined, { now: () => NOW, timeZone }).evaluate(listing, META));

const ERR = 'ERROR' as const;

const cases: ReadonlyArray<[string, Expected]> = [
  // logic
  ['TRUE()', true],
  ['FALSE()', false],
  ['BLANK()', null],
  ['AND(1, 1)', true],
  ['AND(1, 0)', false],
  ['AND({Featured}, {Price} > 1000000)', true],
  ['OR(0, 0)', false],
  ['OR(0, "x")', true],
  ['OR(1/0, 1)', ERR],
  ['AND(1/0, 0)', ERR],
  ['XOR(1, 0)', true],
  ['XOR(1, 1)', false],
  ['XOR(1, 1, 1)', true],
  ['NOT(0)', true],
  ['NOT(1/0)', ERR],
  ['IF({Price} > 2000000, "Luxury", "Classic")', 'Luxury'],
  ['IF(0, "yes")', null],
  ['IF(1/0, 0, 1)', ERR],
  ['IF(1, "ok", 1/0)', 'ok'],
  ['IF({Tags}, "tagged", "none")', 'none'],
  ['SWITCH({Status}, "Available", "For sale", "Sold", "Gone", "Other")', 'For sale'],
  ['SWITCH("Sold", "Available", "For sale", "Sold", "Gone", "Other")', 'Gone'],
  ['SWITCH("Leased", "Available", "For sale", "Sold", "Gone", "Other")', 'Other'],
  ['SWITCH("Leased", "Available", "For sale")', null],
  ['SWITCH(2, 1, "one", 2, "two")', 'two'],
  ['SWITCH(1/0, 1, "one")', ERR],
  ['ISERROR(1/0)', true],
  ['ISERROR(1)', false],
  ['ISERROR(REGEX_EXTRACT("abc", "z"))', true],
  ['ERROR()', ERR],
  ['ISERROR(ERROR())', true],
  ['{Price} / {Zero} <= 1000000', ERR],
  ['NOT({Price} / {Zero} > 1000000)', ERR],

  // text
  ['LEFT("quick brown fox", 5)', 'quick'],
  ['LEFT("abc", 10)', 'abc'],
  ['LEFT("abc", 0)', ''],
  ['LEFT("abc", -1)', ERR],
  ['RIGHT("quick brown fox", 5)', 'n fox'],
  ['RIGHT("abc", 0)', ''],
  ['RIGHT("abc", 5)', 'abc'],
  ['MID("quick brown fox", 6, 5)', ' brow'],
  ['MID("abc", 2, 10)', 'bc'],
  ['MID("abc", 0, 1)', ERR],
  ['SUBSTITUTE("gold mine", "gold", "silver")', 'silver mine'],
  ['SUBSTITUTE("a-b-c", "-", "+")', 'a+b+c'],
  ['SUBSTITUTE("a-b-c", "-", "+", 2)', 'a-b+c'],
  ['SUBSTITUTE("a-b-c", "-", "+", 5)', 'a-b-c'],
  ['SUBSTITUTE("abc", "", "x")', 'abc'],
  ['REPLACE("database", 2, 5, "o")', 'dose'],
  ['REPLACE("abc", 1, 0, "x")', 'xabc'],
  ['CONCATENATE("Bob", " - ", 43)', 'Bob - 43'],
  ['CONCATENATE({Property Name}, ", ", {Status})', 'Lakeview Estate, Available'],
  ['CONCATENATE("a", 1/0)', ERR],
  ['REPT("Hi! ", 3)', 'Hi! Hi! Hi! '],
  ['REPT("x", 0)', ''],
  ['REPT("x", -1)', ERR],
  ['T("text")', 'text'],
  ['T(42)', null],
  ['T({Status})', 'Available'],
  ['ENCODE_URL_COMPONENT("chicken & waffles")', 'chicken%20%26%20waffles'],
  ['ENCODE_URL_COMPONENT("a/b?c=d")', 'a%2Fb%3Fc%3Dd'],
  ['LOWER("Hello World")', 'hello world'],
  ['UPPER("Hello World")', 'HELLO WORLD'],
  ['TRIM("  Hello!  ")', 'Hello!'],
  ['LEN("quick brown fox")', 15],
  ['LEN("")', 0],
  ['LEN({Price})', 7],
  ['FIND("fox", "quick brown fox")', 13],
  ['FIND("Fox", "quick brown fox")', 0],
  ['FIND("o", "hello world", 6)', 8],
  ['SEARCH("FOX", "quick brown fox")', 13],
  ['SEARCH("cat", "quick brown fox")', null],
  ['VALUE("$1,000")', 1000],
  ['VALUE("12.5")', 12.5],
  ['VALUE("")', 0],
  ['"a" & "b" & 1', 'ab1'],
  ['"a" & 1/0', ERR],

  // regular expressions (RE2)
  ['REGEX_MATCH("Hello World", "Hello.World")', true],
  ['REGEX_MATCH("Hello World", "^World")', false],
  ['REGEX_MATCH({Note}, "\\\\d{3}-\\\\d{3}-\\\\d{4}")', true],
  ['REGEX_MATCH({Note}, "\\d{3}-\\d{3}-\\d{4}")', true],
  ['REGEX_MATCH("ABC", "(?i)abc")', true],
  ['REGEX_MATCH("abc", "(")', ERR],
  ['REGEX_MATCH("aa", "(a)\\\\1")', ERR],
  ['REGEX_EXTRACT("Hello World", "W.*")', 'World'],
  ['REGEX_EXTRACT({Note}, "\\\\d{3}-\\\\d{3}-\\\\d{4}")', '416-555-0199'],
  ['REGEX_EXTRACT("abc", "z")', ERR],
  ['REGEX_REPLACE("Hello World", " W.*", "")', 'Hello'],
  ['REGEX_REPLACE("a1b2c3", "\\\\d", "#")', 'a#b#c#'],
  ['REGEX_REPLACE("2026-11-24", "(\\\\d+)-(\\\\d+)-(\\\\d+)", "$3/$2/$1")', '24/11/2026'],
  ['REGEX_REPLACE("aaa", "b", "c")', 'aaa'],

  // numbers
  ['ROUND(1.99, 0)', 2],
  ['ROUND(16.8, -1)', 20],
  ['ROUND(1.5)', 2],
  ['ROUND(2.5)', 3],
  ['ROUND(-2.5)', -2],
  ['ROUND(3.14159, 2)', 3.14],
  ['ROUND(1.005, 2)', 1.01],
  ['ROUNDUP(1.1, 0)', 2],
  ['ROUNDUP(-1.1, 0)', -2],
  ['ROUNDUP(3.14159, 2)', 3.15],
  ['ROUNDDOWN(1.9, 0)', 1],
  ['ROUNDDOWN(-1.9, 0)', -1],
  ['ROUNDDOWN(3.14159, 3)', 3.141],
  ['INT(1.99)', 1],
  ['INT(-1.99)', -2],
  ['INT(8.9)', 8],
  ['ABS(-5)', 5],
  ['ABS(5)', 5],
  ['ABS("x")', ERR],
  ['MAX(1, 3, 5, 7)', 7],
  ['MAX({Price}, 3000000)', 3000000],
  ['MIN(1, 3, 5, 7)', 1],
  ['MIN(-1, "", 4)', -1],
  ['MAX(1, 1/0)', ERR],
  ['MOD(7, 5)', 2],
  ['MOD(10, 3)', 1],
  ['MOD(5, 0)', ERR],
  ['CEILING(1.01, 0.1)', 1.1],
  ['CEILING(4.3, 1)', 5],
  ['CEILING(4.3)', 5],
  ['FLOOR(1.99, 0.5)', 1.5],
  ['FLOOR(4.7, 1)', 4],
  ['POWER(2, 3)', 8],
  ['SQRT(16)', 4],
  ['SQRT(-1)', ERR],
  ['SUM(1, 2, 3)', 6],
  ['SUM({Price}, {Bedrooms})', 2450005],
  ['AVERAGE(1, 2, 3, 4)', 2.5],
  ['AVERAGE("a", "")', ERR],
  ['COUNT(1, 2, "three", "")', 2],
  ['COUNTA(1, 2, "three", "")', 3],
  ['COUNTA({Features})', 3],
  ['COUNTA({Tags})', 0],
  ['COUNTALL(1, "", 2)', 3],
  ['1 + 2 * 3', 7],
  ['(1 + 2) * 3', 9],
  ['10 / 4', 2.5],
  ['-{Bedrooms}', -5],
  ['1 / 0', ERR],
  ['"abc" * 2', ERR],

  // lists
  ['ARRAYJOIN({Features}, "; ")', 'Pool; Wine cellar; ; Pool'],
  ['ARRAYJOIN({Features})', 'Pool, Wine cellar, , Pool'],
  ['ARRAYJOIN({Tags}, "; ")', ''],
  ['ARRAYJOIN(ARRAYCOMPACT({Features}), "|")', 'Pool|Wine cellar|Pool'],
  ['ARRAYJOIN(ARRAYUNIQUE(ARRAYCOMPACT({Features})), "|")', 'Pool|Wine cellar'],
  ['ARRAYJOIN("one value", "-")', 'one value'],
  ['SEARCH("wine", {Features})', 7],
  ['{Features} = "Pool, Wine cellar, , Pool"', true],
  ['LEN(ARRAYJOIN({Features}, ""))', 19],

  // dates (UTC, the default zone)
  ['YEAR("2026-03-15")', 2026],
  ['MONTH("2026-03-15")', 3],
  ['DAY("2026-03-15")', 15],
  ['YEAR({Listing Date})', 2026],
  ['MONTH(BLANK())', null],
  ['YEAR("not a date")', ERR],
  ['HOUR("2026-03-15 14:30")', 14],
  ['MINUTE("2026-03-15 14:30")', 30],
  ['WEEKDAY("2026-11-24")', 2],
  ['WEEKDAY("2026-11-24", "Monday")', 1],
  ['TODAY()', { date: '2026-11-24T00:00:00.000Z' }],
  ['NOW()', { date: '2026-11-24T15:30:45.000Z' }],
  ['CREATED_TIME()', { date: '2026-01-02T03:04:05.000Z' }],
  ['RECORD_ID()', 'recAbCdEfGhIjKlMn'],
  ['YEAR(CREATED_TIME())', 2026],
  ['IS_AFTER("2026-11-25", "2026-11-24")', true],
  ['IS_AFTER("2026-11-24", "2026-11-24")', false],
  ['IS_BEFORE({Listing Date}, TODAY())', true],
  ['IS_BEFORE({Open House}, NOW())', false],
  ['IS_AFTER({Open House}, NOW())', true],
  ['IS_AFTER("garbage", TODAY())', ERR],
  ['IS_SAME("2026-11-24 09:00", "2026-11-24 17:00", "day")', true],
  ['IS_SAME("2026-11-24", "2026-12-24", "month")', false],
  ['IS_SAME("2026-11-24", "2026-12-24", "year")', true],
  ['DATETIME_DIFF("2019-04-06 12:00", "2019-04-01 12:00", "days")', 5],
  ['DATETIME_DIFF("2019-04-01", "2019-04-06", "days")', -5],
  ['DATETIME_DIFF("2026-11-24 10:00", "2026-11-24 09:00")', 3600],
  ['DATETIME_DIFF("2026-11-24 10:00", "2026-11-24 09:00", "minutes")', 60],
  ['DATETIME_DIFF("2026-11-24 10:00", "2026-11-24 09:00", "h")', 1],
  ['DATETIME_DIFF("2026-03-31", "2026-01-31", "months")', 2],
  ['DATETIME_DIFF("2026-03-30", "2026-01-31", "months")', 1],
  ['DATETIME_DIFF("2026-11-24", "2020-11-25", "years")', 5],
  ['DATETIME_DIFF("2026-11-24", "2026-11-10", "weeks")', 2],
  ['DATETIME_DIFF("2026-11-24", "2026-11-24 00:00:01", "ms")', -1000],
  ['DATETIME_DIFF(TODAY(), {Listing Date}, "days")', 254],
  ['DATEADD("2026-01-31", 1, "months")', { date: '2026-02-28T00:00:00.000Z' }],
  ['DATEADD("2024-01-31", 1, "months")', { date: '2024-02-29T00:00:00.000Z' }],
  ['DATEADD("2026-11-24", 10, "days")', { date: '2026-12-04T00:00:00.000Z' }],
  ['DATEADD("2026-11-24", -1, "years")', { date: '2025-11-24T00:00:00.000Z' }],
  ['DATEADD("2026-11-24", 2, "weeks")', { date: '2026-12-08T00:00:00.000Z' }],
  ['DATEADD("2026-11-24 10:00", 90, "minutes")', { date: '2026-11-24T11:30:00.000Z' }],
  ['DATEADD("2026-11-24", 1, "quarters")', { date: '2027-02-24T00:00:00.000Z' }],
  ['DATEADD("2026-11-24", 1, "fortnights")', ERR],
  ['DATETIME_FORMAT("2026-11-24", "MM/DD/YYYY")', '11/24/2026'],
  ['DATETIME_FORMAT("2026-11-24 14:05", "LL")', 'November 24, 2026'],
  ['DATETIME_FORMAT("2026-11-24 14:05", "dddd, MMM Do YYYY, h:mm a")', 'Tuesday, Nov 24th 2026, 2:05 pm'],
  ['DATETIME_FORMAT("2026-11-24 14:05", "YYYY-MM-DD [at] HH:mm")', '2026-11-24 at 14:05'],
  ['DATETIME_FORMAT("2026-11-24")', '2026-11-24T00:00:00.000Z'],
  ['DATETIME_FORMAT(DATEADD({Listing Date}, 30, "days"), "L")', '04/14/2026'],
  ['DATETIME_PARSE("4 Mar 2017 23:00", "D MMM YYYY HH:mm")', { date: '2017-03-04T23:00:00.000Z' }],
  ['DATETIME_PARSE("15/03/2026", "DD/MM/YYYY")', { date: '2026-03-15T00:00:00.000Z' }],
  ['DATETIME_PARSE("March 15, 2026 2:30 pm", "MMMM D, YYYY h:mm a")', { date: '2026-03-15T14:30:00.000Z' }],
  ['DATETIME_PARSE("1773532800", "X")', { date: '2026-03-15T00:00:00.000Z' }],
  ['DATETIME_PARSE("2026-03-15T10:00:00+02:00")', { date: '2026-03-15T08:00:00.000Z' }],
  ['DATETIME_PARSE("31/02/2026", "DD/MM/YYYY")', ERR],
  ['DATETIME_PARSE("soon")', ERR],
  ['DATETIME_PARSE("")', null],
  ['IS_AFTER(DATETIME_PARSE("15/03/2026", "DD/MM/YYYY"), "2026-03-14")', true],
];

describe('Airtable functions, as documented (UTC, the default zone)', () => {
  it('has at least 150 formulas in the table', () => {
    expect(cases.length).toBeGreaterThanOrEqual(150);
  });
  it.each(cases)('%s → %j', (formula, expected) => {
    expect(evaluate(formula)).toEqual(expected);
  });
});

describe('dates in the base zone (America/Toronto)', () => {
  const zone = 'America/Toronto';
  it.each<[string, Expected]>([
    // 15:30 UTC is 10:30 in Toronto (EST, UTC-5): the same day
    ['TODAY()', { date: '2026-11-24T05:00:00.000Z' }],
    ['HOUR(NOW())', 10],
    // a date without a time is midnight in the zone
    ['"2026-03-15" = DATETIME_PARSE("2026-03-15T04:00:00Z")', true],
    ['DATETIME_FORMAT("2026-07-01 09:00", "YYYY-MM-DD HH:mm Z")', '2026-07-01 09:00 -04:00'],
    ['DAY("2026-11-25T02:00:00Z")', 24],
    // over the clock change (Nov 1 2026): still one calendar day apart
    ['DATETIME_DIFF("2026-11-02", "2026-11-01", "days")', 1],
    ['DATEADD("2026-10-31 12:00", 1, "days")', { date: '2026-11-01T17:00:00.000Z' }],
  ])('%s → %j', (formula, expected) => {
    expect(evaluate(formula, zone)).toEqual(expected);
  });
});

describe('filters drop records whose formula gives an error', () => {
  const rows: FieldsOf[] = [
    { Price: 1_000_000, Bedrooms: 0 },
    { Price: 1_000_000, Bedrooms: 2 },
  ];
  it.each(['{Price}/{Bedrooms} <= 1000000', 'NOT({Price}/{Bedrooms} > 1000000)'])('%s keeps only the record with bedrooms', (formula) => {
    const compiled = compileFormula(formula);
    expect(rows.filter((r) => compiled.matches(r))).toEqual([rows[1]]);
  });
});
