import { beforeAll, describe, expect, it } from 'vitest';
import { loadCloudInitReleases, cloudConfigSchemaFor, validateCloudConfig, type CloudInitVersion } from 'wc-legacy-api/cloud-config';

// The older releases' validators load on demand (docs/cloud-config.md).
beforeAll(() => loadCloudInitReleases());

const cc = (body: string) => `#cloud-config\n${body}`;
const RELEASES = ['22.1', '22.2', '22.3', '22.4', '23.1', '23.2', '23.3', '23.4', '24.1', '24.2', '24.3', '24.4', '25.1', '25.2', '25.3', '26.1', '26.2'] as const;
const valid = (body: string, cloudInitVersion: CloudInitVersion) => validateCloudConfig(cc(body), { cloudInitVersion }).valid;

describe('every cloud-init release from 22.1 to 26.2 as a target', () => {
  it.each(RELEASES)('%s is a target of its own, with its own schema document', (release) => {
    expect(validateCloudConfig(cc('runcmd: [ls]\n'), { cloudInitVersion: release })).toMatchObject({ valid: true, target: release });
    expect(validateCloudConfig(cc('runcmd: 5\n'), { cloudInitVersion: release })).toMatchObject({ valid: false, target: release });
    expect(cloudConfigSchemaFor(release).$id).toBe(`https://wc-legacy-api.dev/schemas/cloud-config-${release}.json`);
  });

  it('reads latest as the newest release, spec by name, and point releases as their series', () => {
    expect(validateCloudConfig(cc('runcmd: [ls]\n'), { cloudInitVersion: 'latest' }).target).toBe('26.2');
    expect(validateCloudConfig(cc('runcmd: [ls]\n'), { cloudInitVersion: 'spec' }).target).toBe('spec');
    expect(validateCloudConfig(cc('runcmd: [ls]\n'), { cloudInitVersion: '23.4.1' }).target).toBe('23.4');
    expect(validateCloudConfig(cc('runcmd: [ls]\n'), { cloudInitVersion: '24.1.7' }).target).toBe('24.1');
    expect(validateCloudConfig(cc('runcmd: [ls]\n'), { cloudInitVersion: '22.2.2' }).target).toBe('22.2');
  });

  it.each(['21.4', '27.1', '22.5', '23.4.9', '23', 'v23.4', ''])('reports the unknown version %j as data, naming the supported range', (version) => {
    const result = validateCloudConfig(cc('runcmd: [ls]\n'), { cloudInitVersion: version as CloudInitVersion });
    expect(result.valid).toBe(false);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ code: 'invalid_input', path: '' });
    expect(result.errors[0]!.message).toContain(`"${version}"`);
    expect(result.errors[0]!.message).toContain("'22.1' to '26.2'");
    expect(() => cloudConfigSchemaFor(version as CloudInitVersion)).toThrow(RangeError);
  });

  it('knows a key from the release that added it', () => {
    // users[].doas arrived in 23.3; ubuntu_pro (the new name of ubuntu_advantage) in 24.1.
    const doas = 'users:\n  - name: a\n    doas: [permit a as root]\n';
    expect(valid(doas, '23.2')).toBe(false);
    expect(valid(doas, '23.3')).toBe(true);
    expect(valid('ubuntu_pro: {token: x}\n', '23.4')).toBe(false);
    expect(valid('ubuntu_pro: {token: x}\n', '24.1')).toBe(true);
  });

  it('accepts unknown top-level keys up to 23.3, as those releases do, and rejects them from 23.4', () => {
    expect(valid('runcmds: [ls]\n', '23.3')).toBe(true);
    expect(validateCloudConfig(cc('runcmds: [ls]\n'), { cloudInitVersion: '23.4' }).errors.map((e) => e.code)).toEqual(['additional_property']);
  });

  it('reports deprecations with the version the release gives', () => {
    const result = validateCloudConfig(cc('users:\n  - name: a\n    lock-passwd: true\n'), { cloudInitVersion: '24.4' });
    expect(result.valid).toBe(true);
    expect(result.deprecations).toHaveLength(1);
    expect(result.deprecations[0]).toMatchObject({ path: 'users.0.lock-passwd', version: '22.3' });
  });

  it('reads headers as each release does: only "#cloud-config" bytes up to 23.1, user-data types from 23.2', () => {
    const jinja = '## template: jinja\n#cloud-config\nhostname: {{ v1.local_hostname }}\n';
    const instanceData = { v1: { local_hostname: 'h' } };
    for (const release of ['22.1', '22.4', '23.1'] as const) {
      expect(validateCloudConfig(jinja, { cloudInitVersion: release, instanceData }).errors.map((e) => e.code)).toEqual(['missing_header']);
      expect(validateCloudConfig('#!/bin/sh\necho hi\n', { cloudInitVersion: release }).valid).toBe(false);
      expect(validateCloudConfig(' #cloud-config\nruncmd: [ls]\n', { cloudInitVersion: release }).valid).toBe(false);
      // #cloud-config-archive begins with the bytes #cloud-config: read as YAML, a list.
      expect(validateCloudConfig('#cloud-config-archive\n- type: text/cloud-config\n', { cloudInitVersion: release }).errors.map((e) => e.code)).toEqual(['not_a_mapping']);
      expect(validateCloudConfig(new TextEncoder().encode(cc('runcmd: [ls]\n')), { cloudInitVersion: release }).valid).toBe(true);
    }
    for (const release of ['23.2', '26.2'] as const) {
      expect(validateCloudConfig(jinja, { cloudInitVersion: release, instanceData }).valid).toBe(true);
      expect(validateCloudConfig('#!/bin/sh\necho hi\n', { cloudInitVersion: release }).valid).toBe(true);
    }
  });

  it('runs linear patterns for cloud-init quadratic ones, with the same verdicts, at the size limit', () => {
    const list = (entry: string, release: CloudInitVersion) => validateCloudConfig(cc(`chpasswd: {list: [${JSON.stringify(entry)}]}\n`), { cloudInitVersion: release }).errors.filter((e) => e.code === 'pattern').length === 0;
    for (const release of ['22.2', '23.4', '25.1'] as const) {
      for (const ok of ['ada:secret', '::a', 'a::', 'x:y:z', ':::']) expect(list(ok, release)).toBe(true);
      for (const bad of [':a', 'a:', 'ab', ':']) expect(list(bad, release)).toBe(false);
      const size = (value: string) => validateCloudConfig(cc(`swap: {size: ${JSON.stringify(value)}}\n`), { cloudInitVersion: release }).valid;
      for (const ok of ['512M', '1.5G', '.5G', '10B']) expect(size(ok)).toBe(true);
      for (const bad of ['M', '1.G', '1..5G', '5X']) expect(size(bad)).toBe(false);
    }
    // The worst case within the 1 MiB input limit: ~1,000,000 colons before a line break, then
    // digits with no unit.
    const colons = ':'.repeat(1_000_000 - 40);
    expect(validateCloudConfig(cc(`chpasswd: {list: ["${colons}\\nx"]}\n`), { cloudInitVersion: '22.4' }).errors.map((e) => e.code)).toEqual(['pattern']);
    const digits = '1'.repeat(1_000_000 - 40);
    expect(validateCloudConfig(cc(`swap: {size: "${digits}x"}\n`), { cloudInitVersion: '22.4' }).valid).toBe(false);
  });
});

