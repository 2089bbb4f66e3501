import { Composer, Schema, YAMLParseError, type CST, type Document, type LineCounter } from 'yaml';
import type { CloudConfigInputIssue } from '../cloud-config-issue';
import { findTooDeep } from './nesting-depth';
import { pyyamlTags } from './pyyaml-tags';
import { tokenParser } from './token-parser';

// yaml's `parseDocument` in its two halves: the text read into tokens (checked for depth before
// anything recurses over them), and the tokens composed into yaml's document. parse-yaml.ts reads
// most documents' data off the tokens (token-data.ts) and composes only the others, or when a
// position is asked for that the tokens cannot give.

/**
 * Whether the text could nest deeper than `maxDepth`: every mapping, list or flow pair needs an
 * indicator of its own (`:`, `?`, `-`, `[` or `{`), so a text with no more of these characters
 * than `maxDepth` cannot, and its syntax tree need not be walked.
 */
function mayNestBeyond(text: string, maxDepth: number): boolean {
  if (text.length <= maxDepth) return false;
  let indicators = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // - : ? [ {
    if ((c === 45 || c === 58 || c === 63 || c === 91 || c === 123) && ++indicators > maxDepth) return true;
  }
  return false;
}

/**
 * Whether any document in the text from `start` on could nest deeper than `maxDepth`, counted so
 * that the answer is never wrong when it is no: an indicator opens at most one level, and a `[` at
 * most two (the sequence, and a pair in it that yaml makes of two entries with no `,` between).
 * The dashes of a `---` that starts a line and is followed by a space, tab, line break or the end
 * open none: yaml reads it as a document marker (inside a flow collection too, which it ends).
 */
function restMayNestBeyond(text: string, start: number, maxDepth: number): boolean {
  let levels = 0;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 45 && (i === 0 || text.charCodeAt(i - 1) === 10) && text.startsWith('--', i + 1) && isBlankOrEnd(text.charCodeAt(i + 3))) {
      i += 2;
      continue;
    }
    // [ ; - : ? {
    if (c === 91) levels += 2;
    else if (c === 45 || c === 58 || c === 63 || c === 123) levels += 1;
    else continue;
    if (levels > maxDepth) return true;
  }
  return false;
}

/** Space, tab, line feed, carriage return, or past the end (NaN). */
function isBlankOrEnd(c: number): boolean {
  return Number.isNaN(c) || c === 32 || c === 9 || c === 10 || c === 13;
}

let schema: Schema | undefined;

/**
 * The schema every document is composed with, built once: PyYAML's scalars over yaml's 1.1 tags,
 * as yaml itself builds it for `{ version: '1.1', customTags: pyyamlTags }`. yaml changes a schema
 * only to resolve a tag it knows by name, which a 1.1 schema never does.
 */
export function sharedSchema(): Schema {
  return (schema ??= new Schema({ resolveKnownTags: false, schema: 'yaml-1.1', customTags: pyyamlTags }));
}

/**
 * The first half of yaml's `parseDocument`, to the one point where deep nesting is dangerous: the
 * concrete syntax tree (built without recursion), checked for depth before anything recurses over
 * it (composing recurses once per level). Too deep: the first collection beyond `maxDepth`.
 */
export function readTokens(text: string, lineCounter: LineCounter, maxDepth: number): CST.Token[] | CloudConfigInputIssue {
  const checkDepth = mayNestBeyond(text, maxDepth);
  const tokens: CST.Token[] = [];
  let documents = 0;
  for (const token of tokenParser(lineCounter.addNewLine).parse(text)) {
    tokens.push(token);
    // Only the first document is read, and a second one is reported where it starts. The tokens
    // after the second change nothing (the first is composed before the second arrives, and the
    // lines counted so far cover both) unless a later document is too deep: the text not yet read
    // starts no earlier than the last line counted. As yaml's parseDocument, a stream of many
    // documents (`---` repeated to 1 MiB) is then not read to its end.
    if (token.type === 'document' && ++documents === 2 && (!checkDepth || !restMayNestBeyond(text, lineCounter.lineStarts.at(-1)!, maxDepth))) break;
  }
  const deep = checkDepth ? findTooDeep(tokens, maxDepth) : undefined;
  if (deep) {
    const message = `nesting is deeper than ${maxDepth} levels; not read further (maxDepth)`;
    const { line, col } = lineCounter.linePos(deep.offset);
    return { code: 'too_deep', path: deep.path, pointer: deep.pointer, message, line, column: col };
  }
  return tokens;
}

/** Whether the tokens hold a `%YAML` or `%TAG` directive (which can change the schema). */
export function hasDirective(tokens: readonly CST.Token[]): boolean {
  return tokens.some((token) => token.type === 'directive');
}

/** The second half of yaml's `parseDocument`: the tokens composed into the first document. */
export function composeTokens(tokens: readonly CST.Token[], textLength: number): Document.Parsed {
  // logLevel 'error': the library's own warnings are returned as data, never printed through
  // process.emitWarning onto the host's stderr. A `%YAML` directive can change the schema, so
  // only a document without directives shares the one built schema (one after the second
  // document, not collected, could change only documents that are not read).
  const shared = !hasDirective(tokens);
  const composer = new Composer({ version: '1.1', ...(shared ? { schema: sharedSchema() } : { customTags: pyyamlTags }), uniqueKeys: false, logLevel: 'error' });
  let doc: Document.Parsed | undefined;
  for (const composed of composer.compose(tokens, true, textLength)) {
    if (doc === undefined) doc = composed;
    else {
      doc.errors.push(new YAMLParseError(composed.range.slice(0, 2) as [number, number], 'MULTIPLE_DOCS', 'more than one document'));
      break;
    }
  }
  return doc!;
}
