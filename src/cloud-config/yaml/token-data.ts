import { Scalar, type CST, type LineCounter, type Schema } from 'yaml';
import type { CloudConfigWarning } from '../cloud-config-issue';
import { segmentsToPointer } from '../json-pointer';
import { duplicateKey, setKey, type DocumentData, type NonStringKey } from './document-data';
import { FloatScalar } from './pyyaml-tags';
import { DECLINE, ScalarReader, decline, emptyPosition, isBlock, isFlowScalar, keyHasNewline, props, type Props } from './token-props';

// Most user data is block mappings, lists, flow collections and scalars. Its data is read here
// straight off yaml's syntax tree, without composing yaml's document (a node object per value, then
// a walk that turns them into data): composing is a large share of parsing, and a one-shot run over
// a folder pays it cold (bench/cloud-config-cli-instructions.bench.ts). The rules are yaml's own
// composer's, for that part of YAML only, and nothing is guessed: at the first token or condition
// the composer would do more with (an anchor, alias, tag, explicit key, tab, merge key, date, a pair
// inside a list, anything it would call an error or a warning), the document is declined and takes
// the general path (parse-yaml.ts). So what comes out here is what document-data.ts gives for the
// composed document, or nothing (test/cloud-config/token-data.test.ts compares the two on every
// corpus file and on generated and mutated documents). Positions are found in the same tokens
// (token-position.ts); the document is composed from them only when asked for (an edit by --fix).

class TokenWalk {
  readonly nonStringKeys: NonStringKey[] = [];
  readonly warnings: CloudConfigWarning[] = [];
  readonly path: string[] = [];
  wholeFloats = 0;
  /** The end of the node last read (yaml's `range[2]`). */
  end = 0;
  readonly scalars: ScalarReader;

  constructor(
    schema: Schema,
    readonly lineCounter: LineCounter,
    private readonly maxDepth: number,
    private readonly nudge: ((value: number) => number) | undefined,
  ) {
    this.scalars = new ScalarReader(schema);
  }

  document(doc: CST.Document): unknown {
    const found = props(doc.start, 'doc-start', doc.offset, true);
    const value = doc.value;
    if (found.found !== undefined && value !== undefined && (value.type === 'block-map' || value.type === 'block-seq') && !found.hasNewline) decline();
    const data = value === undefined ? this.empty(found.end, doc.start, found) : this.node(value, 0);
    // What follows the document's content: comments and white space only (yaml's resolveEnd, not strict).
    for (const token of doc.end ?? []) if (token.type !== 'space' && token.type !== 'comment' && token.type !== 'newline') decline();
    return data;
  }

  node(token: CST.Token, depth: number): unknown {
    if (isFlowScalar(token) || token.type === 'block-scalar') return this.scalar(token);
    if (depth >= this.maxDepth) decline();
    if (token.type === 'block-map') return this.map(token, depth + 1);
    if (token.type === 'block-seq') return this.seq(token, depth + 1);
    if (token.type === 'flow-collection') return this.flow(token, depth + 1);
    return decline();
  }

  /** yaml's composeEmptyNode: a missing value is a plain empty scalar (null). */
  empty(offset: number, before: readonly CST.SourceToken[], found: Props): unknown {
    this.end = found.hasComment ? found.end : emptyPosition(offset, before);
    return this.value(this.scalars.tagged('scalar', '', false));
  }

  /** A scalar value as yaml's composeScalar resolves it with no tag written, its end in `this.end`. */
  scalar(token: CST.FlowScalar | CST.BlockScalar): unknown {
    const { scalars } = this;
    const text = scalars.text(token);
    this.end = scalars.end;
    return this.value(scalars.tagged(token.type, text, false));
  }

