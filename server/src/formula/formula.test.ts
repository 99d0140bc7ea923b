import { compileFormula, FormulaError, FORMULA_ERROR_VALUE, tokenize } from './index';
import type { FieldsOf } from './index';

const home: FieldsOf = {
  'Property Name': 'Lakeview Estate at 12 Lakeshore Road East',
  'City/State': 'Oakville, ON',
  Location: 'Old Oakville',
  'Postal Code': 'L6J 1A1',
  'Property ID': 'W8100042',
  'Property Type': 'Detached Home',
  Price: 2_450_000,
  Bedrooms: 5,
  Bathrooms: 4.5,
  'Size (sq ft)': 4800,
  Featured: true,
  Status: ' Available ',
  Note: 'He said "hi" {not a field} and \\ left',
};

const run = (formula: string, fields: FieldsOf = home): unknown => compileFormula(formula).evaluate(fields);
const matches = (formula: string, fields: FieldsOf = home): boolean => compileFormula(formula).matches(fields);

describe('tokenizer', () => {
  it('reads strings in both quotes with escapes, and braces inside strings as text', () => {
    const tokens = tokenize(`'it\\'s' "say \\"hi\\"" "{Price}"`);
    expect(tokens.slice(0, 3).map((t) => (t.kind === 'string' ? t.value : t.kind))).toEqual(["it's", 'say "hi"', '{Price}']);
  });
  it('reads field names with spaces, slashes and parentheses', () => {
    const [t] = tokenize('{Size (sq ft)}');
    expect(t).toMatchObject({ kind: 'field', name: 'Size (sq ft)' });
  });
  it('rejects an unterminated string or field', () => {
    expect(() => tokenize(`"abc`)).toThrow(FormulaError);
    expect(() => tokenize(`{Price`)).toThrow(/Unterminated field/);
  });
});

describe('literals and operators', () => {
  it('evaluates arithmetic with precedence and unary minus', () => {
    expect(run('1 + 2 * 3')).toBe(7);
    expect(run('(1 + 2) * 3')).toBe(9);
    expect(run('-2 + 5')).toBe(3);
    expect(run('10 / 4')).toBe(2.5);
    expect(run('{Price} / 1000 - 450')).toBe(2000);
  });
  it('joins text with &, numbers and booleans as text', () => {
    expect(run(`"a" & 1 & TRUE()`)).toBe('a11');
    expect(run(`{Location} & ", " & {City/State}`)).toBe('Old Oakville, Oakville, ON');
  });
  it('compares numbers and text', () => {
    expect(matches('{Price} <= 2450000')).toBe(true);
    expect(matches('{Price} < 2450000')).toBe(false);
    expect(matches('{Bedrooms} >= 5')).toBe(true);
    expect(matches(`{Property Type} = 'Detached Home'`)).toBe(true);
    expect(matches(`{Property Type} != 'Condo'`)).toBe(true);
    expect(matches(`{Property Type} = 'detached home'`)).toBe(false);
    expect(matches(`"apple" < "banana"`)).toBe(true);
  });
  it('TRUE() and FALSE() and checkbox fields', () => {
    expect(matches('TRUE()')).toBe(true);
    expect(matches('FALSE()')).toBe(false);
    expect(matches('{Featured}')).toBe(true);
    expect(matches('{Featured} = TRUE()')).toBe(true);
    expect(matches('{Featured} = 1')).toBe(true);
    expect(matches('{Featured}', { Featured: false })).toBe(false);
  });
  it('division by zero is an error and the record does not match', () => {
    expect(run('1/0')).toBe(FORMULA_ERROR_VALUE);
    expect(matches('1/0 = 1')).toBe(false);
    // an error is a value that flows through NOT, IF and OR: the record is dropped (Airtable's #ERROR!)
    expect(matches('NOT(1/0)')).toBe(false);
    expect(matches('IF(1/0, 0, 1)')).toBe(false);
    expect(matches('OR(1/0, 1)')).toBe(false);
  });
});

describe('numeric comparison on text fields', () => {
  it('reads numbers written as text with separators and currency signs', () => {
    expect(matches('{Price} <= 1300000', { Price: '1,250,000' })).toBe(true);
    expect(matches('{Price} > 1300000', { Price: '$1,250,000' })).toBe(false);
    expect(matches('{Bedrooms} >= 3', { Bedrooms: '4' })).toBe(true);
  });
  it('text that is not a number never passes a numeric comparison', () => {
    expect(matches('{Price} <= 99999999', { Price: 'Not specified' })).toBe(false);
    expect(matches('{Price} >= 0', { Price: 'Not specified' })).toBe(false);
    expect(matches('{Price} = 0', { Price: 'Not specified' })).toBe(false);
  });
  it('blank fields are 0 and empty text', () => {
    expect(matches('{Price} <= 500000', {})).toBe(true);
    expect(matches(`{Price} = ''`, {})).toBe(true);
    expect(matches(`{Price} = 0`, {})).toBe(true);
    expect(matches(`{Status} = ''`, { Status: '' })).toBe(true);
    expect(matches(`{Status}`, {})).toBe(false);
  });
  it('VALUE reads numbers out of text', () => {
    expect(run(`VALUE("$1,250,000")`)).toBe(1250000);
    expect(run(`VALUE({Price}) * 2`, { Price: '1,000' })).toBe(2000);
    expect(run(`VALUE("")`)).toBe(0);
  });
});

