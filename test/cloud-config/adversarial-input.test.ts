import { describe, expect, it } from 'vitest';
import { formatCloudConfigResult, validateCloudConfig } from 'wc-legacy-api/cloud-config';
import { fillUserData } from './fill-user-data';

// Issue 12: inputs a stranger can send inside the default 1 MiB limit, each of which used to take
// from seconds to minutes (or killed the process). Each must come back, in this process, with the
// right verdict and issue codes. bench/cloud-config-adversarial.bench.ts times them against parsing.
const MiB = 1024 * 1024;

const fill = (head: string, item: (i: number) => string): string => fillUserData(MiB, head, item);

describe('adversarial inputs within the default limits', () => {
  it('runcmd with 260,000 items "- 5" (1 MiB): lists 100 errors and counts the rest', () => {
    const text = fill('#cloud-config\nruncmd:\n', () => '- 5\n');
    const result = validateCloudConfig(text);
    expect(result.valid).toBe(false);
    expect(result.errors).toHaveLength(100);
    expect(result.errors.every((e) => e.code === 'type')).toBe(true);
    expect(result.errors[0]).toMatchObject({ path: 'runcmd.0', line: 3 });
    expect(result.unlisted).toEqual({ errors: (text.length - 22) / 4 - 100, deprecations: 0, warnings: 0 });
  });

  it('100,000 unknown top-level keys: the first 100, in source order (the spec reports each at its key)', () => {
    const result = validateCloudConfig(fill('#cloud-config\n', (i) => `k${i}: 1\n`), { cloudInitVersion: 'spec' });
    expect(result.errors.map((e) => e.code)).toEqual(Array(100).fill('additional_property'));
    expect(result.errors.slice(0, 3).map((e) => e.path)).toEqual(['k0', 'k1', 'k2']);
    expect(result.unlisted!.errors).toBeGreaterThan(100_000);
  });

  it('110,000 bad module names: enum errors, with "did you mean" on the listed ones', () => {
    const result = validateCloudConfig(fill('#cloud-config\ncloud_init_modules:\n', (i) => (i % 2 === 0 ? `- m${i}\n` : `- runcmdd\n`)));
    expect(result.errors).toHaveLength(100);
    expect(result.errors.every((e) => e.code === 'enum')).toBe(true);
    expect(result.errors[1]).toMatchObject({ code: 'enum', suggestion: 'runcmd' });
    expect(result.unlisted!.errors).toBeGreaterThan(100_000);
  });

  it('a swap size of 50,000 digits and an x', () => {
    const result = validateCloudConfig(`#cloud-config\nswap: {size: "${'1'.repeat(50_000)}x"}\n`);
    expect(result.errors.map((e) => [e.code, e.path])).toEqual([['type', 'swap.size']]);
  });

  it('150,000 list items that are mappings', () => {
    const maps = validateCloudConfig(fill('#cloud-config\nruncmd:\n', () => '- a: 1\n'));
    expect(maps.errors[0]).toMatchObject({ code: 'type', path: 'runcmd.0' });
    expect(maps.unlisted!.errors).toBeGreaterThan(100_000);
  });

  it('39,000 users with a bad shell: explained as far as the union budget goes, every one counted', () => {
    const users = validateCloudConfig(fill('#cloud-config\nusers:\n', (i) => `- {name: u${i}, shell: 5}\n`));
    expect(users.errors[0]).toMatchObject({ code: 'type', path: 'users.0.shell' });
    expect(users.errors.length + users.unlisted!.errors).toBe(users.config!.users && (users.config!.users as unknown[]).length);
  });

  it('50,000 distinct keys, then repeats of the last one: each repeat points at its first line', () => {
    const text = fill('#cloud-config\n', (i) => (i < 50_000 ? `k${i}: 1\n` : 'k49999: 1\n'));
    const repeats = text.split('\n').length - 2 - 50_000;
    // Every issue listed: the 50,000 unknown keys' errors come first and would fill the default 100.
    const result = validateCloudConfig(text, { maxIssues: 200_000 });
    expect(result.unlisted).toBeUndefined();
    expect(result.warnings).toHaveLength(repeats);
    expect(result.warnings[0]).toMatchObject({ code: 'duplicate_key', path: 'k49999', firstLine: 50_001, line: 50_002 });
    expect(result.warnings.at(-1)).toMatchObject({ firstLine: 50_001, line: 50_001 + repeats });
  });

  it('87,000 repeated keys: valid, 100 warnings listed and the rest counted', () => {
    const result = validateCloudConfig(fill('#cloud-config\n', () => 'hostname: x\n'));
    expect(result.valid).toBe(true);
    expect(result.warnings).toHaveLength(100);
    expect(result.warnings[0]!.code).toBe('duplicate_key');
    expect(result.unlisted!.warnings).toBeGreaterThan(80_000);
  });

  it('many aliases of one anchor, and a 500 KB key', () => {
    const aliases = validateCloudConfig(fill('#cloud-config\na: &x [1, 2]\nruncmd:\n', () => '- *x\n'));
    expect(aliases.errors[0]!.code).toBe('alias_limit');
    const key = validateCloudConfig(`#cloud-config\n? ${'k'.repeat(500_000)}\n: 1\n`);
    expect(key.errors.map((e) => e.code)).toEqual(['additional_property']);
    // An implicit key is at most 1024 characters in YAML.
    expect(validateCloudConfig(`#cloud-config\n${'k'.repeat(500_000)}: 1\n`).errors[0]!.code).toBe('yaml_syntax');
    expect(key.errors[0]!.message.length).toBeLessThan(500_200);
  });

  it('"---" repeated to 1 MiB: one error, at the second document', () => {
    const result = validateCloudConfig(fill('#cloud-config\n', () => '---\n'));
    expect(result).toEqual({
      valid: false,
      target: '26.2',
      userDataType: 'text/cloud-config',
      errors: [{ code: 'yaml_syntax', path: '', pointer: '', message: 'more than one YAML document; cloud-config is a single document', line: 3, column: 1 }],
      deprecations: [],
      warnings: [],
    });
  });

  it('many documents, one of them too deep after the second: still reported as too deep', () => {
    const deep = `${'['.repeat(80)}${']'.repeat(80)}`;
    const result = validateCloudConfig(`#cloud-config\na: 1\n---\nb: 2\n${'---\n'.repeat(1_000)}--- ${deep}\n${'---\n'.repeat(1_000)}`);
    expect(result.errors.map((e) => [e.code, e.line])).toEqual([['too_deep', 1_005]]);
  });
});

