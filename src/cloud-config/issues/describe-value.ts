import { viewedValue } from '../check/schema-view';
import { pointerSegments } from '../json-pointer';

// Messages quote the offending value so users see what was read (YAML 1.1 surprises such as
// `off` -> false are otherwise invisible), but never a value under a key that holds secrets: the
// key the value belongs to (the last name on its path), or a list known to hold secrets.
const SECRET_KEY = /pass|secret|token|private|credential|cert|(^|[_-])key$|activation/i;
const INDEX = /^\d+$/;
const SECRET_LISTS: readonly (readonly string[])[] = [['chpasswd', 'list']];

/** True when the value at the pointer is held by a key that looks like a password, key or token. */
export function isSecretPointer(pointer: string): boolean {
  const segments = pointerSegments(pointer);
  // The last name on the path (list indexes skipped), found without a filtered copy.
  for (let i = segments.length - 1; i >= 0; i--) {
    if (INDEX.test(segments[i]!)) continue;
    if (SECRET_KEY.test(segments[i]!)) return true;
    break;
  }
  return SECRET_LISTS.some((list) => namesStartWith(segments, list));
}

/** Whether the names on a path (list indexes skipped) start with `names`. */
function namesStartWith(segments: readonly string[], names: readonly string[]): boolean {
  let k = 0;
  for (const segment of segments) {
    if (k === names.length) return true;
    if (INDEX.test(segment)) continue;
    if (segment !== names[k]) return false;
    k++;
  }
  return k === names.length;
}

/** The type name a user would use for a parsed YAML value. */
export function typeName(value: unknown): string {
  if (value === null) return 'null';
  const viewed = viewedValue(value);
  if (viewed) return viewed.type;
  if (Array.isArray(value)) return 'array';
  if (value instanceof Date) return 'date';
  if (value instanceof Uint8Array) return 'binary';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'object') {
    // Only plain objects are mappings; a Map, Set (YAML !!omap, !!set) or class instance is named.
    const proto = Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null;
    if (proto !== null && proto !== Object.prototype) return proto.constructor?.name || 'object instance';
  }
  return typeof value;
}

const MAX_PREVIEW = 40;

/** A short, single-line rendering of a scalar value. */
export function previewValue(value: unknown): string {
  const viewed = viewedValue(value);
  if (viewed) return viewed.shown;
  if (typeof value === 'string') {
    const text = JSON.stringify(value.length > MAX_PREVIEW ? `${value.slice(0, MAX_PREVIEW)}…` : value);
    return text;
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'invalid date' : value.toISOString().slice(0, 10);
  // A whole-number float reaches the schema nudged off the integer (parse-yaml.ts); show it as read.
  if (value === Number.MIN_VALUE) return '0.0';
  if (typeof value === 'number' && !Number.isInteger(value) && Number.isInteger(Number(value.toPrecision(15)))) return `${Number(value.toPrecision(15))}.0`;
  return String(value);
}

/**
 * Describes a value for "got ..." in messages: `integer 5`, `string "x"`, `date 2030-12-31`,
 * `array`, `object`; under a secret-looking key only the type (`string (value hidden)`).
 */
export function describeValue(value: unknown, pointer: string): string {
  const type = typeName(value);
  if (type === 'null') return 'null';
  if (type === 'array' || type === 'object' || type === 'binary' || type === 'function' || type === 'undefined' || (viewedValue(value) !== undefined && previewValue(value) === '')) {
    return type;
  }
  if (isSecretPointer(pointer)) return `${type} (value hidden)`;
  return `${type} ${previewValue(value)}`;
}
