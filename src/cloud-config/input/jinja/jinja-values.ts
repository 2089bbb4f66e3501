import { fail } from './jinja-error';

// Values as Jinja2 (Python) treats them, over JSON-like data: truthiness, str() and repr(),
// equality and ordering, iteration, attribute and item lookup under the sandbox cloud-init uses.

/** cloud-init's undefined variable, printed as `CI_MISSING_JINJA_VAR/<name>`. */
export class Undefined {
  constructor(
    readonly name: string,
    /** What an error about using it says (jinja2's wording). */
    readonly reason: string,
    /** Rendering without instance data: a variable of the instance data, standing in for its value. */
    readonly unknown = false,
    /** Jinja2's own undefined (an inline `if` without `else`), which prints as nothing. */
    readonly silent = false,
  ) {}
}

/** Marks a list as a Python tuple, so it prints as `(a, b)`. */
export const TUPLE = Symbol('tuple');

export function tuple<T>(items: T[]): T[] {
  return Object.assign(items, { [TUPLE]: true });
}

export const MISSING_PREFIX = 'CI_MISSING_JINJA_VAR/';

/** A function a template can call: a method of a value, or a global like `range`. */
export type Callable = ((args: readonly unknown[], kwargs: Readonly<Record<string, unknown>>, at: number) => unknown) & { readonly jinjaCallable: true };

export function callable(fn: (args: readonly unknown[], kwargs: Readonly<Record<string, unknown>>, at: number) => unknown): Callable {
  return Object.assign(fn, { jinjaCallable: true as const });
}

export function isCallable(value: unknown): value is Callable {
  return typeof value === 'function' && (value as Partial<Callable>).jinjaCallable === true;
}

/** A `namespace()`: the one kind of object `set ns.attr = ...` may change. */
export const NAMESPACE = Symbol('namespace');

export type Mapping = Record<string, unknown>;

export function isMapping(value: unknown): value is Mapping {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Undefined);
}

/** The Python type name, for error messages and `is` tests. */
export function typeName(value: unknown): string {
  if (value instanceof Undefined) return 'Undefined';
  if (value === null || value === undefined) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'string') return 'str';
  if (Array.isArray(value)) return 'list';
  if (isCallable(value)) return 'builtin_function_or_method';
  return 'dict';
}

/** Raises jinja2's UndefinedError for using an undefined value. */
export function undefinedError(value: Undefined, at: number): never {
  return fail('render', value.reason, at);
}

export function truthy(value: unknown): boolean {
  if (value instanceof Undefined) return false;
  if (value === null || value === undefined || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (isMapping(value)) return Object.keys(value).length > 0;
  return true;
}

function numberText(n: number): string {
  if (Number.isNaN(n)) return 'nan';
  if (!Number.isFinite(n)) return n > 0 ? 'inf' : '-inf';
  return String(n);
}

function stringRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  const body = s.replace(/[\\\n\r\t]/g, (c) => ({ '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' })[c]!);
  return quote + (quote === "'" ? body.replace(/'/g, "\\'") : body) + quote;
}

/** Python's repr(), for values inside lists and dicts. */
export function repr(value: unknown): string {
  if (typeof value === 'string') return stringRepr(value);
  if (Array.isArray(value)) {
    if (!(TUPLE in value)) return `[${value.map(repr).join(', ')}]`;
    return value.length === 1 ? `(${repr(value[0])},)` : `(${value.map(repr).join(', ')})`;
  }
  if (isMapping(value) && !isCallable(value)) return `{${Object.entries(value).map(([k, v]) => `${stringRepr(k)}: ${repr(v)}`).join(', ')}}`;
  return str(value);
}

/** Python's str(): what `{{ value }}` prints. */
export function str(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Undefined) return value.silent ? '' : MISSING_PREFIX + value.name;
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return numberText(value);
  if (isCallable(value)) return '<built-in method>';
  return repr(value);
}

export function equal(a: unknown, b: unknown): boolean {
  if (a instanceof Undefined || b instanceof Undefined) return a instanceof Undefined && b instanceof Undefined;
  // Python: True == 1, False == 0.
  if (typeof a === 'boolean' && typeof b === 'number') return Number(a) === b;
  if (typeof a === 'number' && typeof b === 'boolean') return a === Number(b);
  if (a === undefined) a = null;
  if (b === undefined) b = null;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => equal(x, b[i]));
  if (isMapping(a) && isMapping(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && equal(a[k], b[k]));
  }
  return a === b;
}

/** Python's ordering: numbers with numbers, strings with strings, lists item by item. */
export function compare(a: unknown, b: unknown, op: string, at: number): number {
  const num = (v: unknown) => (typeof v === 'boolean' ? Number(v) : v);
  const x = num(a);
  const y = num(b);
  if (typeof x === 'number' && typeof y === 'number') return x < y ? -1 : x > y ? 1 : 0;
  if (typeof x === 'string' && typeof y === 'string') return x < y ? -1 : x > y ? 1 : 0;
  if (Array.isArray(x) && Array.isArray(y)) {
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (!equal(x[i], y[i])) return compare(x[i], y[i], op, at);
    return x.length - y.length;
  }
  if (a instanceof Undefined) undefinedError(a, at);
  if (b instanceof Undefined) undefinedError(b, at);
  return fail('render', `'${op}' not supported between instances of '${typeName(a)}' and '${typeName(b)}'`, at);
}

/** The items a `for` loop or a filter walks: a dict's keys, a string's characters. */
export function iterate(value: unknown, at: number): readonly unknown[] {
  if (value instanceof Undefined) return [];
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return [...value];
  if (isMapping(value)) return Object.keys(value);
  return fail('render', `'${typeName(value)}' object is not iterable`, at);
}

export function contains(container: unknown, item: unknown, at: number): boolean {
  if (typeof container === 'string') {
    if (typeof item !== 'string') return fail('render', `'in <string>' requires string as left operand, not ${typeName(item)}`, at);
    return container.includes(item);
  }
  if (isMapping(container)) return typeof item === 'string' && Object.hasOwn(container, item);
  return iterate(container, at).some((x) => equal(x, item));
}

/** The length Python's len() gives, or an error. */
export function length(value: unknown, at: number): number {
  if (value instanceof Undefined) return 0;
  if (typeof value === 'string' || Array.isArray(value)) return value.length;
  if (isMapping(value)) return Object.keys(value).length;
  return fail('render', `object of type '${typeName(value)}' has no len()`, at);
}