describe('maxIssues', () => {
  const text = `#cloud-config\nruncmd: [1, 2, 3]\nbootcmd: [4]\nhostname: a\nhostname: b\nfoo: 1\n`;

  it('lists errors first, then deprecations and warnings, up to the limit, and keeps valid exact', () => {
    const all = validateCloudConfig(text);
    expect(all.errors).toHaveLength(5);
    expect(all.warnings).toHaveLength(1);
    expect(all.unlisted).toBeUndefined();
    const two = validateCloudConfig(text, { maxIssues: 2 });
    expect(two.valid).toBe(false);
    expect(two.errors).toEqual(all.errors.slice(0, 2));
    expect(two.warnings).toEqual([]);
    expect(two.unlisted).toEqual({ errors: 3, deprecations: 0, warnings: 1 });
    expect(validateCloudConfig(text, { maxIssues: 6 }).unlisted).toBeUndefined();
  });

  it('lists at least one error, and a valid result with unlisted warnings stays valid', () => {
    expect(validateCloudConfig(text, { maxIssues: 0 }).errors).toHaveLength(1);
    const warned = validateCloudConfig('#cloud-config\nhostname: a\nhostname: b\nhostname: c\n', { maxIssues: 1 });
    expect(warned.valid).toBe(true);
    expect(warned.unlisted).toEqual({ errors: 0, deprecations: 0, warnings: 1 });
  });

  it('is shown by formatCloudConfigResult', () => {
    const out = formatCloudConfigResult(validateCloudConfig(text, { maxIssues: 2 }));
    expect(out).toContain('and 3 more errors, 1 more warning not listed');
  });
});
