import { Scalar, type ScalarTag, type Tags } from 'yaml';

// Plain scalars resolved exactly as PyYAML's `yaml.safe_load` (cloud-init's loader) resolves them
// (YAML 1.1 as PyYAML implements it, which differs from the YAML 1.1 spec and from `yaml`'s own
// 1.1 schema): `y`/`n` are strings; a float needs a dot and a signed exponent (`1e3`, `1.5e3`
// and `+.5` are strings); `09` is a string; a date needs two-digit month and day; `=` cannot be
// loaded at all. Explicitly tagged scalars (`!!float 1`, `!!int x`) use the same constructors, so
// what PyYAML refuses is an error here too.

const BOOL = /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/;
const TRUE = new Set(['yes', 'true', 'on']);
const INT = /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/;
const FLOAT = /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const NULL = /^(?:~|null|Null|NULL|)$/;
const TIMESTAMP =
  /^(?:[0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?)$/;
const TIMESTAMP_PARTS =
  /^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:(?:[Tt]|[ \t]+)([0-9]{1,2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]*))?(?:[ \t]*(Z|([-+])([0-9]{1,2})(?::([0-9]{2}))?))?)?$/;
const PYTHON_FLOAT = /^[-+]?(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:e[-+]?[0-9]+)?|inf(?:inity)?|nan)$/;

/** A float as PyYAML loads it: `1.0` is a float, never an integer (the value is still `1`). */
export class FloatScalar extends Scalar<number> {}

function sexagesimal(digits: string): number {
  return digits.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

function resolveInt(source: string): number {
  let text = source.replaceAll('_', '');
  let sign = 1;
  if (text.startsWith('-') || text.startsWith('+')) {
    if (text.startsWith('-')) sign = -1;
    text = text.slice(1);
  }
  let value: number;
  if (text === '0') value = 0;
  else if (text.startsWith('0b')) value = /^[01]+$/.test(text.slice(2)) ? parseInt(text.slice(2), 2) : NaN;
  else if (text.startsWith('0x')) value = /^[0-9a-fA-F]+$/.test(text.slice(2)) ? parseInt(text.slice(2), 16) : NaN;
  else if (text.startsWith('0')) value = /^[0-7]+$/.test(text.slice(1)) ? parseInt(text.slice(1), 8) : NaN;
  else if (text.includes(':')) value = /^[0-9]+(?::[0-9]+)+$/.test(text) ? sexagesimal(text) : NaN;
  else value = /^[0-9]+$/.test(text) ? Number(text) : NaN;
  if (Number.isNaN(value)) throw new Error(`${JSON.stringify(source)} is not an integer`);
  return sign * value;
}

function resolveFloat(source: string): FloatScalar {
  let text = source.replaceAll('_', '').toLowerCase();
  let sign = 1;
  if (text.startsWith('-') || text.startsWith('+')) {
    if (text.startsWith('-')) sign = -1;
    text = text.slice(1);
  }
  let value: number;
  if (text === '.inf') value = Infinity;
  else if (text === '.nan') value = NaN;
  else if (text.includes(':')) value = sexagesimal(text.slice(0, text.lastIndexOf(':'))) * 60 + Number(text.slice(text.lastIndexOf(':') + 1));
  else if (PYTHON_FLOAT.test(text.trim())) value = text.trim().startsWith('inf') ? Infinity : text.trim() === 'nan' ? NaN : Number(text.trim());
  else throw new Error(`${JSON.stringify(source)} is not a float`);
  return new FloatScalar(sign * value);
}

function resolveBool(source: string): boolean {
  if (!BOOL.test(source)) throw new Error(`${JSON.stringify(source)} is not a boolean`);
  return TRUE.has(source.toLowerCase());
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function resolveTimestamp(source: string): Date {
  const m = TIMESTAMP_PARTS.exec(source);
  if (!m) throw new Error(`${JSON.stringify(source)} is not a timestamp`);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) throw new Error(`${source} is not a real date`);
  if (m[4] === undefined) return new Date(Date.UTC(year, month - 1, day));
  const [hour, minute, second] = [Number(m[4]), Number(m[5]), Number(m[6])];
  if (hour > 23 || minute > 59 || second > 59) throw new Error(`${source} is not a real time`);
  const fraction = m[7] ? Number(`0.${m[7]}`.slice(0, 8)) : 0;
  let offset = 0;
  if (m[9] !== undefined) offset = (m[9] === '-' ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11] ?? 0));
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second) + Math.round(fraction * 1000) - offset * 60_000);
}

const STR_TAG = 'tag:yaml.org,2002:str';
const NULL_TAG = 'tag:yaml.org,2002:null';
const BOOL_TAG = 'tag:yaml.org,2002:bool';
const INT_TAG = 'tag:yaml.org,2002:int';
const FLOAT_TAG = 'tag:yaml.org,2002:float';
const TIMESTAMP_TAG = 'tag:yaml.org,2002:timestamp';

// Each tag twice: with `test` for plain scalars, and without for explicitly tagged ones (which
// PyYAML constructs from any text, failing where its constructor fails).
const PYYAML_SCALARS: readonly ScalarTag[] = [
  // Most plain scalars are text, and none of the rules below can match a scalar starting with any
  // other character than these (`~`, `=`, `<<`, signs, digits, dots, y/n/t/f/o of booleans): such a
  // scalar is a string at once, without trying each rule (yaml tries the tags in order).
  { tag: STR_TAG, default: true, test: /^[^-+.0-9~=<yYnNtTfFoO]/, resolve: (text) => text },
  { tag: NULL_TAG, default: true, test: NULL, resolve: () => new Scalar(null) },
  { tag: NULL_TAG, resolve: () => new Scalar(null) },
  { tag: BOOL_TAG, default: true, test: BOOL, resolve: resolveBool },
  { tag: BOOL_TAG, resolve: resolveBool },
  { tag: INT_TAG, default: true, test: INT, resolve: resolveInt },
  { tag: INT_TAG, resolve: resolveInt },
  { tag: FLOAT_TAG, default: true, test: FLOAT, resolve: resolveFloat },
  { tag: FLOAT_TAG, resolve: resolveFloat },
  { tag: TIMESTAMP_TAG, default: true, test: TIMESTAMP, resolve: resolveTimestamp },
  { tag: TIMESTAMP_TAG, resolve: resolveTimestamp },
  {
    tag: 'tag:yaml.org,2002:value',
    default: true,
    test: /^=$/,
    resolve: () => {
      throw new Error('a plain "=" cannot be loaded (PyYAML has no constructor for the YAML 1.1 value type); quote it');
    },
  },
];

const REPLACED = new Set([NULL_TAG, BOOL_TAG, INT_TAG, FLOAT_TAG, TIMESTAMP_TAG]);

/** `customTags` for `yaml`'s 1.1 schema: its scalar tags replaced by PyYAML's. */
export function pyyamlTags(tags: Tags): Tags {
  return [...PYYAML_SCALARS, ...tags.filter((t) => typeof t === 'string' || !REPLACED.has(t.tag))];
}
