// validateNetworkConfig per cloud-init release: each release whose network-config validation
// differs (test/fixtures/network-config-releases/verdicts-RELEASE.json, written by
// scripts/network-config-oracle.py running that release's own code), the releases that share a
// representative's schemas, and the releases that do not validate network-config at all.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validateNetworkConfig, type CloudInitRelease, type NetworkConfigResult } from 'wc-legacy-api/cloud-config';

const fixtures = fileURLToPath(new URL('../fixtures/network-config-releases/', import.meta.url));
const cases = readdirSync(fixtures).filter((f) => f.endsWith('.yaml')).sort();
const read = (file: string) => readFileSync(join(fixtures, file), 'utf8');
const verdictFiles = readdirSync(fixtures).filter((f) => /^verdicts-[\d.]+\.json$/.test(f));

interface Verdict {
  readonly valid: boolean;
  readonly performed?: boolean;
  readonly paths?: readonly string[];
}

const paths = (result: NetworkConfigResult) => result.errors.map((e) => e.path);

describe.each(verdictFiles.map((f) => /^verdicts-([\d.]+)\.json$/.exec(f)![1]!))('cloud-init %s, against its own validator', (release) => {
  const verdicts = JSON.parse(readFileSync(join(fixtures, `verdicts-${release}.json`), 'utf8')) as Record<string, Verdict>;

  it('has a verdict for every case', () => {
    expect(Object.keys(verdicts).sort()).toEqual(cases);
  });

  it.each(cases)('%s', (file) => {
    const verdict = verdicts[file]!;
    const result = validateNetworkConfig(read(file), { cloudInitVersion: release as CloudInitRelease });
    expect(result.target).toBe(release);
    expect(result.valid, JSON.stringify(result.errors)).toBe(verdict.valid);
    // The release skipped the file (no schema for that version) exactly when we leave a note.
    if (verdict.valid) expect(result.note !== undefined).toBe(verdict.performed === false);
    const ours = paths(result);
    for (const path of verdict.paths ?? []) expect(ours).toContain(path);
  });
});

describe('releases that share a checked release schemas answer as it does', () => {
  // scripts/extract-network-config-releases.ts finds no difference in their facts.
  it.each([
    ['24.3', '24.2'],
    ['25.3', '25.2'],
    ['26.1', '26.2'],
  ] as const)('%s as %s', (release, checked) => {
    for (const file of cases) {
      const { target, ...result } = validateNetworkConfig(read(file), { cloudInitVersion: release });
      const { target: other, ...expected } = validateNetworkConfig(read(file), { cloudInitVersion: checked });
      expect([target, other]).toEqual([release, checked]);
      expect(result, file).toEqual(expected);
    }
  });
});

describe('22.1 to 23.3: no network-config validation', () => {
  const none: readonly CloudInitRelease[] = ['22.1', '22.2', '22.3', '22.4', '23.1', '23.2', '23.3'];

  it.each(none)('%s checks nothing, and says so', (release) => {
    for (const file of cases) {
      const result = validateNetworkConfig(read(file), { cloudInitVersion: release });
      expect(result).toMatchObject({ valid: true, target: release, errors: [] });
      expect(result.note).toMatch(new RegExp(`^cloud-init ${release.replace('.', '\\.')} does not validate network-config`));
    }
  });

  it('still reports a file that is not YAML', () => {
    expect(validateNetworkConfig('version: [1\n', { cloudInitVersion: '22.4' })).toMatchObject({ valid: false, target: '22.4', errors: [{ code: 'yaml_syntax' }] });
  });
});

describe('cloudInitVersion', () => {
  it('defaults to the newest release; latest and spec mean it too', () => {
    expect(validateNetworkConfig(read('v1-plain.yaml')).target).toBe('26.2');
    expect(validateNetworkConfig(read('v1-plain.yaml'), { cloudInitVersion: 'latest' }).target).toBe('26.2');
    expect(validateNetworkConfig(read('v1-plain.yaml'), { cloudInitVersion: 'spec' }).target).toBe('26.2');
  });

  it('reads a point release as its series', () => {
    expect(validateNetworkConfig(read('v1-physical-accept-ra.yaml'), { cloudInitVersion: '24.1.3' })).toMatchObject({ valid: false, target: '24.1' });
  });

  it('refuses an unknown version and several releases with a clear error', () => {
    for (const version of ['21.4', 'x', ['22.4', '26.2'], '>=24.1']) {
      const result = validateNetworkConfig(read('v1-plain.yaml'), { cloudInitVersion: version as never });
      expect(result).toMatchObject({ valid: false, target: '26.2', errors: [{ code: 'invalid_input' }] });
      expect(result.errors[0]!.message).toMatch(/^unknown cloudInitVersion .*'22\.1' to '26\.2'/);
    }
    expect(validateNetworkConfig('', { cloudInitVersion: ['22.4', '26.2'] as never }).errors[0]!.message).toContain('one release at a time');
  });
});
