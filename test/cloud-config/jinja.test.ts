import { existsSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateCloudConfig, type CloudConfigResult } from 'wc-legacy-api/cloud-config';

// `## template: jinja` user data through the public API: rendered as cloud-init renders it, the
// result validated, every issue at the user's line in the template.

const instanceData = {
  v1: { local_hostname: 'web-01', distro: 'ubuntu', region: 'eu-west-1', cloud_name: 'aws', public_ssh_keys: ['ssh-ed25519 AAA a@b'] },
  ds: { meta_data: { 'instance-id': 'i-0abc', 'local-hostname': 'web-01' } },
};
const jinja = (body: string) => `## template: jinja\n#cloud-config\n${body}`;

function only(result: CloudConfigResult) {
  expect(result.errors).toHaveLength(1);
  return result.errors[0]!;
}

describe('jinja templates', () => {
  it('renders conditionals, loops, set, comments and filters, then validates the result', () => {
    const text = jinja(
      [
        '{# one file for every cloud #}',
        '{% set name = v1.local_hostname | upper %}',
        'hostname: {{ name }}',
        '{% if v1.cloud_name == "aws" -%}',
        'ssh_authorized_keys:',
        '{% for key in v1.public_ssh_keys %}',
        '  - {{ key }}',
        '{% endfor %}',
        '{%- else %}',
        'ssh_authorized_keys: []',
        '{% endif %}',
        'fqdn: {{ local_hostname }}.{{ ds.meta_data.instance_id | default("x") }}.example.com',
        '',
      ].join('\n'),
    );
    const result = validateCloudConfig(text, { instanceData });
    expect(result).toMatchObject({ valid: true, errors: [], warnings: [] });
    expect(result.config).toEqual({ hostname: 'WEB-01', ssh_authorized_keys: ['ssh-ed25519 AAA a@b'], fqdn: 'web-01.i-0abc.example.com' });
  });

  it('reports an issue in the rendered YAML at the template line it came from', () => {
    // The loop expands to three lines; runcmd is on line 8 of the template, line 10 of the output.
    const text = jinja('packages:\n{% for p in ["git", "curl", "vim"] %}\n  - {{ p }}\n{% endfor %}\n{% if v1.distro == "ubuntu" %}\n\nruncmd: {{ 5 }}\n{% endif %}\n');
    expect(only(validateCloudConfig(text, { instanceData }))).toMatchObject({ code: 'type', path: 'runcmd', line: 9, column: 9 });
    // A key written on a literal line keeps its column too.
    const key = only(validateCloudConfig(jinja('{% set x = 1 %}\n{{ "hostname" }}: a\nbogus_key: {{ x }}\n'), { instanceData }));
    expect(key).toMatchObject({ code: 'additional_property', line: 5, column: 1 });
  });

  it('YAML errors and warnings of the rendered text are placed in the template too', () => {
    // The loop writes `a:` twice: the duplicate's first occurrence and the repeat both come from template line 4.
    const duplicate = validateCloudConfig(jinja('hostname: x\n{% for i in [1, 2] %}\nfinal_message: "{{ i }}"\n{% endfor %}\n'), { instanceData });
    expect(duplicate.warnings).toEqual([expect.objectContaining({ code: 'duplicate_key', line: 5, column: 1, firstLine: 5, firstColumn: 1 })]);
    const yaml = only(validateCloudConfig(jinja('{% if true %}\nruncmd:\n  - [ls\n{% endif %}\nhostname: {{ v1.local_hostname }}\n'), { instanceData }));
    // Where YAML notices the unclosed `[`: the `hostname` line, line 4 of the output, line 7 of the template.
    expect(yaml).toMatchObject({ code: 'yaml_syntax', line: 7, column: 1 });
  });

  it('a template error is one issue at its line', () => {
    const cases: [string, RegExp, number][] = [
      ['a: 1\n{% if v1.distro %}\nb: 2\n', /Unexpected end of template.*'endif'/, 4],
      ['a: {{ v1.region | nosuchfilter }}\n', /No filter named 'nosuchfilter'/, 3],
      ['a: 1\n\nb: {{ v1.region + }}\n', /syntax error/, 5],
      ['{% for x in y %}\n{% endif %}\n', /unknown tag 'endif'/, 4],
      ['a: {{ undefined_thing.attr }}\n', /'undefined_thing' is undefined/, 3],
      ['a: {{ "unclosed }}\n', /not closed|string/, 3],
    ];
    for (const [body, message, line] of cases) {
      const issue = only(validateCloudConfig(jinja(body), { instanceData }));
      expect(issue).toMatchObject({ code: 'jinja_template', line });
      expect(issue.message).toMatch(message);
    }
  });

  it('without instance data renders anyway and says what it could not check', () => {
    const text = jinja('hostname: {{ v1.local_hostname }}\n{% if v1.cloud_name == "aws" %}\nruncmd: [ls]\n{% endif %}\n');
    const result = validateCloudConfig(text);
    expect(result.valid).toBe(true);
    expect(result.config).toEqual({ hostname: 'CI_MISSING_JINJA_VAR/v1.local_hostname' });
    expect(result.warnings).toEqual([expect.objectContaining({ code: 'jinja_template', line: 1, message: expect.stringMatching(/without instance data \('v1' undefined.*pass instanceData/) })]);
    // A value that stands in for instance data is not judged: its error becomes a warning.
    const standIn = validateCloudConfig(jinja('runcmd: {{ v1.commands }}\nhostname: 5\n'));
    expect(standIn.errors).toEqual([expect.objectContaining({ code: 'type', path: 'hostname', line: 4 })]);
    expect(standIn.warnings).toContainEqual(expect.objectContaining({ code: 'jinja_template', path: 'runcmd', line: 3, column: 9, message: expect.stringMatching(/^not checked without instance data: expected array/) }));
    expect(validateCloudConfig(jinja('runcmd: {{ v1.commands }}\n')).valid).toBe(true);
    // With instance data the same value is checked.
    expect(only(validateCloudConfig(jinja('runcmd: {{ v1.commands }}\n'), { instanceData: { v1: { commands: 'ls' } } }))).toMatchObject({ code: 'type', line: 3 });
    // Template errors are found without instance data too.
    expect(only(validateCloudConfig(jinja('{% if x %}\n')))).toMatchObject({ code: 'jinja_template', line: 3 });
  });

  it('warns about undefined variables as cloud-init does, naming them', () => {
    const result = validateCloudConfig(jinja('hostname: web\nfinal_message: "{{ v1.no_such_key }} and {{ other }}"\n'), { instanceData });
    expect(result.valid).toBe(true);
    expect(result.warnings).toEqual([expect.objectContaining({ code: 'jinja_template', line: 4, message: expect.stringContaining("'no_such_key', 'other'") })]);
  });

  it('the rendered text is read by its own first line (a rendered shell script is not cloud-config)', () => {
    const result = validateCloudConfig('## template: jinja\n#!/bin/sh\necho {{ v1.local_hostname }}\n', { instanceData });
    expect(result).toMatchObject({ valid: true, userDataType: 'text/x-shellscript' });
    const missing = only(validateCloudConfig('## template: jinja\nhostname: {{ v1.local_hostname }}\n', { instanceData }));
    expect(missing).toMatchObject({ code: 'missing_header', line: 2 });
    expect(only(validateCloudConfig('\n## template: jinja\n#cloud-config\n', { instanceData }))).toMatchObject({ code: 'jinja_template', line: 2 });
  });

  it('stops at the cost cap: loop iterations, at the limit and past it', () => {
    // This template costs n + 2 * ceil(n / 256) + 3 steps (the text before, the loop, the range
    // checked before it is built and weighed after, each iteration, the text after): n = 198,445 is
    // exactly the 200,000-step budget, 198,446 is one step past it.
    expect(validateCloudConfig(jinja('{% for i in range(198445) %}{% endfor %}hostname: x\n'), { instanceData }).valid).toBe(true);
    expect(only(validateCloudConfig(jinja('{% for i in range(198446) %}{% endfor %}hostname: x\n'), { instanceData })).code).toBe('input_too_large');
    const past = only(validateCloudConfig(jinja('a: 1\n{% for i in range(1000) %}{% for j in range(2000) %}{% endfor %}{% endfor %}\n'), { instanceData }));
    expect(past).toMatchObject({ code: 'input_too_large', line: 4 });
    expect(past.message).toMatch(/rendering stopped after 200000 steps/);
  });

  it('stops at the cost cap: output size, at the limit and past it', () => {
    // Each iteration writes 10 characters: 100 iterations write 1,000 of a 1,200-character limit.
    const template = (n: number) => jinja(`runcmd:\n{% for i in range(${n}) %}\n  - echo 1\n{% endfor %}\n`);
    expect(validateCloudConfig(template(100), { instanceData, maxBytes: 1200 }).valid).toBe(true);
    const past = only(validateCloudConfig(template(200), { instanceData, maxBytes: 1200 }));
    expect(past).toMatchObject({ code: 'input_too_large', message: expect.stringMatching(/1200-character limit/) });
    // A single huge value is refused before it is built.
    expect(only(validateCloudConfig(jinja('a: {{ "x" * 1000000000 }}\n'), { instanceData }))).toMatchObject({ code: 'input_too_large', line: 3 });
    expect(only(validateCloudConfig(jinja('{% for i in range(1000000000) %}{% endfor %}\n'), { instanceData }))).toMatchObject({ code: 'input_too_large' });
  });

  it('charges for the size of what it builds: megabyte strings in a loop stop early', () => {
    // Each iteration makes a 1,000,000-character string (under the output limit), so 99,000
    // iterations would copy about 100 GB; charged by size, the budget runs out in the first few hundred.
    const copies = only(validateCloudConfig(jinja('{% for i in range(99000) %}{% set t = "x" * 1000000 %}{% set u = t | upper %}{% endfor %}a: 1\n'), { instanceData }));
    expect(copies).toMatchObject({ code: 'input_too_large', message: expect.stringMatching(/200000 steps/) });
    const joined = only(validateCloudConfig(jinja('{% set l = ["x" * 500000] * 2 %}{% for i in range(99000) %}{{ "" }}{% set j = l | join %}{% endfor %}\n'), { instanceData }));
    expect(joined.code).toBe('input_too_large');
  });

  it('a template at the 1 MiB size limit renders in one linear pass', () => {
    const lines: string[] = [];
    for (let size = 0, i = 0; size < 1024 * 1024 - 400; i++) {
      lines.push(`k${i}: "{{ v1.local_hostname | upper }}-{{ v1.region }}"\n`);
      size += lines[i]!.length;
    }
    const body = `users:\n  - name: ada\n${lines.join('')}`;
    // The specification reports each unknown key at its own path (cloud-init 26.2 reports them together at "").
    const result = validateCloudConfig(jinja(body), { instanceData, cloudInitVersion: 'spec' });
    expect(result.valid).toBe(false);
    // Every key is reported at its own template line, in order.
    expect(result.errors[0]).toMatchObject({ code: 'additional_property', line: 5 });
    expect(result.errors[99]).toMatchObject({ code: 'additional_property', path: 'k99', line: 104 });
    expect(result.unlisted?.errors).toBe(lines.length - 100);
  });

  it('bounds nesting: deep expressions and blocks are one issue, not a stack overflow', () => {
    expect(only(validateCloudConfig(jinja(`a: {{ ${'('.repeat(5000)}1${')'.repeat(5000)} }}\n`), { instanceData })).code).toBe('input_too_large');
    expect(only(validateCloudConfig(jinja(`${'{% if true %}'.repeat(5000)}\n`), { instanceData })).code).toBe('input_too_large');
  });

  it('never throws, whatever the template', () => {
    const pieces = fc.constantFrom('{{', '}}', '{%', '%}', '{#', '#}', 'if', 'for', 'x', 'in', 'endif', 'endfor', '|', 'upper', '(', ')', '"', '-', '\n', ' ', 'v1', '.', 'set', '=', '[', ']', 'loop', 'range(3)');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), fc.boolean(), (parts, withData) => {
        const result = validateCloudConfig(jinja(parts.join('')), withData ? { instanceData } : {});
        expect(typeof result.valid).toBe('boolean');
      }),
      { numRuns: 500 },
    );
  });

  const corpora = new URL('../../../shared/corpora/', import.meta.url);
  it.runIf(existsSync(corpora))("agrees with cloud-init 26.2 on the corpora's jinja files", () => {
    const data = JSON.parse(readFileSync(new URL('cloud-config-instance-data.json', corpora), 'utf8')) as Record<string, unknown>;
    const files = ['cloud-config-wild/cases/cookpad-eks__jinja-node.tpl.yaml', 'cloud-config-official/cases/cc_phone_home__example1.yaml', 'cloud-config-official/cases/cc_phone_home__example2.yaml'];
    const verdicts = files.map((f) => validateCloudConfig(readFileSync(new URL(f, corpora)), { cloudInitVersion: '26.2', instanceData: data }));
    // cookpad's file keeps Terraform placeholders after rendering: invalid YAML, as cloud-init says.
    expect(verdicts.map((v) => v.valid)).toEqual([false, true, true]);
    expect(verdicts[0]!.errors[0]).toMatchObject({ code: 'unrendered_template', line: 3 });
    expect(verdicts[1]!.config).toMatchObject({ phone_home: { url: 'http://example.com/i-0a1b2c3d4e5f60718/' } });
  });
});
