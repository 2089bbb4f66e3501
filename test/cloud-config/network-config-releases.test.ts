// validateNetworkConfig per cloud-init release: each release whose network-config validation
// differs (test/fixtures/network-config-releases/verdicts-RELEASE.json, written by
// scripts/network-config-oracle.py running that release's own code), the releases that share a
// representative's schemas, and the releases that do not validate network-config at all.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validateNetworkConfig, type CloudInitRelease, type NetworkConfigResult, type NetworkConfigTarget } from 'wc-legacy-api/cloud-config';

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
    const result = validateNetworkConfig(read(file), { cloudInitVersion: release as NetworkConfigTarget });
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
    // Point releases with the schemas of a checked one (24.1.2 to 24.1.7 share a schema, 25.1.1 to 25.1.4 one).
    ['24.1.3', '24.1.2'],
    ['24.1.7', '24.1.2'],
    ['25.1.4', '25.1.1'],
  ] as const)('%s as %s', (release, checked) => {
    for (const file of cases) {
      const { target, ...result } = validateNetworkConfig(read(file), { cloudInitVersion: release });
      const { target: other, ...expected } = validateNetworkConfig(read(file), { cloudInitVersion: checked });
      expect([target, other]).toEqual([release, checked]);
      // A note names its own release ("cloud-init 24.1.3 has no network-config schema for version 2").
      const note = result.note?.replace(`cloud-init ${release} `, `cloud-init ${checked} `);
      expect({ ...result, ...(note !== undefined ? { note } : {}) }, file).toEqual(expected);
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

  it('reads a point release whose network schemas differ from its series as itself, the series as its .0', () => {
    // accept-ra on a physical interface came in 24.1.2; subnet broadcast in 24.1.1; vlan mac_address in 25.1.1.
    expect(validateNetworkConfig(read('v1-physical-accept-ra.yaml'), { cloudInitVersion: '24.1.3' })).toMatchObject({ valid: true, target: '24.1.3' });
    expect(validateNetworkConfig(read('v1-physical-accept-ra.yaml'), { cloudInitVersion: '24.1' })).toMatchObject({ valid: false, target: '24.1' });
    expect(validateNetworkConfig(read('v1-subnet-broadcast.yaml'), { cloudInitVersion: '24.1.1' })).toMatchObject({ valid: true, target: '24.1.1' });
    expect(validateNetworkConfig(read('v1-vlan-mac-address.yaml'), { cloudInitVersion: '25.1.2' })).toMatchObject({ valid: true, target: '25.1.2' });
    expect(validateNetworkConfig(read('v1-vlan-mac-address.yaml'), { cloudInitVersion: '25.1' })).toMatchObject({ valid: false, target: '25.1' });
  });

  it('reads a point release whose network schemas are its series\' as the series, as validateCloudConfig does', () => {
    for (const [point, series] of [['23.4.1', '23.4'], ['24.3.1', '24.3'], ['24.4.1', '24.4'], ['22.4.2', '22.4']] as const) {
      const { target, ...result } = validateNetworkConfig(read('v1-physical-accept-ra.yaml'), { cloudInitVersion: point as never });
      const { target: other, ...expected } = validateNetworkConfig(read('v1-physical-accept-ra.yaml'), { cloudInitVersion: series });
      expect([target, other]).toEqual([series, series]);
      expect(result).toEqual(expected);
    }
  });

  // The oracle keeps verdicts only; run at 24.1 and 24.1.1 it prints "deprecations: config.0.network" on standard
  // error, at 24.1.2 and 25.1.1 nothing.
  it('24.1.2 no longer deprecates a route\'s network key; 24.1 and 24.1.1 do', () => {
    const deprecated = (version: string) => validateNetworkConfig(read('v1-route-network.yaml'), { cloudInitVersion: version as never }).deprecations.map((d) => d.path);
    expect(deprecated('24.1')).toEqual(['config.0.network']);
    expect(deprecated('24.1.1')).toEqual(['config.0.network']);
    expect(deprecated('24.1.2')).toEqual([]);
    expect(deprecated('24.1.7')).toEqual([]);
  });

  it('refuses an unknown version, or a list or range naming one, with a clear error', () => {
    for (const version of ['21.4', 'x', ['22.4', '27.1'], ['spec', '26.2'], '>=27.1', '>=x']) {
      const result = validateNetworkConfig(read('v1-plain.yaml'), { cloudInitVersion: version as never });
      expect(result).toMatchObject({ valid: false, target: '26.2', errors: [{ code: 'invalid_input' }] });
      expect(result.errors[0]!.message).toMatch(/^unknown cloudInitVersion .*'22\.1' to '26\.2'.*a list or a range/);
    }
  });
});

describe('several releases at once', () => {
  const POINTS_24_1: readonly NetworkConfigTarget[] = ['24.1.1', '24.1.2', '24.1.3', '24.1.4', '24.1.5', '24.1.6', '24.1.7'];
  const POINTS_25_1: readonly NetworkConfigTarget[] = ['25.1.1', '25.1.2', '25.1.3', '25.1.4'];
  // Every release '>=22.1' takes: the point releases whose network schemas differ from their series' among them.
  const ALL: readonly NetworkConfigTarget[] = ['22.1', '22.2', '22.3', '22.4', '23.1', '23.2', '23.3', '23.4', '24.1', ...POINTS_24_1, '24.2', '24.3', '24.4', '25.1', ...POINTS_25_1, '25.2', '25.3', '26.1', '26.2'];
  const unnamed = (message: string) => message.replace(/ \(cloud-init [\d., and]+\)$/, '');

  it.each(cases)('%s: each release\'s verdict and issues, each issue once with its releases', (file) => {
    const merged = validateNetworkConfig(read(file), { cloudInitVersion: '>=22.1' });
    const singles = ALL.map((release) => [release, validateNetworkConfig(read(file), { cloudInitVersion: release })] as const);
    expect(merged).toMatchObject({ target: '26.2', releases: ALL });
    expect(merged.valid).toBe(singles.every(([, r]) => r.valid));
    for (const [release, single] of singles) {
      for (const issue of single.errors) {
        const found = merged.errors.filter((e) => e.path === issue.path && unnamed(e.message) === issue.message && e.releases!.includes(release));
        expect(found, `${release}: ${issue.path} ${issue.message}`).toHaveLength(1);
      }
    }
    // Every merged issue is some release's, and names exactly the releases that report it.
    for (const issue of merged.errors) {
      const reporting = singles.filter(([, r]) => r.errors.some((e) => e.path === issue.path && e.message === unnamed(issue.message))).map(([release]) => release);
      expect(issue.releases).toEqual(reporting);
      if (reporting.length < ALL.length) expect(issue.message).toMatch(/ \(cloud-init [\d., and]+\)$/);
    }
  });

  it('says once that 22.1 to 23.3 do not validate network-config, and which releases skip a version', () => {
    const result = validateNetworkConfig(read('v2-plain.yaml'), { cloudInitVersion: '>=22.1' });
    expect(result.valid).toBe(true);
    expect(result.note).toBe(
      'cloud-init 22.1, 22.2, 22.3, 22.4, 23.1, 23.2 and 23.3 do not validate network-config (their cloud-init schema has no --schema-type): not validated; ' +
        'cloud-init 23.4, 24.1, 24.1.1, 24.1.2, 24.1.3, 24.1.4, 24.1.5, 24.1.6 and 24.1.7 have no network-config schema for version 2: not validated',
    );
    const old = validateNetworkConfig(read('v1-mtu-string.yaml'), { cloudInitVersion: '<23.4' });
    expect(old).toMatchObject({ valid: true, target: '23.3', errors: [] });
    expect(old.note).toMatch(/^cloud-init 22\.1, .* and 23\.3 do not validate network-config/);
  });

  it('a list: the releases named, issues that differ between them apart', () => {
    const result = validateNetworkConfig(read('v1-mtu-string.yaml'), { cloudInitVersion: ['26.2', '23.4'] });
    expect(result).toMatchObject({ valid: false, target: '26.2', releases: ['23.4', '26.2'], networkVersion: 1 });
    expect(result.errors.map((e) => [e.message, e.releases])).toEqual([
      ['expected integer, got string "big" (cloud-init 23.4)', ['23.4']],
      ['expected integer or null, got string "big" (cloud-init 26.2)', ['26.2']],
    ]);
    // One release in a list is that release alone.
    expect(validateNetworkConfig(read('v1-mtu-string.yaml'), { cloudInitVersion: ['23.4'] })).toEqual(validateNetworkConfig(read('v1-mtu-string.yaml'), { cloudInitVersion: '23.4' }));
  });

  it('a range takes the point releases between its bounds, compared as version numbers', () => {
    const releasesOf = (range: string) => validateNetworkConfig(read('v1-plain.yaml'), { cloudInitVersion: range as never }).releases;
    expect(releasesOf('>=24.1 <24.2')).toEqual(['24.1', ...POINTS_24_1]);
    expect(releasesOf('>24.1 <=24.2')).toEqual([...POINTS_24_1, '24.2']);
    expect(releasesOf('>=24.1.3 <24.2')).toEqual(['24.1.3', '24.1.4', '24.1.5', '24.1.6', '24.1.7']);
    expect(releasesOf('>=24.4 <=25.1')).toEqual(['24.4', '25.1']);
    expect(releasesOf('>=25.1.2 <=25.2')).toEqual(['25.1.2', '25.1.3', '25.1.4', '25.2']);
    // A bound with its series' schemas is its series, as for cloud-config.
    expect(releasesOf('>=23.4.1 <=24.1')).toEqual(['23.4', '24.1']);
    expect(releasesOf('>=26.1')).toEqual(['26.1', '26.2']);
  });

  it('a list names point releases as themselves (those with their series\' schemas as the series)', () => {
    const result = validateNetworkConfig(read('v1-physical-accept-ra.yaml'), { cloudInitVersion: ['26.2', '24.1.7', '24.1', '23.4.1', '24.1.7'] as never });
    expect(result).toMatchObject({ valid: false, target: '26.2', releases: ['23.4', '24.1', '24.1.7', '26.2'] });
    expect(result.errors.map((e) => e.releases)).toEqual([['23.4', '24.1']]);
  });

  it('point releases that share a schema are checked once, each named in the merged result', () => {
    const merged = validateNetworkConfig(read('v2-plain.yaml'), { cloudInitVersion: '>=24.1.2 <24.2' });
    expect(merged).toMatchObject({ valid: true, target: '24.1.7', releases: POINTS_24_1.slice(1) });
    expect(merged.note).toBe('cloud-init 24.1.2, 24.1.3, 24.1.4, 24.1.5, 24.1.6 and 24.1.7 have no network-config schema for version 2: not validated');
    const mtu = validateNetworkConfig(read('v1-mtu-string.yaml'), { cloudInitVersion: ['25.1.1', '25.1.4'] });
    expect(mtu.errors.map((e) => [e.path, e.releases, e.line])).toEqual([['config.0.mtu', ['25.1.1', '25.1.4'], 5]]);
  });

  it('input that stops before any schema is one issue for every release', () => {
    const result = validateNetworkConfig('version: [1\n', { cloudInitVersion: '>=23.4' });
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ code: 'yaml_syntax', releases: ALL.slice(7) });
    expect(validateNetworkConfig('', { cloudInitVersion: '>=23.4' })).toMatchObject({ valid: true, note: 'empty: nothing to validate' });
  });
});
