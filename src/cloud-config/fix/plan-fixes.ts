import { isMap, isScalar, isSeq, type Pair, type Scalar, type YAMLMap } from 'yaml';
import type { CloudConfigDeprecation } from '../cloud-config-issue';
import { jsonEqual } from '../check/json-equal';
import { escapePointerSegment, pointerSegments, segmentsToPointer } from '../json-pointer';
import { keyText, type ParsedYaml } from '../yaml/parse-yaml';
import { locateNode } from '../yaml/source-position';
import { ruleFor, type ListRewrite, type ReplacementValue } from './deprecation-fixes';
import type { CloudConfigFix, CloudConfigUnfixable } from './fix-types';

// Fixes are planned as edits of the source text at the ranges yaml's document gives each key and
// scalar, never by dumping the document again: comments, key order, quoting, indentation and
// flow or block style stay as written. Each deprecation is looked at once, with per-mapping key
// indexes built on first use, so planning is linear in the number of deprecations and keys.

/** A replacement of `text.slice(start, end)`. */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** A fix with its edit, and where the fixed value is in the fixed data (to check it there). */
export interface PlannedFix {
  readonly fix: CloudConfigFix;
  readonly edit: TextEdit;
  /** The data path of the deprecated value, and of the value after the fix (before renames above it). */
  readonly oldSegments: readonly string[];
  readonly newSegments: readonly string[];
  /** For a `value` or `rewrite` fix: the data the new value reads as. */
  readonly value?: unknown;
}

/** What planning found: the fixes, and the deprecations that are not fixed, with why. */
export interface FixPlan {
  readonly fixes: PlannedFix[];
  readonly unfixable: CloudConfigUnfixable[];
}

/** How many times each key is written in a mapping (a repeated key is never renamed: the last one counts). */
type KeyCounts = Map<string, number>;

function dataAt(data: unknown, segments: readonly string[]): unknown {
  let node = data;
  for (const segment of segments) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/** A copy of plain data (mappings and lists copied, scalars shared), to apply fixes to. */
function copyData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyData);
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copyData(v)]));
}

/** Applies a planned fix to `root`, the copied data at the path `base` (the fix lies below it). */
function applyAsData(root: unknown, base: number, fix: PlannedFix): void {
  let parent = root as Record<string, unknown>;
  for (const segment of fix.oldSegments.slice(base, -1)) parent = parent[segment] as Record<string, unknown>;
  const key = fix.oldSegments[fix.oldSegments.length - 1]!;
  if (fix.fix.kind === 'value') parent[key] = fix.value;
  else {
    const newKey = fix.newSegments[fix.newSegments.length - 1]!;
    if (fix.fix.kind === 'rename') parent[newKey] = parent[key];
    else if (fix.fix.kind === 'rewrite') parent[newKey] = fix.value;
    delete parent[key];
  }
}

/** A key or string written with the quoting the original used. */
function quotedLike(original: Scalar, text: string): string | undefined {
  if (original.type === 'PLAIN') return text;
  if (original.type === 'QUOTE_SINGLE') return `'${text}'`;
  if (original.type === 'QUOTE_DOUBLE') return `"${text}"`;
  return undefined;
}

/**
 * A YAML double-quoted scalar: JSON's string syntax is one, once the characters PyYAML's YAML 1.1
 * reads as line breaks (NEL, LS, PS) are escaped too.
 */
