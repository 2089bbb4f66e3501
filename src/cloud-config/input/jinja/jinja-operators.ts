import { fail } from './jinja-error';
import { compare, contains, equal, MISSING_PREFIX, str, typeName, Undefined, undefinedError } from './jinja-values';

// Python's arithmetic and comparison operators over JSON-like values, as Jinja2 applies them.
// Results that would grow past the output cap (`'a' * 10**9`) stop the rendering instead.

type Num = number;

function number(v: unknown): Num | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return Number(v);
  return undefined;
}

function unsupported(op: string, a: unknown, b: unknown, at: number): never {
  if (op === '+' && typeof a === 'string') return fail('render', `can only concatenate str (not "${typeName(b)}") to str`, at);
  return fail('render', `unsupported operand type(s) for ${op}: '${typeName(a)}' and '${typeName(b)}'`, at);
}

function repeat<T>(what: string | readonly T[], times: number, maxLength: number, at: number): string | T[] {
  const n = Math.max(0, Math.trunc(times));
  if (what.length * n > maxLength) fail('limit', `a repeated value would be ${what.length * n} long, over the ${maxLength}-character output limit`, at);
  return typeof what === 'string' ? what.repeat(n) : Array.from({ length: n }, () => what).flat();
}

/** `a op b` for + - * / // % ** and `~`. */
export function arithmetic(op: string, a: unknown, b: unknown, at: number, maxLength: number): unknown {
  if (op === '~') {
    const joined = str(a) + str(b);
    if (joined.length > maxLength) fail('limit', `a joined string would pass the ${maxLength}-character output limit`, at);
    return joined;
  }
  if (a instanceof Undefined) {
    // cloud-init's own message: `{{ local-hostname }}` is a subtraction of two undefined names.
    if (op === '-' && !a.unknown) {
      const other = str(b).replace(MISSING_PREFIX, '');
      return fail('render', `Undefined jinja variable: "${a.name}-${other}". Jinja tried subtraction. Perhaps you meant "${a.name}_${other}"?`, at);
    }
    return undefinedError(a, at);
  }
  if (b instanceof Undefined) return undefinedError(b, at);
  const x = number(a);
  const y = number(b);
  if (x !== undefined && y !== undefined) {
    switch (op) {
      case '+':
        return x + y;
      case '-':
        return x - y;
      case '*':
        return x * y;
      case '**':
        return x ** y;
      default:
        if (y === 0) return fail('render', op === '%' ? 'integer modulo by zero' : 'division by zero', at);
        if (op === '/') return x / y;
        if (op === '//') return Math.floor(x / y);
        return ((x % y) + y) % y;
    }
  }
  if (op === '+' && typeof a === 'string' && typeof b === 'string') {
    if (a.length + b.length > maxLength) fail('limit', `a joined string would pass the ${maxLength}-character output limit`, at);
    return a + b;
  }
  if (op === '+' && Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
  if (op === '*') {
    if ((typeof a === 'string' || Array.isArray(a)) && y !== undefined && Number.isInteger(y)) return repeat(a, y, maxLength, at);
    if ((typeof b === 'string' || Array.isArray(b)) && x !== undefined && Number.isInteger(x)) return repeat(b, x, maxLength, at);
  }
  if (op === '%' && typeof a === 'string') return fail('unsupported', "string formatting with '%' is not rendered by this validator", at);
  return unsupported(op, a, b, at);
}

/** One link of a comparison chain (`a < b`, `a in b`, `a not in b`). */
export function comparison(op: string, a: unknown, b: unknown, at: number): boolean {
  switch (op) {
    case '==':
      return equal(a, b);
    case '!=':
      return !equal(a, b);
    case 'in':
      return contains(b, a, at);
    case 'not in':
      return !contains(b, a, at);
    case '<':
      return compare(a, b, op, at) < 0;
    case '<=':
      return compare(a, b, op, at) <= 0;
    case '>':
      return compare(a, b, op, at) > 0;
    default:
      return compare(a, b, op, at) >= 0;
  }
}
