import type { Expr } from './jinja-ast';
import { fail } from './jinja-error';
import { hasFilter, hasTest } from './jinja-filters';

// Jinja2's expression grammar, by its precedence (lowest first): `x if c else y`, or, and, not,
// comparisons and `in`, + -, ~, * / // %, **, unary - +, then postfix (`.a`, `[i]`, `(args)`) and
// filters/tests, which bind tighter than arithmetic (`a + b | upper` is `a + (b | upper)`).
// Unknown filters and tests are errors when the template is parsed, as in Jinja2, even in a branch
// never taken. Nesting is capped so no input can exhaust the stack.

type Token = { readonly kind: 'name' | 'string' | 'number' | 'op' | 'end'; readonly value: string; readonly at: number; readonly literal?: unknown };

const OPERATORS = ['**', '//', '==', '!=', '<=', '>=', '+', '-', '/', '*', '%', '~', '[', ']', '(', ')', '{', '}', '<', '>', '=', '.', ':', '|', ',', ';'];
const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '0': '\0' };
const MAX_NESTING = 64;

function tokenize(source: string, base: number): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const at = base + i;
    const rest = source.slice(i, i + 64);
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest);
    const number = /^\d[\d_]*(\.\d[\d_]*)?([eE][+-]?\d+)?/.exec(rest);
    if (word) {
      // A long name: read it whole (the 64-character window only speeds up the common case).
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i))![0];
      tokens.push({ kind: 'name', value: name, at });
      i += name.length;
    } else if (number) {
      tokens.push({ kind: 'number', value: number[0], at, literal: Number(number[0].replace(/_/g, '')) });
      i += number[0].length;
    } else if (c === '"' || c === "'") {
      let value = '';
      let j = i + 1;
      for (; j < source.length && source[j] !== c; j++) {
        if (source[j] === '\\' && j + 1 < source.length) value += ESCAPES[source[++j]!] ?? `\\${source[j]}`;
        else value += source[j];
      }
      if (j >= source.length) fail('syntax', 'unexpected end of string', at);
      tokens.push({ kind: 'string', value, at, literal: value });
      i = j + 1;
    } else {
      const op = OPERATORS.find((o) => source.startsWith(o, i));
      if (!op) fail('syntax', `unexpected char ${JSON.stringify(c)}`, at);
      tokens.push({ kind: 'op', value: op, at });
      i += op.length;
    }
  }
  tokens.push({ kind: 'end', value: '', at: base + source.length });
  return tokens;
}

const COMPARE = new Set(['==', '!=', '<', '>', '<=', '>=']);
const PRIMARY_START = new Set(['name', 'string', 'number']);

/** A parser over one tag's or one `{{ }}`'s tokens. */
export class ExpressionParser {
  private readonly tokens: Token[];
  private pos = 0;
  private depth = 0;
  /** The first unknown filter or test: Jinja2 fails on it when compiling, unless it is conditional. */
  private unknown: { message: string; at: number } | undefined;
  private conditional = false;

  constructor(source: string, base: number) {
    this.tokens = tokenize(source, base);
  }

  get current(): Token {
    return this.tokens[this.pos]!;
  }

  /** The next token is the name `name` (consumed if so). */
  skipName(name: string): boolean {
    if (this.current.kind === 'name' && this.current.value === name) return !!++this.pos;
    return false;
  }

  skipOp(op: string): boolean {
    if (this.current.kind === 'op' && this.current.value === op) return !!++this.pos;
    return false;
  }

  peekName(name: string, ahead = 0): boolean {
    const t = this.tokens[this.pos + ahead];
    return t?.kind === 'name' && t.value === name;
  }

  expectOp(op: string): void {
    if (!this.skipOp(op)) this.unexpected(`expected "${op}"`);
  }

  expectName(): Token {
    const t = this.current;
    if (t.kind !== 'name') this.unexpected('expected a name');
    this.pos++;
    return t;
  }

  atEnd(): boolean {
    return this.current.kind === 'end';
  }

  /**
   * The end of the tag. `soft`: the tag is directly inside an `{% if %}` (or is one), where
   * Jinja2 leaves an unknown filter or test to fail only if it is reached, as in an inline `if`.
   */
  expectEnd(soft = false): void {
    if (!this.atEnd()) this.unexpected('expected the end of the statement');
    if (this.unknown && !soft && !this.conditional) fail('syntax', this.unknown.message, this.unknown.at);
  }

  unexpected(what: string): never {
    const t = this.current;
    return fail('syntax', t.kind === 'end' ? `unexpected end of statement (${what})` : `unexpected ${JSON.stringify(t.value)} (${what})`, t.at);
  }

