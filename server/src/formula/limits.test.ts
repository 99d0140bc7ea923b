/**
 * Each limit that bounds a formula's cost, at a small setting: the formula stops with a FormulaLimitError (the
 * records API's 422 INVALID_FILTER_BY_FORMULA) naming the limit, before the work it would have cost.
 */
import { compileFormula, DEFAULT_LIMITS, FORMULA_ERROR_VALUE, FormulaLimitError, type FieldsOf } from './index';

const listing: FieldsOf = { Description: 'Sunlit rooms over the lake. '.repeat(20), Bedrooms: 4 };

function limitOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (err) {
    if (err instanceof FormulaLimitError) return err.limit;
    throw err;
  }
  return undefined;
}

describe('limits checked while parsing', () => {
  it('length, nodes, depth and operators in a row', () => {
    expect(limitOf(() => compileFormula(`"${'x'.repeat(100)}"`, undefined, { limits: { maxLength: 50 } }))).toBe('length');
    expect(limitOf(() => compileFormula(`OR(${Array(40).fill('{Bedrooms} = 1').join(',')})`, undefined, { limits: { maxNodes: 100 } }))).toBe('nodes');
    expect(limitOf(() => compileFormula(`${'('.repeat(11)}1${')'.repeat(11)}`, undefined, { limits: { maxDepth: 10 } }))).toBe('depth');
    expect(limitOf(() => compileFormula(`${'NOT('.repeat(11)}1${')'.repeat(11)}`, undefined, { limits: { maxDepth: 10 } }))).toBe('depth');
    expect(limitOf(() => compileFormula(`${'-'.repeat(11)}1`, undefined, { limits: { maxDepth: 10 } }))).toBe('depth');
    expect(limitOf(() => compileFormula(Array(12).fill('1').join('+'), undefined, { limits: { maxChain: 10 } }))).toBe('chain');
    // just under each limit is fine
    expect(compileFormula(`${'('.repeat(10)}1${')'.repeat(10)}`, undefined, { limits: { maxDepth: 10 } }).evaluate({})).toBe(1);
    expect(compileFormula(Array(11).fill('1').join('+'), undefined, { limits: { maxChain: 10 } }).evaluate({})).toBe(11);
  });

  it('the defaults: deep nesting and long chains never reach the stack', () => {
    expect(limitOf(() => compileFormula(`${'('.repeat(100_000)}1${')'.repeat(100_000)}`))).toBe('length');
    expect(limitOf(() => compileFormula(`${'('.repeat(734)}1${')'.repeat(734)}`))).toBe('depth');
    expect(limitOf(() => compileFormula(Array(3_005).fill('1').join('+')))).toBe('chain');
    expect(compileFormula(Array(1_000).fill('1').join('+')).evaluate({})).toBe(1_000);
    expect(DEFAULT_LIMITS).toMatchObject({ maxLength: 65_536, maxNodes: 5_000, maxDepth: 64, maxChain: 1_000 });
  });

  it('the message names the limit and its value', () => {
    expect(() => compileFormula(`${'('.repeat(70)}1${')'.repeat(70)}`)).toThrow(/nests more than 64 levels deep .* the limit is 64 levels/);
    expect(() => compileFormula(`"${'x'.repeat(70_000)}"`)).toThrow('the formula is 70,002 characters long; the limit is 65,536 characters');
  });
});

