import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { formatCloudConfigResult, validateCloudConfig } from 'wc-legacy-api/cloud-config';
import { fillUserData } from './fill-user-data';

// MIME multipart is read part by part under the specification; cloud-init's own `schema` does not
// read it (an unrecognised header under a release target, the default).
const SPEC = { cloudInitVersion: 'spec' } as const;

interface Part {
  readonly type?: string;
  readonly filename?: string;
  readonly base64?: boolean;
  readonly body: string;
}

function mime(parts: readonly Part[], boundary = '==BOUNDARY=='): string {
  const out = [`Content-Type: multipart/mixed; boundary="${boundary}"`, 'MIME-Version: 1.0', ''];
  for (const p of parts) {
    out.push(`--${boundary}`);
    if (p.type) out.push(`Content-Type: ${p.type}; charset="us-ascii"`);
    out.push('MIME-Version: 1.0');
    out.push(`Content-Transfer-Encoding: ${p.base64 ? 'base64' : '7bit'}`);
    if (p.filename) out.push(`Content-Disposition: attachment; filename="${p.filename}"`);
    out.push('', p.base64 ? Buffer.from(p.body).toString('base64').replace(/.{76}/g, '$&\n') : p.body);
  }
  out.push(`--${boundary}--`, '');
  return out.join('\n');
}

const configPart: Part = { type: 'text/cloud-config', filename: 'cloud-config.yaml', body: '#cloud-config\nruncmd: [ls]\nusers:\n  - name: ada\n    shell: 5\n' };
const scriptPart: Part = { type: 'text/x-shellscript', filename: 'boot.sh', body: '#!/bin/sh\necho hi\n' };

describe('MIME multipart user data', () => {
  it('validates each cloud-config part, with the part and the position inside it', () => {
    const result = validateCloudConfig(mime([scriptPart, configPart]), SPEC);
    expect(result).toMatchObject({ valid: false, userDataType: 'multipart/mixed' });
    expect(result.errors).toEqual([
      expect.objectContaining({ code: 'type', path: 'users.0.shell', line: 5, column: 12, part: { index: 2, filename: 'cloud-config.yaml' } }),
    ]);
    expect(result.parts).toEqual([
      { index: 1, filename: 'boot.sh', type: 'text/x-shellscript', evaluated: false, note: expect.stringMatching(/not evaluated/) },
      { index: 2, filename: 'cloud-config.yaml', type: 'text/cloud-config', evaluated: true, valid: false, config: { runcmd: ['ls'], users: [{ name: 'ada', shell: 5 }] } },
    ]);
  });

  it('is valid when every evaluated part is; the header is not needed in a typed part', () => {
    const result = validateCloudConfig(mime([{ type: 'text/cloud-config', body: 'runcmd: [ls]\n' }, scriptPart]), SPEC);
    expect(result).toMatchObject({ valid: true, userDataType: 'multipart/mixed', note: 'MIME multipart: 1 of 2 parts validated' });
    expect(result.parts!.map((p) => p.evaluated)).toEqual([true, false]);
  });

  it('reads gzipped messages, base64 parts, CRLF line ends and untyped parts by their first line', () => {
    const text = mime([{ ...configPart, base64: true }, { body: '#cloud-config\nhostname: 5\n' }, { type: 'text/plain', body: '#!/bin/sh\necho hi\n' }]);
    for (const input of [gzipSync(text), text.replace(/\n/g, '\r\n')]) {
      const result = validateCloudConfig(input, SPEC);
      expect(result.errors.map((e) => [e.path, e.part?.index, e.line])).toEqual([['users.0.shell', 1, 5], ['hostname', 2, 2]]);
      expect(result.parts!.map((p) => [p.type, p.evaluated])).toEqual([['text/cloud-config', true], ['text/plain', true], ['text/plain', false]]);
    }
  });

  it('renders text/jinja2 parts with the instance data, and says when it cannot', () => {
    const parts = [{ type: 'text/jinja2', filename: 't.j2', body: '## template: jinja\n#cloud-config\nhostname: {{ v1.local_hostname }}\nruncmd: 5\n' }];
    const rendered = validateCloudConfig(mime(parts), { ...SPEC, instanceData: { v1: { local_hostname: 'ada' } } });
    expect(rendered.errors).toEqual([expect.objectContaining({ code: 'type', path: 'runcmd', line: 4, part: { index: 1, filename: 't.j2' } })]);
    expect(rendered.parts![0]!.config).toEqual({ hostname: 'ada', runcmd: 5 });
    // Without instance data: rendered, checked, and a warning says what was not.
    const unrendered = validateCloudConfig(mime(parts), SPEC);
    expect(unrendered.errors).toEqual([expect.objectContaining({ code: 'type', line: 4, part: { index: 1, filename: 't.j2' } })]);
    expect(unrendered.warnings).toEqual([expect.objectContaining({ code: 'jinja_template', part: { index: 1, filename: 't.j2' } })]);
    // cloud-init's jinja handler fails on a text/jinja2 part without the header.
    const headerless = validateCloudConfig(mime([{ type: 'text/jinja2', filename: 't.j2', body: '#cloud-config\nhostname: x\n' }]), { ...SPEC, instanceData: {} });
    expect(headerless.errors).toEqual([expect.objectContaining({ code: 'jinja_template', part: { index: 1, filename: 't.j2' } })]);
    expect(headerless.parts![0]).toMatchObject({ evaluated: false });
  });

  it('under cloud-init 26.2 reports the header as cloud-init does, then the parts', () => {
    const result = validateCloudConfig(mime([configPart]), { cloudInitVersion: '26.2' });
    expect(result.errors.map((e) => [e.code, e.part?.index])).toEqual([['unsupported_user_data', undefined], ['type', 1]]);
    expect(validateCloudConfig(mime([scriptPart]), { cloudInitVersion: '26.2' }).valid).toBe(false);
  });

  it('a message it cannot read is an error', () => {
    expect(validateCloudConfig('MIME-Version: 1.0\nContent-Type: multipart/mixed\n\n--x\n', SPEC).errors[0]).toMatchObject({ code: 'unsupported_user_data', line: 1 });
    const bad = mime([{ type: 'text/cloud-config', body: '!!!not base64!!!' }]).replace('7bit', 'base64');
    expect(validateCloudConfig(bad, SPEC).errors[0]!.message).toMatch(/base64/);
  });

  it('--strict counts the deprecations of the parts', () => {
    const result = validateCloudConfig(mime([{ type: 'text/cloud-config', body: 'users:\n  - name: ada\n    lock-passwd: true\n' }]), SPEC);
    expect(result).toMatchObject({ valid: true, deprecations: [expect.objectContaining({ code: 'deprecated', part: { index: 1 } })] });
    expect(formatCloudConfigResult(result, { name: 'm', strict: true })).toMatch(/^Invalid cloud-config m under --strict: 1 deprecation\n/);
  });

  it('the text output lists the issues under their part', () => {
    const out = formatCloudConfigResult(validateCloudConfig(mime([scriptPart, configPart]), SPEC), { name: 'user-data.mime' });
    expect(out).toBe(
      [
        'Invalid cloud-config user-data.mime',
        '  part 1 (boot.sh) text/x-shellscript: not cloud-config (cloud-init handles it at boot); not evaluated',
        '  part 2 (cloud-config.yaml) text/cloud-config: invalid',
        '  user-data.mime (part 2):5:12: error: users.0.shell: expected string, got integer 5 [type]',
        '',
      ].join('\n'),
    );
  });
});