  /** An expression, or comma-separated ones as a tuple (`{{ a, b }}`, `set x = 1, 2`). */
  parseTuple(): Expr {
    const at = this.current.at;
    const first = this.parseExpression();
    if (this.current.kind !== 'op' || this.current.value !== ',') return first;
    const items = [first];
    while (this.skipOp(',') && !this.atEnd()) items.push(this.parseExpression());
    return { type: 'tuple', items, at };
  }

  parseExpression(withCondition = true): Expr {
    if (++this.depth > MAX_NESTING) fail('limit', `expression nested more than ${MAX_NESTING} levels deep`, this.current.at);
    const at = this.current.at;
    let expr = this.parseOr();
    while (withCondition && this.skipName('if')) {
      this.conditional = true;
      const test = this.parseOr();
      expr = this.skipName('else') ? { type: 'cond', test, then: expr, otherwise: this.parseExpression(), at } : { type: 'cond', test, then: expr, at };
    }
    this.depth--;
    return expr;
  }

  private parseOr(): Expr {
    let left = this.parseAnd();
    for (let at = this.current.at; this.skipName('or'); at = this.current.at) left = { type: 'binary', op: 'or', left, right: this.parseAnd(), at };
    return left;
  }

  private parseAnd(): Expr {
    let left = this.parseNot();
    for (let at = this.current.at; this.skipName('and'); at = this.current.at) left = { type: 'binary', op: 'and', left, right: this.parseNot(), at };
    return left;
  }

  private parseNot(): Expr {
    const at = this.current.at;
    if (this.skipName('not')) return { type: 'unary', op: 'not', value: this.nested(() => this.parseNot()), at };
    return this.parseCompare();
  }

  private parseCompare(): Expr {
    const at = this.current.at;
    const first = this.parseBinary(0);
    const rest: [string, Expr][] = [];
    for (;;) {
      const t = this.current;
      if (t.kind === 'op' && COMPARE.has(t.value)) {
        this.pos++;
        rest.push([t.value, this.parseBinary(0)]);
      } else if (this.skipName('in')) rest.push(['in', this.parseBinary(0)]);
      else if (this.peekName('not') && this.peekName('in', 1)) {
        this.pos += 2;
        rest.push(['not in', this.parseBinary(0)]);
      } else break;
    }
    return rest.length === 0 ? first : { type: 'compare', first, rest, at };
  }

  // + -, then ~, then * / // %, then **: one loop per level.
  private static readonly LEVELS: readonly (readonly string[])[] = [['+', '-'], ['~'], ['*', '/', '//', '%'], ['**']];

  private parseBinary(level: number): Expr {
    if (level === ExpressionParser.LEVELS.length) return this.parseUnary(true);
    const ops = ExpressionParser.LEVELS[level]!;
    let left = this.parseBinary(level + 1);
    for (;;) {
      const t = this.current;
      if (t.kind !== 'op' || !ops.includes(t.value)) return left;
      this.pos++;
      left = { type: 'binary', op: t.value, left, right: this.parseBinary(level + 1), at: t.at };
    }
  }

  private nested<T>(parse: () => T): T {
    if (++this.depth > MAX_NESTING) fail('limit', `expression nested more than ${MAX_NESTING} levels deep`, this.current.at);
    const value = parse();
    this.depth--;
    return value;
  }

  private parseUnary(withFilter: boolean): Expr {
    const t = this.current;
    let expr: Expr;
    if (t.kind === 'op' && (t.value === '-' || t.value === '+')) {
      this.pos++;
      expr = { type: 'unary', op: t.value, value: this.nested(() => this.parseUnary(false)), at: t.at };
    } else expr = this.parsePostfix(this.parsePrimary());
    return withFilter ? this.parseFilters(expr) : expr;
  }

  private parsePrimary(): Expr {
    const t = this.current;
    if (t.kind === 'name') {
      this.pos++;
      if (t.value === 'true' || t.value === 'True') return { type: 'literal', value: true, at: t.at };
      if (t.value === 'false' || t.value === 'False') return { type: 'literal', value: false, at: t.at };
      if (t.value === 'none' || t.value === 'None') return { type: 'literal', value: null, at: t.at };
      return { type: 'name', name: t.value, at: t.at };
    }
    if (t.kind === 'string') {
      let value = '';
      while (this.current.kind === 'string') value += this.tokens[this.pos++]!.value;
      return { type: 'literal', value, at: t.at };
    }
    if (t.kind === 'number') {
      this.pos++;
      return { type: 'literal', value: t.literal, at: t.at };
    }
    if (this.skipOp('(')) {
      if (this.skipOp(')')) return { type: 'tuple', items: [], at: t.at };
      const inner = this.nested(() => this.parseTuple());
      this.expectOp(')');
      return inner;
    }
    if (this.skipOp('[')) return { type: 'list', items: this.nested(() => this.parseItems(']')), at: t.at };
    if (this.skipOp('{')) {
      const entries: [Expr, Expr][] = [];
      this.nested(() => {
        while (!this.skipOp('}')) {
          if (entries.length > 0) this.expectOp(',');
          if (this.skipOp('}')) break;
          const key = this.parseExpression();
          this.expectOp(':');
          entries.push([key, this.parseExpression()]);
        }
      });
      return { type: 'dict', entries, at: t.at };
    }
    return this.unexpected('expected a value');
  }

