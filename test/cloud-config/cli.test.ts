import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// Spawns the real CLI from source (through tsx), so the tests need no build.
const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'src/cloud-config/output/cli.ts');

function run(args: string[], stdin?: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { cwd: root, input: stdin, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

let dir: string;
const file = (name: string) => join(dir, name);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'validate-cloud-config-'));
  writeFileSync(file('valid.yaml'), '#cloud-config\nruncmd: [ls]\n');
  writeFileSync(file('invalid.yaml'), '#cloud-config\nusers:\n  - name: ada\n    shell: 5\n');
  writeFileSync(file('deprecated.yaml'), '#cloud-config\nusers:\n  - name: ada\n    lock-passwd: true\n');
  writeFileSync(file('secret.yaml'), '#cloud-config\nusers:\n  - name: ada\n    passwd: 12345678\n');
});

describe('validate-cloud-config CLI', () => {
  it('exits 0 and says valid for a valid file', () => {
    const result = run([file('valid.yaml')]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`Valid cloud-config ${file('valid.yaml')}\n`);
  });

  it('exits 1 with path, position and message for an invalid file', () => {
    const result = run([file('valid.yaml'), file('invalid.yaml')]);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(`Invalid cloud-config ${file('invalid.yaml')}`);
    expect(result.stdout).toContain('users.0.shell (line 4, column 12): expected string, got integer 5');
  });

  it('prints one JSON result per file with --json, without the config', () => {
    const result = run(['--json', file('valid.yaml'), file('secret.yaml')]);
    expect(result.status).toBe(1);
    const lines = result.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toEqual({ file: file('valid.yaml'), valid: true, errors: [], deprecations: [], warnings: [] });
    expect(lines[1]).toMatchObject({ valid: false, errors: [{ code: 'type', path: 'users.0.passwd', line: 4 }] });
    expect(result.stdout).not.toContain('12345678');
  });

  it('annotates the source with --annotate', () => {
    const result = run(['--annotate', file('invalid.yaml')]);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('    shell: 5\t\t# E1\n');
    expect(result.stdout).toContain('# E1: users.0.shell: expected string, got integer 5');
  });

  it('counts deprecations as failures only with --strict', () => {
    expect(run([file('deprecated.yaml')]).status).toBe(0);
    const strict = run(['--strict', file('deprecated.yaml')]);
    expect(strict.status).toBe(1);
    expect(strict.stdout).toContain('Deprecated in version 22.3. Use lock_passwd instead.');
  });

  it('reads standard input for "-"', () => {
    const ok = run(['-'], '#cloud-config\nruncmd: [ls]\n');
    expect(ok).toMatchObject({ status: 0, stdout: 'Valid cloud-config <stdin>\n' });
    expect(run(['--json', '-'], '#cloud-config\nruncmd: 1\n').status).toBe(1);
  });

  it('honours --no-header-check', () => {
    writeFileSync(file('headerless.yaml'), 'runcmd: [ls]\n');
    expect(run([file('headerless.yaml')]).status).toBe(1);
    expect(run(['--no-header-check', file('headerless.yaml')]).status).toBe(0);
  });

  it('exits 2 for a missing file, and still reports the other files', () => {
    const result = run([file('nope.yaml'), file('valid.yaml')]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`cannot read ${file('nope.yaml')}: ENOENT`);
    expect(result.stdout).toContain('Valid cloud-config');
  });

  it('exits 2 with usage on an unknown option or no file, and 0 for --help', () => {
    const unknown = run(['--frobnicate', file('valid.yaml')]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown option --frobnicate');
    expect(unknown.stderr).toContain('Usage: validate-cloud-config');
    expect(run([]).status).toBe(2);
    expect(run(['--json', '--annotate', file('valid.yaml')]).status).toBe(2);
    const help = run(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Exit status: 0 all valid, 1 any invalid, 2 usage or I/O error.');
  });
});
