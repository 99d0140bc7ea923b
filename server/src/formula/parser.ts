/**
 * Parser: tokens to an expression tree. Precedence, lowest first: comparison (= != < > <= >=), & (join),
 * + -, * /, unary minus, then literals, {Field} references, function calls and parentheses.
 */
import { FormulaError } from './errors';
import { tokenize, type Operator, type Token } from './tokenizer';

export type Expr =
  | { type: 'literal'; value: string | number }
  | { type: 'field'; name: string; pos: number }
  | { type: 'call'; name: string; args: Expr[]; pos: number }
  | { type: 'unary'; op: '-'; operand: Expr }
  | { type: 'binary'; op: Operator; left: Expr; right: Expr };

/** The functions the evaluator knows, upper-case, with their argument counts. */
export const FUNCTIONS: Readonly<Record<string, { min: number; max: number }>> = {
  AND: { min: 1, max: Infinity },
  OR: { min: 1, max: Infinity },
  NOT: { min: 1, max: 1 },
  IF: { min: 2, max: 3 },
  SEARCH: { min: 2, max: 3 },
  FIND: { min: 2, max: 3 },
  LOWER: { min: 1, max: 1 },
  UPPER: { min: 1, max: 1 },
  TRIM: { min: 1, max: 1 },
  LEN: { min: 1, max: 1 },
  VALUE: { min: 1, max: 1 },
  TRUE: { min: 0, max: 0 },
  FALSE: { min: 0, max: 0 },
};

const COMPARISON: ReadonlySet<Operator> = new Set(['=', '!=', '<', '>', '<=', '>=']);

class Parser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.i] as Token;
  }

  private take(): Token {
    return this.tokens[this.i++] as Token;
  }

  parseFormula(): Expr {
    const expr = this.comparison();
    const next = this.peek();
    if (next.kind !== 'end') throw new FormulaError(`Unexpected ${describe(next)} at character ${next.pos + 1}`, next.pos);
    return expr;
  }

  private binaryLevel(ops: ReadonlySet<Operator>, next: () => Expr): Expr {
    let left = next();
    for (;;) {
      const t = this.peek();
      if (t.kind === 'op' && ops.has(t.op)) {
        this.take();
        left = { type: 'binary', op: t.op, left, right: next() };
      } else return left;
    }
  }

  private comparison(): Expr {
    return this.binaryLevel(COMPARISON, () => this.join());
  }

  private join(): Expr {
    return this.binaryLevel(new Set<Operator>(['&']), () => this.additive());
  }

  private additive(): Expr {
    return this.binaryLevel(new Set<Operator>(['+', '-']), () => this.multiplicative());
  }

  private multiplicative(): Expr {
    return this.binaryLevel(new Set<Operator>(['*', '/']), () => this.unary());
  }

  private unary(): Expr {
    const t = this.peek();
    if (t.kind === 'op' && (t.op === '-' || t.op === '+')) {
      this.take();
      const operand = this.unary();
      return t.op === '-' ? { type: 'unary', op: '-', operand } : operand;
    }
    return this.primary();
  }

  private primary(): Expr {
    const t = this.take();
    switch (t.kind) {
      case 'number':
        return { type: 'literal', value: t.value };
      case 'string':
        return { type: 'literal', value: t.value };
      case 'field':
        return { type: 'field', name: t.name, pos: t.pos };
      case 'lparen': {
        const inner = this.comparison();
        const close = this.take();
        if (close.kind !== 'rparen') throw new FormulaError(`Missing ")" at character ${close.pos + 1}`, close.pos);
        return inner;
      }
      case 'word': {
        if (this.peek().kind !== 'lparen') {
          // Airtable accepts a one-word field name without braces
          return { type: 'field', name: t.name, pos: t.pos };
        }
        const name = t.name.toUpperCase();
        const spec = FUNCTIONS[name];
        if (!spec) throw new FormulaError(`Unknown function names: ${t.name}`, t.pos);
        this.take();
        const args: Expr[] = [];
        if (this.peek().kind !== 'rparen') {
          for (;;) {
            args.push(this.comparison());
            const sep = this.peek();
            if (sep.kind === 'comma') {
              this.take();
              continue;
            }
            break;
          }
        }
        const close = this.take();
        if (close.kind !== 'rparen') throw new FormulaError(`Missing ")" after the arguments of ${name} at character ${close.pos + 1}`, close.pos);
        if (args.length < spec.min || args.length > spec.max) {
          const wanted = spec.min === spec.max ? `${spec.min}` : spec.max === Infinity ? `at least ${spec.min}` : `${spec.min} to ${spec.max}`;
          throw new FormulaError(`${name} takes ${wanted} argument${spec.max === 1 && spec.min === 1 ? '' : 's'}, got ${args.length}`, t.pos);
        }
        return { type: 'call', name, args, pos: t.pos };
      }
      default:
        throw new FormulaError(`Unexpected ${describe(t)} at character ${t.pos + 1}`, t.pos);
    }
  }
}

function describe(t: Token): string {
  switch (t.kind) {
    case 'end':
      return 'end of formula';
    case 'op':
      return `"${t.op}"`;
    case 'lparen':
      return '"("';
    case 'rparen':
      return '")"';
    case 'comma':
      return '","';
    case 'word':
      return `"${t.name}"`;
    case 'field':
      return `{${t.name}}`;
    case 'string':
      return 'text';
    case 'number':
      return `number ${t.value}`;
  }
}

export function parseFormula(text: string): Expr {
  return new Parser(tokenize(text)).parseFormula();
}

/** Every field name the expression reads. */
export function referencedFields(expr: Expr, into: Set<string> = new Set()): Set<string> {
  switch (expr.type) {
    case 'field':
      into.add(expr.name);
      break;
    case 'call':
      expr.args.forEach((a) => referencedFields(a, into));
      break;
    case 'unary':
      referencedFields(expr.operand, into);
      break;
    case 'binary':
      referencedFields(expr.left, into);
      referencedFields(expr.right, into);
      break;
    default:
      break;
  }
  return into;
}
