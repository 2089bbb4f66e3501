import { fail } from './jinja-error';
import { callable, isMapping, iterate, str, tuple, typeName, Undefined, undefinedError, type Callable } from './jinja-values';

// `obj.name` and `obj[key]` as Jinja2's sandbox resolves them: an attribute of the Python object
// first (so `d.items` is the dict method, as in Jinja2), then the item; a missing one is an
// Undefined named after the attribute (`CI_MISSING_JINJA_VAR/name`); `__dunder__` access is unsafe.
// The methods are those of Python's str, dict and list that templates use.

type Args = readonly unknown[];
type Method = (self: never, args: Args, at: number) => unknown;

function text(value: unknown, at: number): string {
  if (typeof value !== 'string') return fail('render', `expected a string argument, got '${typeName(value)}'`, at);
  return value;
}

function strip(s: string, chars: unknown, side: 'both' | 'start' | 'end'): string {
  const set = chars === undefined || chars === null ? null : String(chars);
  const drop = (c: string) => (set === null ? /\s/.test(c) : set.includes(c));
  let start = 0;
  let end = s.length;
  if (side !== 'end') while (start < end && drop(s[start]!)) start++;
  if (side !== 'start') while (end > start && drop(s[end - 1]!)) end--;
  return s.slice(start, end);
}

/** Python's str.split: on runs of whitespace without a separator, at most `max` splits. */
export function split(s: string, sep: unknown, max: unknown): string[] {
  const limit = typeof max === 'number' && max >= 0 ? max : Infinity;
  if (sep === undefined || sep === null) {
    const words: string[] = [];
    let rest = s.replace(/^\s+/, '');
    while (rest !== '') {
      const gap = words.length < limit ? /\s+/.exec(rest) : null;
      if (!gap) {
        words.push(rest);
        break;
      }
      words.push(rest.slice(0, gap.index));
      rest = rest.slice(gap.index + gap[0].length);
    }
    return words;
  }
  const parts = s.split(String(sep));
  return parts.length - 1 <= limit ? parts : [...parts.slice(0, limit), parts.slice(limit).join(String(sep))];
}

const STRING_METHODS: Readonly<Record<string, Method>> = {
  lower: (s: string) => s.toLowerCase(),
  upper: (s: string) => s.toUpperCase(),
  strip: (s: string, a) => strip(s, a[0], 'both'),
  lstrip: (s: string, a) => strip(s, a[0], 'start'),
  rstrip: (s: string, a) => strip(s, a[0], 'end'),
  split: (s: string, a) => split(s, a[0], a[1]),
  startswith: (s: string, a, at) => s.startsWith(text(a[0], at)),
  endswith: (s: string, a, at) => s.endsWith(text(a[0], at)),
  replace: (s: string, a, at) => s.split(text(a[0], at)).join(text(a[1], at)),
  title: (s: string) => s.toLowerCase().replace(/(^|[^A-Za-z])([a-z])/g, (_m, p: string, c: string) => p + c.toUpperCase()),
  capitalize: (s: string) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase(),
  join: (s: string, a, at) => iterate(a[0], at).map((x) => text(x, at)).join(s),
  find: (s: string, a, at) => s.indexOf(text(a[0], at)),
  count: (s: string, a, at) => s.split(text(a[0], at)).length - 1,
  isdigit: (s: string) => /^\d+$/.test(s),
};

const DICT_METHODS: Readonly<Record<string, Method>> = {
  get: (d: Record<string, unknown>, a) => (typeof a[0] === 'string' && Object.hasOwn(d, a[0]) ? d[a[0]] : (a[1] ?? null)),
  keys: (d: Record<string, unknown>) => Object.keys(d),
  values: (d: Record<string, unknown>) => Object.values(d),
  items: (d: Record<string, unknown>) => Object.entries(d).map(tuple),
  // The `do` extension's common use: the sandbox allows changing lists and dicts.
  update: (d: Record<string, unknown>, a) => {
    if (isMapping(a[0])) Object.assign(d, a[0]);
    return null;
  },
};

