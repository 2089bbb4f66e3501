import { isMap } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseYaml, type ParsedYaml } from '../../src/cloud-config/yaml/parse-yaml';
import { corpusFiles } from './corpus-files';

// Plain documents are read in one walk (yaml/document-data.ts), the others by yaml's toJS and a
// separate inspection. Both must give the same data and findings: each corpus file is read as it
// is, and again with an alias appended, which sends it down the general path.

const texts = corpusFiles();

const PROBE = 'zz_probe_a: &zz_probe 1\nzz_probe_b: *zz_probe\n';

function parsed(text: string): ParsedYaml | undefined {
  const result = parseYaml(text, 64);
  return result.ok ? result.parsed : undefined;
}

function withoutProbe(value: unknown): unknown {
  const { zz_probe_a: _a, zz_probe_b: _b, ...rest } = value as Record<string, unknown>;
  return rest;
}

describe('plain documents read in one walk', () => {
  // Top-level block mappings ending in a line break take the probe as two more keys.
  const comparable = texts.filter(([, text]) => {
    const plain = parsed(text);
    return plain?.plain === true && isMap(plain.doc.contents) && !plain.doc.contents.flow && text.endsWith('\n');
  });

  it('covers most of the corpus', () => {
    expect(comparable.length * 4).toBeGreaterThan(texts.length * 3);
  });

  it.each(comparable)('%s: same data and findings as the general path', (_, text) => {
    const plain = parsed(text)!;
    const general = parsed(`${text}${PROBE}`)!;
    expect(general.plain).toBe(false);
    expect(withoutProbe(general.value)).toEqual(plain.value);
    expect(withoutProbe(general.schemaValue)).toEqual(plain.schemaValue);
    expect(general.nonStringKeys).toEqual(plain.nonStringKeys);
    expect(general.warnings).toEqual(plain.warnings);
  });

  it('finds duplicate and non-string keys, and own properties named like Object methods', () => {
    const plain = parsed('a: 1\nb:\n  1: x\n  on: y\n  c: 1\n  c: 2\nconstructor: 3\n__proto__: {d: 4}\n')!;
    expect(plain.plain).toBe(true);
    expect(plain.value).toEqual({ a: 1, b: { '1': 'x', true: 'y', c: 2 }, constructor: 3, ['__proto__']: { d: 4 } });
    expect(Object.getPrototypeOf(plain.value)).toBe(Object.prototype);
    expect(plain.nonStringKeys).toEqual([
      { pointer: '/b', key: '1', source: '1', type: 'integer' },
      { pointer: '/b', key: 'true', source: 'on', type: 'boolean' },
    ]);
    expect(plain.warnings).toMatchObject([{ code: 'duplicate_key', path: 'b.c', line: 6, column: 3, firstLine: 5, firstColumn: 3 }]);
  });

  it('finds repeats in long mappings as in short ones', () => {
    const keys = Array.from({ length: 12 }, (_, i) => `k${i}: ${i}`);
    const text = `${[...keys, 'k3: again', 'k11: last'].join('\n')}\n`;
    const plain = parsed(text)!;
    const general = parsed(`${text}${PROBE}`)!;
    expect(plain.plain).toBe(true);
    expect(plain.warnings.map((w) => [w.path, w.line])).toEqual([['k3', 13], ['k11', 14]]);
    expect(general.warnings).toEqual(plain.warnings);
    expect(withoutProbe(general.value)).toEqual(plain.value);
  });

  it.each([
    ['an alias', 'a: &x 1\nb: *x\n'],
    ['a merge key', 'a: {<<: {b: 1}}\n'],
    ['a date', 'a: 2020-01-01\n'],
    ['bytes', 'a: !!binary aGVsbG8=\n'],
    ['a set', 'a: !!set {b}\n'],
    ['a date as a key', '2020-01-01: a\n'],
  ])('leaves a document with %s to the general path', (_, text) => {
    expect(parsed(text)?.plain).toBe(false);
  });

  it.each([
    ['top level', 'a: 1.0\nb: 2.5\n'],
    ['in lists and mappings', 'runcmd: [1.0, [a, -3.0]]\nusers: [{name: 1.0, uid: 2}]\n'],
    ['beside a float key', '1.0: a\nb: 4.0\n'],
  ])('reads whole-number floats (%s) in the walk: the value keeps them, the schema sees them off the integer', (_, text) => {
    const plain = parsed(text)!;
    const general = parsed(`${text}${PROBE}`)!;
    expect(plain.plain).toBe(true);
    expect(general.plain).toBe(false);
    expect(withoutProbe(general.value)).toEqual(plain.value);
    expect(withoutProbe(general.schemaValue)).toEqual(plain.schemaValue);
    expect(plain.schemaValue).not.toEqual(plain.value);
    expect(general.nonStringKeys).toEqual(plain.nonStringKeys);
  });
});
