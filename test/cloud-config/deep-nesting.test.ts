import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validateCloudConfig } from 'wc-legacy-api/cloud-config';
import { stringify } from 'yaml';

// Issue 12: nesting that yaml's recursive composer cannot survive is refused before it is composed.
// Before, the parser overflowed the stack, and a later overflow could kill the process with an
// uncatchable V8 out-of-memory error: these inputs, validated repeatedly in one process, prove it.
const flow = (depth: number) => `#cloud-config\nruncmd: ${'['.repeat(depth)}${']'.repeat(depth)}\n`;
const flowMaps = (depth: number) => `#cloud-config\nruncmd: ${'{a: '.repeat(depth)}1${'}'.repeat(depth)}\n`;
const blockSeq = (depth: number) => `#cloud-config\nruncmd:\n${Array.from({ length: depth }, (_, i) => `${' '.repeat(i + 1)}- `).join('\n')}x\n`;
const blockMap = (depth: number) => `#cloud-config\n${Array.from({ length: depth }, (_, i) => `${' '.repeat(i)}k:`).join('\n')} x\n`;
const mixed = (depth: number) =>
  `#cloud-config\nwrite_files:\n${Array.from({ length: depth }, (_, i) => `${' '.repeat(2 * i)}- k:`).join('\n')} ${'[{a: '.repeat(depth)}1${'}]'.repeat(depth)}\n`;
const pairsInFlowSeq = (depth: number) => `#cloud-config\nruncmd: ${'[a: '.repeat(depth)}1${']'.repeat(depth)}\n`;

describe('deep nesting in YAML text', () => {
  it('returns too_deep for 10,000-deep flow lists (20 KB), 50 times in one process after a valid file', () => {
    expect(validateCloudConfig('#cloud-config\nruncmd: [ls]\n').valid).toBe(true);
    const text = flow(10_000);
    expect(text.length).toBeGreaterThan(20_000);
    for (let i = 0; i < 50; i++) {
      const result = validateCloudConfig(text);
      expect(result.valid).toBe(false);
      expect(result.errors).toHaveLength(1);
      expect(result.errors[0]).toMatchObject({ code: 'too_deep', line: 2 });
    }
  });

  it.each([
    ['flow mappings', flowMaps(10_000)],
    ['block lists (about 1 MB of indentation)', blockSeq(1_400)],
    ['block mappings', blockMap(1_400)],
    ['block and flow mixed', mixed(1_000)],
    ['pairs inside flow lists', pairsInFlowSeq(10_000)],
  ])('returns too_deep for %s, again and again', (_name, text) => {
    for (let i = 0; i < 10; i++) expect(validateCloudConfig(text).errors.map((e) => e.code)).toEqual(['too_deep']);
  });

  it('names the path and position of the first collection too deep', () => {
    const result = validateCloudConfig(flow(100));
    // The root mapping is level 1, runcmd's list level 2, ...: level 65 is the 64th bracket.
    expect(result.errors[0]).toMatchObject({ code: 'too_deep', path: `runcmd${'.0'.repeat(63)}`, line: 2, column: 9 + 63 });
    expect(validateCloudConfig(blockMap(100)).errors[0]).toMatchObject({ code: 'too_deep', path: Array(64).fill('k').join('.'), line: 66, column: 65 });
  });

  it('counts levels as the data nests: exactly maxDepth is accepted, one more is not', () => {
    // The root mapping plus runcmd's list plus n-1 nested lists inside it.
    const at = (levels: number) => validateCloudConfig(`#cloud-config\nx: ${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}\n`, { maxDepth: 10 });
    expect(at(10).errors.map((e) => e.code)).not.toContain('too_deep');
    expect(at(11).errors.map((e) => e.code)).toEqual(['too_deep']);
    const blockAt = (levels: number) => validateCloudConfig(blockMap(levels), { maxDepth: 10 });
    expect(blockAt(10).errors.map((e) => e.code)).not.toContain('too_deep');
    expect(blockAt(11).errors.map((e) => e.code)).toEqual(['too_deep']);
    // A pair in a flow list is a mapping of its own: four levels here, each with one indicator.
    expect(validateCloudConfig('#cloud-config\nx: [a: 1]\n', { maxDepth: 3 }).errors.map((e) => e.code)).not.toContain('too_deep');
    expect(validateCloudConfig('#cloud-config\nx: [a: [b]]\n', { maxDepth: 3 }).errors.map((e) => e.code)).toEqual(['too_deep']);
  });

  it('treats maxDepth above 256 as 256, so no setting lets the parser overflow', () => {
    expect(validateCloudConfig(flow(250), { maxDepth: 1_000_000 }).errors[0]!.code).toBe('type');
    for (const depth of [300, 2_000, 10_000]) {
      expect(validateCloudConfig(flow(depth), { maxDepth: Infinity }).errors.map((e) => e.code)).toEqual(['too_deep']);
      expect(validateCloudConfig(blockSeq(Math.min(depth, 1_400)), { maxDepth: 100_000 }).errors.map((e) => e.code)).toEqual(['too_deep']);
    }
    expect(validateCloudConfig(flow(3), { maxDepth: Number.NaN }).errors[0]!.code).toBe('type');
  });

  it('survives the deep inputs in a fresh process too (where the crash used to happen)', () => {
    const entry = fileURLToPath(new URL('../../src/cloud-config/index.ts', import.meta.url));
    const script = `
      const { validateCloudConfig } = await import(${JSON.stringify(entry)});
      validateCloudConfig('#cloud-config\\nruncmd: [ls]\\n');
      const text = '#cloud-config\\nruncmd: ' + '['.repeat(10000) + ']'.repeat(10000) + '\\n';
      const codes = new Set();
      for (let i = 0; i < 30; i++) codes.add(validateCloudConfig(text).errors[0].code);
      console.log([...codes].join(','));`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(child.stderr).not.toMatch(/FATAL|out of memory/);
    expect(child.status).toBe(0);
    expect(child.stdout.trim()).toBe('too_deep');
  });

  it('reports too_deep exactly when the nesting is deeper than maxDepth, in block and flow style (property)', () => {
    // Depth is checked in the syntax tree (skipped for texts with no more nesting indicators than maxDepth) and again
    // as plain documents are read into data: together they must agree with the depth of the data itself.
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.stringMatching(/^[a-z0-9]{1,6}$/), fc.integer(), tie('list'), tie('map')),
      list: fc.array(tie('value'), { minLength: 1, maxLength: 3 }),
      map: fc.dictionary(fc.stringMatching(/^[a-z]{1,4}$/), tie('value'), { minKeys: 1, maxKeys: 3 }),
    }));
    const depth = (v: unknown): number =>
      Array.isArray(v) ? 1 + Math.max(...v.map(depth)) : typeof v === 'object' && v !== null ? 1 + Math.max(...Object.values(v).map(depth)) : 0;
    fc.assert(
      fc.property(value, fc.boolean(), fc.integer({ min: 1, max: 8 }), (v, flow, maxDepth) => {
        const text = `#cloud-config\n${stringify({ runcmd: v }, { collectionStyle: flow ? 'flow' : 'block' })}`;
        const tooDeep = validateCloudConfig(text, { maxDepth }).errors.some((e) => e.code === 'too_deep');
        expect(tooDeep).toBe(1 + depth(v) > maxDepth);
      }),
      { numRuns: 500 },
    );
  });
});
