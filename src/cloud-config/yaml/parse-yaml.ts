import { LineCounter, isCollection, isMap, isPair, isScalar, isSeq, visit, type CST, type Document, type YAMLParseError } from 'yaml';
import type { CloudConfigInputIssue, CloudConfigWarning } from '../cloud-config-issue';
import { segmentsToPointer } from '../json-pointer';
import { aliasIssue } from './alias-issue';
import { documentData, duplicateKey, keyType, type DocumentData, type NonStringKey } from './document-data';
import { composeTokens, hasDirective, readTokens, sharedSchema } from './document-stages';
import { FloatScalar } from './pyyaml-tags';
import { tokenData } from './token-data';
import { TokenLocator } from './token-position';
import { ScalarReader } from './token-props';

/** A parsed YAML document with what is needed to find source positions later. */
export interface ParsedYaml {
  readonly doc: Document.Parsed;
  readonly lineCounter: LineCounter;
  /** The data, as the caller gets it. */
  readonly value: unknown;
  /**
   * The data as the schema must see it, when it differs from `value`: a whole-number float
   * (`1.0`) is nudged off the integer (JavaScript has one number type; Python's 1.0 is no int).
   */
  readonly schemaValue: unknown;
  /** Whether `schemaValue` is plain data already checked for depth (no cycles, no dates or bytes). */
  readonly plain: boolean;
  readonly nonStringKeys: readonly NonStringKey[];
  readonly warnings: readonly CloudConfigWarning[];
  /** Finds positions in the tokens, when the data was read off them (then `doc` is composed only if asked for). */
  readonly locator?: TokenLocator;
}

/** Either the parsed document, or the issues that stopped parsing. */
export type YamlParseResult =
  | { readonly ok: true; readonly parsed: ParsedYaml }
  | { readonly ok: false; readonly errors: readonly CloudConfigInputIssue[]; readonly warnings: readonly CloudConfigWarning[] };

// yaml's own default; an alias bomb expands far beyond it and is stopped before memory is spent.
const MAX_ALIAS_COUNT = 100;

function position(lineCounter: LineCounter, offset: number): { line: number; column: number } {
  const { line, col } = lineCounter.linePos(offset);
  return { line, column: col };
}

function inputIssue(code: CloudConfigInputIssue['code'], message: string, at?: { line: number; column: number }): CloudConfigInputIssue {
  return { code, path: '', pointer: '', message, ...at };
}

/** A scalar key as the parsed data spells it (`null` becomes the empty string). */
export function keyText(key: unknown): string | undefined {
  if (isScalar(key)) return key.value === null ? '' : String(key.value);
  return undefined;
}

/** The data path of a node from its ancestors as `visit` reports them. */
function pathOf(chain: readonly unknown[], positions: WeakMap<object, Map<unknown, number>>): string[] {
  const segments: string[] = [];
  chain.forEach((node, i) => {
    const child = chain[i + 1];
    if (isPair(node)) segments.push(keyText(node.key) ?? '?');
    else if (isSeq(node) && child !== undefined) {
      // Indexed once per list: a search per item would make a list of n mappings cost n^2.
      let index = positions.get(node);
      if (index === undefined) positions.set(node, (index = new Map(node.items.map((item, k) => [item, k]))));
      segments.push(String(index.get(child) ?? -1));
    }
  });
  return segments;
}

/** What one pass over the document finds besides the data itself. */
interface Findings {
  readonly warnings: CloudConfigWarning[];
  readonly errors: CloudConfigInputIssue[];
  readonly nonStringKeys: NonStringKey[];
  readonly wholeFloats: FloatScalar[];
}

/**
 * One pass over the document: duplicate keys (warnings with both positions; PyYAML silently keeps
 * the last value, as we do), keys PyYAML cannot load (a list or mapping as a key: an error) or
 * loads as non-strings, and whole-number floats.
 */
