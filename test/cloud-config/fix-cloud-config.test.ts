import { describe, expect, it } from 'vitest';
import { fixCloudConfig, validateCloudConfig } from 'wc-legacy-api/cloud-config';
import { expectSameMeaning } from './fix-meaning';

const V = { cloudInitVersion: '26.2' } as const;
const H = '#cloud-config\n';

/** Fixes under 26.2 and checks what every fix must hold: the same data, no deprecation left where it fixed. */
function fixed(text: string, options: Parameters<typeof fixCloudConfig>[1] = V) {
  const outcome = fixCloudConfig(text, options);
  expectSameMeaning(text, outcome, options);
  const left = new Set(outcome.result.deprecations.map((d) => d.path));
  for (const fix of outcome.fixed) expect(left.has(fix.path.replace(fix.from, fix.to))).toBe(false);
  return outcome;
}

describe('fixCloudConfig: one deprecation at a time (26.2)', () => {
  // [what, input after the header, the expected fixed text after the header]
  const cases: readonly (readonly [string, string, string])[] = [
    ['apt_update', 'apt_update: true\n', 'package_update: true\n'],
    ['apt_upgrade', 'apt_upgrade: false\n', 'package_upgrade: false\n'],
    ['apt_reboot_if_required', 'apt_reboot_if_required: true\n', 'package_reboot_if_required: true\n'],
    ['ca-certs and remove-defaults', "ca-certs:\n  remove-defaults: true\n  trusted: ['x']\n", "ca_certs:\n  remove_defaults: true\n  trusted: ['x']\n"],
    ['grub-dpkg (an empty-devices string)', 'grub_dpkg:\n  grub-pc/install_devices_empty: "Yes"\n', 'grub_dpkg:\n  grub-pc/install_devices_empty: true\n'],
    ['ubuntu_advantage', 'ubuntu_advantage:\n  token: abc\n', 'ubuntu_pro:\n  token: abc\n'],
    ['hyphenated user keys', 'users:\n  - name: ada\n    lock-passwd: false\n    ssh-authorized-keys: [k]\n    no-create-home: true\n', 'users:\n  - name: ada\n    lock_passwd: false\n    ssh_authorized_keys: [k]\n    no_create_home: true\n'],
    ['sudo: false', 'users:\n  - name: ada\n    sudo: false\n', 'users:\n  - name: ada\n    sudo: null\n'],
    ['a uid string', "users:\n  - name: ada\n    uid: '1001'\n", 'users:\n  - name: ada\n    uid: 1001\n'],
    ['the default user', 'user:\n  name: ada\n  lock-passwd: true\n', 'user:\n  name: ada\n  lock_passwd: true\n'],
    ['rh_subscription keys and org', 'rh_subscription:\n  activation-key: k\n  org: 123\n', "rh_subscription:\n  activation_key: k\n  org: '123'\n"],
    ['apt_pipelining none', 'apt_pipelining: none\n', 'apt_pipelining: os\n'],
    ['apt_pipelining "unchanged"', 'apt_pipelining: "unchanged"\n', 'apt_pipelining: "os"\n'],
    ['manage_etc_hosts template', 'manage_etc_hosts: template\n', 'manage_etc_hosts: true\n'],
    ['growpart mode off (a YAML 1.1 false)', 'growpart:\n  mode: off\n', "growpart:\n  mode: 'off'\n"],
    ['ssh_pwauth strings', "ssh_pwauth: 'no'\n", 'ssh_pwauth: false\n'],
    ['vendor_data enabled string', 'vendor_data:\n  enabled: "true"\n', 'vendor_data:\n  enabled: true\n'],
    [
      'chpasswd.list as a multiline string',
      'chpasswd:\n  list: |\n    root:s3cret\n    ada:$6$salt$hashed\n    bob:RANDOM\n  expire: false\n',
      'chpasswd:\n  users:\n    - {name: "root", password: "s3cret", type: text}\n    - {name: "ada", password: "$6$salt$hashed", type: hash}\n    - {name: "bob", type: RANDOM}\n  expire: false\n',
    ],
    ['chpasswd.list as a flow list', 'chpasswd: {list: ["root:a:b", "eve:R"]}\n', 'chpasswd: {users: [{name: "root", password: "a:b", type: text}, {name: "eve", type: RANDOM}]}\n'],
    ['chpasswd.list with escapes', 'chpasswd:\n  list: ["root:a\\tb\\\\"]\n', 'chpasswd:\n  users: [{name: "root", password: "a\\tb\\\\", type: text}]\n'],
    ['chpasswd.list as a block list', 'chpasswd:\n  expire: true\n  list:\n    - "root:x"\n', 'chpasswd:\n  expire: true\n  users:\n    - {name: "root", password: "x", type: text}\n'],
    [
      'ansible.pull playbook_name',
      'ansible:\n  pull:\n    - url: https://example.com/r.git\n      playbook_name: site.yml  # main\n',
      'ansible:\n  pull:\n    - url: https://example.com/r.git\n      playbook_names: [site.yml]  # main\n',
    ],
    ['power_state delay string', 'power_state:\n  mode: reboot\n  delay: "+5"\n', 'power_state:\n  mode: reboot\n  delay: 5\n'],
  ];
  for (const [what, input, expected] of cases) {
    it(what, () => {
      const before = validateCloudConfig(H + input, V);
      expect(before.deprecations.length).toBeGreaterThan(0);
      const outcome = fixed(H + input);
      expect(outcome.text).toBe(H + expected);
      expect(outcome.changed).toBe(true);
      expect(outcome.unfixable).toEqual([]);
      expect(outcome.result.valid).toBe(before.valid);
      expect(outcome.result.deprecations).toEqual([]);
    });
  }
});

