import { CST } from 'yaml';
import { segmentsToDottedPath, segmentsToPointer } from '../json-pointer';

/** The first collection nested deeper than allowed: where it starts, and its data path. */
export interface TooDeep {
  readonly offset: number;
  readonly path: string;
  readonly pointer: string;
}

interface Frame {
  readonly token: CST.Token;
  /** Collections from the root down to and including this token. */
  readonly depth: number;
  readonly parent: Frame | undefined;
  /**
   * The data path segment: an item's index, or the key token of a mapping entry (resolved only
   * when the path is reported); none for the root.
   */
  readonly segment: number | CST.Token | null | undefined;
}

function isCollection(token: CST.Token): token is CST.BlockMap | CST.BlockSequence | CST.FlowCollection {
  return token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection';
}

function keySegment(key: CST.Token | null): string {
  const scalar = key ? CST.resolveAsScalar(key) : null;
  return scalar ? scalar.value : '?';
}

function segmentsOf(frame: Frame): string[] {
  const segments: string[] = [];
  for (let f: Frame | undefined = frame; f; f = f.parent) {
    if (f.segment !== undefined) segments.push(typeof f.segment === 'number' ? String(f.segment) : keySegment(f.segment));
  }
  return segments.reverse();
}

/**
 * Finds nesting deeper than `maxDepth` collections in yaml's concrete syntax tree, before the
 * composer turns it into nodes. yaml's lexer and parser keep their own stacks and survive any
 * depth; the composer, `toJS` and everything after recurse once per level, and a stack overflow
 * there can take the process down (V8 may run out of memory compiling a regular expression on the
 * exhausted stack, which no `catch` can handle). Counts as the parsed data nests: the root
 * collection is level 1, and a `key: value` pair inside a flow sequence is a mapping of its own.
 * Iterative, linear in the number of tokens.
 */
export function findTooDeep(tokens: readonly CST.Token[], maxDepth: number): TooDeep | undefined {
  const stack: Frame[] = tokens.map((token) => ({ token, depth: 0, parent: undefined, segment: undefined }));
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const { token } = frame;
    if (token.type === 'document') {
      if (token.value) stack.push({ token: token.value, depth: frame.depth, parent: frame.parent, segment: undefined });
      continue;
    }
    if (!isCollection(token)) continue;
    const depth = frame.depth + 1;
    if (depth > maxDepth) {
      const segments = segmentsOf(frame);
      return { offset: token.offset, path: segmentsToDottedPath(segments), pointer: segmentsToPointer(segments) };
    }
    const self: Frame = { ...frame, depth };
    const isMap = token.type === 'block-map' || (token.type === 'flow-collection' && token.start.source === '{');
    // Pushed last to first, so the first too-deep collection in reading order is the one reported.
    for (let index = token.items.length - 1; index >= 0; index--) {
      const item = token.items[index]!;
      // `[a: b]`: the pair is a one-entry mapping inside the sequence, one level deeper.
      const pairInSeq = !isMap && item.sep !== undefined && item.sep.length > 0;
      const holder: Frame = pairInSeq ? { token, depth: depth + 1, parent: self, segment: index } : self;
      if (holder.depth > maxDepth) {
        const segments = segmentsOf(holder);
        return { offset: item.key?.offset ?? token.offset, path: segmentsToDottedPath(segments), pointer: segmentsToPointer(segments) };
      }
      const segment = isMap || pairInSeq ? item.key ?? null : index;
      // Scalars cannot nest: only collections are pushed.
      if (item.value && isCollection(item.value)) stack.push({ token: item.value, depth: holder.depth, parent: holder, segment });
      if (item.key && isCollection(item.key)) stack.push({ token: item.key, depth: holder.depth, parent: holder, segment });
    }
  }
  return undefined;
}
