import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// Spawns the real CLI from source (through tsx), as test/cloud-config/cli.test.ts does.
const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'src/cloud-config/output/cli.ts');

function run(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { cwd: root, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

let dir: string;
const file = (name: string) => join(dir, name);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'validate-network-config-'));
  writeFileSync(file('v2.yaml'), 'version: 2\nethernets:\n  eth0:\n    dhcp4: true\n');
  writeFileSync(file('v1-bad.yaml'), 'network:\n  version: 1\n  config:\n    - type: physical\n      name: eth0\n      mtu: big\n');
  writeFileSync(file('user-data.yaml'), '#cloud-config\nruncmd: [ls]\n');
  writeFileSync(file('accept-ra.yaml'), 'version: 1\nconfig:\n  - type: physical\n    name: eth0\n    accept-ra: true\n');
  // The key spelled with a YAML escape: the text holds no 'version', yet it is network-config version 2.
  writeFileSync(file('escaped.yaml'), '"\\x76ersion": 2\nethernets: {eth0: {dhcp4: true}}\n');
});

describe('validate-cloud-config -t network-config', () => {
  it('validates network-config with -t network-config and --schema-type network-config', () => {
    const ok = run(['-t', 'network-config', file('v2.yaml')]);
    expect(ok).toMatchObject({ status: 0, stdout: `Valid network-config ${file('v2.yaml')}\n`, stderr: '' });
    const bad = run(['--schema-type', 'network-config', file('v1-bad.yaml')]);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain(`Invalid network-config ${file('v1-bad.yaml')}`);
    expect(bad.stdout).toContain(`${file('v1-bad.yaml')}:6:12: error: network.config.0.mtu: expected integer or null, got string "big" [type]`);
  });

  it('validates as the release named by --cloud-init-version', () => {
    // mtu: big is a type error in 23.4 too (its mtu is integer only); 22.4 does not validate network-config.
    const old = run(['-t', 'network-config', '--cloud-init-version', '23.4', '--json', file('v1-bad.yaml')]);
    expect(old.status).toBe(1);
    expect(JSON.parse(old.stdout)).toMatchObject({ valid: false, target: '23.4', errors: [{ code: 'type', path: 'network.config.0.mtu', line: 6 }] });
    const none = run(['-t', 'network-config', '--cloud-init-version', '22.4', file('v1-bad.yaml')]);
    expect(none).toMatchObject({ status: 0, stdout: `Valid network-config ${file('v1-bad.yaml')} (cloud-init 22.4 does not validate network-config (its cloud-init schema has no --schema-type): not validated)\n` });
    const v2 = run(['-t', 'network-config', '--cloud-init-version', '24.1.2', file('v2.yaml')]);
    expect(v2.stdout).toContain('cloud-init 24.1.2 has no network-config schema for version 2');
  });

  it('takes a point release whose network schemas differ from its series (24.1.3), and ranges of them', () => {
    // accept-ra on a physical interface: unknown to 24.1 and 24.1.1, known from 24.1.2 on.
    const point = run(['-t', 'network-config', '--cloud-init-version', '24.1.3', '--json', file('accept-ra.yaml')]);
    expect(point.status).toBe(0);
    expect(JSON.parse(point.stdout)).toMatchObject({ valid: true, target: '24.1.3', errors: [] });
    const series = run(['-t', 'network-config', '--cloud-init-version', '24.1', '--json', file('accept-ra.yaml')]);
    expect(series.status).toBe(1);
    expect(JSON.parse(series.stdout)).toMatchObject({ valid: false, target: '24.1', errors: [{ path: 'config.0' }] });
    // A range no cloud-config release is in: the point releases of 24.1.
    const range = run(['-t', 'network-config', '--cloud-init-version', '>24.1 <24.2', '--json', file('accept-ra.yaml')]);
    expect(JSON.parse(range.stdout)).toMatchObject({ valid: false, target: '24.1.7', releases: ['24.1.1', '24.1.2', '24.1.3', '24.1.4', '24.1.5', '24.1.6', '24.1.7'], errors: [{ path: 'config.0', releases: ['24.1.1'] }] });
    // An input over --max-bytes names the point release too.
    const large = run(['-t', 'network-config', '--cloud-init-version', '24.1.3', '--max-bytes', '10', '--json', file('accept-ra.yaml')]);
    expect(JSON.parse(large.stdout)).toMatchObject({ valid: false, target: '24.1.3', errors: [{ code: 'input_too_large' }] });
    // cloud-config has no such range.
    expect(run(['--cloud-init-version', '>24.1 <24.2', file('user-data.yaml')])).toMatchObject({ status: 2 });
  });

  it('validates against several releases: a list or a range, each issue with its releases', () => {
    const list = run(['-t', 'network-config', '--cloud-init-version', '23.4,26.2', '--json', file('v1-bad.yaml')]);
    expect(list.status).toBe(1);
    expect(JSON.parse(list.stdout)).toMatchObject({
      valid: false,
      target: '26.2',
      releases: ['23.4', '26.2'],
      errors: [
        { path: 'network.config.0.mtu', releases: ['23.4'], message: 'expected integer, got string "big" (cloud-init 23.4)' },
        { path: 'network.config.0.mtu', releases: ['26.2'] },
      ],
    });
    const range = run(['-t', 'network-config', '--cloud-init-version', '<23.4', file('v2.yaml')]);
    expect(range.status).toBe(0);
    expect(range.stdout).toContain('cloud-init 22.1, 22.2, 22.3, 22.4, 23.1, 23.2 and 23.3 do not validate network-config');
    const text = run(['-t', 'network-config', '--cloud-init-version', '23.4,26.2', file('v1-bad.yaml')]);
    expect(text.stdout).toContain(`${file('v1-bad.yaml')}:6:12: error: network.config.0.mtu: expected integer, got string "big" (cloud-init 23.4) [type]`);
  });

  it('prints JSON lines for network-config too', () => {
    const result = run(['-t', 'network-config', '--json', file('v1-bad.yaml')]);
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ file: file('v1-bad.yaml'), valid: false, target: '26.2', errors: [{ code: 'type', path: 'network.config.0.mtu', line: 6 }] });
  });

  it('hints at -t network-config for a network-config file validated as cloud-config', () => {
    const result = run([file('v2.yaml'), file('user-data.yaml')]);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(`validate-cloud-config: hint: ${file('v2.yaml')} looks like network-config version 2; validate it with -t network-config\n`);
    const wrapped = run([file('v1-bad.yaml')]);
    expect(wrapped.stderr).toContain('looks like network-config version 1');
    expect(run([file('escaped.yaml')]).stderr).toContain('looks like network-config version 2');
    // Asked for cloud-config by name: no hint.
    expect(run(['-t', 'cloud-config', file('v2.yaml')]).stderr).toBe('');
  });

  it('refuses an unknown schema type as a usage error', () => {
    const result = run(['-t', 'vendor-data', file('v2.yaml')]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('unknown --schema-type vendor-data (known: cloud-config, network-config)');
  });
});
