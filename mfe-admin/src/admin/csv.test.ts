import { csvField, csvFileName, neutraliseCell, toCsv } from './csv';

describe('neutraliseCell (formula injection)', () => {
  it.each(['=HYPERLINK("http://evil","x")', '+1 905 555 0100', '-2+3', '@SUM(A1:A2)', '\t=1+1', '\r=1+1'])('prefixes an apostrophe to %p', (text) => {
    expect(neutraliseCell(text)).toBe(`'${text}`);
  });
  // white space before the trigger: spreadsheets that trim cells on import would still run it
  it.each([' =1+1', '  +cmd', '\n=1+1', ' \t@SUM(A1)'])('prefixes an apostrophe to %p (leading white space)', (text) => {
    expect(neutraliseCell(text)).toBe(`'${text}`);
  });
  it.each(['\uFF1D1+1', '\uFF0BSUM(1)', '\uFF0D2', '\uFF20A1'])('prefixes an apostrophe to the full-width trigger %p', (text) => {
    expect(neutraliseCell(text)).toBe(`'${text}`);
  });
  it.each(['Jane Doe', 'jane@example.com', '905-555-0100', ' padded', '   ', 'a=b', "'quoted", ''])('leaves %p alone', (text) => {
    expect(neutraliseCell(text)).toBe(text);
  });
});

describe('csvField', () => {
  it('quotes fields with commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvField('line 1\r\nline 2')).toBe('"line 1\r\nline 2"');
    expect(csvField(' padded ')).toBe('" padded "');
    expect(csvField('plain')).toBe('plain');
  });
  it('neutralises before quoting, so a quoted formula is still text', () => {
    expect(csvField('=1+1,2')).toBe(`"'=1+1,2"`);
    expect(csvField('\r=cmd|" /C calc"!A0')).toBe(`"'\r=cmd|"" /C calc""!A0"`);
    expect(csvField('@x')).toBe("'@x");
  });
});

describe('toCsv', () => {
  it('writes a header and rows with CRLF line ends', () => {
    const csv = toCsv(
      ['name', 'message'],
      [
        ['Jane', 'Hello, world'],
        ['=evil()', ''],
      ],
    );
    expect(csv).toBe(`name,message\r\nJane,"Hello, world"\r\n'=evil(),\r\n`);
  });
  it('neutralises header cells too', () => {
    expect(toCsv(['-field'], [])).toBe(`'-field\r\n`);
  });
});

describe('csvFileName', () => {
  it('names the file after the table and the day', () => {
    expect(csvFileName('Website Submissions', new Date(2026, 0, 31))).toBe('website-submissions-2026-01-31.csv');
    expect(csvFileName('List With Us', new Date(2026, 11, 5))).toBe('list-with-us-2026-12-05.csv');
  });
});
