import { LineCounter, isPair, isScalar, isSeq, parseDocument, visit, type Document } from 'yaml';
import type { CloudConfigInputIssue, CloudConfigWarning } from '../cloud-config-issue';
import { segmentsToDottedPath, segmentsToPointer } from '../json-pointer';

/** A parsed YAML document with what is needed to find source positions later. */
export interface ParsedYaml {
  readonly doc: Document.Parsed;
  readonly lineCounter: LineCounter;
  readonly value: unknown;
  readonly warnings: readonly CloudConfigWarning[];
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

function keyText(key: unknown): string | undefined {
  if (isScalar(key)) return String(key.value);
  return undefined;
}

/** The data path of a node from its ancestors as `visit` reports them. */
function pathOf(chain: readonly unknown[]): string[] {
  const segments: string[] = [];
  chain.forEach((node, i) => {
    const child = chain[i + 1];
    if (isPair(node)) segments.push(keyText(node.key) ?? '?');
    else if (isSeq(node) && child !== undefined) segments.push(String(node.items.indexOf(child as never)));
  });
  return segments;
}

/** Duplicate keys as warnings with both positions; PyYAML silently keeps the last value, as we do. */
function findDuplicateKeys(doc: Document.Parsed, lineCounter: LineCounter): CloudConfigWarning[] {
  const warnings: CloudConfigWarning[] = [];
  visit(doc, {
    Map(_key, map, ancestors) {
      const mapPath = pathOf([...ancestors, map]);
      const seen = new Map<string, number>();
      for (const pair of map.items) {
        const text = keyText(pair.key);
        const start = isScalar(pair.key) ? pair.key.range?.[0] : undefined;
        if (text === undefined || start === undefined || text === '<<') continue;
        const first = seen.get(text);
        if (first === undefined) {
          seen.set(text, start);
          continue;
        }
        const at = position(lineCounter, start);
        const was = position(lineCounter, first);
        warnings.push({
          code: 'duplicate_key',
          path: segmentsToDottedPath([...mapPath, text]),
          pointer: segmentsToPointer([...mapPath, text]),
          message: `key ${JSON.stringify(text)} is repeated (first at line ${was.line}, column ${was.column}); the last value is used`,
          ...at,
          firstLine: was.line,
          firstColumn: was.column,
        });
      }
    },
  });
  return warnings;
}

/**
 * Parses one YAML document the way cloud-init's PyYAML `safe_load` reads it: YAML 1.1 scalars
 * (`yes`/`no`/`on`/`off` booleans, `0644` octal, unquoted dates as dates), duplicate keys allowed
 * (reported as warnings), one document only, unknown tags rejected, aliases bounded.
 */
export function parseYaml(text: string): YamlParseResult {
  const lineCounter = new LineCounter();
  let doc: Document.Parsed;
  try {
    doc = parseDocument(text, { version: '1.1', uniqueKeys: false, prettyErrors: false, lineCounter });
  } catch (error) {
    return { ok: false, errors: [inputIssue(error instanceof RangeError ? 'too_deep' : 'yaml_syntax', error instanceof RangeError ? 'the YAML nests too deeply to read' : 'the YAML could not be read')], warnings: [] };
  }
  const errors: CloudConfigInputIssue[] = doc.errors.map((e) =>
    inputIssue('yaml_syntax', e.code === 'MULTIPLE_DOCS' ? 'more than one YAML document; cloud-config is a single document' : e.message, position(lineCounter, e.pos[0])),
  );
  const warnings: CloudConfigWarning[] = [];
  for (const w of doc.warnings) {
    const at = position(lineCounter, w.pos[0]);
    // PyYAML's safe_load refuses tags it does not know, so cloud-init would reject the file.
    if (w.code === 'TAG_RESOLVE_FAILED') errors.push(inputIssue('yaml_syntax', `${w.message}; cloud-init's YAML loader rejects unknown tags`, at));
    else warnings.push({ code: 'yaml_warning', path: '', pointer: '', message: w.message, ...at });
  }
  if (errors.length > 0) return { ok: false, errors, warnings };
  let value: unknown;
  try {
    warnings.push(...findDuplicateKeys(doc, lineCounter));
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    if (error instanceof ReferenceError) {
      return { ok: false, errors: [inputIssue('alias_limit', 'YAML aliases expand too much (a possible "billion laughs" attack); not read')], warnings };
    }
    return { ok: false, errors: [inputIssue('too_deep', 'the YAML nests too deeply to read')], warnings };
  }
  return { ok: true, parsed: { doc, lineCounter, value, warnings } };
}

