import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateCloudConfig, type CloudConfigIssue, type CloudConfigResult } from 'wc-legacy-api/cloud-config';
import { fillUserData } from './fill-user-data';

const cc = (body: string) => `#cloud-config\n${body}`;
const MiB = 1024 * 1024;

function onlyError(result: CloudConfigResult): CloudConfigIssue {
  expect(result.valid).toBe(false);
  expect(result.errors).toHaveLength(1);
  return result.errors[0]!;
}

describe('unrendered templates: one issue, at the first placeholder, before the YAML error it causes', () => {
  it('a Terraform interpolation alone on a line (a block the template would insert)', () => {
    const error = onlyError(validateCloudConfig(cc('disable_root: ${disable_root}\n\n${ssh_authorized_keys}\n\npackage_update: true\n')));
    expect(error).toMatchObject({ code: 'unrendered_template', path: '', line: 2, column: 15 });
    expect(error.message).toMatch(/^unrendered template: "\$\{disable_root\}" is a Terraform\/Packer template interpolation/);
    // The YAML error it caused is named, with its position, in the same issue.
    expect(error.message).toMatch(/at line 4, column 1\)$/);
  });

  it('Terraform directives (%{ for } ... %{ endfor })', () => {
    const error = onlyError(validateCloudConfig(cc('ssh_authorized_keys:\n%{ for key in keys ~}\n  - ${key}\n%{ endfor ~}\n')));
    expect(error).toMatchObject({ code: 'unrendered_template', line: 3, column: 1 });
    expect(error.message).toMatch(/Terraform template directive/);
  });

  it('{{ VAR }} without the jinja header, and a 1Password reference', () => {
    const braces = onlyError(validateCloudConfig(cc('hostname: {{DEVICE_HOSTNAME}}\nusers:\n  - name: {{USER}}\n')));
    expect(braces).toMatchObject({ code: 'unrendered_template', line: 2, column: 11 });
    expect(braces.message).toMatch(/"\{\{DEVICE_HOSTNAME\}\}" is a template expression .*## template: jinja/);
    const secret = onlyError(validateCloudConfig(cc('ssh_authorized_keys:\n  - {{ op://Private/ssh/id_rsa.pub }}\n')));
    expect(secret).toMatchObject({ code: 'unrendered_template', line: 3, column: 5 });
    expect(secret.message).toMatch(/1Password secret reference/);
  });

  it('a placeholder in a flow sequence', () => {
    const error = onlyError(validateCloudConfig(cc('mounts:\n- [ ${volume_path}, /mnt/world, auto, "defaults" ]\n')));
    expect(error).toMatchObject({ code: 'unrendered_template', line: 3, column: 5 });
  });

  it('says nothing of placeholders YAML reads as text: the file is judged as it is', () => {
    const shell = validateCloudConfig(cc('runcmd:\n  - echo "${HOME}" {{ not a template }}\n  - [sh, -c, "echo ${USER}"]\n'));
    expect(shell.valid).toBe(true);
    // A placeholder that YAML reads is a value like any other: the schema judges it.
    const typed = onlyError(validateCloudConfig(cc('package_upgrade: ${upgrade}\n')));
    expect(typed).toMatchObject({ code: 'type', path: 'package_upgrade' });
  });

  it('blames the placeholders only when they are the cause, and lists an independent YAML error after', () => {
    // A placeholder earlier in the file, and a YAML error that is not its doing.
    const heredoc = onlyError(validateCloudConfig(cc('runcmd:\n  - echo ${HOME}\nwrite_files:\n  - content: |\n      a\nimport sys\n  x: 1\n')));
    expect(heredoc).toMatchObject({ code: 'yaml_syntax', line: 7 });
    const both = validateCloudConfig(cc('${extra}\na: b: c\nhostname: ${name}\n'));
    expect(both.errors.map((e) => e.code)).toEqual(['unrendered_template', 'yaml_syntax']);
    expect(both.errors.map((e) => e.line)).toEqual([2, 3]);
    expect(both.errors[0]!.message).toMatch(/"\$\{extra\}"/);
  });

  it('says how to keep a shell variable that YAML cannot read unquoted', () => {
    const error = onlyError(validateCloudConfig(cc('runcmd:\n  - [sh, -c, echo ${HOME}]\n')));
    expect(error).toMatchObject({ code: 'unrendered_template', line: 3, column: 19 });
    expect(error.message).toMatch(/or quote the value if it is meant as text, such as a shell variable/);
  });

  it('ignores placeholders in comment lines', () => {
    const error = onlyError(validateCloudConfig(cc('# uses ${var}\na: b: c\n')));
    expect(error.code).toBe('yaml_syntax');
  });
});

