import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// `## template: jinja` files through the real CLI (from source, through tsx).
const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'src/cloud-config/output/cli.ts');

function run(args: string[]): { status: number | null; stdout: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { cwd: root, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout };
}

let dir: string;
const file = (name: string) => join(dir, name);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'jinja-cli-'));
  const template = ['## template: jinja', '#cloud-config', '{% if v1.distro == "ubuntu" %}', 'packages:', '{% for p in ["git", "curl"] %}', '  - {{ p }}', '{% endfor %}', '{% endif %}', 'runcmd: {{ v1.count }}', ''];
  writeFileSync(file('template.yaml'), template.join('\n'));
  writeFileSync(file('fixed.yaml'), template.join('\n').replace('runcmd: {{ v1.count }}', 'runcmd: [echo {{ v1.count }}]'));
  writeFileSync(file('broken.yaml'), '## template: jinja\n#cloud-config\nhostname: {{ v1.local_hostname | nosuchfilter }}\n');
  writeFileSync(file('instance.json'), JSON.stringify({ v1: { distro: 'ubuntu', count: 3 } }));
});

describe('validate-cloud-config CLI on jinja templates', () => {
  it('renders with -i and reports at the template line', () => {
    const result = run(['-i', file('instance.json'), file('template.yaml')]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe(`Invalid cloud-config ${file('template.yaml')}\n${file('template.yaml')}:9:9: error: runcmd: expected array, got integer 3 [type]\n`);
    expect(run(['-i', file('instance.json'), file('fixed.yaml')])).toEqual({ status: 0, stdout: `Valid cloud-config ${file('fixed.yaml')}\n` });
  });

  it('without -i, checks what it can and says what it could not', () => {
    const result = run([file('fixed.yaml')]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`${file('fixed.yaml')}:1:1: warning: rendered without instance data ('v1' undefined`);
    expect(result.stdout).toContain('[jinja_template]');
  });

  it('a template error is one error at its line, in every format', () => {
    const text = run(['-i', file('instance.json'), file('broken.yaml')]);
    expect(text.status).toBe(1);
    expect(text.stdout).toBe(`Invalid cloud-config ${file('broken.yaml')}\n${file('broken.yaml')}:3:32: error: the jinja template has a syntax error, so cloud-init cannot render it: No filter named 'nosuchfilter'. [jinja_template]\n`);
    const json = JSON.parse(run(['-i', file('instance.json'), '--format', 'json', file('broken.yaml')]).stdout) as unknown;
    expect(JSON.stringify(json)).toContain('"code":"jinja_template"');
    expect(run(['-i', file('instance.json'), '--format', 'github', file('broken.yaml')]).stdout).toContain(`::error file=${file('broken.yaml')},line=3,col=32`);
  });
});
