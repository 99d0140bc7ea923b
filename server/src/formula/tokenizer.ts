/**
 * Tokenizer for Airtable formulas: numbers, strings in single or double quotes (backslash escapes),
 * {Field Name} references (a backslash escapes a brace inside), bare words, operators and punctuation.
 * A backslash before any other character is kept (so "\d+" reaches REGEX_MATCH as \d+). Linear in the text.
 */
import { FormulaError, FormulaLimitError } from './errors';
import { DEFAULT_LIMITS, formatCount } from './limits';

export type Token =
  | { kind: 'number'; value: number; pos: number }
  | { kind: 'string'; value: string; pos: number }
  | { kind: 'field'; name: string; pos: number }
  | { kind: 'word'; name: string; pos: number }
  | { kind: 'op'; op: Operator; pos: number }
  | { kind: 'lparen' | 'rparen' | 'comma' | 'end'; pos: number };

export type Operator = '&' | '+' | '-' | '*' | '/' | '=' | '!=' | '<' | '>' | '<=' | '>=';

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"' };

const NUMBER = /(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/y;
const WORD = /[A-Za-z_][A-Za-z0-9_]*/y;

export function tokenize(text: string, maxLength: number = DEFAULT_LIMITS.maxLength): Token[] {
  if (text.length > maxLength) {
    throw new FormulaLimitError('length', `the formula is ${formatCount(text.length)} characters long; the limit is ${formatCount(maxLength)} characters`);
  }
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const pos = i;
    if (c === '"' || c === "'") {
      let value = '';
      i++;
      let closed = false;
      while (i < text.length) {
        const ch = text[i] as string;
        if (ch === '\\' && i + 1 < text.length) {
          const next = text[i + 1] as string;
          value += ESCAPES[next] ?? `\\${next}`;
          i += 2;
          continue;
        }
        if (ch === c) {
          closed = true;
          i++;
          break;
        }
        value += ch;
        i++;
      }
      if (!closed) throw new FormulaError(`Unterminated string starting at character ${pos + 1}`, pos);
      tokens.push({ kind: 'string', value, pos });
      continue;
    }
    if (c === '{') {
      let name = '';
      i++;
      let closed = false;
      while (i < text.length) {
        const ch = text[i] as string;
        if (ch === '\\' && i + 1 < text.length) {
          name += text[i + 1];
          i += 2;
          continue;
        }
        if (ch === '}') {
          closed = true;
          i++;
          break;
        }
        name += ch;
        i++;
      }
      if (!closed) throw new FormulaError(`Unterminated field reference starting at character ${pos + 1}`, pos);
      tokens.push({ kind: 'field', name, pos });
      continue;
    }
    if (/[0-9.]/.test(c)) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(text);
      if (!m) throw new FormulaError(`Unexpected character "${c}" at character ${pos + 1}`, pos);
      tokens.push({ kind: 'number', value: Number(m[0]), pos });
      i += m[0].length;
      continue;
    }
    if (/[A-Za-z_]/.test(c)) {
      WORD.lastIndex = i;
      const m = WORD.exec(text) as RegExpExecArray;
      tokens.push({ kind: 'word', name: m[0], pos });
      i += m[0].length;
      continue;
    }
    const two = text.slice(i, i + 2);
    if (two === '!=' || two === '<=' || two === '>=') {
      tokens.push({ kind: 'op', op: two, pos });
      i += 2;
      continue;
    }
    if (two === '<>') {
      tokens.push({ kind: 'op', op: '!=', pos });
      i += 2;
      continue;
    }
    if ('&+-*/=<>'.includes(c)) {
      tokens.push({ kind: 'op', op: c as Operator, pos });
      i++;
      continue;
    }
    if (c === '(') tokens.push({ kind: 'lparen', pos });
    else if (c === ')') tokens.push({ kind: 'rparen', pos });
    else if (c === ',') tokens.push({ kind: 'comma', pos });
    else throw new FormulaError(`Unexpected character "${c}" at character ${pos + 1}`, pos);
    i++;
  }
  tokens.push({ kind: 'end', pos: text.length });
  return tokens;
}
