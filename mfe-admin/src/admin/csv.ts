/**
 * CSV export of the rows staff see (RFC 4180: comma-separated, CRLF line ends, fields quoted when needed).
 * A cell that begins with =, +, -, @, a tab or a carriage return gets a leading apostrophe, so a spreadsheet reads
 * it as text and never runs it as a formula (CSV/formula injection: a visitor typed it into a form). The same holds
 * when those characters follow leading white space (spreadsheets that trim on import would otherwise run them) and
 * for their full-width forms (＝ ＋ － ＠), which some spreadsheet programs also accept as a formula start.
 */

const FORMULA_START = /^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r]/;

/** Prefixes an apostrophe to text a spreadsheet would treat as a formula. */
export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One field: neutralised, then quoted when it holds a comma, quote, line break or edge spaces. */
export function csvField(text: string): string {
  const safe = neutraliseCell(text);
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A whole CSV document: a header row, then one row per entry of `rows` (each as long as `header`). */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** A file name for a table's export: `website-submissions-2026-01-31.csv`. */
export function csvFileName(table: string, date: Date = new Date()): string {
  const slug =
    table
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'records';
  const day = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return `${slug}-${day}.csv`;
}