describe('the budget of one request, summed over its records', () => {
  it('steps: nodes evaluated over every record', () => {
    const formula = compileFormula('AND({Bedrooms} > 1, {Bedrooms} < 9)', undefined, { limits: { maxSteps: 1_000 } });
    let evaluated = 0;
    expect(
      limitOf(() => {
        for (let i = 0; i < 1_000; i++) {
          formula.matches(listing);
          evaluated++;
        }
      }),
    ).toBe('steps');
    // 7 nodes a record: it stopped at the 143rd record, not at the end of the table
    expect(evaluated).toBe(142);
  });

  it('text: characters produced over every record', () => {
    const formula = compileFormula('LEN({Description} & {Description}) > 0', undefined, { limits: { maxTextChars: 20_000, textCharsPerRecord: 0 } });
    expect(limitOf(() => Array.from({ length: 100 }, () => formula.matches(listing)))).toBe('text');
  });

  it('text: one record may produce at most maxRecordTextChars, whatever the table; the request adds an allowance per record', () => {
    // 5 × 100,000 characters on every record: over one record's limit at the first record
    const hostile = compileFormula(`${Array.from({ length: 5 }, (_, i) => `LEN(REPT("${i}", 100000))`).join(' + ')} > 0`, undefined, {
      limits: { maxRecordTextChars: 400_000 },
    });
    let evaluated = 0;
    expect(
      limitOf(() => {
        for (; evaluated < 10_000; evaluated++) hostile.matches(listing);
      }),
    ).toBe('text');
    expect(evaluated).toBe(0);
    // 200,000 characters a record is within one record's limit, but over the allowance: stopped after a few hundred
    // records (32M / (200k - 64k) ≈ 247), not at the end of the table
    const heavy = compileFormula('LEN(REPT("ab", 50000)) + LEN(REPT("cd", 50000)) > 0');
    evaluated = 0;
    expect(
      limitOf(() => {
        for (; evaluated < 10_000; evaluated++) heavy.matches(listing);
      }),
    ).toBe('text');
    expect(evaluated).toBeGreaterThan(150);
    expect(evaluated).toBeLessThan(400);
    // ~10,000 characters a record (within the allowance) run over 10,000 records: 100M in all, over the base alone
    const honest = compileFormula('LEN(REPT({Description}, 18)) > 0');
    for (let i = 0; i < 10_000; i++) honest.matches(listing);
    expect(honest.usage.textChars).toBeGreaterThan(DEFAULT_LIMITS.maxTextChars);
  });

  it('one value: REPT, SUBSTITUTE, & and REGEX_REPLACE refuse before building a text over the limit', () => {
    const limits = { maxValueChars: 1_000 };
    expect(limitOf(() => compileFormula('REPT("abc", 1000000000)', undefined, { limits }).evaluate({}))).toBe('value');
    expect(limitOf(() => compileFormula('SUBSTITUTE({Description}, " ", REPT("-", 100))', undefined, { limits }).evaluate(listing))).toBe('value');
    expect(limitOf(() => compileFormula('{Description} & {Description}', undefined, { limits }).evaluate(listing))).toBe('value');
    expect(limitOf(() => compileFormula('REGEX_REPLACE({Description}, "", "xx")', undefined, { limits }).evaluate(listing))).toBe('value');
    expect(compileFormula('REPT("ab", 3)', undefined, { limits }).evaluate({})).toBe('ababab');
  });

  it('regex: the pattern length', () => {
    expect(
      limitOf(() => compileFormula(`REGEX_MATCH({Description}, "${'a'.repeat(20)}")`, undefined, { limits: { maxRegexLength: 10 } }).evaluate(listing)),
    ).toBe('regex');
  });

  it('a limit error is the records API 422 in Airtable shape', () => {
    try {
      compileFormula(`${'('.repeat(70)}1${')'.repeat(70)}`);
      throw new Error('expected a limit');
    } catch (err) {
      expect(err).toBeInstanceOf(FormulaLimitError);
      const limit = err as FormulaLimitError;
      expect(limit.status).toBe(422);
      expect(limit.body()).toEqual({
        error: { type: 'INVALID_FILTER_BY_FORMULA', message: expect.stringMatching(/^The formula for filtering records is invalid: the formula nests/) },
      });
    }
  });
});

