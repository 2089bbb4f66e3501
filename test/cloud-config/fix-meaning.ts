// Shared by the fixCloudConfig tests: the data a fixed text means must be the original data with
// each fix applied as data (a key renamed, a value replaced, a duplicate dropped).
import { expect } from 'vitest';
import { validateCloudConfig, type FixCloudConfigResult } from 'wc-legacy-api/cloud-config';

const unescape = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** The value a fix's `to` text reads as, through the validator's own YAML reading. */
function scalar(yaml: string): unknown {
  const read = validateCloudConfig(`#cloud-config\nv: ${yaml}\n`);
  return (read.config as Record<string, unknown>).v;
}

/** cloud-init's reading of a `chpasswd.list` (cc_set_passwords.py), written as `chpasswd.users` entries. */
function chpasswdUsers(list: unknown): unknown[] {
  const lines = typeof list === 'string' ? list.replace(/\n$/, '').split('\n') : (list as string[]);
  return lines.map((line) => {
    const [name, ...rest] = line.split(':');
    const password = rest.join(':');
    if (password === 'R' || password === 'RANDOM') return { name, type: 'RANDOM' };
    const hashed = /^\$(1|2a|2y|5|6)\$.+\$.+/.test(password) && !password.includes(':');
    return { name, password, type: hashed ? 'hash' : 'text' };
  });
}

/** The original data with the fixes applied as data: deepest first, so parents are renamed last. */
export function withFixesApplied(data: unknown, fixed: FixCloudConfigResult['fixed']): unknown {
  // The data is fresh from a validation: changed in place (a clone would turn bytes into objects).
  const copy = data;
  const order = [...fixed].sort((a, b) => b.pointer.split('/').length - a.pointer.split('/').length);
  for (const fix of order) {
    const segments = fix.pointer.slice(1).split('/').map(unescape);
    const key = segments.pop()!;
    let parent = copy as Record<string, unknown>;
    for (const segment of segments) parent = parent[segment] as Record<string, unknown>;
    if (fix.kind === 'value') parent[key] = scalar(fix.to);
    else if (fix.kind === 'remove') delete parent[key];
    else if (fix.kind === 'rewrite') {
      // cc_ansible.py: a playbook_name is run as the one playbook of playbook_names.
      parent[fix.to] = key === 'playbook_name' ? [parent[key]] : chpasswdUsers(parent[key]);
      delete parent[key];
    }
    else {
      parent[fix.to.replace(/^['"]|['"]$/g, '')] = parent[key];
      delete parent[key];
    }
  }
  return copy;
}

/** Asserts the fixed text reads as the original data with the fixes applied. */
export function expectSameMeaning(original: string, outcome: FixCloudConfigResult, options: Parameters<typeof validateCloudConfig>[1] = {}): void {
  const before = validateCloudConfig(original, { ...options, maxIssues: 1e9 }).config;
  const after = validateCloudConfig(outcome.text, { ...options, maxIssues: 1e9 }).config;
  expect(after).toEqual(withFixesApplied(before, outcome.fixed));
}