  /** The data of a tag's result, as document-data.ts takes it from the composed node. */
  value(result: unknown): unknown {
    if (result instanceof Scalar) {
      if (result.constructor === FloatScalar) {
        const value = (result as FloatScalar).value;
        if (!Number.isInteger(value)) return value;
        this.wholeFloats++;
        return this.nudge === undefined ? value : this.nudge(value);
      }
      if (result.constructor !== Scalar) decline();
      result = result.value;
    }
    if (result !== null && typeof result === 'object') decline();
    if (typeof result === 'symbol' || typeof result === 'bigint') decline();
    return result;
  }

  seq(seq: CST.BlockSequence, depth: number): unknown[] {
    const out: unknown[] = [];
    const { path } = this;
    let offset = seq.offset;
    let commentEnd: number | undefined;
    for (const { start, value } of seq.items) {
      const found = props(start, 'seq-item-ind', offset, true);
      if (found.found === undefined) {
        if (value !== undefined) decline();
        commentEnd = found.end;
        continue;
      }
      path.push(String(out.length));
      out.push(value === undefined ? this.empty(found.end, start, found) : this.node(value, depth));
      path.pop();
      offset = this.end;
    }
    this.end = commentEnd ?? offset;
    return out;
  }

  /**
   * yaml's resolveFlowCollection for `[a, b]` of values and `{a: b}` of pairs with one-line scalar
   * keys; a pair in a list, a key without `:`, an empty item or a missing comma decline.
   */
  flow(fc: CST.FlowCollection, depth: number): unknown[] | Record<string, unknown> {
    const isMap = fc.start.source === '{';
    const { path } = this;
    const list: unknown[] = [];
    const map = isMap ? new MapOut(this) : undefined;
    let offset = fc.offset + fc.start.source.length;
    for (let i = 0; i < fc.items.length; i++) {
      const { start, key, sep, value } = fc.items[i]!;
      const found = props(start, 'explicit-key-ind', offset, false, true);
      if (found.found !== undefined) decline();
      if (key == null && sep === undefined && value === undefined) {
        // Only a trailing comma may stand alone.
        if (i === 0 || i < fc.items.length - 1) decline();
        offset = found.end;
        continue;
      }
      if (found.comma !== i > 0) decline();
      if (map === undefined) {
        if (key != null || sep !== undefined || value === undefined || isBlock(value)) decline();
        path.push(String(list.length));
        list.push(this.node(value, depth));
        path.pop();
      } else {
        if (key == null || !isFlowScalar(key) || keyHasNewline(key) || sep === undefined) return decline();
        const text = map.key(key);
        const valueProps = props(sep, 'map-value-ind', this.end, false, true);
        if (valueProps.found === undefined || (value !== undefined && isBlock(value))) decline();
        path.push(text);
        map.set(text, value === undefined ? this.empty(valueProps.end, sep, valueProps) : this.node(value, depth));
        path.pop();
      }
      offset = this.end;
    }
    const [close, ...rest] = fc.end;
    if (close?.source !== (isMap ? '}' : ']')) decline();
    let end = close.offset + close.source.length;
    let hasSpace = false;
    for (const token of rest) {
      if (token.type === 'space' || token.type === 'newline') hasSpace = true;
      else if (token.type !== 'comment' || !hasSpace) decline();
      end = token.offset + token.source.length;
    }
    this.end = end;
    return map === undefined ? list : map.finish();
  }

  map(map: CST.BlockMap, depth: number): Record<string, unknown> {
    const out = new MapOut(this);
    const { path } = this;
    let offset = map.offset;
    let commentEnd: number | undefined;
    for (const { start, key, sep, value } of map.items) {
      const keyProps = props(start, 'explicit-key-ind', offset, true);
      if (keyProps.found !== undefined) decline();
      if (sep === undefined) {
        if (key != null) decline();
        commentEnd = keyProps.end;
        continue;
      }
      // An empty key, or a key that is not a single-line scalar: the general path.
      if (key == null || !isFlowScalar(key) || key.indent !== map.indent || keyHasNewline(key)) return decline();
      const text = out.key(key);
      const valueProps = props(sep, 'map-value-ind', this.end, false);
      if (valueProps.found === undefined) decline();
      if (value?.type === 'block-map' && !valueProps.hasNewline) decline();
      // yaml's limit on an implicit key's length (strict).
      if (keyProps.end < valueProps.found.offset - 1024) decline();
      path.push(text);
      out.set(text, value === undefined ? this.empty(valueProps.end, sep, valueProps) : this.node(value, depth));
      path.pop();
      offset = this.end;
    }
    if (commentEnd !== undefined && commentEnd < offset) decline();
    this.end = commentEnd ?? offset;
    return out.finish();
  }
}