function doubleQuoted(text: string): string {
  return JSON.stringify(text).replace(/[\u0085\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The start of the line that holds `offset`. */
function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

class Planner {
  private readonly counts = new WeakMap<object, KeyCounts>();
  /** New keys already planned per mapping, so two renames never give one mapping the same key twice. */
  private readonly planned = new WeakMap<object, Set<string>>();
  /** The planned fixes below each pointer (deprecations are planned deepest first). */
  private readonly below = new Map<string, PlannedFix[]>();
  readonly plan: FixPlan = { fixes: [], unfixable: [] };

  constructor(
    private readonly text: string,
    private readonly parsed: ParsedYaml,
  ) {}

  private keyCounts(map: YAMLMap): KeyCounts {
    let counts = this.counts.get(map);
    if (counts === undefined) {
      counts = new Map();
      for (const pair of map.items) {
        const key = keyText(pair.key);
        if (key !== undefined) counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      this.counts.set(map, counts);
    }
    return counts;
  }

  private unfixable(deprecation: CloudConfigDeprecation, reason: string): void {
    const { path, pointer, line, column, message } = deprecation;
    this.plan.unfixable.push({ path, pointer, ...(line !== undefined ? { line, column } : {}), reason, message });
  }

  private add(deprecation: CloudConfigDeprecation, kind: CloudConfigFix['kind'], edit: TextEdit, from: string, to: string, oldSegments: readonly string[], newSegments: readonly string[], value?: unknown): void {
    const { path, pointer, line, column, message, version } = deprecation;
    const fix: CloudConfigFix = { kind, path, pointer, ...(line !== undefined ? { line, column } : {}), from, to, message, ...(version !== undefined ? { version } : {}) };
    const planned: PlannedFix = { fix, edit, oldSegments, newSegments, ...(kind === 'value' || kind === 'rewrite' ? { value } : {}) };
    this.plan.fixes.push(planned);
    let prefix = '';
    for (const segment of oldSegments.slice(0, -1)) {
      prefix += `/${escapePointerSegment(segment)}`;
      const list = this.below.get(prefix);
      if (list) list.push(planned);
      else this.below.set(prefix, [planned]);
    }
  }

  /** The data at `segments` as it reads once the fixes planned below it are made. */
  private fixedData(segments: readonly string[]): unknown {
    const value = dataAt(this.parsed.value, segments);
    const fixes = this.below.get(segmentsToPointer(segments));
    if (fixes === undefined) return value;
    const copy = copyData(value);
    for (const fix of fixes) applyAsData(copy, segments.length, fix);
    return copy;
  }

  consider(deprecation: CloudConfigDeprecation): void {
    const segments = pointerSegments(deprecation.pointer);
    const rule = ruleFor(segments);
    if (rule === undefined) return this.unfixable(deprecation, 'no replacement that means the same to cloud-init is recorded for it');
    if ('reason' in rule) return this.unfixable(deprecation, rule.reason);
    const at = locateNode(this.parsed, deprecation.pointer);
    if (!at.complete) return this.unfixable(deprecation, 'it comes from a << merge; fix it where it is written');
    if (at.shared) return this.unfixable(deprecation, 'it is inside an anchored (&) or aliased (*) node that other places share; fix it by hand');
    if ('rename' in rule) return this.rename(deprecation, segments, rule.rename(segments[segments.length - 1]!), at.pair, at.parent);
    if ('rewrite' in rule) {
      const rewrite = rule.rewrite(dataAt(this.parsed.value, segments));
      if ('reason' in rewrite) return this.unfixable(deprecation, rewrite.reason);
      return this.rewrite(deprecation, segments, rewrite, at.pair, at.parent, at.node);
    }
    if ('asListUnder' in rule) return this.asList(deprecation, segments, rule.asListUnder, at.pair, at.parent, at.node);
    const replacement = rule.replace(dataAt(this.parsed.value, segments));
    if ('reason' in replacement) return this.unfixable(deprecation, replacement.reason);
    return this.replace(deprecation, segments, at.node, replacement);
  }

  /** The checks every change of a key needs; undefined (and the reason noted) when one fails. */
  private keyToChange(deprecation: CloudConfigDeprecation, oldKey: string, newKey: string, pair: Pair | undefined, parent: unknown): { key: Scalar; counts: KeyCounts; planned: Set<string> } | undefined {
    if (pair === undefined || !isMap(parent) || !isScalar(pair.key) || pair.key.range == null) return void this.unfixable(deprecation, 'the key is not a plain mapping key');
    const key = pair.key;
    if (key.tag !== undefined || key.anchor !== undefined) return void this.unfixable(deprecation, 'the key carries a tag or an anchor; rename it by hand');
    const counts = this.keyCounts(parent);
    if ((counts.get(oldKey) ?? 0) > 1) return void this.unfixable(deprecation, `${oldKey} is written more than once in this mapping; keep one first`);
    if (counts.has('<<')) return void this.unfixable(deprecation, 'the mapping has a << merge key, which could hold the replacement too');
    let planned = this.planned.get(parent);
    if (planned === undefined) this.planned.set(parent, (planned = new Set()));
    if (planned.has(newKey)) return void this.unfixable(deprecation, `another key of this mapping is renamed to ${newKey} too`);
    return { key, counts, planned };
  }

  private rename(deprecation: CloudConfigDeprecation, segments: readonly string[], newKey: string, pair: Pair | undefined, parent: unknown): void {
    const oldKey = segments[segments.length - 1]!;
    const checked = this.keyToChange(deprecation, oldKey, newKey, pair, parent);
    if (checked === undefined) return;
    const { key, counts, planned } = checked;
    const parentSegments = segments.slice(0, -1);
    const newSegments = [...parentSegments, newKey];
    if (counts.has(newKey)) {
      const same = counts.get(newKey) === 1 && jsonEqual(this.fixedData(segments), this.fixedData(newSegments));
      if (!same) return this.unfixable(deprecation, `${newKey} is set too, to a different value; keep one of them by hand`);
      const removal = this.removal(pair!, parent as YAMLMap);
      if (removal === undefined) return this.unfixable(deprecation, `${newKey} is set too, to the same value; remove ${oldKey} by hand (it is not on lines of its own)`);
      planned.add(newKey);
      return this.add(deprecation, 'remove', removal, oldKey, newKey, segments, newSegments);
    }
    const written = quotedLike(key, newKey);
    if (written === undefined) return this.unfixable(deprecation, 'the key is a block scalar; rename it by hand');
    planned.add(newKey);
    const [start, end] = key.range!;
    this.add(deprecation, 'rename', { start, end, text: written }, this.text.slice(start, end), written, segments, newSegments);
  }

  /** An entry written anew as a list of mappings under another key, in the style (block or flow) of its value. */
  private rewrite(deprecation: CloudConfigDeprecation, segments: readonly string[], rewrite: ListRewrite, pair: Pair | undefined, parent: unknown, node: unknown): void {
    const oldKey = segments[segments.length - 1]!;
    const checked = this.keyToChange(deprecation, oldKey, rewrite.key, pair, parent);
    if (checked === undefined) return;
    if (checked.counts.has(rewrite.key)) return this.unfixable(deprecation, `${rewrite.key} is set too; merge the two by hand`);
    const start = checked.key.range![0];
    const end = (node as { range?: [number, number, number] | null } | null)?.range?.[1];
    if (end === undefined) return this.unfixable(deprecation, 'the value is not where its key is');
    const block = isSeq(node) ? !node.flow : isScalar(node) && (node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED');
    // Comments in the entry would be lost with it (a block scalar holds none but on its header line).
    const written = this.text.slice(start, end);
    if (/(^|\s)#/.test(isScalar(node) && block ? written.slice(0, written.indexOf('\n') + 1) : written)) return this.unfixable(deprecation, 'comments in it would be lost; rewrite it by hand');
    const items = rewrite.items.map((fields) => `{${fields.map(([field, value]) => `${field}: ${field === 'type' ? value : doubleQuoted(value)}`).join(', ')}}`);
    let text: string;
    if (block) {
      const indent = ' '.repeat(start - lineStart(this.text, start) + 2);
      // The lines end as the entry's did (CRLF files stay CRLF).
      const eol = written.endsWith('\r\n') || (!written.endsWith('\n') && this.text.includes('\r\n')) ? '\r\n' : '\n';
      text = `${rewrite.key}:${eol}${items.map((item) => `${indent}- ${item}`).join(eol)}${written.endsWith('\n') ? eol : ''}`;
    } else text = `${rewrite.key}: [${items.join(', ')}]`;
    checked.planned.add(rewrite.key);
    const data = rewrite.items.map((fields) => Object.fromEntries(fields));
    this.add(deprecation, 'rewrite', { start, end, text }, oldKey, rewrite.key, segments, [...segments.slice(0, -1), rewrite.key], data);
  }

  /** `key: value` written as `newKey: [value]` (the value's text kept), for a non-empty string on the key's line. */
  private asList(deprecation: CloudConfigDeprecation, segments: readonly string[], newKey: string, pair: Pair | undefined, parent: unknown, node: unknown): void {
    const oldKey = segments[segments.length - 1]!;
    const checked = this.keyToChange(deprecation, oldKey, newKey, pair, parent);
    if (checked === undefined) return;
    if (checked.counts.has(newKey)) return this.unfixable(deprecation, `${newKey} is set too (cloud-init refuses both); keep one by hand`);
    const value = dataAt(this.parsed.value, segments);
    if (!isScalar(node) || node.range == null || typeof value !== 'string' || value === '' || node.tag !== undefined) return this.unfixable(deprecation, 'only a non-empty string has an equivalent list');
    const [start, keyEnd] = checked.key.range!;
    const [valueStart, valueEnd] = node.range;
    const source = this.text.slice(valueStart, valueEnd);
    // In a flow list a plain scalar may not hold flow indicators; the key and value must share a line.
    const inFlow = node.type === 'QUOTE_SINGLE' || node.type === 'QUOTE_DOUBLE' || (node.type === 'PLAIN' && !/[,[\]{}#]|: /.test(source));
    if (!inFlow || !/^[ \t]*:[ \t]+$/.test(this.text.slice(keyEnd, valueStart))) return this.unfixable(deprecation, 'the value cannot be put in a list as written; write playbook_names by hand');
    checked.planned.add(newKey);
    const text = `${quotedLike(checked.key, newKey)!}: [${source}]`;
    this.add(deprecation, 'rewrite', { start, end: valueEnd, text }, oldKey, newKey, segments, [...segments.slice(0, -1), newKey], [value]);
  }

  /** The edit that removes a block mapping entry on lines of its own, if it is one. */
  private removal(pair: Pair, map: YAMLMap): TextEdit | undefined {
    const keyRange = (pair.key as Scalar).range!;
    const value = pair.value as { range?: [number, number, number] | null } | null;
    const end = value?.range?.[2] ?? keyRange[2];
    const start = lineStart(this.text, keyRange[0]);
    if (map.flow || !/^[ ]*$/.test(this.text.slice(start, keyRange[0]))) return undefined;
    if (end !== this.text.length && this.text[end - 1] !== '\n') return undefined;
    return { start, end, text: '' };
  }

  private replace(deprecation: CloudConfigDeprecation, segments: readonly string[], node: unknown, replacement: ReplacementValue): void {
    if (!isScalar(node) || node.range == null) return this.unfixable(deprecation, 'the value is not a scalar');
    if (node.tag !== undefined) return this.unfixable(deprecation, 'the value carries a tag; change it by hand');
    if (node.type !== 'PLAIN' && node.type !== 'QUOTE_SINGLE' && node.type !== 'QUOTE_DOUBLE') return this.unfixable(deprecation, 'the value is a block scalar; change it by hand');
    // A string keeps the original's quotes when it had some (the replacements are plain words).
    const written = typeof replacement.value === 'string' && node.type !== 'PLAIN' ? quotedLike(node, replacement.value)! : replacement.yaml;
    const [start, end] = node.range;
    this.add(deprecation, 'value', { start, end, text: written }, this.text.slice(start, end), written, segments, segments, replacement.value);
  }
}

/**
 * Plans the fix of each deprecation the validator reported for `text` (parsed as `parsed`): an
 * edit per fix, or the reason it is not fixed. Fixes nested in an entry that another fix removes
 * are dropped (they go with it).
 */
export function planFixes(text: string, parsed: ParsedYaml, deprecations: readonly CloudConfigDeprecation[]): FixPlan {
  const planner = new Planner(text, parsed);
  // Deepest first: whether a renamed key's replacement holds the same value is judged with the
  // fixes below both already planned.
  const depth = (d: CloudConfigDeprecation) => pointerSegments(d.pointer).length;
  for (const deprecation of [...deprecations].sort((a, b) => depth(b) - depth(a))) planner.consider(deprecation);
  const { fixes, unfixable } = planner.plan;
  fixes.sort((a, b) => a.edit.start - b.edit.start);
  const kept: PlannedFix[] = [];
  for (const fix of fixes) {
    const previous = kept[kept.length - 1];
    if (previous !== undefined && fix.edit.start < previous.edit.end) continue;
    kept.push(fix);
  }
  return { fixes: kept, unfixable };
}

/** The text with the edits (sorted, not overlapping) applied, in one pass. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const edit of edits) {
    parts.push(text.slice(at, edit.start), edit.text);
    at = edit.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/** The JSON pointer of a fixed value in the fixed data: its path with the renames above it applied. */
export function fixedPointer(fix: PlannedFix, renamed: ReadonlyMap<string, string>): string {
  const segments = [...fix.newSegments];
  let prefix = '';
  for (let i = 0; i < segments.length - 1; i++) {
    prefix += `/${escapePointerSegment(fix.oldSegments[i]!)}`;
    const to = renamed.get(prefix);
    if (to !== undefined) segments[i] = to;
  }
  return segmentsToPointer(segments);
}
