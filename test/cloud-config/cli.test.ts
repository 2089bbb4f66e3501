import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
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

  it('validates a jinja template and MIME multipart met in the middle of a folder as it validates them alone', () => {
    // The CLI loads the jinja engine and the multipart parser when the first file needs them, after plain files.
    const folder = mkdtempSync(join(tmpdir(), 'validate-cloud-config-engines-'));
    writeFileSync(join(folder, 'a-plain.yaml'), '#cloud-config\nruncmd: [ls]\n');
    writeFileSync(join(folder, 'b-jinja.yaml'), '## template: jinja\n#cloud-config\nhostname: {{ v1.local_hostname }}\nusers:\n  - name: ada\n    shell: 5\n');
    writeFileSync(join(folder, 'c-mime.txt'), 'Content-Type: multipart/mixed; boundary="b"\nMIME-Version: 1.0\n\n--b\nContent-Type: text/cloud-config\n\n#cloud-config\nbogus: 1\n--b--\n');
    writeFileSync(join(folder, 'd-plain.yaml'), '#cloud-config\npackages: 5\n');
    const all = run(['--format', 'json', folder]);
    const alone = ['a-plain.yaml', 'b-jinja.yaml', 'c-mime.txt', 'd-plain.yaml'].map((name) => run(['--format', 'json', join(folder, name)]).stdout).join('');
    expect(all.status).toBe(1);
    expect(all.stdout).toBe(alone);
    const results = all.stdout.trim().split('\n').map((line) => JSON.parse(line) as { valid: boolean; errors: { line?: number; code: string }[]; parts?: unknown[] });
    expect(results.map((r) => r.valid)).toEqual([true, false, false, false]);
    expect(results[1]!.errors[0]).toMatchObject({ code: 'type', line: 6 });
    expect(results[2]!.parts).toHaveLength(1);
  });

  it('exits 1 with path, position and message for an invalid file', () => {
    const result = run([file('valid.yaml'), file('invalid.yaml')]);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(`Invalid cloud-config ${file('invalid.yaml')}`);
    expect(result.stdout).toContain(`${file('invalid.yaml')}:4:12: error: users.0.shell: expected string, got integer 5 [type]`);
  });

  it('prints one JSON result per file with --json, without the config', () => {
    const result = run(['--json', file('valid.yaml'), file('secret.yaml')]);
    expect(result.status).toBe(1);
    const lines = result.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toEqual({ file: file('valid.yaml'), valid: true, target: '26.2', userDataType: 'text/cloud-config', errors: [], deprecations: [], warnings: [] });
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
    // It says why instead of "Valid".
    expect(strict.stdout.split('\n')[0]).toBe(`Invalid cloud-config ${file('deprecated.yaml')} under --strict: 1 deprecation`);
    const json = run(['--strict', '--json', file('deprecated.yaml')]);
    expect(JSON.parse(json.stdout)).toMatchObject({ valid: true, strictFailure: '--strict: 1 deprecation' });
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

  it('exits 2 with one sentence on an unknown option or no file, and 0 for --help', () => {
    const unknown = run(['--frobnicate', file('valid.yaml')]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toBe('validate-cloud-config: unknown option --frobnicate\nRun "validate-cloud-config --help" for the options.\n');
    expect(run([]).status).toBe(2);
    expect(run(['--json', '--annotate', file('valid.yaml')]).status).toBe(2);
    const help = run(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Exit status: 0 all valid, 1 any invalid, 2 usage or I/O error.');
  });

  it('takes files with -c/--config-file as cloud-init schema does, and prints its version', () => {
    const result = run(['-c', file('valid.yaml'), '--config-file', file('invalid.yaml')]);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(`Valid cloud-config ${file('valid.yaml')}`);
    expect(result.stdout).toContain(`Invalid cloud-config ${file('invalid.yaml')}`);
    const version = run(['--version']);
    expect(version).toMatchObject({ status: 0, stdout: `${(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version}\n` });
  });

  it('expands a directory to its user-data files, sorted, and says when one has none', () => {
    const tree = join(dir, 'tree');
    mkdirSync(join(tree, 'nested'), { recursive: true });
    for (const name of ['b.yml', 'a.yaml', 'c.cfg', 'd.txt', 'user-data', 'user-data.old', 'notes.json', 'nested/e.yaml']) writeFileSync(join(tree, name), '#cloud-config\nruncmd: [ls]\n');
    const result = run(['--json', tree]);
    expect(result.status).toBe(0);
    const names = result.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { file: string }).file);
    expect(names).toEqual(['a.yaml', 'b.yml', 'c.cfg', 'd.txt', 'user-data', 'user-data.old'].map((n) => join(tree, n)));
    const empty = join(dir, 'empty-dir');
    mkdirSync(empty);
    const none = run([empty]);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain(`${empty} holds no *.yaml`);
  });

  it('reads each file of a folder whole, files over one read chunk after smaller ones included', () => {
    // The files share one read buffer: a short file after a long one must not see the long one's bytes.
    const folder = join(dir, 'chunks');
    mkdirSync(folder);
    const padding = '  - echo padding\n'.repeat(9000);
    writeFileSync(join(folder, 'a-long.yaml'), `#cloud-config\nruncmd:\n${padding}hostname: 5\n`);
    writeFileSync(join(folder, 'b-short.yaml'), '#cloud-config\nruncmd: [ls]\n');
    writeFileSync(join(folder, 'c-long-valid.yaml'), `#cloud-config\nruncmd:\n${padding}`);
    writeFileSync(join(folder, 'd-short.yaml'), '#cloud-config\nlocale: 5\n');
    const result = run(['--quiet', folder]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe(
      `${join(folder, 'a-long.yaml')}:9003:11: error: hostname: expected string, got integer 5 [type]\n` +
        `${join(folder, 'd-short.yaml')}:2:9: error: locale: expected boolean or string, got integer 5 [type]\n` +
        '4 files: 2 valid, 2 invalid, 0 with deprecations\n',
    );
  });

  it('follows a symbolic link in a folder to a file, and skips one to a directory or to nothing', () => {
    const folder = join(dir, 'links');
    mkdirSync(join(folder, 'sub.yaml'), { recursive: true });
    writeFileSync(join(dir, 'target.txt'), '#cloud-config\nlocale: 5\n');
    symlinkSync(join(dir, 'target.txt'), join(folder, 'linked.yaml'));
    symlinkSync(join(folder, 'sub.yaml'), join(folder, 'dir-link.yaml'));
    symlinkSync(join(dir, 'missing.yaml'), join(folder, 'dangling.yaml'));
    const result = run(['--quiet', folder]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe(`${join(folder, 'linked.yaml')}:2:9: error: locale: expected boolean or string, got integer 5 [type]\n1 file: 0 valid, 1 invalid, 0 with deprecations\n`);
  });

  it('agrees with a cloud-init release given by --cloud-init-version', () => {
    writeFileSync(file('doas.yaml'), '#cloud-config\nusers:\n  - name: ada\n    doas: [permit ada as root]\n');
    // users[].doas: not in the spec, nor in cloud-init before 23.3; the default is the newest release.
    expect(run(['--cloud-init-version', 'spec', file('doas.yaml')]).status).toBe(1);
    expect(run(['--cloud-init-version', '23.2', file('doas.yaml')]).status).toBe(1);
    expect(JSON.parse(run(['--json', file('doas.yaml')]).stdout)).toMatchObject({ valid: true, target: '26.2' });
    const latest = run(['--json', '--cloud-init-version', 'latest', file('doas.yaml')]);
    expect(latest.status).toBe(0);
    expect(JSON.parse(latest.stdout)).toMatchObject({ valid: true, target: '26.2' });
    expect(JSON.parse(run(['--json', '--cloud-init-version', '23.3.1', file('doas.yaml')]).stdout)).toMatchObject({ valid: true, target: '23.3' });
    const unknown = run(['--cloud-init-version', '19.1', file('doas.yaml')]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown --cloud-init-version 19.1');
    expect(unknown.stderr).toContain("'22.1' to '26.2'");
  });

  it('validates against several releases given as a list or a range, in every output format', () => {
    writeFileSync(file('pro.yaml'), '#cloud-config\nubuntu_pro:\n  token: x\n');
    const line = 'pro.yaml:2:1: error: ubuntu_pro: not supported by cloud-init 22.4 (added in 24.1): it will be ignored at boot [not_supported]';
    const text = run(['--cloud-init-version', '22.4,26.2', file('pro.yaml')]);
    expect(text.status).toBe(1);
    expect(text.stdout).toContain(line.replace('pro.yaml', file('pro.yaml')));
    const json = JSON.parse(run(['--json', '--cloud-init-version', '>=22.4', file('pro.yaml')]).stdout) as { releases: string[]; errors: { code: string; releases: string[]; addedIn: string }[] };
    expect(json.releases[0]).toBe('22.4');
    expect(json.errors).toEqual([expect.objectContaining({ code: 'not_supported', releases: ['22.4', '23.1', '23.2', '23.3', '23.4'], addedIn: '24.1' })]);
    expect(run(['--format', 'github', '--cloud-init-version', '22.4,26.2', file('pro.yaml')]).stdout).toContain('not supported by cloud-init 22.4 (added in 24.1)');
    expect(run(['--format', 'sarif', '--cloud-init-version', '22.4,26.2', file('pro.yaml')]).stdout).toMatch(/"ruleId": ?"not_supported"/);
    expect(run(['--cloud-init-version', '>=24.1', file('pro.yaml')]).status).toBe(0);
    expect(run(['--cloud-init-version', '22.4,99.9', file('pro.yaml')]).status).toBe(2);
  });

  it('renders a jinja template with --instance-data', () => {
    writeFileSync(file('jinja.yaml'), '## template: jinja\n#cloud-config\nhostname: {{ v1.local_hostname }}\n');
    writeFileSync(file('instance.json'), JSON.stringify({ v1: { local_hostname: 'web1' } }));
    expect(run(['-i', file('instance.json'), file('jinja.yaml')]).status).toBe(0);
    expect(run(['--instance-data', file('nope.json'), file('jinja.yaml')]).status).toBe(2);
  });

  it('accepts other user data without validating it, exit 0', () => {
    writeFileSync(file('script.sh'), '#!/bin/sh\necho hi\n');
    const result = run([file('script.sh')]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`Valid user data ${file('script.sh')} (text/x-shellscript (#! on line 1) is not cloud-config; not validated, as cloud-init schema does not validate it)\n`);
  });

  it('stops reading an input at --max-bytes, even an endless one', () => {
    writeFileSync(file('big.yaml'), `#cloud-config\nruncmd:\n${'  - echo padding\n'.repeat(400)}`);
    const big = run(['--max-bytes', '1000', file('big.yaml')]);
    expect(big.status).toBe(1);
    expect(big.stdout).toContain('the input is larger than 1000 bytes (--max-bytes); not read further');
    expect(run(['--max-bytes', 'lots', file('big.yaml')]).status).toBe(2);
    writeFileSync(file('many.yaml'), `#cloud-config\nruncmd: [1, 2, 3, 4, 5]\n`);
    const few = run(['--max-issues', '2', '--json', file('many.yaml')]);
    expect(JSON.parse(few.stdout)).toMatchObject({ valid: false, unlisted: { errors: 3, deprecations: 0, warnings: 0 } });
    expect(JSON.parse(few.stdout).errors).toHaveLength(2);
    expect(run(['--max-issues', '0', file('many.yaml')]).status).toBe(2);
    // `yes` never ends: the CLI must stop at the limit rather than buffer it.
    const endless = spawnSync('sh', ['-c', `yes '#cloud-config' | "${process.execPath}" --import tsx "${cli}" --max-bytes 100000 -`], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(endless.status).toBe(1);
    expect(endless.stdout).toContain('larger than 100000 bytes');
  });

  it('keeps standard output and standard error in their order when both go to one pipe', () => {
    // Standard output to a pipe is gathered into few writes; whatever goes to standard error first flushes it.
    const both = spawnSync('sh', ['-c', `"${process.execPath}" --import tsx "${cli}" "$1" "$2" "$3" 2>&1`, 'sh', file('valid.yaml'), file('missing.yaml'), file('invalid.yaml')], { cwd: root, encoding: 'utf8' });
    expect(both.status).toBe(2);
    const lines = both.stdout.split('\n');
    expect(lines[0]).toBe(`Valid cloud-config ${file('valid.yaml')}`);
    expect(lines[1]).toBe(`validate-cloud-config: cannot read ${file('missing.yaml')}: ENOENT`);
    expect(lines[2]).toBe(`Invalid cloud-config ${file('invalid.yaml')}`);
    expect(lines.at(-2)).toBe('3 files: 1 valid, 1 invalid, 0 with deprecations, 1 not read');
  });

  it("turns on Node's compile cache through the bin's entry where Node has one, and runs on when it cannot", () => {
    // Node 20 has no module.enableCompileCache: a preloaded stand-in (one that works, one that throws) shows the entry
    // calls it once, without arguments (Node's default directory, NODE_COMPILE_CACHE), before the CLI runs.
    const entry = join(root, 'src/cloud-config/output/cli-bin.ts');
    const stub = (body: string) => {
      const path = join(dir, `compile-cache-${body.length}.cjs`);
      writeFileSync(path, `require('node:module').enableCompileCache = (...args) => { process.stderr.write('enableCompileCache(' + args.length + ')\\n'); ${body} };\n`);
      return path;
    };
    for (const body of ['return { status: 1 };', "throw new Error('no cache here');"]) {
      const result = spawnSync(process.execPath, ['-r', stub(body), '--import', 'tsx', entry, file('invalid.yaml')], { cwd: root, encoding: 'utf8' });
      expect(result.stderr).toBe('enableCompileCache(0)\n');
      expect(result.status).toBe(1);
      expect(result.stdout).toBe(run([file('invalid.yaml')]).stdout);
    }
    const plain = spawnSync(process.execPath, ['--import', 'tsx', entry, file('valid.yaml')], { cwd: root, encoding: 'utf8' });
    expect(plain).toMatchObject({ status: 0, stdout: `Valid cloud-config ${file('valid.yaml')}\n`, stderr: '' });
  });

  it('ends quietly when its reader closes the pipe early', () => {
    const many = join(dir, 'many');
    mkdirSync(many);
    // Far more output than a pipe buffers, so writing after `head` exits fails with EPIPE.
    const body = '#cloud-config\nruncmd: 5\nbootcmd: 5\nhostname: [a]\nfqdn: [b]\nlocale: [c]\ntimezone: [d]\npackages: 5\nusers: 5\ngroups: 5\n';
    for (let i = 0; i < 400; i++) writeFileSync(join(many, `f${String(i).padStart(3, '0')}.yaml`), body);
    const piped = spawnSync('sh', ['-c', `"${process.execPath}" --import tsx "${cli}" "${many}" | head -1`], { cwd: root, encoding: 'utf8' });
    expect(piped.stdout.split('\n')[0]).toBe(`Invalid cloud-config ${join(many, 'f000.yaml')}`);
    expect(piped.stderr).toBe('');
  });

  // A shell pipeline can hand the CLI a non-blocking standard output (another process set O_NONBLOCK on the shared
  // pipe); once its reader falls behind, a direct write fails with EAGAIN and the rest must go through process.stdout.
  const python = spawnSync('python3', ['-c', 'import os; os.set_blocking'], { encoding: 'utf8' }).status === 0;
  it.skipIf(!python)('writes all of its output when standard output is a non-blocking pipe that fills up (EAGAIN)', () => {
    const many = join(dir, 'many-nonblocking');
    mkdirSync(many);
    const body = '#cloud-config\nruncmd: 5\nbootcmd: 5\nhostname: [a]\nfqdn: [b]\nlocale: [c]\ntimezone: [d]\npackages: 5\nusers: 5\ngroups: 5\n';
    for (let i = 0; i < 400; i++) writeFileSync(join(many, `f${String(i).padStart(3, '0')}.yaml`), body);
    const expected = run([many]);
    // Far more than the 64 KiB a pipe holds while its reader sleeps.
    expect(expected.stdout.length).toBeGreaterThan(4 * 65_536);
    const nonBlocking = `import os, sys; os.set_blocking(1, False); assert not os.get_blocking(1); os.execv(sys.argv[1], sys.argv[1:])`;
    const piped = spawnSync('sh', ['-c', `python3 -c '${nonBlocking}' "${process.execPath}" --import tsx "${cli}" "${many}" | (sleep 1; cat)`], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(piped.stderr).toBe('');
    expect(piped.stdout).toBe(expected.stdout);
  });
});
