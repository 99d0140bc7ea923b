/**
 * Parser: tokens to an expression tree. Precedence, lowest first: comparison (= != < > <= >=), & (join),
 * + -, * /, unary minus, then literals, {Field} references, function calls and parentheses.
 * Operators of one level in a row (`1+1+…+1`, `a&b&c`) become one chain, evaluated left to right in a loop, so a
 * long flat formula adds no depth. The parser counts nodes and nesting (parentheses, calls, unary signs) as it
 * goes and stops at the limits (limits.ts) before it could run out of stack: a limit answers 422 naming it.
 */
import { FormulaError, FormulaLimitError } from './errors';
import { FUNCTIONS as FUNCTION_SPECS } from './functions';
import { DEFAULT_LIMITS, formatCount, type FormulaLimits } from './limits';
import { tokenize, type Operator, type Token } from './tokenizer';

export type Expr =
  | { type: 'literal'; value: string | number }
  | { type: 'field'; name: string; pos: number }
  | { type: 'call'; name: string; args: Expr[]; pos: number }
  | { type: 'unary'; op: '-'; operand: Expr }
  /** operands[0] ops[0] operands[1] ops[1] operands[2] …, left to right; all ops of one precedence level. */
  | { type: 'chain'; ops: Operator[]; operands: Expr[] };

/** The functions the evaluator knows, upper-case, with their argument counts. */
export const FUNCTIONS: Readonly<Record<string, { min: number; max: number }>> = Object.fromEntries(
  Object.entries(FUNCTION_SPECS).map(([name, spec]) => [name, { min: spec.min, max: spec.max }]),
);

const COMPARISON: ReadonlySet<Operator> = new Set(['=', '!=', '<', '>', '<=', '>=']);
const JOIN: ReadonlySet<Operator> = new Set(['&']);
const ADDITIVE: ReadonlySet<Operator> = new Set(['+', '-']);
const MULTIPLICATIVE: ReadonlySet<Operator> = new Set(['*', '/']);

class Parser {
  private i = 0;
  private nodes = 0;
  private depth = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly limits: Readonly<FormulaLimits>,
  ) {}

  private peek(): Token {
    return this.tokens[this.i] as Token;
  }

  private take(): Token {
    return this.tokens[this.i++] as Token;
  }

  private node<T extends Expr>(expr: T): T {
    if (++this.nodes > this.limits.maxNodes) {
      throw new FormulaLimitError(
        'nodes',
        `the formula has more than ${formatCount(this.limits.maxNodes)} parts (values, fields, operators and calls); the limit is ${formatCount(this.limits.maxNodes)}`,
      );
    }
    return expr;
  }

  private enter(pos: number): void {
    if (++this.depth > this.limits.maxDepth) {
      throw new FormulaLimitError(
        'depth',
        `the formula nests more than ${formatCount(this.limits.maxDepth)} levels deep (parentheses, functions and signs) at character ${pos + 1}; the limit is ${formatCount(this.limits.maxDepth)} levels`,
        pos,
      );
    }
  }

  private leave(): void {
    this.depth--;
  }

  parseFormula(): Expr {
    const expr = this.comparison();
    const next = this.peek();
    if (next.kind !== 'end') throw new FormulaError(`Unexpected ${describe(next)} at character ${next.pos + 1}`, next.pos);
    return expr;
  }

  private chainLevel(ops: ReadonlySet<Operator>, next: () => Expr): Expr {
    const first = next();
    let t = this.peek();
    if (!(t.kind === 'op' && ops.has(t.op))) return first;
    const chain = this.node<Expr & { type: 'chain' }>({ type: 'chain', ops: [], operands: [first] });
    while (t.kind === 'op' && ops.has(t.op)) {
      this.take();
      if (chain.ops.length >= this.limits.maxChain) {
        throw new FormulaLimitError(
          'chain',
          `the formula has more than ${formatCount(this.limits.maxChain)} operators in a row at character ${t.pos + 1}; the limit is ${formatCount(this.limits.maxChain)} (group the terms with a function such as SUM or AND)`,
          t.pos,
        );
      }
      chain.ops.push(t.op);
      chain.operands.push(next());
      t = this.peek();
    }
    return chain;
  }

  private comparison(): Expr {
    return this.chainLevel(COMPARISON, () => this.join());
  }

  private join(): Expr {
    return this.chainLevel(JOIN, () => this.additive());
  }

  private additive(): Expr {
    return this.chainLevel(ADDITIVE, () => this.multiplicative());
  }

  private multiplicative(): Expr {
    return this.chainLevel(MULTIPLICATIVE, () => this.unary());
  }

  private unary(): Expr {
    const t = this.peek();
    if (t.kind === 'op' && (t.op === '-' || t.op === '+')) {
      this.take();
      this.enter(t.pos);
      const operand = this.unary();
      this.leave();
      return t.op === '-' ? this.node({ type: 'unary', op: '-', operand }) : operand;
    }
    return this.primary();
  }

  private primary(): Expr {
    const t = this.take();
    switch (t.kind) {
      case 'number':
        return this.node({ type: 'literal', value: t.value });
      case 'string':
        return this.node({ type: 'literal', value: t.value });
      case 'field':
        return this.node({ type: 'field', name: t.name, pos: t.pos });
      case 'lparen': {
        this.enter(t.pos);
        const inner = this.comparison();
        this.leave();
        const close = this.take();
        if (close.kind !== 'rparen') throw new FormulaError(`Missing ")" at character ${close.pos + 1}`, close.pos);
        return inner;
      }
      case 'word': {
        if (this.peek().kind !== 'lparen') {
          // Airtable accepts a one-word field name without braces
          return this.node({ type: 'field', name: t.name, pos: t.pos });
        }
        const name = t.name.toUpperCase();
        const spec = FUNCTIONS[name];
        if (!spec) throw new FormulaError(`Unknown function names: ${t.name}`, t.pos);
        this.take();
        this.enter(t.pos);
        const call = this.node<Expr & { type: 'call' }>({ type: 'call', name, args: [], pos: t.pos });
        if (this.peek().kind !== 'rparen') {
          for (;;) {
            call.args.push(this.comparison());
            const sep = this.peek();
            if (sep.kind === 'comma') {
              this.take();
              continue;
            }
            break;
          }
        }
        this.leave();
        const close = this.take();
        if (close.kind !== 'rparen') throw new FormulaError(`Missing ")" after the arguments of ${name} at character ${close.pos + 1}`, close.pos);
        const count = call.args.length;
        if (count < spec.min || count > spec.max) {
          const wanted = spec.min === spec.max ? `${spec.min}` : spec.max === Infinity ? `at least ${spec.min}` : `${spec.min} to ${spec.max}`;
          throw new FormulaError(`${name} takes ${wanted} argument${spec.max === 1 && spec.min === 1 ? '' : 's'}, got ${count}`, t.pos);
        }
        return call;
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

export function parseFormula(text: string, limits: Readonly<FormulaLimits> = DEFAULT_LIMITS): Expr {
  return new Parser(tokenize(text, limits.maxLength), limits).parseFormula();
}

/** Every field name the expression reads (iterative: no recursion over the tree). */
export function referencedFields(expr: Expr, into: Set<string> = new Set()): Set<string> {
  const stack: Expr[] = [expr];
  for (let e = stack.pop(); e; e = stack.pop()) {
    if (e.type === 'field') into.add(e.name);
    else if (e.type === 'call') stack.push(...e.args);
    else if (e.type === 'unary') stack.push(e.operand);
    else if (e.type === 'chain') stack.push(...e.operands);
  }
  return into;
}
