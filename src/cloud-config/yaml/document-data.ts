import { Scalar, YAMLMap, YAMLSeq, type Document, type LineCounter } from 'yaml';
import type { CloudConfigWarning } from '../cloud-config-issue';
import { segmentsToDottedPath, segmentsToPointer } from '../json-pointer';
import { FloatScalar } from './pyyaml-tags';

// Most user data is plain: mappings, lists and scalars that load as strings, numbers, booleans or
// null, with no aliases, merge keys, tags of collections, dates or bytes. Most of it is read off the
// tokens without composing (token-data.ts, which gives what this walk gives). For a composed plain
// document, its data, its duplicate and non-string keys are found here in one walk over the nodes,
// and the data is already what the schema sees (no copy for the schema view, no second check for
// cycles). Anything else gets the general path (parse-yaml.ts: yaml's toJS, then the schema view),
// which gives the same results.

/** A mapping key that PyYAML loads as something other than a string (`1:`, `on:`, `~:`). */
export interface NonStringKey {
  /** JSON pointer of the mapping. */
  readonly pointer: string;
  /** The key as text, as it appears in the parsed data (`"1"`, `"true"`). */
  readonly key: string;
  /** The key as written in the source (`on`, `0x10`). */
  readonly source: string;
  /** What PyYAML loads it as: `integer`, `number`, `boolean`, `null`, `date`. */
  readonly type: string;
}