  private parseItems(close: string): Expr[] {
    const items: Expr[] = [];
    while (!this.skipOp(close)) {
      if (items.length > 0) this.expectOp(',');
      if (this.skipOp(close)) break;
      items.push(this.parseExpression());
    }
    return items;
  }

  private parsePostfix(expr: Expr): Expr {
    for (;;) {
      const t = this.current;
      if (this.skipOp('.')) {
        const key = this.current;
        if (key.kind === 'number' && /^\d+$/.test(key.value)) {
          this.pos++;
          expr = { type: 'item', object: expr, index: { type: 'literal', value: key.literal, at: key.at }, at: t.at };
        } else expr = { type: 'attr', object: expr, name: this.expectName().value, at: t.at };
      } else if (this.skipOp('[')) expr = this.nested(() => this.parseSubscript(expr, t.at));
      else if (this.current.kind === 'op' && this.current.value === '(') expr = this.parseCall(expr);
      else return expr;
    }
  }

  private parseSubscript(object: Expr, at: number): Expr {
    const part = (): Expr | undefined => (this.current.kind === 'op' && (this.current.value === ':' || this.current.value === ']') ? undefined : this.parseExpression());
    const start = part();
    if (!this.skipOp(':')) {
      this.expectOp(']');
      if (!start) this.unexpected('expected an index');
      return { type: 'item', object, index: start, at };
    }
    const stop = part();
    const step = this.skipOp(':') ? part() : undefined;
    this.expectOp(']');
    return { type: 'slice', object, ...(start ? { start } : {}), ...(stop ? { stop } : {}), ...(step ? { step } : {}), at };
  }

  private parseArgs(): { args: Expr[]; kwargs: [string, Expr][] } {
    const args: Expr[] = [];
    const kwargs: [string, Expr][] = [];
    this.expectOp('(');
    this.nested(() => {
      while (!this.skipOp(')')) {
        if (args.length + kwargs.length > 0) this.expectOp(',');
        if (this.skipOp(')')) break;
        const t = this.tokens[this.pos + 1];
        if (this.current.kind === 'name' && t?.kind === 'op' && t.value === '=') {
          const name = this.expectName().value;
          this.pos++;
          kwargs.push([name, this.parseExpression()]);
        } else if (kwargs.length > 0) this.unexpected('a positional argument after a keyword argument');
        else args.push(this.parseExpression());
      }
    });
    return { args, kwargs };
  }

  private parseCall(callee: Expr): Expr {
    const at = this.current.at;
    return { type: 'call', callee, ...this.parseArgs(), at };
  }

  private dottedName(): string {
    let name = this.expectName().value;
    while (this.skipOp('.')) name += `.${this.expectName().value}`;
    return name;
  }

  private parseFilters(value: Expr): Expr {
    for (;;) {
      const at = this.current.at;
      if (this.skipOp('|')) {
        const name = this.dottedName();
        if (!hasFilter(name)) this.unknown ??= { message: `No filter named '${name}'.`, at };
        const call = this.current.kind === 'op' && this.current.value === '(' ? this.parseArgs() : { args: [], kwargs: [] };
        value = { type: 'filter', value, name, ...call, at };
      } else if (this.skipName('is')) {
        const negated = this.skipName('not');
        const name = this.dottedName();
        if (!hasTest(name)) this.unknown ??= { message: `No test named '${name}'.`, at };
        let args: Expr[] = [];
        if (this.current.kind === 'op' && this.current.value === '(') args = this.parseArgs().args;
        else if ((PRIMARY_START.has(this.current.kind) || (this.current.kind === 'op' && '([{'.includes(this.current.value))) && !['else', 'or', 'and'].some((n) => this.peekName(n))) {
          if (this.peekName('is')) fail('syntax', 'You cannot chain multiple tests with is', this.current.at);
          args = [this.parsePostfix(this.parsePrimary())];
        }
        value = { type: 'test', value, name, args, negated, at };
      } else if (this.current.kind === 'op' && this.current.value === '(') value = this.parseCall(value);
      else return value;
    }
  }
}
