import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { Composer, LineCounter, Parser, Schema, type CST } from 'yaml';
import { describe, expect, it } from 'vitest';
import { documentData } from '../../src/cloud-config/yaml/document-data';
import { parseYaml } from '../../src/cloud-config/yaml/parse-yaml';
import { pyyamlTags } from '../../src/cloud-config/yaml/pyyaml-tags';
import { tokenData } from '../../src/cloud-config/yaml/token-data';
import { corpusFiles, sharedCloudConfigFiles } from './corpus-files';
import { yamlDocuments } from './yaml-shapes';

// The data of most documents is read off yaml's tokens (yaml/token-data.ts) instead of its composed
// document (yaml/document-data.ts). Where the token walk answers, yaml's composer must find no error
// and no warning in the same tokens, and the composed document must give the same data and findings;
// where it declines, the general path answers as before. Checked on every corpus file, on the
// shared corpora when present, and on generated and mutated documents.

const schema = new Schema({ resolveKnownTags: false, schema: 'yaml-1.1', customTags: pyyamlTags });
const nudge = (value: number) => value + Math.max(Number.MIN_VALUE, Math.abs(value) * Number.EPSILON);
const MAX_DEPTH = 64;

function tokens(text: string): { tokens: CST.Token[]; lineCounter: LineCounter } {
  const lineCounter = new LineCounter();
  return { tokens: [...new Parser(lineCounter.addNewLine).parse(text)], lineCounter };
}

/** The token walk's answer, and the composed document's, for one text. */
function both(text: string) {
  const fast = tokens(text);
  const general = tokens(text);
  const docs = [...new Composer({ version: '1.1', schema, uniqueKeys: false, logLevel: 'error' }).compose(general.tokens, true, text.length)];
  const clean = docs.length === 1 && docs[0]!.errors.length === 0 && docs[0]!.warnings.length === 0;
  return {
    walked: tokenData(fast.tokens, schema, fast.lineCounter, MAX_DEPTH, nudge),
    composed: clean ? documentData(docs[0]!, general.lineCounter, MAX_DEPTH, nudge) : undefined,
    clean,
  };
}

/** Where the walk answers, it answers as the composed document does. */
function agrees(text: string): boolean {
  const { walked, composed } = both(text);
  if (walked === undefined) return true;
  expect(composed).toBeDefined();
  same(walked, composed);
  return true;
}

/** Deep equality with prototypes and property kinds (Node's own: vitest's toStrictEqual reads a key named `constructor` as the type). */
function same(walked: unknown, composed: unknown, name?: string): void {
  if (isDeepStrictEqual(walked, composed)) return;
  expect(walked, name).toEqual(composed);
  expect.fail(`${name ?? 'walked'}: equal, but not strictly: ${JSON.stringify(walked)}`);
}

const corpus = [...corpusFiles(), ...sharedCloudConfigFiles()];

