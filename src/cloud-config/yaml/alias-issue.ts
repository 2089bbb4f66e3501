import { isAlias, isCollection, isPair, visit, type Document, type LineCounter, type Node } from 'yaml';
import type { CloudConfigInputIssue } from '../cloud-config-issue';

// yaml's toJS throws a ReferenceError both for an alias with no anchor before it and for the
// alias-expansion limit. They have different causes (a typo or an unquoted `*`, against a
// "billion laughs" document), so the alias is found again here, in one pass, to say which it is.

interface AnchorUse {
  /** Aliases of the anchor met so far. */
  count: number;
  /** yaml's weight of the anchored node (how many expansions one alias of it costs), 0 until first used. */
  weight: number;
}

function at(lineCounter: LineCounter, node: Node): { line: number; column: number } | Record<string, never> {
  if (!node.range) return {};
  const { line, col } = lineCounter.linePos(node.range[0]);
  return { line, column: col };
}

function shown(source: string): string {
  return source.length > 40 ? `${source.slice(0, 39)}…` : source;
}

/**
 * The issue for the ReferenceError yaml's toJS threw on `doc`: the first alias in document order
 * that names no anchor set before it, else the alias at which expansions pass `maxAliasCount`
 * (counted as yaml counts them: uses of an anchor times the expansions inside it). Linear in the
 * document: every anchored node's weight is worked out once.
 */
export function aliasIssue(doc: Document.Parsed, lineCounter: LineCounter, maxAliasCount: number): CloudConfigInputIssue {
  const anchors = new Map<string, Node>();
  const uses = new Map<Node, AnchorUse>();
  let undefinedAlias: Node | undefined;
  let limitAlias: Node | undefined;
  // The weight of a node as yaml's getAliasCount computes it, from the uses counted so far.
  const weightOf = (node: unknown): number => {
    if (isAlias(node)) {
      const target = anchors.get(node.source);
      const use = target && uses.get(target);
      return use ? use.count * use.weight : 0;
    }
    if (isCollection(node)) {
      let most = 0;
      for (const item of node.items) most = Math.max(most, weightOf(item));
      return most;
    }
    if (isPair(node)) return Math.max(weightOf(node.key), weightOf(node.value));
    return 1;
  };
  visit(doc, {
    Node(_key, node) {
      if (isAlias(node)) {
        const target = anchors.get(node.source);
        if (target === undefined) {
          undefinedAlias = node;
          return visit.BREAK;
        }
        let use = uses.get(target);
        if (use === undefined) uses.set(target, (use = { count: 0, weight: 0 }));
        use.count++;
        if (use.weight === 0) use.weight = weightOf(target);
        if (limitAlias === undefined && use.count * use.weight > maxAliasCount) limitAlias = node;
        return undefined;
      }
      // An anchor is known from its node on, as yaml resolves it (the last one of a name wins).
      if (node.anchor) anchors.set(node.anchor, node);
      return undefined;
    },
  });
  if (undefinedAlias !== undefined && isAlias(undefinedAlias)) {
    const name = undefinedAlias.source;
    const message = `the alias *${shown(name)} refers to no anchor &${shown(name)} defined before it; if it is meant as text (a password of asterisks, say), quote it`;
    return { code: 'yaml_syntax', path: '', pointer: '', message, ...at(lineCounter, undefinedAlias) };
  }
  const message = `YAML aliases expand more than ${maxAliasCount} times (a possible "billion laughs" attack); not read`;
  return { code: 'alias_limit', path: '', pointer: '', message, ...(limitAlias ? at(lineCounter, limitAlias) : {}) };
}
