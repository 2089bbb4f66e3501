import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cloudConfigSchemaFor, validateCloudConfig, type CloudConfigIssue, type CloudConfigResult } from 'wc-legacy-api/cloud-config';

const cc = (body: string) => `#cloud-config\n${body}`;

function onlyError(result: CloudConfigResult): CloudConfigIssue {
  expect(result.valid).toBe(false);
  expect(result.errors).toHaveLength(1);
  return result.errors[0]!;
}

function suggestion(issue: CloudConfigIssue): string | undefined {
  return issue.code === 'additional_property' || issue.code === 'enum' || issue.code === 'const' ? issue.suggestion : undefined;
}

describe('suggestions that never change the meaning', () => {
  it('no negation added or removed', () => {
    const home = onlyError(validateCloudConfig(cc('users:\n  - name: ada\n    create_home: true\n')));
    expect(home).toMatchObject({ code: 'additional_property', property: 'create_home' });
    expect(suggestion(home)).toBeUndefined();
    expect(home.message).not.toMatch(/no_create_home/);
    const mode = onlyError(validateCloudConfig(cc('power_state:\n  mode: noreboot\n')));
    expect(mode.code).toBe('enum');
    expect(suggestion(mode)).toBeUndefined();
    expect(mode.message).not.toMatch(/did you mean/);
  });

  it('no other word, number or abbreviation for one part of a key or value', () => {
    for (const [body, word] of [
      ['repo_update: true\n', 'apt_update'],
      ['ssh_genkeytypes: [dsa]\n', 'rsa'],
      ['write_files:\n  - path: /x\n    encoding: base32\n', 'base64'],
      ['phone_home:\n  url: http://x/\n  post: [pub_key_dsa]\n', 'pub_key_rsa'],
    ] as const) {
      const error = onlyError(validateCloudConfig(cc(body)));
      expect(suggestion(error), body).toBeUndefined();
      expect(error.message, body).not.toContain(`did you mean "${word}"`);
    }
  });

  it('a user key cloud-init names otherwise gets its name: gid, group, password', () => {
    const gid = onlyError(validateCloudConfig(cc('users:\n  - name: ada\n    gid: 1000\n')));
    expect(gid).toMatchObject({ code: 'additional_property', path: 'users.0', property: 'gid', suggestion: 'primary_group', line: 4, column: 5 });
    expect(gid.message).toMatch(/^unknown key "gid"; did you mean "primary_group"\?/);
    expect(suggestion(onlyError(validateCloudConfig(cc('user:\n  name: ada\n  password: x\n'))))).toBe('plain_text_passwd');
  });

  it('a key known at another level says where it belongs', () => {
    const chpasswd = onlyError(validateCloudConfig(cc('users:\n  - name: ada\n    chpasswd: {expire: false}\n')));
    expect(chpasswd).toMatchObject({ code: 'additional_property', property: 'chpasswd', line: 4, column: 5 });
    expect(suggestion(chpasswd)).toBeUndefined();
    expect(chpasswd.message).toBe('unknown key "chpasswd" in a user; it belongs at the top level (`chpasswd`)');
    const sudo = onlyError(validateCloudConfig(cc('sudo: ALL=(ALL) NOPASSWD:ALL\n')));
    expect(sudo).toMatchObject({ code: 'additional_property', property: 'sudo', line: 2, column: 1 });
    expect(sudo.message).toBe("unknown key \"sudo\" at the top level; it belongs under `users[]` (a user's settings)");
  });

  it('still suggests for real misspellings', () => {
    expect(suggestion(onlyError(validateCloudConfig(cc('runcmds: [ls]\n'))))).toBe('runcmd');
    expect(suggestion(onlyError(validateCloudConfig(cc('users:\n  - name: ada\n    lock_pswd: true\n'))))).toBe('lock_passwd');
    expect(suggestion(onlyError(validateCloudConfig(cc('power_state:\n  mode: rebot\n'))))).toBe('reboot');
    expect(suggestion(onlyError(validateCloudConfig(cc('packages_update: true\n'))))).toBe('package_update');
  });

  it('never offers a key with a negation prefix for the key without it, or the reverse, at the top level or in a user', () => {
    for (const target of [undefined, '26.2'] as const) {
      const schema = cloudConfigSchemaFor(target) as { properties: Record<string, unknown>; $defs: Record<string, { properties: Record<string, unknown> }> };
      const levels: [keys: string[], wrap: (key: string) => string][] = [
        [Object.keys(schema.properties), (key) => `${key}: 1\n`],
        [Object.keys(schema.$defs['users_groups.user']!.properties), (key) => `users:\n  - name: ada\n    ${key}: 1\n`],
      ];
      for (const [keys, wrap] of levels) {
        for (const key of keys) {
          const negated = /^no[_-]/.test(key) ? key.slice(3) : `no_${key}`;
          if (keys.includes(negated)) continue;
          const result = validateCloudConfig(cc(wrap(negated)), { cloudInitVersion: target });
          const unknown = result.errors.find((e) => e.code === 'additional_property' && e.property === negated);
          expect(unknown && suggestion(unknown), `${negated} at ${target ?? 'spec'}`).not.toBe(key);
        }
      }
    }
  });
});

