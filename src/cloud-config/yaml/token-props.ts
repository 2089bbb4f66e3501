import { CST, Scalar, type Schema, type ScalarTag } from 'yaml';
import { keyType } from './document-data';
import { FloatScalar } from './pyyaml-tags';

// yaml's composer's rules for the tokens around a node and for scalars, for the part of YAML that
// token-data.ts reads off the syntax tree (and token-position.ts finds positions in): each function
// follows the yaml function it names, and declines (throws DECLINE) where yaml would do more than
// this part of YAML needs, report an error or a warning.

/** Thrown inside a walk: this document needs the general path. */
export const DECLINE = Symbol('decline');

export function decline(): never {
  throw DECLINE;
}

/** What yaml's resolveProps finds in the tokens before a node, for tokens this path accepts. */
export interface Props {
  /** The indicator (`-`, `:`, `---`) when present. */
  readonly found: CST.SourceToken | undefined;
  readonly hasNewline: boolean;
  readonly hasComment: boolean;
  /** Whether a comma was met (flow collections). */
  readonly comma: boolean;
  /** Where the tokens end (`offset` when there are none). */
  readonly end: number;
}

/**
 * yaml's resolveProps for spaces, line breaks, comments, one indicator and, in a flow collection,
 * one comma; anything else declines, and so do tabs outside flow collections (a tab may be
 * indentation, which yaml refuses in some places: the general path says where).
 */
export function props(tokens: readonly CST.SourceToken[], indicator: string, offset: number, startOnNewline: boolean, flow = false): Props {
  let hasSpace = startOnNewline;
  let found: CST.SourceToken | undefined;
  let hasNewline = false;
  let hasComment = false;
  let comma = false;
  for (const token of tokens) {
    const type = token.type;
    if (type === 'space') {
      if (!flow && token.source.includes('\t')) decline();
      hasSpace = true;
    } else if (type === 'newline') {
      hasNewline = true;
      hasSpace = true;
    } else if (type === 'comment') {
      if (!hasSpace) decline();
      hasComment = true;
    } else if (type === indicator && found === undefined) {
      found = token;
      hasSpace = false;
    } else if (type === 'comma' && flow && !comma) {
      comma = true;
      hasSpace = false;
    } else decline();
  }
  return { found, hasNewline, hasComment, comma, end: tokensEnd(tokens, offset) };
}

/** Where tokens end: past the last one, or `offset` when there are none. */
export function tokensEnd(tokens: readonly CST.SourceToken[], offset: number): number {
  const last = tokens[tokens.length - 1];
  return last === undefined ? offset : last.offset + last.source.length;
}

/** yaml's emptyScalarPosition: where a missing value is placed, after the whitespace before it. */
export function emptyPosition(offset: number, before: readonly CST.SourceToken[]): number {
  for (let i = before.length - 1; i >= 0; --i) {
    const type = before[i]!.type;
    if (type === 'space' || type === 'comment' || type === 'newline') {
      offset -= before[i]!.source.length;
      continue;
    }
    for (let k = i + 1; before[k]?.type === 'space'; k++) offset += before[k]!.source.length;
    break;
  }
  return offset;
}

/** yaml's containsNewline for a scalar key (other keys decline before it is asked). */
export function keyHasNewline(key: CST.FlowScalar): boolean {
  if (key.source.includes('\n')) return true;
  return key.end !== undefined && key.end.some((token) => token.type === 'newline');
}

export function isFlowScalar(token: CST.Token): token is CST.FlowScalar {
  return token.type === 'scalar' || token.type === 'single-quoted-scalar' || token.type === 'double-quoted-scalar';
}

/** A block collection: never inside a flow collection (yaml's BLOCK_IN_FLOW). */
export function isBlock(token: CST.Token): boolean {
  return token.type === 'block-map' || token.type === 'block-seq';
}

const onScalarError = (): never => decline();

/** A mapping key as the data spells it, and what document-data.ts records of a key that is no string. */
export interface KeyText {
  readonly text: string;
  /** The key's text as written, escapes and folding resolved (yaml's `source` of the scalar). */
  readonly source: string;
  /** `integer`, `number`, `boolean` or `null` for a key PyYAML loads as no string; undefined for a string. */
  readonly type: string | undefined;
}

/** Scalars resolved with a schema's tags, as yaml's composeScalar does for a scalar with no tag written. */
export class ScalarReader {
  private readonly tags: readonly ScalarTag[];
  private readonly stringTag: ScalarTag;
  /** The end of the scalar last read (yaml's `range[2]`). */
  end = 0;

  constructor(schema: Schema) {
    this.tags = schema.tags as ScalarTag[];
    // yaml's schema[SCALAR] (its key is a registered symbol): the tag of a scalar that no test picks.
    this.stringTag = (schema as unknown as Record<symbol, ScalarTag>)[Symbol.for('yaml.scalar')]!;
  }

  /** A scalar's text (escapes, folding and block indentation resolved), its end in `end`. */
  text(token: CST.FlowScalar | CST.BlockScalar): string {
    const resolved = CST.resolveAsScalar(token, true, onScalarError)!;
    this.end = resolved.range[2];
    return resolved.value;
  }

  /** What the schema's tag makes of a scalar's text: a plain scalar's tag is the first whose test matches. */
  tagged(type: string, text: string, atKey: boolean): unknown {
    let tag = this.stringTag;
    if (type === 'scalar') {
      for (const candidate of this.tags) {
        if ((candidate.default === true || (atKey && candidate.default === 'key')) && candidate.test?.test(text)) {
          tag = candidate;
          break;
        }
      }
    }
    try {
      return tag.resolve(text, onScalarError, {} as never);
    } catch {
      return decline();
    }
  }

  /** A key's text and type by document-data.ts's rules (a merge key, a date or bytes decline); its end in `end`. */
  key(key: CST.FlowScalar): KeyText {
    const source = this.text(key);
    const result = this.tagged(key.type, source, true);
    const isFloat = result instanceof Scalar && result.constructor === FloatScalar;
    if (result instanceof Scalar && !isFloat && result.constructor !== Scalar) decline();
    const value = result instanceof Scalar ? (result.value as unknown) : result;
    if (typeof value === 'string') {
      if (value === '<<') decline();
      return { text: value, source, type: undefined };
    }
    if (value !== null && typeof value !== 'number' && typeof value !== 'boolean') decline();
    return { text: value === null ? '' : String(value), source, type: keyType(value, isFloat) };
  }
}
