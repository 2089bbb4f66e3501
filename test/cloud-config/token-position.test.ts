import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapePointerSegment } from '../../src/cloud-config/json-pointer';
import { parseYaml, type ParsedYaml } from '../../src/cloud-config/yaml/parse-yaml';
import { sourcePosition, type PositionTarget } from '../../src/cloud-config/yaml/source-position';
import { corpusFiles, sharedCloudConfigFiles } from './corpus-files';
import { yamlDocuments } from './yaml-shapes';

// A document whose data was read off its tokens has its positions found in the tokens too
// (yaml/token-position.ts); they must be those found in the composed document (source-position.ts's
// walk over yaml's nodes), for every path of the data, a step past each, and paths that lead nowhere.

/** Every pointer into the data, and for each, one a step past it and one to a key that is not there. */
function pointers(value: unknown, base = '', out: string[] = []): string[] {
  out.push(base, `${base}/zz-missing`, `${base}/0`, `${base}/01`);
  if (Array.isArray(value)) value.forEach((item, i) => pointers(item, `${base}/${i}`, out));
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) pointers(item, `${base}/${escapePointerSegment(key)}`, out);
  return out;
}

const TARGETS: readonly PositionTarget[] = ['value', 'key', 'entry'];

/** The positions from the tokens and from the composed document agree for every pointer; the number compared. */
function agree(text: string): number {
  const result = parseYaml(text, 64);
  if (!result.ok || result.parsed.locator === undefined) return 0;
  const tokens = result.parsed;
  // The same document without its locator: positions are then found in the composed document.
  const composed: ParsedYaml = { doc: tokens.doc, lineCounter: tokens.lineCounter, value: tokens.value, schemaValue: tokens.schemaValue, plain: true, nonStringKeys: tokens.nonStringKeys, warnings: tokens.warnings };
  let compared = 0;
  for (const pointer of pointers(tokens.value)) {
    for (const target of TARGETS) {
      expect(sourcePosition(tokens, pointer, target), `${pointer} (${target})`).toEqual(sourcePosition(composed, pointer, target));
      compared++;
    }
  }
  return compared;
}

describe('positions found in the tokens', () => {
  const texts = [...corpusFiles(), ...sharedCloudConfigFiles()].map(([, text]) => text);

  it('are those of the composed document for every path of every corpus file', () => {
    let documents = 0;
    for (const text of texts) if (agree(text) > 0) documents++;
    expect(documents * 10).toBeGreaterThan(texts.length * 8);
  });

  it('are those of the composed document for the corpus files written with CRLF line ends', () => {
    let documents = 0;
    for (const text of texts) if (agree(text.replace(/\r?\n/g, '\r\n')) > 0) documents++;
    expect(documents * 10).toBeGreaterThan(texts.length * 8);
  });

  it.each([
    ['empty values', 'a:\nb:   # c\n  \nc:\n  -\n  - # d\n  - x\n'],
    ['flow collections', 'a: [1, [2, {b: c, d: }], ]\ne: {f: [g]}\n'],
    ['repeated keys (the last counts)', 'a: 1\nb: 2\na:\n  - 3\n'],
    ['non-string keys', '1: a\n1.0: b\non: c\n~: d\n'],
    ['a scalar document', 'just text\n'],
    ['an empty document', '# only a comment\n'],
    ['a document start', '--- # c\na: 1\n'],
    ['block scalars', 'a: |\n  x\nb:\n  - >-\n    y\n'],
    ['a long mapping', `${Array.from({ length: 40 }, (_, i) => `k${i}: ${i}`).join('\n')}\nk7: again\n`],
  ])('are those of the composed document: %s', (_, text) => {
    expect(agree(text)).toBeGreaterThan(0);
  });

  it('are those of the composed document on generated documents', () => {
    fc.assert(fc.property(yamlDocuments, (text) => agree(text) >= 0), { numRuns: 1500 });
  });
});