// Every suggestion and placement made on the shared corpora (../shared/corpora: 177 documentation
// examples and 159 real files; outside the repository) under both targets, measured, each checked
// by hand. Removed by the rules above: create_home -> no_create_home, power_state.mode noreboot ->
// reboot, gid -> uid, chpasswd in a user -> passwd, repo_update/repo_upgrade -> apt_update/apt_upgrade,
// grub-efi/install_devices -> grub-pc/install_devices.
const corpora = new URL('../../../shared/corpora/', import.meta.url);
describe.runIf(existsSync(corpora))('suggestions on the shared corpora', () => {
  it('are exactly these', () => {
    const instanceData = JSON.parse(readFileSync(new URL('cloud-config-instance-data.json', corpora), 'utf8')) as Record<string, unknown>;
    const made = new Set<string>();
    for (const set of ['cloud-config-official', 'cloud-config-wild']) {
      const dir = new URL(`${set}/cases/`, corpora);
      for (const file of readdirSync(dir)) {
        for (const cloudInitVersion of ['26.2', 'spec'] as const) {
          for (const e of validateCloudConfig(readFileSync(new URL(file, dir)), { cloudInitVersion, instanceData }).errors) {
            const placed = /belongs .*/.exec(e.message)?.[0];
            if (suggestion(e) === undefined && placed === undefined) continue;
            const word = e.code === 'additional_property' ? e.property : /got string (".*?")/.exec(e.message)?.[1];
            made.add(`${file}: ${e.path} ${word} -> ${suggestion(e) ?? placed}`);
          }
        }
      }
    }
    expect([...made].sort()).toEqual([
      'budybye-dotfiles__multipass.yaml: users.1 gid -> primary_group',
      'budybye-dotfiles__multipass.yaml: users.2 gid -> primary_group',
      'budybye-dotfiles__multipass.yaml: users.3 gid -> primary_group',
      'ceil__rpi-router.tpl.yaml: users.0 chpasswd -> belongs at the top level (`chpasswd`)',
      'ceil__rpi-router.tpl.yaml: users.0 ssh-authorized-keys -> ssh_authorized_keys',
      'ceil__rpi-router.tpl.yaml: users.0 ssh-import-id -> ssh_import_id',
      'ceil__rpi-router.tpl.yaml: users.0 ssh_pwauth -> belongs at the top level (`ssh_pwauth`)',
      'correlaid-engage__cloud-init.yaml: users.0 ssh-authorized-keys -> ssh_authorized_keys',
      'correlaid-engage__cloud-init.yaml: write_files.3 permission -> permissions',
      "cuxtud-nutanix__cloudinit.tpl.yaml: sudo sudo -> belongs under `users[]` (a user's settings)",
      'danmanners-homelab__do-user_data.tpl.yaml: users.0 ssh-authorized-keys -> ssh_authorized_keys',
      'devinalvaro-infra__init.tpl.yaml: users.0 ssh-authorized-keys -> ssh_authorized_keys',
      'drdr1-rke2__cloud-config.yaml: users.0 ssh-authorized-keys -> ssh_authorized_keys',
      'eightbitboy-privateci__cloud-config.yaml: users.0 ssh-authorized-keys -> ssh_authorized_keys',
      'hypriot-blackwhale__rpi-user-data.yaml: users.0 chpasswd -> belongs at the top level (`chpasswd`)',
      'hypriot-blackwhale__rpi-user-data.yaml: users.0 ssh_pwauth -> belongs at the top level (`ssh_pwauth`)',
      'hypriot-raspotify__rpi-user-data.yaml: users.0 chpasswd -> belongs at the top level (`chpasswd`)',
      'hypriot-raspotify__rpi-user-data.yaml: users.0 ssh_pwauth -> belongs at the top level (`ssh_pwauth`)',
      'luginbash-infra__salt-minion.tpl.yaml: users.0 ssh-authorized-keys -> ssh_authorized_keys',
      'luginbash-infra__salt-minion.tpl.yaml: users.0 ssh_pwauth -> belongs at the top level (`ssh_pwauth`)',
      'matthewvance-do__user-data.yaml: users.0 ssh-authorized-keys -> ssh_authorized_keys',
      'otus-jakui-yc__cloud-init.yaml: users.0 ssh-authorized-keys -> ssh_authorized_keys',
      'partybuzz-k3s__cloud-config.yaml: users.0 ssh_pwauth -> belongs at the top level (`ssh_pwauth`)',
      'snowdrop-k8s-infra__centos-user-data.tpl.yaml: users.0 chpasswd -> belongs at the top level (`chpasswd`)',
      'snowdrop-k8s-infra__centos-user-data.tpl.yaml: users.0 ssh_pwauth -> belongs at the top level (`ssh_pwauth`)',
      'vsixpi__rpi-system-boot-user-data.yaml: packages_update packages_update -> package_update',
    ].sort());
  }, 300_000);
});
