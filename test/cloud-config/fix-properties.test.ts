import { existsSync, readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixCloudConfig, validateCloudConfig, type CloudConfigResult } from 'wc-legacy-api/cloud-config';
import { expectSameMeaning } from './fix-meaning';

const deprecationCount = (r: CloudConfigResult) => r.deprecations.length + (r.unlisted?.deprecations ?? 0);

/** What fixing must hold for any text: valid stays valid, deprecations only decrease, the data means the same. */
function checkFix(text: string, options: Parameters<typeof fixCloudConfig>[1]) {
  const before = validateCloudConfig(text, options);
  const outcome = fixCloudConfig(text, options);
  if (before.valid) expect(outcome.result.valid).toBe(true);
  expect(deprecationCount(outcome.result)).toBeLessThanOrEqual(deprecationCount(before));
  expect(deprecationCount(outcome.result)).toBeLessThanOrEqual(deprecationCount(before) - outcome.fixed.length + outcome.fixed.filter((f) => f.kind === 'remove').length);
  if (!outcome.changed) expect(outcome.text).toBe(text);
  if (before.config !== undefined) expectSameMeaning(text, outcome, options);
  return outcome;
}

// The shared corpora (../shared/corpora, outside the repository): 177 documentation examples and
// 159 real user-data files; cloud-init 26.2 is the target they speak for.
const corpora = new URL('../../../shared/corpora/', import.meta.url);

describe.runIf(existsSync(corpora))('fixCloudConfig on the shared corpora', () => {
  for (const set of ['cloud-config-official', 'cloud-config-wild']) {
    it(`${set}: every file, under 26.2 and the spec: valid stays valid, deprecations only decrease, same data`, () => {
      const dir = new URL(`${set}/cases/`, corpora);
      let fixes = 0;
      let files = 0;
      for (const name of readdirSync(dir).sort()) {
        const text = readFileSync(new URL(name, dir), 'utf8');
        for (const options of [{ cloudInitVersion: '26.2' as const }, {}]) {
          const outcome = checkFix(text, options);
          fixes += outcome.fixed.length;
          if (outcome.changed) files++;
        }
      }
      // Measured when written: the documentation examples hold few deprecations, the real files more.
      expect(files).toBeGreaterThan(0);
      expect(fixes).toBeGreaterThanOrEqual(files);
    }, 300_000);
  }
});

// Entries with and without deprecated forms, in the styles people write them.
const key = (name: string) => fc.constantFrom(name, `'${name}'`, `"${name}"`);
const comment = fc.constantFrom('', '  # note', ' #x');
const entry = fc.oneof(
  fc.tuple(key('apt_update'), fc.constantFrom('true', 'false', 'yes'), comment).map(([k, v, c]) => `${k}: ${v}${c}\n`),
  fc.tuple(key('package_update'), fc.constantFrom('true', 'false'), comment).map(([k, v, c]) => `${k}: ${v}${c}\n`),
  fc.tuple(key('apt_upgrade'), comment).map(([k, c]) => `${k}: true${c}\n`),
  fc.tuple(key('ca-certs'), fc.boolean()).map(([k, flow]) => (flow ? `${k}: {remove-defaults: true, trusted: [x]}\n` : `${k}:\n  remove-defaults: true   # old\n  trusted:\n    - x\n`)),
  fc.tuple(key('ca_certs'), fc.boolean()).map(([k, flow]) => (flow ? `${k}: {remove_defaults: true, trusted: [x]}\n` : `${k}:\n  remove_defaults: true\n  trusted:\n    - x\n`)),
  fc.constantFrom('apt_pipelining: none\n', "apt_pipelining: 'unchanged'\n", 'apt_pipelining: os\n', 'manage_etc_hosts: template\n', 'manage_etc_hosts: localhost\n'),
  fc.constantFrom('growpart:\n  mode: off\n', 'growpart: {mode: false, devices: [/]}\n', "ssh_pwauth: 'yes'\n", 'ssh_pwauth: unchanged\n', 'ssh_pwauth: maybe\n'),
  fc.constantFrom('system_info: {}\n', 'ubuntu_advantage:\n  token: t\n', 'ubuntu_pro: {token: t}\n', 'power_state: {mode: reboot, delay: "+10"}\n', 'vendor_data: {enabled: "no"}\n'),
  fc
    .array(
      fc.tuple(fc.constantFrom('lock-passwd: true', 'lock_passwd: true', 'sudo: false', 'sudo: true', "uid: '7'", 'uid: 7', 'no-create-home: true', 'groups: {adm: null}', 'shell: 5'), fc.boolean()),
      { minLength: 1, maxLength: 4 },
    )
    .map((fields) => `users:\n  - name: u\n${fields.map(([f]) => `    ${f}\n`).join('')}`),
  fc.constantFrom(
    'ansible:\n  pull:\n    url: u\n    playbook_name: "a, b"\n',
    'ansible: {pull: [{url: u, playbook_name: x}]}\n',
    'ansible:\n  pull:\n    - url: u\n      playbook_name: a,b\n',
    'ansible:\n  pull:\n    - {url: u, playbook_name: x, playbook_names: [y]}\n',
  ),
  fc.constantFrom('rh_subscription:\n  org: 42\n  activation-key: k\n', 'runcmd: [ls]\n', 'grub-dpkg:\n  enabled: true\n', 'bad: [\n', 'x: &a {apt_update: true}\n'),
);

describe('fixCloudConfig on generated configs', () => {
  it('never throws; valid stays valid; deprecations only decrease; the data means the same; a second fix finds nothing more', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 8 }), fc.constantFrom<Parameters<typeof fixCloudConfig>[1]>({ cloudInitVersion: '26.2' }, {}), (entries, options) => {
        const text = `#cloud-config\n${entries.join('')}`;
        const outcome = checkFix(text, options);
        expect(fixCloudConfig(outcome.text, options).fixed).toEqual([]);
      }),
      { numRuns: 300 },
    );
  }, 120_000);
});