describe('fixCloudConfig: what the text keeps', () => {
  it('keeps comments, key order, quoting, indentation and flow style, and says where each fix is', () => {
    const text = `${H}# packages\napt_update: true   # refresh first\n"apt_upgrade": yes\nusers:\n    - {name: ada, 'lock-passwd': true}   # flow\n    - name: bob\n      # hashed below\n      lock-passwd: false\nruncmd: [ls]\n`;
    const outcome = fixed(text);
    expect(outcome.text).toBe(
      `${H}# packages\npackage_update: true   # refresh first\n"package_upgrade": yes\nusers:\n    - {name: ada, 'lock_passwd': true}   # flow\n    - name: bob\n      # hashed below\n      lock_passwd: false\nruncmd: [ls]\n`,
    );
    expect(outcome.fixed.map((f) => [f.kind, f.path, f.line, f.column, f.from, f.to])).toEqual([
      ['rename', 'apt_update', 3, 1, 'apt_update', 'package_update'],
      ['rename', 'apt_upgrade', 4, 1, '"apt_upgrade"', '"package_upgrade"'],
      ['rename', 'users.0.lock-passwd', 6, 19, "'lock-passwd'", "'lock_passwd'"],
      ['rename', 'users.1.lock-passwd', 9, 7, 'lock-passwd', 'lock_passwd'],
    ]);
    expect(outcome.fixed[0]).toMatchObject({ message: 'Deprecated in version 22.2. Use package_update instead.', version: '22.2' });
  });

  it('writes a password with a character YAML 1.1 reads as a line break escaped', () => {
    const outcome = fixed(`${H}chpasswd:\n  list: ["root:a\\u2028b"]\n`);
    expect(outcome.text).toBe(`${H}chpasswd:\n  users: [{name: "root", password: "a\\u2028b", type: text}]\n`);
  });

  it('keeps CRLF line ends', () => {
    const text = '#cloud-config\r\napt_update: true\r\nchpasswd:\r\n  list: |\r\n    a:1\r\n    b:R\r\n  expire: false\r\nca-certs:\r\n  trusted: [x]\r\nca_certs:\r\n  trusted: [x]\r\n';
    const outcome = fixed(text);
    expect(outcome.text).toBe('#cloud-config\r\npackage_update: true\r\nchpasswd:\r\n  users:\r\n    - {name: "a", password: "1", type: text}\r\n    - {name: "b", type: RANDOM}\r\n  expire: false\r\nca_certs:\r\n  trusted: [x]\r\n');
  });

  it('returns the input itself when nothing is deprecated', () => {
    const text = `${H}package_update: true\n`;
    const outcome = fixCloudConfig(text, V);
    expect(outcome).toMatchObject({ text, changed: false, fixed: [], unfixable: [] });
    expect(outcome.result.valid).toBe(true);
  });

  it('fixes a config with errors too, leaving the errors', () => {
    const outcome = fixed(`${H}apt_update: true\nusers:\n  - name: ada\n    shell: 5\n`);
    expect(outcome.text).toBe(`${H}package_update: true\nusers:\n  - name: ada\n    shell: 5\n`);
    expect(outcome.result.valid).toBe(false);
    expect(outcome.result.errors.map((e) => e.path)).toEqual(['users.0.shell']);
  });

  it('is idempotent: a fixed text has nothing more to fix', () => {
    const first = fixed(`${H}apt_update: true\nca-certs:\n  remove-defaults: true\n`);
    const again = fixCloudConfig(first.text, V);
    expect(again.changed).toBe(false);
    expect(again.fixed).toEqual([]);
  });
});