/** Puts `items` into `list` at `at`, without spreading them into arguments (there can be 200,000). */
function insertAt<T>(list: T[], at: number, items: readonly T[]): void {
  const after = at === list.length ? [] : list.splice(at);
  for (const item of items) list.push(item);
  for (const item of after) list.push(item);
}

/**
 * A mapping being read. Its keys' findings (non-string and repeated keys) come before those of its
 * values, as in document-data.ts, which reads all keys first: they are put in place at the end.
 */
class MapOut {
  private readonly out: Record<string, unknown> = {};
  private readonly firsts = new Map<string, number>();
  private readonly warningsAt: number;
  private readonly keysAt: number;
  private warnings: CloudConfigWarning[] | undefined;
  private nonStringKeys: NonStringKey[] | undefined;

  constructor(private readonly walk: TokenWalk) {
    this.warningsAt = walk.warnings.length;
    this.keysAt = walk.nonStringKeys.length;
  }

  /** A key's text as the data spells it (document-data.ts's rules); its end in the walk's `end`. */
  key(key: CST.FlowScalar): string {
    const { walk } = this;
    const { text, source, type } = walk.scalars.key(key);
    walk.end = walk.scalars.end;
    if (type !== undefined) (this.nonStringKeys ??= []).push({ pointer: segmentsToPointer(walk.path), key: text, source: source !== '' ? source : text, type });
    const first = this.firsts.get(text);
    if (first === undefined) this.firsts.set(text, key.offset);
    else (this.warnings ??= []).push(duplicateKey(walk.lineCounter, walk.path, text, key.offset, first));
    return text;
  }

  set(text: string, value: unknown): void {
    setKey(this.out, text, value);
  }

  finish(): Record<string, unknown> {
    const { walk } = this;
    if (this.warnings !== undefined) insertAt(walk.warnings, this.warningsAt, this.warnings);
    if (this.nonStringKeys !== undefined) insertAt(walk.nonStringKeys, this.keysAt, this.nonStringKeys);
    return this.out;
  }
}

/**
 * The data of a one-document text read straight off its tokens (yaml's `Parser` output), or
 * `undefined` when the text needs yaml's composer (see above). `tokens` are the whole stream's.
 */
export function tokenData(
  tokens: readonly CST.Token[],
  schema: Schema,
  lineCounter: LineCounter,
  maxDepth: number,
  nudge: (value: number) => number,
): DocumentData | undefined {
  let doc: CST.Document | undefined;
  for (const token of tokens) {
    const type = token.type;
    if (type === 'document' && doc === undefined) doc = token;
    else if (type !== 'comment' && type !== 'newline' && type !== 'space' && type !== 'byte-order-mark') return undefined;
  }
  if (doc === undefined) return { value: null, schemaValue: null, nonStringKeys: [], warnings: [] };
  try {
    const walk = new TokenWalk(schema, lineCounter, maxDepth, undefined);
    const value = walk.document(doc);
    // Rare: a second walk builds the schema's copy; its findings are the first walk's again.
    const schemaValue = walk.wholeFloats === 0 ? value : new TokenWalk(schema, lineCounter, maxDepth, nudge).document(doc);
    return { value, schemaValue, nonStringKeys: walk.nonStringKeys, warnings: walk.warnings };
  } catch (error) {
    if (error === DECLINE) return undefined;
    throw error;
  }
}