describe('no backtracking, and every built-in pays for its work', () => {
  it("DATETIME_PARSE reads text and format in one pass: 'DD' × 25 on digits ending in a letter is simply not a date", () => {
    const formula = compileFormula(`DATETIME_PARSE("${'1'.repeat(50)}x", "${'DD'.repeat(25)}")`);
    expect(formula.evaluate({})).toBe(FORMULA_ERROR_VALUE);
    // without the letter it fits: every DD reads "11"
    expect((compileFormula(`DATETIME_PARSE("${'1'.repeat(50)}", "${'DD'.repeat(25)}")`).evaluate({}) as Date).getUTCDate()).toBe(11);
    // moment's greedy reading of each token: the same dates as before
    expect(compileFormula(`DATETIME_PARSE("  15 / 03 / 2026 ", "DD / MM / YYYY")`).evaluate({})).toEqual(new Date('2026-03-15T00:00:00.000Z'));
    expect(compileFormula(`DATETIME_PARSE("March 5th, 2026 9:05 pm", "MMMM Do, YYYY h:mm a")`).evaluate({})).toEqual(new Date('2026-03-05T21:05:00.000Z'));
    expect(compileFormula(`DATETIME_PARSE("-1.5", "X")`).evaluate({})).toEqual(new Date(-1500));
  });

  it('a long run of digits ending in a letter is not a number (read in one pass)', () => {
    expect(compileFormula(`REPT("1", 99999) & "x" > 1`).evaluate({})).toBe(false);
    expect(compileFormula(`VALUE("1.5e3") + ("-.5" * 2) + ("+2" * 1)`).evaluate({})).toBe(1501);
  });

  it("DATETIME_FORMAT: '[' without ']' a hundred thousand times is literal text; a long format stops at the text limit", () => {
    expect(compileFormula(`LEN(DATETIME_FORMAT("2026-11-24", REPT("[", 100000)))`).evaluate({})).toBe(100_000);
    expect(compileFormula(`DATETIME_FORMAT("2026-11-24", "[Q]Q [[YYYY] LL")`).evaluate({})).toBe('Q4 [YYYY November 24, 2026');
    // the format is over the limit of one value before it is expanded at all
    expect(limitOf(() => compileFormula(`DATETIME_FORMAT(NOW(), REPT('YYYY ', 150000))`).evaluate({}))).toBe('value');
    // a format within it: the format read and the text made count on every record, and the expansion is checked as it grows
    const long = compileFormula(`DATETIME_FORMAT({Listing Date}, REPT('YYYY ', 20000))`, undefined, { limits: { maxTextChars: 2_000_000 } });
    let records = 0;
    expect(
      limitOf(() => {
        for (; records < 72; records++) long.evaluate({ 'Listing Date': `2026-01-${String((records % 28) + 1).padStart(2, '0')}` });
      }),
    ).toBe('text');
    expect(records).toBeLessThan(10);
    expect(limitOf(() => compileFormula(`DATETIME_FORMAT(NOW(), REPT('LLLL', 20000))`).evaluate({}))).toBe('value');
  });

  it('REPT and SUBSTITUTE are charged before they build their text', () => {
    const limits = { maxTextChars: 1_000, textCharsPerRecord: 0 };
    expect(limitOf(() => compileFormula('REPT("ab", 600)', undefined, { limits }).evaluate({}))).toBe('text');
    expect(limitOf(() => compileFormula('SUBSTITUTE({Description}, "x", "y")', undefined, { limits }).evaluate(listing))).toBe('text');
  });

  it('SEARCH and FIND charge the text they read; a date read in a time zone charges Intl work as steps', () => {
    const search = compileFormula('SEARCH("lake", {Description})');
    search.evaluate(listing);
    expect(search.usage.textChars).toBeGreaterThanOrEqual(String(listing.Description).length);
    const utc = compileFormula('YEAR("2026-03-15")');
    const toronto = compileFormula('YEAR("2026-03-15")', undefined, { timeZone: 'America/Toronto' });
    utc.evaluate({});
    toronto.evaluate({});
    expect(toronto.usage.steps).toBeGreaterThan(utc.usage.steps + 20);
  });
});
