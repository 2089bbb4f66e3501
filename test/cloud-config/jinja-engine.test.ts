import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JinjaFailure } from '../../src/cloud-config/input/jinja/jinja-error';
import { renderTemplate } from '../../src/cloud-config/input/jinja/render-template';
import { CASES, JINJA2, VARS } from './jinja-cases';

// The validator's Jinja subset against real Jinja2 under cloud-init's settings: the recorded
// answers always, and Jinja2 itself (scripts/jinja-oracle.py) where python3 has jinja2.

type Answer = { readonly output: string } | { readonly error: string };

/** Renders as cloud-init does: one trailing newline taken off, rendered, put back. */
function render(template: string, vars: Record<string, unknown> = VARS): Answer {
  const trailing = template.endsWith('\n') ? '\n' : '';
  try {
    return { output: renderTemplate(template.slice(0, template.length - trailing.length), vars, false, { maxOutput: 1e6, maxSteps: 1e6 }).text + trailing };
  } catch (error) {
    if (!(error instanceof JinjaFailure)) throw error;
    return { error: error.kind === 'syntax' ? 'syntax' : 'render' };
  }
}

const jinja2 = spawnSync('python3', ['-c', 'import jinja2'], { stdio: 'ignore' }).status === 0;

function askJinja2(templates: readonly string[], vars: Record<string, unknown> = VARS): Answer[] {
  const run = spawnSync('python3', ['scripts/jinja-oracle.py'], { input: JSON.stringify(templates.map((template) => ({ template, vars }))), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as Answer[];
}

describe('the Jinja subset renders as Jinja2 does', () => {
  it.each(CASES.map((template, i) => [template, JINJA2[i]!] as const))('%j', (template, answer) => {
    expect(render(template)).toEqual(answer);
  });

  it.runIf(jinja2)('the recorded answers are still Jinja2\'s', () => {
    expect(askJinja2(CASES)).toEqual(JINJA2);
  });

  // Templates built from the constructs cloud-config templates use, nested and with whitespace
  // control, rendered by both.
  const expr = fc.constantFrom('v1.local_hostname', 'v1.count', 'missing', 'v1.nokey', 'v1.public_ssh_keys | length', 'v1.distro | upper', 'loop_var', '"a" ~ v1.count', 'v1.count * 2', 'nope | default("d")', 'v1.flag and "y" or "n"', 'loop.index', 'v1.public_ssh_keys | join("; ")', 'ds.meta_data.tags | dictsort', 'items | map(attribute="name") | list', 'v1.local_hostname.split("-")');
  const cond = fc.constantFrom('v1.flag', 'v1.distro == "ubuntu"', 'missing', 'not v1.flag', 'v1.count > 2', 'nope is defined', '"web" in v1.local_hostname');
  const open = fc.constantFrom('{%', '{%-');
  const close = fc.constantFrom('%}', '-%}');
  const text = fc.constantFrom('a: 1\n', '  - x\n', '\n', 'key: ', ' ', 'word');
  const piece: fc.Memo<string> = fc.memo((n) =>
    n <= 1
      ? fc.oneof(
          text,
          fc.tuple(fc.constantFrom('{{', '{{-'), expr, fc.constantFrom('}}', '-}}')).map(([o, e, c]) => `${o} ${e} ${c}`),
          fc.constantFrom('{# note #}\n', '{#- note -#}', '{% set loop_var = v1.count + 1 %}', '{% raw %}{{ x }}{% endraw %}\n'),
        )
      : fc.oneof(
          text,
          fc.tuple(open, cond, close, piece(n - 1), open, close).map(([o, c, e, body, o2, e2]) => `${o} if ${c} ${e}\n${body}${o2} endif ${e2}\n`),
          fc.tuple(open, close, piece(n - 1), piece(n - 1)).map(([o, e, body, other]) => `${o} for loop_var in v1.public_ssh_keys ${e}\n${body}{% else %}${other}{% endfor %}\n`),
          fc.tuple(piece(n - 1), piece(n - 1)).map(([a, b]) => a + b),
        ),
  );

  it.runIf(jinja2)('random templates render to the same text', () => {
    const templates = fc.sample(fc.array(piece(4), { minLength: 1, maxLength: 4 }).map((p) => p.join('')), { numRuns: 300, seed: 42 });
    const answers = askJinja2(templates);
    templates.forEach((template, i) => expect({ template, answer: render(template) }).toEqual({ template, answer: answers[i] }));
  });
});
