import { gzipSync } from 'node:zlib';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCloudInitReleases, validateCloudConfig, validateNetworkConfig } from 'wc-legacy-api/cloud-config';
import { fillUserData } from './fill-user-data';

// Issue 25: a validation against several releases reads and parses its input once (per distinct
// text), then runs each release's schema and issue steps; it used to parse it once per release
// (17 parses of 1 MiB for '>=22.1'). The work is counted, not timed: every parse and every
// whole-schema validation goes through these two internal functions, wrapped here to count calls.
const calls = vi.hoisted(() => ({ parses: 0, schemaChecks: 0, networkChecks: 0 }));
vi.mock('../../src/cloud-config/yaml/parse-yaml', async (load) => {
  const real = await load<typeof import('../../src/cloud-config/yaml/parse-yaml')>();
  return { ...real, parseYaml: (...args: Parameters<typeof real.parseYaml>) => (calls.parses++, real.parseYaml(...args)) };
});
vi.mock('../../src/cloud-config/check/schema-validator', async (load) => {
  const real = await load<typeof import('../../src/cloud-config/check/schema-validator')>();
  return { ...real, validateAgainstSchema: (...args: Parameters<typeof real.validateAgainstSchema>) => (calls.schemaChecks++, real.validateAgainstSchema(...args)) };
});

// network-config's whole-document checks: one call of NetworkSchemaChecker.check per release checked.
vi.mock('../../src/cloud-config/network/check-network-schema', async (load) => {
  const real = await load<typeof import('../../src/cloud-config/network/check-network-schema')>();
  class Counted extends real.NetworkSchemaChecker {
    override check(...args: Parameters<InstanceType<typeof real.NetworkSchemaChecker>['check']>) {
      calls.networkChecks++;
      return super.check(...args);
    }
  }
  return { ...real, NetworkSchemaChecker: Counted };
});

beforeAll(() => loadCloudInitReleases());
beforeEach(() => {
  calls.parses = 0;
  calls.schemaChecks = 0;
});

const MiB = 1024 * 1024;
const ALL = '>=22.1';
const RELEASES = 17;
// Users with a key 26.2 deprecates and most older releases do not know: an issue per user in every
// release, the most each release reports about one input.
const usersAtTheLimit = () => fillUserData(MiB, '#cloud-config\nusers:\n', (i) => `  - name: u${i}\n    lock-passwd: true\n    shell: /bin/bash\n`);

describe('several releases at the 1 MiB limit', () => {
  it('parses 1 MiB once for all 17 releases, and checks the schema once per release', () => {
    const text = usersAtTheLimit();
    expect(text.length).toBeGreaterThan(MiB - 100);
    const result = validateCloudConfig(text, { cloudInitVersion: ALL });
    expect(result.releases).toHaveLength(RELEASES);
    expect(calls.parses).toBe(1);
    expect(calls.schemaChecks).toBe(RELEASES);
    expect(result.valid).toBe(false);
    expect(result.errors).toHaveLength(100);
    expect(result.errors.every((e) => e.code === 'not_supported')).toBe(true);
    expect(result.errors[1]).toMatchObject({ path: 'users.0.lock-passwd', line: 4, releases: ['22.2'] });
    // Each release lists at most 100 issues of its own; what the merged result leaves out is still counted:
    // a not_supported key per user (the releases without lock-passwd), and 26.2's deprecation per user.
    const users = text.split('- name: ').length - 1;
    expect(result.errors.length + result.unlisted!.errors).toBe(users);
    expect(result.deprecations.length + result.unlisted!.deprecations).toBe(users);
  });

  it('bytes (the CLI reads files as bytes) and gzip are read once too', () => {
    const bytes = new TextEncoder().encode(usersAtTheLimit());
    validateCloudConfig(bytes, { cloudInitVersion: ALL });
    expect(calls.parses).toBe(1);
    calls.parses = 0;
    // gzip: 22.1-23.1 read the compressed bytes as no #cloud-config (their rule); the rest share one parse.
    const zipped = validateCloudConfig(gzipSync(bytes), { cloudInitVersion: ALL });
    expect(calls.parses).toBe(1);
    expect(zipped.errors[0]).toMatchObject({ code: 'missing_header', releases: ['22.1', '22.2', '22.3', '22.4', '23.1'] });
  });

  it('a single release parses once, as before', () => {
    validateCloudConfig(usersAtTheLimit(), { cloudInitVersion: '24.4' });
    expect(calls.parses).toBe(1);
    expect(calls.schemaChecks).toBe(1);
  });

  it('MIME multipart of 1 MiB: each distinct part parsed once across every release', () => {
    const text = fillUserData(MiB, 'Content-Type: multipart/mixed; boundary="b"\n\n', (i) => `--b\nContent-Type: text/cloud-config\n\nruncmd: ${i % 2}\n`);
    const result = validateCloudConfig(text, { cloudInitVersion: ALL });
    expect(result.releases).toHaveLength(RELEASES);
    // 1,000 parts are validated (the rest reported), with two distinct texts among them.
    expect(result.note).toBe('MIME multipart: 1000 of 1000 parts validated');
    expect(calls.parses).toBe(2);
  });
});

describe('merging the releases of MIME multipart user data', () => {
  it('keeps the same issue in two parts as two issues, each with its part', () => {
    const text = 'Content-Type: multipart/mixed; boundary="b"\n\n--b\nContent-Type: text/cloud-config\n\nruncmd: 5\n--b\nContent-Type: text/cloud-config\n\nruncmd: 5\n--b--\n';
    const result = validateCloudConfig(text, { cloudInitVersion: ['24.4', '26.2'] });
    const runcmd = result.errors.filter((e) => e.path === 'runcmd');
    expect(runcmd.map((e) => [e.part?.index, e.releases])).toEqual([
      [1, ['24.4', '26.2']],
      [2, ['24.4', '26.2']],
    ]);
  });
});

describe('network-config against several releases at the 1 MiB limit', () => {
  // The 17 series and the 11 point releases whose network schemas differ from their series' (24.1.1 to 24.1.7, 25.1.1 to 25.1.4).
  const NETWORK_RELEASES = 28;
  it('parses once for all 28 releases; lists maxIssues issues and counts at least the rest', () => {
    const entry = '  - {type: physical, name: a-name-longer-than-15, mtu: x, bogus: 1}\n';
    const text = fillUserData(MiB, 'version: 1\nconfig:\n', () => entry);
    const single = validateNetworkConfig(text, { cloudInitVersion: '26.2' });
    calls.parses = 0;
    calls.networkChecks = 0;
    const result = validateNetworkConfig(text, { cloudInitVersion: ALL });
    expect(calls.parses).toBe(1);
    // 22.1 to 23.3 check nothing; 24.1.2 to 24.1.7 share one check, 25.1.1 to 25.1.4 one: 28 - 7 - 5 - 3.
    expect(calls.networkChecks).toBe(13);
    expect(result).toMatchObject({ valid: false, target: '26.2' });
    expect(result.releases).toHaveLength(NETWORK_RELEASES);
    expect(result.errors).toHaveLength(100);
    // At least as many as the newest release alone finds.
    expect(result.unlisted!.errors + result.errors.length).toBeGreaterThanOrEqual(single.errors.length + single.unlisted!.errors);
  });
});