describe('fixCloudConfig: what is not fixed, and why', () => {
  const reasons = (text: string, options: Parameters<typeof fixCloudConfig>[1] = V) => {
    const outcome = fixed(text, options);
    return { text: outcome.text, left: outcome.unfixable.map((u) => [u.path, u.reason]) };
  };

  it('a replacement already set to another value is a conflict', () => {
    const { text, left } = reasons(`${H}apt_update: true\npackage_update: false\n`);
    expect(text).toBe(`${H}apt_update: true\npackage_update: false\n`);
    expect(left).toEqual([['apt_update', 'package_update is set too, to a different value; keep one of them by hand']]);
  });

  it('a replacement already set to the same value: the deprecated entry is removed (block style)', () => {
    const outcome = fixed(`${H}ca-certs:\n  trusted: [a]   # old\npackage_update: true\nca_certs:\n  trusted: [a]\n`);
    expect(outcome.text).toBe(`${H}package_update: true\nca_certs:\n  trusted: [a]\n`);
    expect(outcome.fixed.map((f) => [f.kind, f.from, f.to])).toEqual([['remove', 'ca-certs', 'ca_certs']]);
  });

  it('the same in a flow mapping is left, with why', () => {
    const { text, left } = reasons(`${H}users:\n  - {name: a, lock-passwd: true, lock_passwd: true}\n`);
    expect(text).toBe(`${H}users:\n  - {name: a, lock-passwd: true, lock_passwd: true}\n`);
    expect(left).toEqual([['users.0.lock-passwd', 'lock_passwd is set too, to the same value; remove lock-passwd by hand (it is not on lines of its own)']]);
  });

  it('a key written twice, a merge key, an anchored node', () => {
    expect(reasons(`${H}apt_update: true\napt_update: false\n`).left).toEqual([['apt_update', 'apt_update is written more than once in this mapping; keep one first']]);
    expect(reasons(`${H}users:\n  - &u {name: a, lock-passwd: true}\n  - *u\n`).left.map((l) => l[1])).toEqual([
      'it is inside an anchored (&) or aliased (*) node that other places share; fix it by hand',
      'it is inside an anchored (&) or aliased (*) node that other places share; fix it by hand',
    ]);
    const merged = reasons(`${H}base: &b {lock-passwd: true}\nusers:\n  - <<: *b\n    name: a\n`, { ...V, requireHeader: true });
    expect(merged.left.map((l) => l[0])).toContain('users.0.lock-passwd');
  });

  it('forms with no replacement that means the same', () => {
    const { left } = reasons(`${H}system_info: {}\nchpasswd:\n  list: |\n    ada:pw\n    ada:again\nssh_pwauth: unchanged\nusers:\n  - name: ada\n    sudo: true\n    groups: {admin: null}\n`);
    expect(left).toEqual([
      ['system_info', 'it has no replacement: distribution settings are not meant to be set by user data'],
      ['chpasswd.list', 'a user is named twice or not at all; rewrite it as chpasswd.users by hand'],
      ['ssh_pwauth', '"unchanged" leaves sshd alone, as leaving the key out does: remove the key'],
      ['users.0.sudo', 'only sudo: false has an equivalent (null)'],
      ['users.0.groups.admin', 'the replacement is written differently (a new shape, not a new name or value); rewrite it by hand'],
    ]);
  });

  it('a rename the target checks more strictly is taken back', () => {
    // cloud-init 26.2 does not check what is under grub-dpkg, and does check grub_dpkg.
    const text = `${H}grub-dpkg:\n  enabled: true\n  unknown: 1\napt_update: true\n`;
    const outcome = fixed(text);
    expect(outcome.text).toBe(`${H}grub-dpkg:\n  enabled: true\n  unknown: 1\npackage_update: true\n`);
    expect(outcome.result.valid).toBe(true);
    expect(outcome.unfixable).toMatchObject([{ path: 'grub-dpkg', reason: expect.stringMatching(/^the replacement would not validate: /) }]);
  });

  it('a fix that would take the text past maxBytes is left (the fixed text must still be read whole)', () => {
    const text = `${H}apt_update: true\nchpasswd:\n  list: |\n    a:1\n    b:2\n    c:3\n`;
    const outcome = fixed(text, { ...V, maxBytes: text.length + 10 });
    expect(outcome.text).toBe(`${H}package_update: true\nchpasswd:\n  list: |\n    a:1\n    b:2\n    c:3\n`);
    expect(outcome.unfixable).toEqual([expect.objectContaining({ path: 'chpasswd.list', reason: `the fixed text would be larger than the ${text.length + 10}-byte limit` })]);
    expect(outcome.result.valid).toBe(true);
  });

  it('fixes only what the target deprecates', () => {
    // The specification does not deprecate apt_pipelining: none (cloud-init 22.4 did).
    const outcome = fixed(`${H}apt_pipelining: none\napt_update: true\n`, { cloudInitVersion: 'spec' });
    expect(outcome.text).toBe(`${H}apt_pipelining: none\npackage_update: true\n`);
  });

  it('MIME multipart, jinja templates and other input are not fixed, and never throw', () => {
    const mime = 'Content-Type: multipart/mixed; boundary="b"\nMIME-Version: 1.0\n\n--b\nContent-Type: text/cloud-config\n\n#cloud-config\napt_update: true\n--b--\n';
    expect(fixCloudConfig(mime, V)).toMatchObject({ text: mime, changed: false, unfixable: [{ path: '', reason: expect.stringContaining('MIME multipart') }] });
    const jinja = '## template: jinja\n#cloud-config\napt_update: true\n';
    expect(fixCloudConfig(jinja, { ...V, instanceData: { v1: {} } })).toMatchObject({ text: jinja, changed: false, unfixable: [{ reason: expect.stringContaining('jinja') }] });
    expect(fixCloudConfig(`${H}a: [\n`, V)).toMatchObject({ changed: false, fixed: [], unfixable: [], result: { valid: false } });
    expect(fixCloudConfig(42 as unknown as string)).toMatchObject({ changed: false, unfixable: [{ reason: 'fixCloudConfig takes the text of a cloud-config' }] });
    expect(fixCloudConfig('#!/bin/sh\necho hi\n', V)).toMatchObject({ changed: false, fixed: [], unfixable: [] });
  });
});

describe('fixCloudConfig at the input size limit', () => {
  it('fixes every deprecation of a 1 MiB config (linear work: no timing, every fix made)', () => {
    const user = (i: number) => `  - name: user${i}\n    lock-passwd: true\n    sudo: false\n`;
    const users: string[] = [];
    let size = `${H}users:\n`.length;
    while (size + user(users.length).length <= 1024 * 1024) size += (users[users.length] = user(users.length)).length;
    const count = users.length;
    const text = `${H}users:\n${users.join('')}`;
    expect(text.length).toBeLessThanOrEqual(1024 * 1024);
    const outcome = fixCloudConfig(text, V);
    expect(outcome.fixed).toHaveLength(2 * count);
    expect(outcome.unfixable).toEqual([]);
    expect(outcome.result.valid).toBe(true);
    expect(outcome.result.deprecations).toEqual([]);
    expect(outcome.text).toBe(text.replaceAll('lock-passwd: true', 'lock_passwd: true').replaceAll('sudo: false', 'sudo: null'));
  }, 120_000);
});