describe('data read off the tokens', () => {
  it('answers for most corpus files, and as the composed document does', () => {
    let answered = 0;
    for (const [name, text] of corpus) {
      const { walked, composed } = both(text);
      if (walked === undefined) continue;
      answered++;
      expect(composed, name).toBeDefined();
      same(walked, composed, name);
    }
    expect(answered * 10).toBeGreaterThan(corpus.length * 9);
  });

  it('answers as the composed document for the corpus files written with CRLF line ends, and with a byte order mark', () => {
    let answered = 0;
    for (const [name, text] of corpus) {
      for (const variant of [text.replace(/\r?\n/g, '\r\n'), `\uFEFF${text}`]) {
        const { walked, composed } = both(variant);
        if (walked === undefined) continue;
        answered++;
        same(walked, composed, name);
      }
    }
    expect(answered * 10).toBeGreaterThan(corpus.length * 2 * 9);
  });

  it('gives parseYaml the same result either way, and composes the document when a position is asked for', () => {
    const text = 'users:\n  - name: a\n    groups: [x, y]\n  - {name: b, uid: 1.0}\nruncmd:\n  - |\n    echo hi\n';
    const result = parseYaml(text, MAX_DEPTH);
    const general = parseYaml(`${text}probe: &p 1\nprobe2: *p\n`, MAX_DEPTH);
    expect(result.ok && general.ok).toBe(true);
    if (!result.ok || !general.ok) return;
    expect(general.parsed.plain).toBe(false);
    expect({ ...(general.parsed.value as object), probe: undefined, probe2: undefined }).toEqual({ ...(result.parsed.value as object), probe: undefined, probe2: undefined });
    expect(result.parsed.doc.contents?.range[0]).toBe(0);
  });

  it.each([
    ['an alias', 'a: &x 1\nb: *x\n'],
    ['a tag', 'a: !!str 1\n'],
    ['an explicit key', '? a\n: 1\n'],
    ['a merge key', 'a:\n  <<: {b: 1}\n'],
    ['a tab before a value', 'a:\tb\n'],
    ['a date', 'a: 2020-01-01\n'],
    ['a second document', 'a: 1\n---\nb: 2\n'],
    ['a directive', '%YAML 1.1\n---\na: 1\n'],
    ['a flow pair in a list', 'a: [b: 1]\n'],
    ['a block mapping in a flow mapping', 'a: {b: c d: e}\n'],
    ['an empty flow item', 'a: [1, , 2]\n'],
    ['a key over 1024 characters', `${'k'.repeat(1030)}: 1\n`],
    ['a syntax error', 'a: b: c\n'],
  ])('declines %s', (_, text) => {
    expect(both(text).walked).toBeUndefined();
  });

  it.each([
    ['an empty file', '#cloud-config\n', null],
    ['a trailing comma', 'a: [1, 2, ]\n', { a: [1, 2] }],
    ['empty values', 'a:\nb: []\nc: {}\nd:\n  -\n', { a: null, b: [], c: {}, d: [null] }],
    ['folded and literal blocks', 'a: >\n  x\n  y\nb: |-\n  z\n', { a: 'x y\n', b: 'z' }],
    ['quoted scalars', `a: 'it''s'\nb: "\\u00e9\\n"\n`, { a: "it's", b: 'é\n' }],
    ['multi-line plain scalars', 'a: one\n  two\nb: [x\n  y]\n', { a: 'one two', b: ['x y'] }],
  ])('answers for %s', (_, text, value) => {
    const { walked } = both(text);
    same(walked?.value, value);
    agrees(text);
  });

  // Flow collections over lines, indentation, comments and block scalars where yaml is particular.
  it.each([
    'a: [b,\nc]\n', 'a: [b,\n c]\n', 'a:\n  - [b,\n  c]\n', 'a: {b: 1,\nc: 2}\n', 'a: {b: 1,\n  c: 2}\n', '- [a,\n# c\n  b]\n',
    'a: [b, #c\n  d]\n', 'a: [b,#c\n  d]\n', 'a: [\n]\n', 'a: [b]x\n', 'a: [b]#c\n', 'a: "x"y\n', 'a: |\n x\n  y\n', 'a: |1\n  x\n',
    'a: >\n\n x\n', 'a:\n - b\n- c\n', '- a\n -b\n', 'a: b\n c: d\n', 'a: b\n# c\n  c: d\n', '"a\n b": 1\n', 'a: {b: c}: d\n',
  ])('answers for %j as the composed document, or declines', (text) => {
    expect(agrees(text)).toBe(true);
  });

  it('reads the worst case at the size limit: 1 MiB of repeated keys, at the top and nested', () => {
    // Each repeat is a warning: 184,998 of them, the top mapping's before the nested one's (document-data.ts's
    // order, which the generated documents above compare at small sizes), none lost.
    const text = `x:\n${'  a: 1\n'.repeat(35_000)}${'b: 2\n'.repeat(150_000)}`;
    expect(text.length).toBeLessThanOrEqual(1024 * 1024);
    const result = parseYaml(text, MAX_DEPTH);
    expect(result.ok && result.parsed.locator !== undefined).toBe(true);
    if (!result.ok) return;
    const { warnings } = result.parsed;
    expect(warnings.length).toBe(149_999 + 34_999);
    expect([warnings[0]?.path, warnings[149_998]?.path, warnings[149_999]?.path, warnings.at(-1)?.line]).toEqual(['b', 'b', 'x.a', 35_001]);
    expect(result.parsed.value).toEqual({ x: { a: 1 }, b: 2 });
  });

  // Pieces of YAML, joined at random: most joins are valid, many are not.
  const piece = fc.constantFrom(
    'a', 'b', 'key', '"q"', "'s'", '1', '1.0', '-2', '0x1F', '0o7', '010', 'on', 'yes', 'No', '~', 'null', '', '=', '<<',
    ':', ': ', ' ', '  ', '\t', '\n', '\n  ', '\n    ', '- ', '-', '[', ']', '{', '}', ', ', ',', '# c', ' # c', '|', '>-', '|2',
    '&a', '*a', '!!str', '? ', '---', '...', '%YAML 1.1', '"\\x41"', '"\\q"', "'", '"', '2001-02-03', '.inf', '1_000', '1:30',
  );
  const generated = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));

  it('answers as the composed document on generated documents', () => {
    fc.assert(fc.property(generated, agrees), { numRuns: 3000 });
  });

  it('answers as the composed document on generated block and flow documents', () => {
    fc.assert(fc.property(yamlDocuments, agrees), { numRuns: 3000 });
  });

  it('answers as the composed document on mutated corpus files', () => {
    const texts = corpus.map(([, text]) => text).filter((text) => text.length < 4000);
    const edit = fc.tuple(fc.nat(), fc.nat({ max: 3 }), fc.constantFrom('', ' ', '\t', '\n', ':', '- ', '[', ']', '{', '}', ',', '#', "'", '"', '&', '*', '!', '?', '|', '>'));
    const mutated = fc
      .tuple(fc.nat({ max: texts.length - 1 }), fc.array(edit, { minLength: 1, maxLength: 3 }))
      .map(([i, edits]) => edits.reduce((text, [at, cut, insert]) => {
        const p = text.length === 0 ? 0 : at % text.length;
        return text.slice(0, p) + insert + text.slice(p + cut);
      }, texts[i]!));
    fc.assert(fc.property(mutated, agrees), { numRuns: 3000 });
  });
});
