import { fail } from './jinja-error';
import { getAttr, getItem, split } from './jinja-lookup';
import { compare, contains, equal, isCallable, isMapping, iterate, length, str, truthy, tuple, typeName, Undefined } from './jinja-values';

// Jinja2's built-in filters and tests, as they behave on the JSON-like values instance data holds.
// A few built-ins are known (so a template using them is not a syntax error) but not rendered: they
// are random, or format for HTML; using one is reported as not checked.

/** What a filter may use besides its arguments: the error position and the cost budget. */
export interface FilterContext {
  readonly at: number;
  /** Counts work done on sequences against the rendering's cost cap. */
  charge(units: number): void;
}

type Kwargs = Readonly<Record<string, unknown>>;
type Filter = (value: unknown, args: readonly unknown[], kwargs: Kwargs, ctx: FilterContext) => unknown;
type Test = (value: unknown, args: readonly unknown[], at: number) => boolean;

function arg(args: readonly unknown[], kwargs: Kwargs, index: number, name: string, fallback: unknown): unknown {
  if (Object.hasOwn(kwargs, name)) return kwargs[name];
  return index < args.length ? args[index] : fallback;
}

function items(value: unknown, ctx: FilterContext): readonly unknown[] {
  const list = iterate(value, ctx.at);
  ctx.charge(list.length);
  return list;
}

function attribute(value: unknown, path: unknown, at: number): unknown {
  if (path === undefined || path === null) return value;
  return String(path)
    .split('.')
    .reduce<unknown>((v, part) => (/^\d+$/.test(part) ? getItem(v, Number(part), at) : getItem(v, part, at)), value);
}

function toInt(value: unknown, fallback: unknown, base: unknown): unknown {
  if (typeof value === 'boolean') return Number(value);
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : fallback;
  const s = str(value).trim().replace(/_/g, '');
  const radix = typeof base === 'number' ? base : 10;
  const digits = radix === 16 ? /^[+-]?(0x)?[0-9a-f]+$/i : radix === 8 ? /^[+-]?(0o)?[0-7]+$/i : radix === 2 ? /^[+-]?(0b)?[01]+$/i : /^[+-]?\d+$/;
  if (digits.test(s)) return parseInt(s.replace(/^([+-]?)0[xob]/i, '$1'), radix);
  const f = Number(s);
  return s !== '' && /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s) && Number.isFinite(f) ? Math.trunc(f) : fallback;
}

function sortKey(value: unknown, caseSensitive: boolean): unknown {
  return !caseSensitive && typeof value === 'string' ? value.toLowerCase() : value;
}

function jsonText(value: unknown, at: number): string {
  if (value instanceof Undefined) return fail('render', `Object of type Undefined is not JSON serializable`, at);
  if (Array.isArray(value)) return `[${value.map((v) => jsonText(v, at)).join(', ')}]`;
  if (isMapping(value) && !isCallable(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}: ${jsonText(value[k], at)}`).join(', ')}}`;
  }
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
  return fail('render', `Object of type ${typeName(value)} is not JSON serializable`, at);
}