describe('text functions', () => {
  it('SEARCH is case-insensitive, 1-based, blank when missing; FIND is case-sensitive and 0 when missing', () => {
    expect(run(`SEARCH("oak", {City/State})`)).toBe(1);
    expect(run(`SEARCH("ON", "Oakville, ON")`)).toBe(11);
    expect(run(`SEARCH("toronto", {City/State})`)).toBeNull();
    expect(run(`FIND("oak", {City/State})`)).toBe(0);
    expect(run(`FIND("Oak", {City/State})`)).toBe(1);
    expect(run(`FIND("o", "foo", 3)`)).toBe(3);
  });
  it('LOWER, UPPER, TRIM, LEN', () => {
    expect(run(`LOWER({City/State})`)).toBe('oakville, on');
    expect(run(`UPPER("abc")`)).toBe('ABC');
    expect(run(`TRIM({Status})`)).toBe('Available');
    expect(run(`LEN({Status})`)).toBe(11);
    expect(matches(`LOWER(TRIM({Status})) = "available"`)).toBe(true);
  });
  it('quotes and braces inside search text are plain text', () => {
    const note = { Note: 'Oak"ville {Price} \\ end' };
    expect(matches(`SEARCH("oak\\"ville", {Note})`, note)).toBe(true);
    expect(matches(`SEARCH('{price}', LOWER({Note}))`, note)).toBe(true);
    expect(matches(`SEARCH("\\\\", {Note})`, note)).toBe(true);
    expect(matches(`SEARCH("\\"), TRUE(), (\\"", {Note})`, note)).toBe(false);
  });
  it('the site search formula: an AND of location and filters', () => {
    const formula = `AND(OR(SEARCH(LOWER("oakville"), LOWER({Location})), SEARCH(LOWER("oakville"), LOWER({City/State})), SEARCH(LOWER("oakville"), LOWER({Postal Code})), SEARCH(LOWER("oakville"), LOWER({Property ID}))), {Price} <= 3000000, {Property Type} = "Detached Home", {Bedrooms} >= 4, {Bathrooms} >= 4, {Size (sq ft)} <= 5000)`;
    expect(matches(formula)).toBe(true);
    expect(matches(formula, { ...home, Price: 3_500_000 })).toBe(false);
    expect(matches(formula, { ...home, 'City/State': 'Burlington, ON', Location: 'Roseland' })).toBe(false);
  });
});

describe('logic', () => {
  it('AND, OR, NOT and IF', () => {
    expect(matches('AND(1, "x", TRUE())')).toBe(true);
    expect(matches('AND(1, "")')).toBe(false);
    expect(matches('OR(0, FALSE(), "x")')).toBe(true);
    expect(matches('NOT(0)')).toBe(true);
    expect(run(`IF({Price} > 1000000, "luxury", "entry")`)).toBe('luxury');
    expect(run(`IF(FALSE(), "x")`)).toBeNull();
  });
  it('function names are case-insensitive; one-word fields need no braces', () => {
    expect(matches(`and(lower("A") = "a", true())`)).toBe(true);
    expect(matches('Price > 1000000')).toBe(true);
  });
});

describe('errors name the problem', () => {
  it('unknown functions', () => {
    expect(() => compileFormula('SOUNDEX({Status}, "a")')).toThrow('Unknown function names: SOUNDEX');
    expect(() => compileFormula('NOPE()')).toThrow(/NOPE/);
  });
  it('unknown fields when the table fields are known', () => {
    expect(() => compileFormula('{Nope} = 1', new Set(['Price']))).toThrow('Unknown field names: Nope');
    expect(() => compileFormula('{Price} = 1', new Set(['Price']))).not.toThrow();
  });
  it('syntax errors', () => {
    expect(() => compileFormula('AND(1, 2')).toThrow(/Missing "\)"/);
    expect(() => compileFormula('1 +')).toThrow(/Unexpected end of formula/);
    expect(() => compileFormula('1 2')).toThrow(/Unexpected number 2/);
    expect(() => compileFormula('1 % 2')).toThrow(/Unexpected character "%"/);
    expect(() => compileFormula('NOT()')).toThrow(/NOT takes 1 argument, got 0/);
    expect(() => compileFormula('IF(1)')).toThrow(/IF takes 2 to 3 arguments/);
    expect(() => compileFormula('')).toThrow(FormulaError);
  });
});
