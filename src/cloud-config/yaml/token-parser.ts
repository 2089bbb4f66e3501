import { CST, Parser } from 'yaml';

// yaml's Parser reads `process.env.LOG_TOKENS` (a debugging switch that prints every token) once
// per lexical token. On Node, process.env is backed by the C environment, so each read is a call
// out of JavaScript (its share of parsing the test corpus is the difference between the corpus
// bench's parseDocument and quiet parse lines).
// Validation parses with a Parser whose `next` is yaml 2's own (parser.js), token for token,
// without that read; the tokens are the same (test/cloud-config/token-parser.test.ts compares
// them on the corpus). It is used only while
// yaml's own `next` is the one it was copied from (see isCopiedNext). LOG_TOKENS does not print the
// tokens of a validation. The built package bundles yaml's ESM build, whose `next` has no such read
// (tsup.config.ts): there yaml's own Parser is used as it is.

/** The parser state `next` works on: yaml's own fields and steps (private in its typings). */
interface ParserState {
  source: string;
  atScalar: boolean;
  atNewLine: boolean;
  indent: number;
  offset: number;
  type: string;
  onNewLine?: ((offset: number) => void) | undefined;
  step(): Generator<CST.Token, void>;
  pop(error?: CST.Token): Generator<CST.Token, void>;
}

class QuietParser extends Parser {
  /** yaml's `Parser.next` without the per-token LOG_TOKENS check. */
  override *next(source: string): Generator<CST.Token, void> {
    const self = this as unknown as ParserState;
    self.source = source;
    if (self.atScalar) {
      self.atScalar = false;
      yield* self.step();
      self.offset += source.length;
      return;
    }
    const type = CST.tokenType(source);
    if (!type) {
      const message = `Not a YAML token: ${source}`;
      yield* self.pop({ type: 'error', offset: self.offset, message, source });
      self.offset += source.length;
    } else if (type === 'scalar') {
      self.atNewLine = false;
      self.atScalar = true;
      self.type = 'scalar';
    } else {
      self.type = type;
      yield* self.step();
      switch (type) {
        case 'newline':
          self.atNewLine = true;
          self.indent = 0;
          if (self.onNewLine) self.onNewLine(self.offset + source.length);
          break;
        case 'space':
          if (self.atNewLine && source[0] === ' ') self.indent += source.length;
          break;
        case 'explicit-key-ind':
        case 'map-value-ind':
        case 'seq-item-ind':
          if (self.atNewLine) self.indent += source.length;
          break;
        case 'doc-mode':
        case 'flow-error-end':
          return;
        default:
          self.atNewLine = false;
      }
      self.offset += source.length;
    }
  }
}

// yaml's `Parser.next` (whitespace removed) as QuietParser's copy was taken from it (yaml 2.9.1):
// its length and FNV-1a hash. Any other `next` (a later yaml, a minified bundle) is run as it is.
const COPIED_NEXT = { length: 913, hash: 0x4af87d34 };

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/** Whether yaml's `Parser.next` is the one QuietParser's `next` was copied from. */
function isCopiedNext(): boolean {
  const source = String(Parser.prototype.next).replace(/\s+/g, '');
  return source.length === COPIED_NEXT.length && fnv1a(source) === COPIED_NEXT.hash;
}

const parserClass: typeof Parser = isCopiedNext() ? QuietParser : Parser;

/** A yaml Parser for one text (see above); `onNewLine` is called with the offset of each line. */
export function tokenParser(onNewLine?: (offset: number) => void): Parser {
  return new parserClass(onNewLine);
}

/** Whether validation parses without the per-token check (tests check that it does with this yaml). */
export const quietParserUsed = parserClass === QuietParser;
