import { isAlias, isCollection, isMap, isScalar, isSeq, type Node, type Pair } from 'yaml';
import { pointerSegments } from '../json-pointer';
import { keyText, type ParsedYaml } from './parse-yaml';
import type { PointerOffsets } from './token-position';

// The only module that walks yaml's node API to find positions, so a yaml major upgrade touches
// one file.

/** A 1-based position in the source text. */
export interface SourcePosition {
  readonly line: number;
  readonly column: number;
}

/**
 * What an issue points at: `value` for a value that broke a rule, `key` for a key that is not
 * allowed, `entry` for the start of the entry (the key of a mapping entry, else the item).
 */
export type PositionTarget = 'value' | 'key' | 'entry';

// Mappings with many keys are indexed on first lookup, so finding the positions of n issues stays
// linear however many keys a mapping has (52,000 unknown keys, each looked up).
const INDEX_FROM = 16;
const indexes = new WeakMap<object, Map<string, Pair>>();

function findPair(map: { items: Pair[] }, segment: string): Pair | undefined {
  if (map.items.length >= INDEX_FROM) {
    let index = indexes.get(map);
    if (index === undefined) {
      index = new Map();
      // Later entries overwrite earlier ones: with a repeated key the last value is the one that counts.
      for (const pair of map.items) {
        const text = keyText(pair.key);
        if (text !== undefined) index.set(text, pair);
      }
      indexes.set(map, index);
    }
    return index.get(segment);
  }
  // Scan from the end: with a repeated key the last value is the one that counts. Keys compare as
  // text because the pointer has text while YAML keys can be numbers or booleans.
  for (let i = map.items.length - 1; i >= 0; i--) {
    const pair = map.items[i]!;
    if (keyText(pair.key) === segment) return pair;
  }
  return undefined;
}

/**
 * Where a JSON pointer leads in the parsed document: the node, the mapping entry (`pair`) that
 * holds it when its last step is a key, the collection it is in (`parent`), whether the pointer
 * could be followed all the way (`complete`: not through a `<<` merge, say), and whether an alias
 * or an anchored node was passed on the way (`shared`: an edit there would show at other places).
 */
export interface LocatedNode {
  readonly node: unknown;
  readonly pair: Pair | undefined;
  readonly parent: unknown;
  readonly complete: boolean;
  readonly shared: boolean;
}

/** Follows a JSON pointer through the parsed document (see {@link LocatedNode}). */
export function locateNode(parsed: ParsedYaml, pointer: string): LocatedNode {
  let node: unknown = parsed.doc.contents;
  let pair: Pair | undefined;
  let parent: unknown;
  let complete = true;
  let shared = (node as Node | null)?.anchor !== undefined;
  for (const segment of pointerSegments(pointer)) {
    if (isAlias(node)) {
      shared = true;
      node = node.resolve(parsed.doc);
    }
    let next: unknown;
    let nextPair: Pair | undefined;
    if (isMap(node)) {
      nextPair = findPair(node, segment);
      next = nextPair?.value;
    } else if (isSeq(node) && /^\d+$/.test(segment)) {
      next = node.items[Number(segment)];
    }
    if (next === undefined && nextPair === undefined) {
      complete = false;
      break;
    }
    parent = node;
    node = next;
    pair = isMap(parent) ? nextPair : undefined;
    if (isAlias(node) || (node as Node | null)?.anchor !== undefined) shared = true;
  }
  return { node, pair, parent, complete, shared };
}

/** Where a pointer leads in the composed document, as offsets (see {@link PointerOffsets}). */
function nodeOffsets(parsed: ParsedYaml, pointer: string): PointerOffsets {
  const { node, pair, complete } = locateNode(parsed, pointer);
  const range = (node as Node | null | undefined)?.range;
  // A scalar or flow collection on the key's line is pointed at directly; an empty value or a
  // block collection (which starts on the next line) is reported at its key, as cloud-init does.
  const inline = isScalar(node) ? range != null && range[0] < range[1] : isCollection(node) && node.flow === true;
  return { keyStart: pair && isScalar(pair.key) ? pair.key.range?.[0] : undefined, nodeStart: range?.[0], inline, complete };
}

/**
 * The source position for a JSON pointer into the parsed document. When the pointer cannot be
 * followed all the way (a key coming from a `<<` merge, say), the deepest node found is used.
 */
export function sourcePosition(parsed: ParsedYaml, pointer: string, target: PositionTarget): SourcePosition | undefined {
  const { keyStart, nodeStart, inline, complete } = parsed.locator?.offsets(pointer) ?? nodeOffsets(parsed, pointer);
  const offset = !complete || target === 'entry' || target === 'key' || !inline ? (keyStart ?? nodeStart) : nodeStart;
  if (offset === undefined) return undefined;
  const { line, col } = parsed.lineCounter.linePos(offset);
  return { line, column: col };
}
