import type { CST } from 'yaml';
import { pointerSegments } from '../json-pointer';
import { DECLINE, emptyPosition, isFlowScalar, tokensEnd, type ScalarReader } from './token-props';

// Where a JSON pointer leads in a document whose data was read off its tokens (token-data.ts),
// found in the same tokens: the document is not composed to report an issue's line and column.
// The answers are those of source-position.ts on the composed document
// (test/cloud-config/token-position.test.ts compares them for every path of the corpus files).

/**
 * Where a pointer leads, as offsets into the text: the key of the last mapping entry passed
 * (when the last step was a key), the node reached, whether that node sits on its key's line (a
 * scalar with text, or a flow collection), and whether the pointer was followed all the way.
 */
export interface PointerOffsets {
  readonly keyStart: number | undefined;
  readonly nodeStart: number | undefined;
  readonly inline: boolean;
  readonly complete: boolean;
}

/** A node's token, or the offset yaml gives an empty value. */
type Place = CST.Token | number;

/** The entries of a mapping by key (the last of a repeated key), or the items of a list, in order. */
type Index = Map<string, CST.CollectionItem> | Place[];

/** The place of an item's value: its token, or where yaml puts the empty value after `before`. */
function valuePlace(value: CST.Token | undefined, before: readonly CST.SourceToken[], offset: number): Place {
  return value ?? emptyPosition(tokensEnd(before, offset), before);
}

function isMapToken(token: CST.Token): token is CST.BlockMap | CST.FlowCollection {
  return token.type === 'block-map' || (token.type === 'flow-collection' && token.start.source === '{');
}

function isSeqToken(token: CST.Token): token is CST.BlockSequence | CST.FlowCollection {
  return token.type === 'block-seq' || (token.type === 'flow-collection' && token.start.source === '[');
}

/** Finds pointers in the tokens of one document that token-data.ts read. */
export class TokenLocator {
  // Built for a collection on its first lookup, so the positions of n issues cost n lookups.
  private readonly indexes = new WeakMap<object, Index>();

  constructor(
    private readonly doc: CST.Document | undefined,
    private readonly scalars: ScalarReader,
  ) {}

  offsets(pointer: string): PointerOffsets {
    const { doc } = this;
    const segments = pointerSegments(pointer);
    if (doc === undefined) return { keyStart: undefined, nodeStart: undefined, inline: false, complete: segments.length === 0 };
    let node: Place = valuePlace(doc.value, doc.start, doc.offset);
    let keyStart: number | undefined;
    let complete = true;
    for (const segment of segments) {
      let next: Place | undefined;
      let key: number | undefined;
      if (typeof node === 'object' && isMapToken(node)) {
        const item = (this.index(node) as Map<string, CST.CollectionItem>).get(segment);
        if (item !== undefined) {
          key = item.key!.offset;
          next = valuePlace(item.value, item.sep!, 0);
        }
      } else if (typeof node === 'object' && isSeqToken(node) && /^\d+$/.test(segment)) {
        next = (this.index(node) as Place[])[Number(segment)];
      }
      if (next === undefined) {
        complete = false;
        break;
      }
      keyStart = key;
      node = next;
    }
    const nodeStart = typeof node === 'number' ? node : node.offset;
    const inline = typeof node === 'object' && (node.type === 'flow-collection' || node.type === 'block-scalar' || (isFlowScalar(node) && node.source !== ''));
    return { keyStart, nodeStart, inline, complete };
  }

  private index(collection: CST.BlockMap | CST.BlockSequence | CST.FlowCollection): Index {
    let index = this.indexes.get(collection);
    if (index !== undefined) return index;
    if (isMapToken(collection)) {
      const entries = new Map<string, CST.CollectionItem>();
      for (const item of collection.items) {
        // Items without a key are comments (token-data.ts read no other kind).
        if (item.key == null || !isFlowScalar(item.key)) continue;
        try {
          entries.set(this.scalars.key(item.key).text, item);
        } catch (error) {
          if (error !== DECLINE) throw error;
        }
      }
      index = entries;
    } else {
      const block = collection.type === 'block-seq';
      index = [];
      for (const item of collection.items) {
        // A block list's item has its `-`; a flow list's, a value (a trailing comma stands alone).
        if (block ? item.start.some((token) => token.type === 'seq-item-ind') : item.value !== undefined) {
          index.push(valuePlace(item.value, item.start, collection.offset));
        }
      }
    }
    this.indexes.set(collection, index);
    return index;
  }
}