describe('one YAML mistake gives one error, at the cause', () => {
  it('a shell heredoc at column 0 inside a block scalar', () => {
    const body = ['runcmd:', '  - |', '    python3 << EOF', 'import sys', 'print(sys.argv)', 'for a in b:', '    print(a)', 'EOF', '  - echo done'];
    const error = onlyError(validateCloudConfig(cc(`${body.join('\n')}\n`)));
    expect(error).toMatchObject({ code: 'yaml_syntax', line: 5, column: 1 });
  });

  it('unknown tags are each reported when the YAML is otherwise readable', () => {
    const result = validateCloudConfig(cc('a: !one x\nb: !two y\n'));
    expect(result.errors.map((e) => [e.code, e.line])).toEqual([['yaml_syntax', 2], ['yaml_syntax', 3]]);
  });
});

describe('alias errors name the alias', () => {
  it('an unquoted password of asterisks', () => {
    const error = onlyError(validateCloudConfig(cc('users:\n  - name: ada\n    password: ******\n')));
    expect(error).toMatchObject({ code: 'yaml_syntax', line: 4, column: 15 });
    expect(error.message).toMatch(/^the alias \*{6} refers to no anchor &\*{5} defined before it; .*quote it$/);
    expect(error.message).not.toMatch(/billion laughs/);
  });

  it('an undefined *missing, and an alias before its anchor', () => {
    expect(onlyError(validateCloudConfig(cc('runcmd: [ls]\nusers:\n  - *missing\n')))).toMatchObject({ code: 'yaml_syntax', line: 4, column: 5, message: expect.stringMatching(/^the alias \*missing refers to no anchor &missing/) });
    expect(onlyError(validateCloudConfig(cc('a: *u\nb: &u x\n')))).toMatchObject({ code: 'yaml_syntax', line: 2, column: 4 });
  });

  it('only a real limit hit gets the alias-limit message, at the alias that passes it', () => {
    let bomb = 'a: &a ["x","x","x","x","x","x","x","x","x"]\n';
    for (let i = 0; i < 9; i++) bomb += `b${i}: &b${i} [${Array(9).fill(i === 0 ? '*a' : `*b${i - 1}`).join(',')}]\n`;
    const error = onlyError(validateCloudConfig(cc(bomb)));
    expect(error).toMatchObject({ code: 'alias_limit', line: expect.any(Number), column: expect.any(Number) });
    expect(error.message).toMatch(/more than 100 times/);
    // 100 uses of one anchor pass; the 101st is where it stops.
    const many = onlyError(validateCloudConfig(cc(`a: &x 1\nruncmd:\n${'- *x\n'.repeat(101)}`)));
    expect(many).toMatchObject({ code: 'alias_limit', line: 104, column: 3 });
  });
});

describe('worst cases at the 1 MiB limit', () => {
  it.each([
    ['${', () => '${'],
    ['{{', () => '{{'],
    ['${x} on one line', () => '${x}'],
    ['{{ x }} lines', () => '- {{ x }}\n'],
    ['%{ if } lines at column 0', (i: number) => (i % 2 ? '%{ endif }\n' : '%{ if x }\n')],
    ['placeholder-only lines', () => '${block}\n'],
  ])('%s', (_name, item) => {
    const result = validateCloudConfig(fillUserData(MiB, '#cloud-config\nruncmd:\n', item));
    expect(result.valid).toBe(false);
    expect(result.errors.length).toBeLessThanOrEqual(2);
    // Not a timing assertion: 1 MiB of flow mappings is slow to parse for yaml itself on a busy machine.
  }, 120_000);
});

// The real files of the shared corpus (../shared/corpora, outside the repository) whose YAML
// cloud-init 26.2 could not read: 12 of the 15 are unrendered templates, and each gets one issue
// that says so; the other 3 one YAML error each.
const wild = new URL('../../../shared/corpora/cloud-config-wild/', import.meta.url);
describe.runIf(existsSync(wild))('the shared corpus of real user data', () => {
  const oracle = existsSync(wild)
    ? readFileSync(new URL('oracle.jsonl', wild), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { file: string; outcome: string })
    : [];
  it('reports unrendered templates as such, and one error for each other invalid YAML file', () => {
    const instanceData = JSON.parse(readFileSync(new URL('../cloud-config-instance-data.json', wild), 'utf8')) as Record<string, unknown>;
    const firstCodes = Object.fromEntries(
      oracle
        .filter((o) => o.outcome === 'invalid-yaml')
        .map((o) => {
          const result = validateCloudConfig(readFileSync(new URL(`cases/${o.file}`, wild)), { cloudInitVersion: '26.2', instanceData });
          expect(result.errors.length, o.file).toBe(1);
          return [o.file, result.errors[0]!.code];
        }),
    );
    const templates = Object.keys(firstCodes).filter((f) => firstCodes[f] === 'unrendered_template');
    expect(templates).toHaveLength(12);
    expect(Object.keys(firstCodes)).toHaveLength(15);
  });
});
