/**
 * Issue 39 item 7: the functions of Airtable's formula reference the engine lacked (EVEN, ODD, LOG, EXP, WORKDAY,
 * WORKDAY_DIFF, SET_TIMEZONE, SET_LOCALE, LAST_MODIFIED_TIME with fields), ROUND's ties as the reference states
 * them ("ties broken by rounding half up toward positive infinity": ROUND(-2.5, 0) is -2), and FLOOR/CEILING with a
 * significance that give the multiple itself (FLOOR(1.99, 0.1) is 1.9, not 1.9000000000000001). Each new function
 * pays for its work in the request's budget and stays out of the anonymous grammar.
 */
import { checkPublicFormula, PublicQueryError } from '../records/publicQuery';
import { compileFormula, FormulaError, FormulaLimitError, FORMULA_ERROR_VALUE, type FieldsOf, type RecordMeta, type Value } from './index';

const NOW = new Date('2026-11-24T15:30:45.000Z');
const META: RecordMeta = { id: 'recAbCdEfGhIjKlMn', createdTime: '2026-01-02T03:04:05.000Z' };
const fields: FieldsOf = { Price: 2_450_000, Status: 'Available', Holidays: ['2026-11-26', '2026-11-27'] };

function normalise(v: Value): unknown {
  if (v === FORMULA_ERROR_VALUE) return 'ERROR';
  if (v instanceof Date) return { date: v.toISOString() };
  return v;
}

const evaluate = (formula: string, meta: RecordMeta = META, timeZone?: string): unknown =>
  normalise(compileFormula(formula, undefined, { now: () => NOW, timeZone }).evaluate(fields, meta));

const ERR = 'ERROR';

describe('numbers, as the formula reference states them', () => {
  it.each<[string, unknown]>([
    // ties toward positive infinity
    ['ROUND(-2.5, 0)', -2],
    ['ROUND(-2.5)', -2],
    ['ROUND(2.5)', 3],
    ['ROUND(-0.5)', 0],
    ['ROUND(-1.25, 1)', -1.2],
    ['ROUND(1.005, 2)', 1.01],
    ['ROUND(-2.51, 0)', -3],
    ['ROUND(16.8, -1)', 20],
    // a multiple of the significance, exactly
    ['FLOOR(1.99, 0.1)', 1.9],
    ['FLOOR(0.3, 0.1)', 0.3],
    ['FLOOR(-1.99, 0.1)', -2],
    ['FLOOR(7.8, 2)', 6],
    ['CEILING(0.7, 0.1)', 0.7],
    ['CEILING(1.01, 0.1)', 1.1],
    ['CEILING(2.05, 0.05)', 2.05],
    ['CEILING(1.234, 0.01)', 1.24],
    ['FLOOR(1.2345, 0.001)', 1.234],
    // away from zero to the next even or odd integer
    ['EVEN(1.5)', 2],
    ['EVEN(3)', 4],
    ['EVEN(2)', 2],
    ['EVEN(-1)', -2],
    ['EVEN(0)', 0],
    ['ODD(1.5)', 3],
    ['ODD(3)', 3],
    ['ODD(2)', 3],
    ['ODD(-1)', -1],
    ['ODD(-2.1)', -3],
    ['ODD(0)', 1],
    ['EVEN("x")', ERR],
    ['LOG(100)', 2],
    ['LOG(1000)', 3],
    ['LOG(8, 2)', 3],
    ['LOG(125, 5)', 3],
    ['LOG(1024, 2)', 10],
    ['LOG(0)', ERR],
    ['LOG(-1)', ERR],
    ['LOG(10, 1)', ERR],
    ['EXP(0)', 1],
    ['EXP(1)', Math.E],
    ['ROUND(EXP(2), 3)', 7.389],
    ['EXP(1000)', ERR],
  ])('%s → %j', (formula, expected) => {
    expect(evaluate(formula)).toEqual(expected);
  });
});