function inspect(doc: Document.Parsed, lineCounter: LineCounter): Findings {
  const found: Findings = { warnings: [], errors: [], nonStringKeys: [], wholeFloats: [] };
  const { warnings } = found;
  const positions = new WeakMap<object, Map<unknown, number>>();
  visit(doc, {
    Scalar(key, node) {
      // Keys stay as they are: the data's keys are strings whatever PyYAML loads them as.
      if (key !== 'key' && node instanceof FloatScalar && Number.isInteger(node.value)) found.wholeFloats.push(node);
    },
    Map(_key, map, ancestors) {
      const mapPath = pathOf([...ancestors, map], positions);
      const seen = new Map<string, number>();
      for (const pair of map.items) {
        if (isCollection(pair.key)) {
          const at = pair.key.range ? position(lineCounter, pair.key.range[0]) : undefined;
          found.errors.push(inputIssue('yaml_syntax', `a ${isMap(pair.key) ? 'mapping' : 'list'} cannot be a key; cloud-init's YAML loader refuses it (found unhashable key)`, at));
          continue;
        }
        if (isScalar(pair.key) && typeof pair.key.value !== 'string' && !(pair.key.value === '<<')) {
          const source = typeof pair.key.source === 'string' && pair.key.source !== '' ? pair.key.source : String(pair.key.value);
          found.nonStringKeys.push({ pointer: segmentsToPointer(mapPath), key: keyText(pair.key) ?? '', source, type: keyType(pair.key.value, pair.key instanceof FloatScalar) });
        }
        const text = keyText(pair.key);
        const start = isScalar(pair.key) ? pair.key.range?.[0] : undefined;
        if (text === undefined || start === undefined || text === '<<') continue;
        const first = seen.get(text);
        if (first === undefined) {
          seen.set(text, start);
          continue;
        }
        warnings.push(duplicateKey(lineCounter, mapPath, text, start, first));
      }
    },
  });
  return found;
}