function escapeHtml(value: unknown): string {
  return str(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' })[c]!);
}

function selecting(keep: boolean, byAttribute: boolean): Filter {
  return (value, args, _kwargs, ctx) => {
    const [first, ...rest] = args;
    const path = byAttribute ? first : undefined;
    const [testName, ...testArgs] = byAttribute ? rest : args;
    const test = testName === undefined ? truthy : (v: unknown) => runTest(String(testName), v, testArgs, ctx.at);
    return items(value, ctx).filter((item) => test(attribute(item, path, ctx.at)) === keep);
  };
}

const FILTERS: Readonly<Record<string, Filter>> = {
  default: (v, a, k) => (v instanceof Undefined || (truthy(arg(a, k, 1, 'boolean', false)) && !truthy(v)) ? arg(a, k, 0, 'default_value', '') : v),
  lower: (v) => str(v).toLowerCase(),
  upper: (v) => str(v).toUpperCase(),
  capitalize: (v) => str(v).charAt(0).toUpperCase() + str(v).slice(1).toLowerCase(),
  title: (v) => str(v).toLowerCase().replace(/(^|[^\p{L}\d'])(\p{L})/gu, (_m, p: string, c: string) => p + c.toUpperCase()),
  replace: (v, a, k) => {
    const parts = str(v).split(str(a[0]));
    const count = arg(a, k, 2, 'count', null);
    const limit = typeof count === 'number' && count >= 0 ? count : parts.length;
    return parts.slice(0, limit + 1).join(str(a[1])) + (parts.length > limit + 1 ? str(a[0]) + parts.slice(limit + 1).join(str(a[0])) : '');
  },
  join: (v, a, k, ctx) => items(v, ctx).map((x) => str(attribute(x, arg(a, k, 1, 'attribute', null), ctx.at))).join(str(arg(a, k, 0, 'd', ''))),
  length: (v, _a, _k, ctx) => length(v, ctx.at),
  trim: (v, a, k) => {
    const chars = arg(a, k, 0, 'chars', null);
    const s = str(v);
    if (chars === null) return s.trim();
    const set = str(chars);
    let start = 0;
    let end = s.length;
    while (start < end && set.includes(s[start]!)) start++;
    while (end > start && set.includes(s[end - 1]!)) end--;
    return s.slice(start, end);
  },
  int: (v, a, k) => toInt(v, arg(a, k, 0, 'default', 0), arg(a, k, 1, 'base', 10)),
  float: (v, a, k) => {
    const f = typeof v === 'number' ? v : Number(str(v).trim());
    return typeof v !== 'boolean' && str(v).trim() !== '' && !Number.isNaN(f) ? f : typeof v === 'boolean' ? Number(v) : arg(a, k, 0, 'default', 0);
  },
  string: (v) => str(v),
  first: (v, _a, _k, ctx) => (iterate(v, ctx.at).length > 0 ? iterate(v, ctx.at)[0] : new Undefined('first', 'No first item, sequence was empty.')),
  last: (v, _a, _k, ctx) => {
    const list = iterate(v, ctx.at);
    return list.length > 0 ? list[list.length - 1] : new Undefined('last', 'No last item, sequence was empty.');
  },
  list: (v, _a, _k, ctx) => [...items(v, ctx)],
  sort: (v, a, k, ctx) => {
    const caseSensitive = truthy(arg(a, k, 1, 'case_sensitive', false));
    const path = arg(a, k, 2, 'attribute', null);
    const key = (x: unknown) => sortKey(attribute(x, path, ctx.at), caseSensitive);
    const sorted = [...items(v, ctx)].sort((x, y) => compare(key(x), key(y), '<', ctx.at));
    return truthy(arg(a, k, 0, 'reverse', false)) ? sorted.reverse() : sorted;
  },
  unique: (v, a, k, ctx) => {
    const caseSensitive = truthy(arg(a, k, 0, 'case_sensitive', false));
    const seen: unknown[] = [];
    return items(v, ctx).filter((x) => {
      const key = sortKey(attribute(x, arg(a, k, 1, 'attribute', null), ctx.at), caseSensitive);
      ctx.charge(seen.length);
      if (seen.some((s) => equal(s, key))) return false;
      seen.push(key);
      return true;
    });
  },
  reverse: (v, _a, _k, ctx) => (typeof v === 'string' ? [...v].reverse().join('') : [...items(v, ctx)].reverse()),
  abs: (v, _a, _k, ctx) => (typeof v === 'number' ? Math.abs(v) : fail('render', `bad operand type for abs(): '${typeName(v)}'`, ctx.at)),
  round: (v, a, k) => {
    const precision = Number(arg(a, k, 0, 'precision', 0));
    const method = str(arg(a, k, 1, 'method', 'common'));
    const f = 10 ** precision;
    const n = Number(v) * f;
    // Python's round(): halves go to the even neighbour.
    const even = Math.abs(n % 1) === 0.5 ? 2 * Math.round(n / 2) : Math.round(n);
    return (method === 'ceil' ? Math.ceil(n) : method === 'floor' ? Math.floor(n) : even) / f;
  },
  max: (v, _a, _k, ctx) => items(v, ctx).reduce((m, x) => (m === undefined || compare(x, m, '>', ctx.at) > 0 ? x : m), undefined) ?? new Undefined('max', 'No aggregated item, sequence was empty.'),
  min: (v, _a, _k, ctx) => items(v, ctx).reduce((m, x) => (m === undefined || compare(x, m, '<', ctx.at) < 0 ? x : m), undefined) ?? new Undefined('min', 'No aggregated item, sequence was empty.'),
  sum: (v, a, k, ctx) =>
    items(v, ctx).reduce<number>((s, x) => {
      const n = attribute(x, arg(a, k, 0, 'attribute', null), ctx.at);
      return typeof n === 'number' ? s + n : fail('render', `unsupported operand type(s) for +: 'int' and '${typeName(n)}'`, ctx.at);
    }, Number(arg(a, k, 1, 'start', 0))),
  select: selecting(true, false),
  reject: selecting(false, false),
  selectattr: selecting(true, true),
  rejectattr: selecting(false, true),
  map: (v, a, k, ctx) => {
    if (Object.hasOwn(k, 'attribute')) return items(v, ctx).map((x) => { const got = attribute(x, k['attribute'], ctx.at); return got instanceof Undefined && Object.hasOwn(k, 'default') ? k['default'] : got; });
    const [name, ...rest] = a;
    if (typeof name !== 'string' || !Object.hasOwn(FILTERS, name)) return fail('render', `No filter named ${JSON.stringify(str(name))}.`, ctx.at);
    return items(v, ctx).map((x) => FILTERS[name]!(x, rest, {}, ctx));
  },
  tojson: (v, _a, _k, ctx) => jsonText(v, ctx.at).replace(/[<>&']/g, (c) => `\\u00${c.charCodeAt(0).toString(16).padStart(2, '0')}`),
  indent: (v, a, k) => {
    const width = arg(a, k, 0, 'width', 4);
    const pad = typeof width === 'string' ? width : ' '.repeat(Number(width));
    const lines = str(v).split('\n');
    const blank = truthy(arg(a, k, 2, 'blank', false));
    const body = lines.map((line, i) => (i === 0 || (!blank && line.trim() === '') ? line : pad + line)).join('\n');
    return truthy(arg(a, k, 1, 'first', false)) ? pad + body : body;
  },
  center: (v, a, k) => {
    const s = str(v);
    const width = Number(arg(a, k, 0, 'width', 80));
    const left = Math.floor((width - s.length) / 2 + ((width - s.length) % 2 === 1 && s.length % 2 === 1 ? 1 : 0));
    return s.length >= width ? s : ' '.repeat(left) + s + ' '.repeat(width - s.length - left);
  },
  format: (v, a, _k, ctx) => {
    let i = 0;
    return str(v).replace(/%([sdir%])/g, (_m, c: string) => (c === '%' ? '%' : i < a.length ? (c === 's' || c === 'r' ? str(a[i++]) : String(toInt(a[i++], fail('render', 'a number is required', ctx.at), 10))) : fail('render', 'not enough arguments for format string', ctx.at)));
  },
  items: (v, _a, _k, ctx) => (v instanceof Undefined ? [] : isMapping(v) ? Object.entries(v).map(tuple) : fail('render', `'${typeName(v)}' object has no attribute 'items'`, ctx.at)),
  dictsort: (v, a, k, ctx) => {
    const byValue = str(arg(a, k, 1, 'by', 'key')) === 'value';
    const caseSensitive = truthy(arg(a, k, 0, 'case_sensitive', false));
    const entries = isMapping(v) ? Object.entries(v).map(tuple) : fail('render', 'You can only sort by either "key" or "value"', ctx.at);
    ctx.charge(entries.length);
    const sorted = entries.sort((x, y) => compare(sortKey(x[byValue ? 1 : 0], caseSensitive), sortKey(y[byValue ? 1 : 0], caseSensitive), '<', ctx.at));
    return truthy(arg(a, k, 2, 'reverse', false)) ? sorted.reverse() : sorted;
  },
  batch: (v, a, k, ctx) => {
    const size = Math.max(1, Number(a[0]));
    const list = items(v, ctx);
    const out: unknown[][] = [];
    for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
    const fill = arg(a, k, 1, 'fill_with', null);
    const last = out[out.length - 1];
    if (fill !== null && last) while (last.length < size) last.push(fill);
    return out;
  },
  wordcount: (v) => split(str(v), null, null).length,
  truncate: (v, a, k) => {
    const s = str(v);
    const max = Number(arg(a, k, 0, 'length', 255));
    const end = str(arg(a, k, 2, 'end', '...'));
    const leeway = Number(arg(a, k, 3, 'leeway', 5));
    if (s.length <= max + leeway) return s;
    if (truthy(arg(a, k, 1, 'killwords', false))) return s.slice(0, max - end.length) + end;
    const cut = s.slice(0, max - end.length);
    const space = cut.lastIndexOf(' ');
    return (space === -1 ? cut : cut.slice(0, space)) + end;
  },
  attr: (v, a, _k, ctx) => getAttr(v, str(a[0]), ctx.at),
  escape: (v) => escapeHtml(v),
  e: (v) => escapeHtml(v),
  forceescape: (v) => escapeHtml(v),
  safe: (v) => v,
  count: (v, _a, _k, ctx) => length(v, ctx.at),
  d: (v, a, k, ctx) => FILTERS['default']!(v, a, k, ctx),
};

// Built-ins this renderer knows but does not render: random output, HTML and layout helpers.
const NOT_RENDERED = new Set(['random', 'groupby', 'xmlattr', 'wordwrap', 'filesizeformat', 'pprint', 'striptags', 'urlize', 'urlencode', 'slice', 'mark_safe']);

const TESTS: Readonly<Record<string, Test>> = {
  defined: (v) => !(v instanceof Undefined),
  undefined: (v) => v instanceof Undefined,
  none: (v) => v === null,
  boolean: (v) => typeof v === 'boolean',
  false: (v) => v === false,
  true: (v) => v === true,
  integer: (v) => typeof v === 'number' && Number.isInteger(v),
  float: (v) => typeof v === 'number' && !Number.isInteger(v),
  number: (v) => typeof v === 'number' || typeof v === 'boolean',
  string: (v) => typeof v === 'string',
  mapping: (v) => isMapping(v) && !isCallable(v),
  iterable: (v) => typeof v === 'string' || Array.isArray(v) || isMapping(v) || v instanceof Undefined,
  sequence: (v) => typeof v === 'string' || Array.isArray(v) || isMapping(v),
  callable: (v) => isCallable(v),
  sameas: (v, a) => v === a[0],
  eq: (v, a) => equal(v, a[0]),
  ne: (v, a) => !equal(v, a[0]),
  lt: (v, a, at) => compare(v, a[0], '<', at) < 0,
  le: (v, a, at) => compare(v, a[0], '<=', at) <= 0,
  gt: (v, a, at) => compare(v, a[0], '>', at) > 0,
  ge: (v, a, at) => compare(v, a[0], '>=', at) >= 0,
  in: (v, a, at) => contains(a[0], v, at),
  odd: (v) => typeof v === 'number' && Math.abs(v % 2) === 1,
  even: (v) => typeof v === 'number' && v % 2 === 0,
  divisibleby: (v, a) => typeof v === 'number' && typeof a[0] === 'number' && a[0] !== 0 && v % a[0] === 0,
  lower: (v) => typeof v === 'string' && v === v.toLowerCase(),
  upper: (v) => typeof v === 'string' && v === v.toUpperCase(),
  escaped: () => false,
  filter: (v) => typeof v === 'string' && (Object.hasOwn(FILTERS, v) || NOT_RENDERED.has(v)),
  test: (v) => typeof v === 'string' && Object.hasOwn(TESTS, v),
};

const TEST_ALIASES: Readonly<Record<string, string>> = { equalto: 'eq', '==': 'eq', '!=': 'ne', lessthan: 'lt', '<': 'lt', '<=': 'le', greaterthan: 'gt', '>': 'gt', '>=': 'ge' };

export function hasFilter(name: string): boolean {
  return Object.hasOwn(FILTERS, name) || NOT_RENDERED.has(name);
}

export function hasTest(name: string): boolean {
  return Object.hasOwn(TESTS, TEST_ALIASES[name] ?? name);
}

export function runFilter(name: string, value: unknown, args: readonly unknown[], kwargs: Kwargs, ctx: FilterContext): unknown {
  if (NOT_RENDERED.has(name)) return fail('unsupported', `the "${name}" filter is not rendered by this validator`, ctx.at);
  if (!Object.hasOwn(FILTERS, name)) return fail('render', `No filter named '${name}' found.`, ctx.at);
  return FILTERS[name]!(value, args, kwargs, ctx);
}

export function runTest(name: string, value: unknown, args: readonly unknown[], at: number): boolean {
  const test = TESTS[TEST_ALIASES[name] ?? name];
  if (!test) return fail('render', `No test named '${name}' found.`, at);
  return test(value, args, at);
}