/** What PyYAML loads a key as, by NonStringKey's names (a float is a `number` even when whole: Python's 1.0 is no int). */
export function keyType(value: unknown, isFloat: boolean): string {
  if (isFloat) return 'number';
  if (value === null) return 'null';
  if (value instanceof Date) return 'date';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/**
 * Sets a key of data being built as yaml's toJS does: a name the object already answers to (`constructor`,
 * `__proto__`) is defined as an own property; a repeated key is set again (its last value wins).
 */
export function setKey(out: Record<string, unknown>, key: string, value: unknown): void {
  // Asked of Object.prototype, which is all `out` inherits: a test on `out` itself, whose shape changes with every
  // key, is one of the walk's costliest lines.
  if (key in Object.prototype) Object.defineProperty(out, key, { value, writable: true, enumerable: true, configurable: true });
  else out[key] = value;
}

/** What the walk over a plain document gives. */
export interface DocumentData {
  readonly value: unknown;
  /** The data as the schema sees it: `value` with whole-number floats nudged off the integer. */
  readonly schemaValue: unknown;
  readonly nonStringKeys: NonStringKey[];
  readonly warnings: CloudConfigWarning[];
}

/** Thrown inside the walk: this document needs the general path. */
const NOT_PLAIN = Symbol('not plain');

/** The duplicate-key warning, with both positions (PyYAML silently keeps the last value, as we do). */
export function duplicateKey(lineCounter: LineCounter, mapPath: readonly string[], text: string, start: number, first: number): CloudConfigWarning {
  const at = lineCounter.linePos(start);
  const was = lineCounter.linePos(first);
  return {
    code: 'duplicate_key',
    path: segmentsToDottedPath([...mapPath, text]),
    pointer: segmentsToPointer([...mapPath, text]),
    message: `key ${JSON.stringify(text)} is repeated (first at line ${was.line}, column ${was.col}); the last value is used`,
    line: at.line,
    column: at.col,
    firstLine: was.line,
    firstColumn: was.col,
  };
}

// Up to this many keys, a repeat is found by comparing the key texts; beyond, by a Map from each
// key text to the index where it first appears.
const SCAN_UP_TO = 8;

/** Where the key at `i` first appears before `i`, or -1 (a scan: short mappings). */
function firstOf(keys: readonly string[], i: number): number {
  const text = keys[i];
  for (let k = 0; k < i; k++) if (keys[k] === text) return k;
  return -1;
}

class Walk {
  readonly nonStringKeys: NonStringKey[] = [];
  readonly warnings: CloudConfigWarning[] = [];
  /** Segments of the collection being walked (its data path). */
  readonly path: string[] = [];
  /** Whole-number floats met (`1.0`): the schema must see them as non-integers, in a second walk. */
  wholeFloats = 0;

  constructor(
    private readonly lineCounter: LineCounter,
    private readonly maxDepth: number,
    /** The schema's walk: whole-number floats nudged off the integer (Python's 1.0 is no int). */
    private readonly nudge: ((value: number) => number) | undefined = undefined,
  ) {}

  node(node: unknown, depth: number): unknown {
    if (node === null) return null;
    const type = (node as object).constructor;
    if (type === Scalar) return this.scalar((node as Scalar).value);
    if (type === FloatScalar) {
      const value = (node as FloatScalar).value;
      if (!Number.isInteger(value)) return value;
      this.wholeFloats++;
      return this.nudge === undefined ? value : this.nudge(value);
    }
    if (depth >= this.maxDepth) throw NOT_PLAIN;
    if (type === YAMLMap) return this.map(node as YAMLMap<unknown, unknown>, depth + 1);
    if (type === YAMLSeq) return this.seq(node as YAMLSeq<unknown>, depth + 1);
    throw NOT_PLAIN;
  }

  scalar(value: unknown): unknown {
    if (value === null || typeof value !== 'object') {
      if (typeof value === 'symbol' || typeof value === 'bigint') throw NOT_PLAIN;
      return value;
    }
    throw NOT_PLAIN;
  }

  seq(seq: YAMLSeq<unknown>, depth: number): unknown[] {
    const { items } = seq;
    const out: unknown[] = new Array(items.length);
    const { path } = this;
    for (let i = 0; i < items.length; i++) {
      path.push(String(i));
      out[i] = this.node(items[i], depth);
      path.pop();
    }
    return out;
  }

  map(map: YAMLMap<unknown, unknown>, depth: number): Record<string, unknown> {
    const { items } = map;
    const keys: string[] = new Array(items.length);
    // Keys first, all of them, then the values: the findings come in the order of the general path.
    // Repeats are found among the key texts (each key's first index in a map for a long mapping, so
    // many repeats cost one lookup each), not on the object.
    const firsts = items.length > SCAN_UP_TO ? new Map<string, number>() : undefined;
    for (let i = 0; i < items.length; i++) {
      const key = items[i]!.key;
      if (key === null || (key as object).constructor !== Scalar && (key as object).constructor !== FloatScalar) throw NOT_PLAIN;
      const value = (key as Scalar).value;
      let text: string;
      if (typeof value === 'string') {
        if (value === '<<') throw NOT_PLAIN;
        text = value;
      } else {
        if (value !== null && typeof value !== 'number' && typeof value !== 'boolean') throw NOT_PLAIN;
        text = value === null ? '' : String(value);
        this.nonStringKey(key as Scalar, text);
      }
      keys[i] = text;
      let first: number;
      if (firsts === undefined) first = firstOf(keys, i);
      else {
        first = firsts.get(text) ?? -1;
        if (first < 0) firsts.set(text, i);
      }
      if (first >= 0) this.repeated(items, text, i, first);
    }
    const out: Record<string, unknown> = {};
    const { path } = this;
    for (let i = 0; i < items.length; i++) {
      const text = keys[i]!;
      path.push(text);
      const value = this.node(items[i]!.value, depth);
      path.pop();
      setKey(out, text, value);
    }
    return out;
  }

  /** The key at `i` repeats an earlier one: a warning with both positions (PyYAML keeps the last value, as we do). */
  repeated(items: readonly { key: unknown }[], text: string, i: number, firstIndex: number): void {
    const start = (items[i]!.key as Scalar).range?.[0];
    const first = (items[firstIndex]!.key as Scalar).range?.[0];
    if (start !== undefined && first !== undefined) this.warnings.push(duplicateKey(this.lineCounter, this.path, text, start, first));
  }

  nonStringKey(key: Scalar, text: string): void {
    const value = key.value;
    const source = typeof key.source === 'string' && key.source !== '' ? key.source : String(value);
    this.nonStringKeys.push({ pointer: segmentsToPointer(this.path), key: text, source, type: keyType(value, key instanceof FloatScalar) });
  }
}

/**
 * The data of a plain document, its non-string keys and duplicate keys, in one walk; `undefined`
 * when the document needs the general path. Call after the nesting check of the syntax tree.
 */
export function documentData(
  doc: Document.Parsed,
  lineCounter: LineCounter,
  maxDepth: number,
  nudge: (value: number) => number,
): DocumentData | undefined {
  const walk = new Walk(lineCounter, maxDepth);
  try {
    const value = walk.node(doc.contents, 0);
    // Rare: a second walk builds the schema's copy; its findings are the first walk's again.
    const schemaValue = walk.wholeFloats === 0 ? value : new Walk(lineCounter, maxDepth, nudge).node(doc.contents, 0);
    return { value, schemaValue, nonStringKeys: walk.nonStringKeys, warnings: walk.warnings };
  } catch (error) {
    if (error === NOT_PLAIN) return undefined;
    throw error;
  }
}