describe('several releases at once: what an older image will ignore', () => {
  const text = cc('ubuntu_pro:\n  token: x\nusers:\n  - name: a\n    shell: 5\nruncmd: [ls]\n');

  it('reports a key an older release lacks as not_supported, with the release that added it and its position', () => {
    const result = validateCloudConfig(text, { cloudInitVersion: ['22.4', '26.2'] });
    expect(result).toMatchObject({ valid: false, target: '26.2', releases: ['22.4', '26.2'] });
    expect(result.errors[0]).toEqual({
      code: 'not_supported',
      path: 'ubuntu_pro',
      pointer: '/ubuntu_pro',
      property: 'ubuntu_pro',
      addedIn: '24.1',
      releases: ['22.4'],
      message: 'not supported by cloud-init 22.4 (added in 24.1): it will be ignored at boot',
      line: 2,
      column: 1,
    });
    // An issue every release reports is listed once, naming them all.
    expect(result.errors[1]).toMatchObject({ code: 'type', path: 'users.0.shell', releases: ['22.4', '26.2'], message: 'expected string, got integer 5', line: 6 });
    expect(result.errors).toHaveLength(2);
  });

  it('finds nested keys a closed mapping of the older release rejects, and names every release that lacks one', () => {
    const doas = cc('users:\n  - name: a\n    doas: [permit a as root]\n');
    const result = validateCloudConfig(doas, { cloudInitVersion: ['22.4', '23.1', '23.3', '26.2'] });
    expect(result.errors).toEqual([
      expect.objectContaining({ code: 'not_supported', path: 'users.0.doas', releases: ['22.4', '23.1'], addedIn: '23.3', message: 'not supported by cloud-init 22.4 and 23.1 (added in 23.3): it will be ignored at boot', line: 4, column: 5 }),
    ]);
  });

  it('takes a range of releases, and is valid when every release accepts the config', () => {
    expect(validateCloudConfig(cc('runcmd: [ls]\n'), { cloudInitVersion: '>=22.1' })).toMatchObject({ valid: true, target: '26.2', releases: RELEASES });
    expect(validateCloudConfig(text, { cloudInitVersion: '>=24.1' }).errors.map((e) => e.code)).toEqual(['type']);
    expect(validateCloudConfig(cc('runcmd: [ls]\n'), { cloudInitVersion: '>=22.4 <23.4' }).releases).toEqual(['22.4', '23.1', '23.2', '23.3']);
    // A deprecation only some releases report says which.
    const lock = validateCloudConfig(cc('users:\n  - name: a\n    lock-passwd: true\n'), { cloudInitVersion: ['22.2', '26.2'] });
    expect(lock.deprecations.map((d) => d.releases)).toEqual([['26.2']]);
    expect(lock.deprecations[0]!.message).toContain('(cloud-init 26.2)');
  });

  it('reports an unknown release in a list, or a malformed range, as data', () => {
    for (const bad of [['22.4', '99.1'], ['spec', '26.2'], [], '>=27.1', '>=22.4 <22.4', '=>22.4'] as const) {
      const result = validateCloudConfig(cc('runcmd: [ls]\n'), { cloudInitVersion: bad as never });
      expect(result.errors.map((e) => e.code)).toEqual(['invalid_input']);
    }
  });
});

describe('a cloudInitVersion of any shape', () => {
  it('never throws: an unknown shape is an invalid_input issue, a repeated release is that release', () => {
    const text = cc('runcmd: [ls]\n');
    const throwing = new Proxy([], { get: () => { throw new Error('no'); } });
    for (const version of [{}, 5, null, [5], ['22.4', {}], ',', ' , ', throwing]) {
      expect(validateCloudConfig(text, { cloudInitVersion: version as never }).errors.map((e) => e.code)).toEqual(['invalid_input']);
    }
    expect(validateCloudConfig(text, { cloudInitVersion: new Array(100_000).fill('22.4') })).toMatchObject({ valid: true, target: '22.4' });
    expect(validateCloudConfig(text, { cloudInitVersion: '>=22.4 '.repeat(10_000).trim() as never }).releases).toHaveLength(14);
  });
});