const LIST_METHODS: Readonly<Record<string, Method>> = {
  append: (l: unknown[], a) => {
    l.push(a[0]);
    return null;
  },
  extend: (l: unknown[], a, at) => {
    l.push(...iterate(a[0], at));
    return null;
  },
  index: (l: unknown[], a) => l.indexOf(a[0]),
  count: (l: unknown[], a) => l.filter((x) => x === a[0]).length,
};

function method(self: unknown, name: string): Callable | undefined {
  const table = typeof self === 'string' ? STRING_METHODS : Array.isArray(self) ? LIST_METHODS : isMapping(self) ? DICT_METHODS : undefined;
  const fn = table && Object.hasOwn(table, name) ? table[name]! : undefined;
  return fn && callable((args, _kwargs, at) => fn(self as never, args, at));
}

function missing(owner: unknown, name: string, unknownOwner: boolean): Undefined {
  return new Undefined(name, `'${typeName(owner)} object' has no attribute '${name}'`, unknownOwner);
}

/** `obj.name`. */
export function getAttr(obj: unknown, name: string, at: number): unknown {
  if (obj instanceof Undefined) {
    // Without instance data, `v1.region` stands for a value not known here.
    if (obj.unknown) return new Undefined(`${obj.name}.${name}`, obj.reason, true);
    return undefinedError(obj, at);
  }
  // The sandbox's answer: an undefined that prints, and fails when used further.
  if (name.startsWith('__')) return new Undefined(name, `access to attribute '${name}' of '${typeName(obj)}' object is unsafe.`);
  const fn = method(obj, name);
  if (fn) return fn;
  if (isMapping(obj) && !(typeof obj === 'function') && Object.hasOwn(obj, name)) return obj[name];
  return missing(obj, name, false);
}

/** `obj[key]`. */
export function getItem(obj: unknown, key: unknown, at: number): unknown {
  if (obj instanceof Undefined) {
    if (obj.unknown) return new Undefined(`${obj.name}[${JSON.stringify(str(key))}]`, obj.reason, true);
    return undefinedError(obj, at);
  }
  if (typeof key === 'number' && Number.isInteger(key) && (Array.isArray(obj) || typeof obj === 'string')) {
    const index = key < 0 ? obj.length + key : key;
    if (index >= 0 && index < obj.length) return obj[index];
    return new Undefined(String(key), `${typeName(obj)} object has no element ${key}`);
  }
  if (isMapping(obj) && typeof key === 'string' && Object.hasOwn(obj, key)) return obj[key];
  if (typeof key === 'string') return getAttr(obj, key, at);
  return new Undefined(str(key), `'${typeName(obj)} object' has no element ${str(key)}`);
}

/** `obj[start:stop:step]`, Python's slice of a list or string. */
export function slice(obj: unknown, start: unknown, stop: unknown, step: unknown, at: number): unknown {
  if (obj instanceof Undefined) return undefinedError(obj, at);
  if (!Array.isArray(obj) && typeof obj !== 'string') return fail('render', `'${typeName(obj)}' object is not subscriptable`, at);
  const items: readonly unknown[] = typeof obj === 'string' ? [...obj] : obj;
  const n = items.length;
  const by = step === undefined || step === null ? 1 : Number(step);
  if (!Number.isInteger(by) || by === 0) return fail('render', 'slice step must be a non-zero integer', at);
  const clamp = (v: unknown, dflt: number) => {
    if (v === undefined || v === null) return dflt;
    const i = Number(v);
    return i < 0 ? Math.max(i + n, by > 0 ? 0 : -1) : Math.min(i, by > 0 ? n : n - 1);
  };
  const from = clamp(start, by > 0 ? 0 : n - 1);
  const to = clamp(stop, by > 0 ? n : -1);
  const out: unknown[] = [];
  for (let i = from; by > 0 ? i < to : i > to; i += by) out.push(items[i]);
  return typeof obj === 'string' ? out.join('') : out;
}