describe('working days: weekends and the holidays given are not counted', () => {
  it.each<[string, unknown]>([
    // the reference's example: Friday 16 October 2020, ten working days, two holidays in between
    ["WORKDAY('10/16/2020', 10, '2020-10-20, 2020-10-21')", { date: '2020-11-03T00:00:00.000Z' }],
    ["WORKDAY('2020-10-16', 10)", { date: '2020-10-30T00:00:00.000Z' }],
    ['WORKDAY("2026-11-24", 5)', { date: '2026-12-01T00:00:00.000Z' }],
    ['WORKDAY("2026-11-27", 1)', { date: '2026-11-30T00:00:00.000Z' }],
    ['WORKDAY("2026-11-28", 1)', { date: '2026-11-30T00:00:00.000Z' }],
    ['WORKDAY("2026-11-30", -1)', { date: '2026-11-27T00:00:00.000Z' }],
    ['WORKDAY("2026-11-30", -6)', { date: '2026-11-20T00:00:00.000Z' }],
    ['WORKDAY("2026-11-24", 0)', { date: '2026-11-24T00:00:00.000Z' }],
    ['WORKDAY("2026-11-24", 5, "2026-11-26, 2026-11-27")', { date: '2026-12-03T00:00:00.000Z' }],
    ['WORKDAY("2026-11-24", 5, {Holidays})', { date: '2026-12-03T00:00:00.000Z' }],
    // a holiday on a Saturday changes nothing; the day reached being a holiday moves on
    ['WORKDAY("2026-11-24", 5, "2026-11-28")', { date: '2026-12-01T00:00:00.000Z' }],
    ['WORKDAY("2026-11-24", 5, "2026-12-01")', { date: '2026-12-02T00:00:00.000Z' }],
    ['WORKDAY("2026-12-02", -5, "2026-11-26, 2026-11-27")', { date: '2026-11-23T00:00:00.000Z' }],
    ['WORKDAY("2026-11-24", 1000000)', { date: '5859-12-20T00:00:00.000Z' }],
    ['WORKDAY("2026-11-24", 5, "not a date")', ERR],
    ['WORKDAY("soon", 5)', ERR],
    ['WORKDAY("2026-11-24", "x")', ERR],
    ['WORKDAY_DIFF("2026-11-23", "2026-11-27")', 5],
    ['WORKDAY_DIFF("2026-11-27", "2026-11-23")', -5],
    ['WORKDAY_DIFF("2026-11-23", "2026-11-23")', 1],
    ['WORKDAY_DIFF("2026-11-28", "2026-11-29")', 0],
    ['WORKDAY_DIFF("2026-11-23", "2026-12-04")', 10],
    ['WORKDAY_DIFF("2026-11-23", "2026-12-04", "2026-11-26, 2026-11-27, 2026-11-28, 2026-11-26")', 8],
    ['WORKDAY_DIFF("2026-11-23", "2026-12-04", {Holidays})', 8],
    ['WORKDAY_DIFF("2020-01-01", "2020-12-31")', 262],
    ['WORKDAY_DIFF(BLANK(), "2026-11-23")', null],
  ])('%s → %j', (formula, expected) => {
    expect(evaluate(formula)).toEqual(expected);
  });

  it("counts days in the base's zone", () => {
    // 2026-11-28T03:00Z is still Friday the 27th in Toronto
    expect(evaluate('WORKDAY_DIFF("2026-11-23T12:00:00Z", "2026-11-28T03:00:00Z")', META, 'America/Toronto')).toBe(5);
    expect(evaluate('WORKDAY("2026-11-28T03:00:00Z", 1)', META, 'America/Toronto')).toEqual({ date: '2026-11-30T05:00:00.000Z' });
  });
});

describe('SET_TIMEZONE and SET_LOCALE: how DATETIME_FORMAT shows a date', () => {
  it.each<[string, unknown]>([
    ['DATETIME_FORMAT(SET_TIMEZONE("2026-11-24T15:30:00Z", "Australia/Sydney"), "M/D/YYYY h:mm")', '11/25/2026 2:30'],
    ['DATETIME_FORMAT(SET_TIMEZONE("2026-07-01T15:30:00Z", "America/Toronto"), "YYYY-MM-DD HH:mm Z")', '2026-07-01 11:30 -04:00'],
    ['DATETIME_FORMAT(SET_LOCALE("2026-11-24", "fr"), "dddd D MMMM YYYY")', 'mardi 24 novembre 2026'],
    ['DATETIME_FORMAT(SET_LOCALE("2026-11-24", "de"), "ddd, D. MMMM")', 'Di, 24. November'],
    ['DATETIME_FORMAT(SET_LOCALE(SET_TIMEZONE("2026-11-24T23:30:00Z", "Europe/Paris"), "fr"), "dddd D MMMM HH:mm")', 'mercredi 25 novembre 00:30'],
    ['DATETIME_FORMAT(SET_TIMEZONE(SET_LOCALE("2026-11-24T23:30:00Z", "fr"), "Europe/Paris"), "dddd HH:mm")', 'mercredi 00:30'],
    // the instant itself is unchanged
    ['SET_TIMEZONE("2026-11-24T15:30:00Z", "Australia/Sydney") = DATETIME_PARSE("2026-11-24T15:30:00Z")', true],
    ['DATETIME_DIFF(SET_TIMEZONE("2026-11-24T15:30:00Z", "Asia/Tokyo"), "2026-11-24T14:30:00Z", "hours")', 1],
    ['SET_TIMEZONE("2026-11-24", "Mars/Olympus_Mons")', ERR],
    ['SET_LOCALE("2026-11-24", "not a locale!")', ERR],
    ['SET_TIMEZONE(BLANK(), "Europe/Paris")', null],
    ['SET_TIMEZONE("soon", "Europe/Paris")', ERR],
  ])('%s → %j', (formula, expected) => {
    expect(evaluate(formula)).toEqual(expected);
  });
});