describe('the CLI', () => {
  it('shows the issues of a gzipped multipart file per part (source run through tsx)', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'multipart-')), 'user-data.gz');
    writeFileSync(file, gzipSync(mime([scriptPart, configPart])));
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/cloud-config/output/cli.ts'), file], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`  part 2 (cloud-config.yaml) text/cloud-config: invalid\n  ${file} (part 2):5:12: error: users.0.shell: expected string, got integer 5 [type]\n`);
  }, 60_000);

  it('lists the parts in --json, without their parsed data', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'multipart-')), 'user-data.txt');
    writeFileSync(file, mime([scriptPart, { ...configPart, body: '#cloud-config\npassword: hunter2\nusers:\n  - name: ada\n    shell: 5\n' }]));
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/cloud-config/output/cli.ts'), '--json', '--cloud-init-version', 'spec', file], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(1);
    const line = JSON.parse(run.stdout) as { parts: unknown[] };
    expect(line).toMatchObject({ file, valid: false, userDataType: 'multipart/mixed', errors: [{ path: 'users.0.shell', part: { index: 2, filename: 'cloud-config.yaml' } }] });
    expect(line.parts).toEqual([
      expect.objectContaining({ index: 1, filename: 'boot.sh', type: 'text/x-shellscript', evaluated: false }),
      expect.objectContaining({ index: 2, filename: 'cloud-config.yaml', type: 'text/cloud-config', evaluated: true, valid: false }),
    ]);
    expect(run.stdout).not.toContain('hunter2');
  }, 60_000);
});

describe('worst cases at the 1 MiB limit', () => {
  it('many small parts: the first 1000 are validated, the rest make an error', () => {
    const text = fillUserData(1024 * 1024, 'Content-Type: multipart/mixed; boundary="b"\n\n', () => '--b\nContent-Type: text/cloud-config\n\nruncmd: 5\n');
    const result = validateCloudConfig(text, SPEC);
    expect(result.valid).toBe(false);
    expect(result.parts).toHaveLength(1000);
    expect(result.errors.length + result.unlisted!.errors).toBe(1001);
    expect(result.errors).toHaveLength(100);
    expect(result.errors.at(-1)!.part).toEqual({ index: 100 });
  }, 120_000);

  it('one part of 1 MiB of boundary-like lines', () => {
    const text = fillUserData(1024 * 1024, 'Content-Type: multipart/mixed; boundary="b"\n\n--b\nContent-Type: text/cloud-config\n\n', () => '--bb\n');
    expect(validateCloudConfig(text, SPEC).parts).toHaveLength(1);
  }, 120_000);
});

const wild = new URL('../../../shared/corpora/cloud-config-wild/cases/', import.meta.url);
describe.runIf(existsSync(wild))('the multipart files of the shared corpus', () => {
  it.each(['anibalsolon-batch__mime-boothook.yaml', 'cnc4e-bastion__mime-userdata.yaml', 'juyeonkim-aws__mime-user-data.yaml'])('%s: parts read, invalid under 26.2 as cloud-init says', (file) => {
    const bytes = readFileSync(new URL(file, wild));
    const spec = validateCloudConfig(bytes, SPEC);
    expect(spec).toMatchObject({ valid: true, userDataType: 'multipart/mixed' });
    expect(spec.parts!.length).toBe(2);
    expect(validateCloudConfig(bytes, { cloudInitVersion: '26.2' }).valid).toBe(false);
  });
});
