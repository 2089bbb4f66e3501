import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';

// Spawns the real CLI from source (through tsx), as cli.test.ts does, in a folder of its own so
// file names in the diff are relative.
const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'src/cloud-config/output/cli.ts');
// tsx by its path: the CLI runs in the test's own folder, where `--import tsx` would not resolve.
const tsx = pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href;

let dir: string;
function run(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', tsx, cli, ...args], { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NODE_OPTIONS: '' } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const LONG = `#cloud-config
# packages
apt_update: true   # first
packages:
  - a
  - b
  - c
  - d
  - e
  - f
  - g
manage_etc_hosts: template
system_info: {}
`;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cloud-config-fix-'));
  writeFileSync(join(dir, 'long.yaml'), LONG);
});

describe('validate-cloud-config --fix', () => {
  it('prints a unified diff on standard output alone, the rest on standard error, and leaves the file', () => {
    const result = run(['--fix', '--cloud-init-version', '26.2', 'long.yaml']);
    expect(result.stdout).toBe(
      [
        '--- long.yaml',
        '+++ long.yaml',
        '@@ -1,6 +1,6 @@',
        ' #cloud-config',
        ' # packages',
        '-apt_update: true   # first',
        '+package_update: true   # first',
        ' packages:',
        '   - a',
        '   - b',
        '@@ -9,5 +9,5 @@',
        '   - e',
        '   - f',
        '   - g',
        '-manage_etc_hosts: template',
        '+manage_etc_hosts: true',
        ' system_info: {}',
        '',
      ].join('\n'),
    );
    expect(result.stderr).toContain('long.yaml:13:1: not fixed: system_info: it has no replacement');
    expect(result.stderr).toContain('Valid cloud-config long.yaml');
    // Exits as validation of the fixed text would: valid, and with --strict the deprecation left fails.
    expect(result.status).toBe(0);
    expect(run(['--fix', '--strict', '--cloud-init-version', '26.2', 'long.yaml']).status).toBe(1);
    expect(readFileSync(join(dir, 'long.yaml'), 'utf8')).toBe(LONG);
  });

  it('prints a diff that git apply takes, giving what --write writes', () => {
    const diff = run(['--fix', '--cloud-init-version', '26.2', 'long.yaml']).stdout;
    writeFileSync(join(dir, 'fix.diff'), diff);
    const applied = spawnSync('git', ['apply', '-p0', 'fix.diff'], { cwd: dir, encoding: 'utf8' });
    expect(applied.stderr).toBe('');
    const patched = readFileSync(join(dir, 'long.yaml'), 'utf8');
    writeFileSync(join(dir, 'long.yaml'), LONG);
    run(['--fix', '--write', '--cloud-init-version', '26.2', 'long.yaml']);
    expect(readFileSync(join(dir, 'long.yaml'), 'utf8')).toBe(patched);
    expect(patched).toBe(LONG.replace('apt_update', 'package_update').replace('template', 'true'));
  });

  it('shows removed lines and a last line without a newline', () => {
    writeFileSync(join(dir, 'both.yaml'), '#cloud-config\nca-certs:\n  trusted: [x]\nca_certs:\n  trusted: [x]\napt_upgrade: true');
    const result = run(['--fix', '--cloud-init-version', '26.2', 'both.yaml']);
    expect(result.stdout).toBe(
      [
        '--- both.yaml',
        '+++ both.yaml',
        '@@ -1,6 +1,4 @@',
        ' #cloud-config',
        '-ca-certs:',
        '-  trusted: [x]',
        ' ca_certs:',
        '   trusted: [x]',
        '-apt_upgrade: true',
        '\\ No newline at end of file',
        '+package_upgrade: true',
        '\\ No newline at end of file',
        '',
      ].join('\n'),
    );
    expect(result.status).toBe(0);
  });

  it('--write rewrites the file in place, keeps its mode, leaves no temporary file, and lists the fixes', () => {
    chmodSync(join(dir, 'long.yaml'), 0o640);
    const result = run(['--fix', '--write', '--cloud-init-version', '26.2', 'long.yaml']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('long.yaml:3:1: fixed: apt_update: apt_update -> package_update\n');
    expect(result.stdout).toContain('long.yaml:12:1: fixed: manage_etc_hosts: template -> true\n');
    expect(result.stdout).toContain('long.yaml:13:1: not fixed: system_info: ');
    expect(result.stdout).toContain('Valid cloud-config long.yaml');
    expect(readFileSync(join(dir, 'long.yaml'), 'utf8')).toBe(LONG.replace('apt_update', 'package_update').replace('template', 'true'));
    expect(statSync(join(dir, 'long.yaml')).mode & 0o777).toBe(0o640);
    expect(readdirSync(dir)).toEqual(['long.yaml']);
  });

  it('says multipart and jinja files are not fixed, and leaves them', () => {
    const mime = 'Content-Type: multipart/mixed; boundary="b"\nMIME-Version: 1.0\n\n--b\nContent-Type: text/cloud-config\n\n#cloud-config\napt_update: true\n--b--\n';
    writeFileSync(join(dir, 'mime.txt'), mime);
    writeFileSync(join(dir, 'tpl.yaml'), '## template: jinja\n#cloud-config\napt_update: true\n');
    const result = run(['--fix', '--write', 'mime.txt', 'tpl.yaml']);
    expect(result.stdout).toContain('mime.txt: not fixed: MIME multipart user data is not fixed');
    expect(result.stdout).toContain('tpl.yaml: not fixed: a jinja template (## template: jinja) is not fixed');
    expect(readFileSync(join(dir, 'mime.txt'), 'utf8')).toBe(mime);
  });

  it('fixes a file at the 1 MiB limit: the diff holds every change, --write every fix', () => {
    const user = (i: number) => `  - name: u${i}\n    lock-passwd: true\n`;
    const users: string[] = [];
    let size = '#cloud-config\nusers:\n'.length;
    while (size + user(users.length).length <= 1024 * 1024) size += (users[users.length] = user(users.length)).length;
    writeFileSync(join(dir, 'big.yaml'), `#cloud-config\nusers:\n${users.join('')}`);
    const result = run(['--fix', '--cloud-init-version', '26.2', 'big.yaml']);
    expect(result.status).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines.filter((l) => l === '-    lock-passwd: true')).toHaveLength(users.length);
    expect(lines.filter((l) => l === '+    lock_passwd: true')).toHaveLength(users.length);
    const written = run(['--fix', '--write', '--cloud-init-version', '26.2', 'big.yaml']);
    expect(written.status).toBe(0);
    expect(written.stdout.split('\n').filter((l) => l.includes(': fixed: '))).toHaveLength(users.length);
    expect(readFileSync(join(dir, 'big.yaml'), 'utf8')).toBe(`#cloud-config\nusers:\n${users.join('').replaceAll('lock-passwd', 'lock_passwd')}`);
  }, 120_000);

  it('refuses options it cannot honour, with exit status 2', () => {
    for (const [args, message] of [
      [['--write', 'long.yaml'], '--write writes what --fix changes; use --fix --write'],
      [['--fix', '--json', 'long.yaml'], '--fix prints a diff and text; it cannot be combined with --format json'],
      [['--fix', '--annotate', 'long.yaml'], '--fix prints a diff; it cannot be combined with --annotate'],
      [['--fix', '--write', '-'], '--write rewrites files; standard input (-) cannot be rewritten'],
    ] as const) {
      const result = run([...args]);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain(message);
    }
  });
});