describe('LAST_MODIFIED_TIME: of the record, or of the fields named', () => {
  const meta: RecordMeta = {
    ...META,
    lastModifiedTime: '2026-11-20T10:00:00.000Z',
    fieldModifiedTimes: { Price: '2026-10-01T08:00:00.000Z', Status: '2026-11-02T09:00:00.000Z' },
  };
  it.each<[string, RecordMeta, unknown]>([
    ['LAST_MODIFIED_TIME()', meta, { date: '2026-11-20T10:00:00.000Z' }],
    ['LAST_MODIFIED_TIME({Price})', meta, { date: '2026-10-01T08:00:00.000Z' }],
    ['LAST_MODIFIED_TIME({Price}, {Status})', meta, { date: '2026-11-02T09:00:00.000Z' }],
    // a field never changed since the record was made: the record's creation
    ['LAST_MODIFIED_TIME({Holidays})', meta, { date: '2026-01-02T03:04:05.000Z' }],
    // a record never modified was last modified when it was made
    ['LAST_MODIFIED_TIME()', META, { date: '2026-01-02T03:04:05.000Z' }],
    ['LAST_MODIFIED_TIME({Price})', META, { date: '2026-01-02T03:04:05.000Z' }],
    ['IS_AFTER(LAST_MODIFIED_TIME({Status}), CREATED_TIME())', meta, true],
    ['CREATED_TIME()', meta, { date: '2026-01-02T03:04:05.000Z' }],
  ])('%s → %j', (formula, meta_, expected) => {
    expect(evaluate(formula, meta_)).toEqual(expected);
  });

  it('takes only field references', () => {
    expect(() => compileFormula('LAST_MODIFIED_TIME("Price")')).toThrow(FormulaError);
    expect(() => compileFormula('LAST_MODIFIED_TIME(1 + 1)')).toThrow(/field/);
  });
});

describe('each new function pays for its work and stays out of the anonymous grammar', () => {
  const limitOf = (run: () => unknown): string | undefined => {
    try {
      run();
    } catch (err) {
      if (err instanceof FormulaLimitError) return err.limit;
      throw err;
    }
    return undefined;
  };

  it('WORKDAY over a million days is a few steps, not a loop over days', () => {
    const f = compileFormula('WORKDAY("2026-11-24", 1000000)');
    f.evaluate({});
    expect(f.usage.steps).toBeLessThan(100);
  });

  it('a list of holidays is charged as text read and as steps, and a long one stops at the limits', () => {
    const holidays = Array.from({ length: 400 }, (_, i) => `2027-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`).join(', ');
    const f = compileFormula(`WORKDAY_DIFF("2027-01-01", "2027-12-31", "${holidays}")`);
    f.evaluate({});
    expect(f.usage.textChars).toBeGreaterThanOrEqual(holidays.length);
    expect(f.usage.steps).toBeGreaterThan(400);
    expect(limitOf(() => compileFormula(`WORKDAY("2027-01-01", 5, "${holidays}")`, undefined, { limits: { maxSteps: 300 } }).evaluate({}))).toBe('steps');
  });

  it('SET_TIMEZONE charges the zone read like any date in a zone; SET_LOCALE charges its names', () => {
    const utc = compileFormula('DATETIME_FORMAT("2026-11-24", "dddd MMMM")');
    const zoned = compileFormula('DATETIME_FORMAT(SET_TIMEZONE("2026-11-24", "Asia/Tokyo"), "dddd MMMM")');
    const localised = compileFormula('DATETIME_FORMAT(SET_LOCALE("2026-11-24", "fr"), "dddd MMMM")');
    for (const f of [utc, zoned, localised]) f.evaluate({});
    expect(zoned.usage.steps).toBeGreaterThan(utc.usage.steps + 10);
    expect(localised.usage.steps).toBeGreaterThan(utc.usage.steps + 10);
  });

  it.each([
    'EVEN({Bedrooms}) = 4',
    'LOG({Price}) > 6',
    'EXP({Bedrooms}) > 1',
    'WORKDAY_DIFF({Listing Date}, TODAY()) > 5',
    'IS_AFTER(WORKDAY({Listing Date}, 5), TODAY())',
    'DATETIME_FORMAT(SET_TIMEZONE({Listing Date}, "Asia/Tokyo")) = ""',
    'DATETIME_FORMAT(SET_LOCALE({Listing Date}, "fr")) = ""',
    'IS_AFTER(LAST_MODIFIED_TIME(), TODAY())',
  ])('an anonymous caller may not ask %s', (formula) => {
    expect(() => checkPublicFormula(formula)).toThrow(PublicQueryError);
  });
});