// PyYAML's reader refuses these anywhere in the stream, comments included: C0 controls other than
// tab, line feed and carriage return; DEL and the C1 controls but NEL; surrogates; U+FFFE/U+FFFF.
const NON_PRINTABLE = /[^\t\n\r\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

function unprintable(text: string): CloudConfigInputIssue | undefined {
  const m = NON_PRINTABLE.exec(text);
  if (!m) return undefined;
  const code = m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
  const line = text.slice(0, m.index).split('\n').length;
  const column = m.index - text.lastIndexOf('\n', m.index - 1);
  return inputIssue('yaml_syntax', `the control character U+${code} is not allowed in YAML; cloud-init's YAML loader refuses the whole file`, { line, column });
}

/** The next number up from a whole number, so an integer check fails while comparisons hold. */
function offInteger(value: number): number {
  return value + Math.max(Number.MIN_VALUE, Math.abs(value) * Number.EPSILON);
}

/** A document whose data was read off its tokens (token-data.ts): it is composed only if asked for. */
class TokenParsedYaml implements ParsedYaml {
  readonly plain = true;
  readonly value: unknown;
  readonly schemaValue: unknown;
  readonly nonStringKeys: readonly NonStringKey[];
  readonly warnings: readonly CloudConfigWarning[];
  private composed: Document.Parsed | undefined;
  private tokenLocator: TokenLocator | undefined;

  constructor(
    private readonly tokens: readonly CST.Token[],
    private readonly textLength: number,
    readonly lineCounter: LineCounter,
    data: DocumentData,
  ) {
    this.value = data.value;
    this.schemaValue = data.schemaValue;
    this.nonStringKeys = data.nonStringKeys;
    this.warnings = data.warnings;
  }

  get doc(): Document.Parsed {
    return (this.composed ??= composeTokens(this.tokens, this.textLength));
  }

  get locator(): TokenLocator {
    if (this.tokenLocator === undefined) {
      const doc = this.tokens.find((token): token is CST.Document => token.type === 'document');
      this.tokenLocator = new TokenLocator(doc, new ScalarReader(sharedSchema()));
    }
    return this.tokenLocator;
  }
}

/**
 * Parses one YAML document the way cloud-init's PyYAML `safe_load` reads it: PyYAML's YAML 1.1
 * scalars (see pyyaml-tags.ts), duplicate keys allowed (reported as warnings), one document only,
 * unknown tags, unloadable keys and control characters rejected, aliases and nesting bounded.
 */
export function parseYaml(text: string, maxDepth: number): YamlParseResult {
  const lineCounter = new LineCounter();
  const control = unprintable(text);
  if (control) return { ok: false, errors: [control], warnings: [] };
  let doc: Document.Parsed;
  try {
    const tokens = readTokens(text, lineCounter, maxDepth);
    if (!Array.isArray(tokens)) return { ok: false, errors: [tokens], warnings: [] };
    const data = hasDirective(tokens) ? undefined : tokenData(tokens, sharedSchema(), lineCounter, maxDepth, offInteger);
    if (data !== undefined) return { ok: true, parsed: new TokenParsedYaml(tokens, text.length, lineCounter, data) };
    doc = composeTokens(tokens, text.length);
  } catch (error) {
    return { ok: false, errors: [inputIssue(error instanceof RangeError ? 'too_deep' : 'yaml_syntax', error instanceof RangeError ? 'the YAML nests too deeply to read' : 'the YAML could not be read')], warnings: [] };
  }
  // After the first syntax error yaml reads on to recover, and what follows is mostly its
  // consequence (one heredoc at column 0 gives dozens): the first one, the cause, is reported, as
  // cloud-init's PyYAML does, and the errors below that need a readable document are not looked for.
  const fatal = doc.errors.reduce<YAMLParseError | undefined>((first, e) => (first === undefined || e.pos[0] < first.pos[0] ? e : first), undefined);
  const errors: CloudConfigInputIssue[] = fatal
    ? [inputIssue('yaml_syntax', fatal.code === 'MULTIPLE_DOCS' ? 'more than one YAML document; cloud-config is a single document' : fatal.message, position(lineCounter, fatal.pos[0]))]
    : [];
  const warnings: CloudConfigWarning[] = [];
  for (const w of doc.warnings) {
    const at = position(lineCounter, w.pos[0]);
    // PyYAML's safe_load refuses tags it does not know, so cloud-init would reject the file.
    if (w.code === 'TAG_RESOLVE_FAILED') {
      if (!fatal) errors.push(inputIssue('yaml_syntax', `${w.message}; cloud-init's YAML loader rejects unknown tags`, at));
    } else warnings.push({ code: 'yaml_warning', path: '', pointer: '', message: w.message, ...at });
  }
  if (errors.length > 0) return { ok: false, errors, warnings };
  let plain: ReturnType<typeof documentData>;
  try {
    plain = documentData(doc, lineCounter, maxDepth, offInteger);
  } catch {
    return { ok: false, errors: [inputIssue('too_deep', 'the YAML nests too deeply to read')], warnings };
  }
  if (plain !== undefined) {
    for (const warning of plain.warnings) warnings.push(warning);
    return { ok: true, parsed: { doc, lineCounter, value: plain.value, schemaValue: plain.schemaValue, plain: true, nonStringKeys: plain.nonStringKeys, warnings } };
  }
  let value: unknown;
  let schemaValue: unknown;
  let found: Findings;
  try {
    found = inspect(doc, lineCounter);
    for (const warning of found.warnings) warnings.push(warning);
    if (found.errors.length > 0) return { ok: false, errors: found.errors, warnings };
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    schemaValue = value;
    if (found.wholeFloats.length > 0) {
      const original = found.wholeFloats.map((node) => node.value);
      for (const node of found.wholeFloats) node.value = offInteger(node.value);
      schemaValue = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
      found.wholeFloats.forEach((node, i) => (node.value = original[i]!));
    }
  } catch (error) {
    if (error instanceof ReferenceError) return { ok: false, errors: [aliasIssue(doc, lineCounter, MAX_ALIAS_COUNT)], warnings };
    return { ok: false, errors: [inputIssue('too_deep', 'the YAML nests too deeply to read')], warnings };
  }
  return { ok: true, parsed: { doc, lineCounter, value, schemaValue, plain: false, nonStringKeys: found.nonStringKeys, warnings } };
}

