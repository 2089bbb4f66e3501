import { describe, expect, it } from 'vitest';
import { cloudConfigSchema, cloudConfigSchemaFor, validateCloudConfig, type CloudConfigIssue, type CloudConfigResult } from 'wc-legacy-api/cloud-config';
import { applySchemaChanges } from '../../src/cloud-config/targets/schema-change';
import { cloudInit262Changes } from '../../src/cloud-config/targets/cloud-init-26-2';

const cc = (body: string) => `#cloud-config\n${body}`;
const both = ['spec', '26.2'] as const;
const SPEC = { cloudInitVersion: 'spec' } as const;

function only(result: CloudConfigResult): CloudConfigIssue {
  expect(result.errors).toHaveLength(1);
  return result.errors[0]!;
}

describe('targets', () => {
  it('names the target checked against: the newest release by default, 26.2 for 26.2 and latest, the spec by name', () => {
    expect(validateCloudConfig(cc('runcmd: [ls]\n')).target).toBe('26.2');
    expect(validateCloudConfig(cc('runcmd: [ls]\n'), SPEC).target).toBe('spec');
    expect(validateCloudConfig(cc('runcmd: [ls]\n'), { cloudInitVersion: '26.2' }).target).toBe('26.2');
    expect(validateCloudConfig(cc('runcmd: 5\n'), { cloudInitVersion: 'latest' })).toMatchObject({ valid: false, target: '26.2' });
    expect(validateCloudConfig({ runcmd: ['ls'] }, { cloudInitVersion: 'latest' }).target).toBe('26.2');
  });

  it('reports an unknown version as data, never by throwing', () => {
    const result = validateCloudConfig(cc('runcmd: [ls]\n'), { cloudInitVersion: '19.4' as never });
    expect(only(result)).toMatchObject({ code: 'invalid_input', path: '' });
    expect(only(result).message).toContain('19.4');
    expect(() => cloudConfigSchemaFor('19.4' as never)).toThrow(RangeError);
  });

  it.each([
    ['users[].sudo as a list', 'users:\n  - name: a\n    sudo: ["ALL=(ALL) NOPASSWD:ALL"]\n'],
    ['ansible.pull as a list', 'ansible:\n  pull:\n    - url: https://git.example/x.git\n      playbook_names: [site.yml]\n'],
    ['users[].doas', 'users:\n  - name: a\n    doas: [permit a as root]\n'],
    ['GPT type GUIDs in disk_setup', 'disk_setup:\n  /dev/sdb:\n    table_type: gpt\n    layout: [[100, "0FC63DAF-8483-4772-8E79-3D69D8477DE4"]]\n'],
    ['grub_dpkg.grub-efi/install_devices', 'grub_dpkg:\n  grub-efi/install_devices: /dev/sda1\n'],
  ])('accepts with 26.2 what 26.2 accepts and the spec does not: %s', (_what, body) => {
    expect(validateCloudConfig(cc(body), SPEC).valid).toBe(false);
    expect(validateCloudConfig(cc(body), { cloudInitVersion: '26.2' }).valid).toBe(true);
  });

  it('accepts rh_subscription.release_version under both targets (26.2 has it)', () => {
    for (const cloudInitVersion of both) expect(validateCloudConfig(cc('rh_subscription:\n  release_version: "9.4"\n'), { cloudInitVersion }).valid).toBe(true);
  });

  it('derives a release schema from the spec without changing the spec', () => {
    const before = JSON.stringify(cloudConfigSchema);
    const schema = cloudConfigSchemaFor('26.2');
    expect(JSON.stringify(cloudConfigSchema)).toBe(before);
    expect(cloudConfigSchemaFor('spec')).toBe(cloudConfigSchema);
    // Without a version: the default target's, the newest release.
    expect(cloudConfigSchemaFor()).toBe(schema);
    expect(schema.$id).toBe('https://wc-legacy-api.dev/schemas/cloud-config-26.2.json');
    const user = (schema.$defs as Record<string, { properties: Record<string, unknown> }>)['users_groups.user']!;
    expect(user.properties.doas).toBeDefined();
    // Every change has a fact and applies to the baseline.
    for (const change of cloudInit262Changes()) expect(change.fact.length).toBeGreaterThan(5);
    expect(() => applySchemaChanges(cloudConfigSchema, [{ remove: '/properties/no_such_key', fact: 'x' }])).toThrow(/nothing to remove/);
    expect(() => applySchemaChanges(cloudConfigSchema, [{ set: '/nowhere/at/all', to: {}, fact: 'x' }])).toThrow(/no node/);
  });
});

describe('paths as cloud-init reports them', () => {
  it('reports an unknown nested key at its mapping, keeping the key and its position', () => {
    for (const cloudInitVersion of both) {
      const error = only(validateCloudConfig(cc('apt:\n  preserve_sources_list: true\n  mirror: http://example.org\n'), { cloudInitVersion }));
      expect(error).toMatchObject({ code: 'additional_property', path: 'apt', pointer: '/apt', property: 'mirror', line: 4, column: 3 });
    }
  });

  it('reports several unknown top-level keys each at its key (spec) or all at "" (cloud-init 26.2)', () => {
    const text = cc('runcmds: [ls]\nnetwork: {version: 2}\n');
    expect(validateCloudConfig(text, SPEC).errors.map((e) => e.path)).toEqual(['runcmds', 'network']);
    const release = validateCloudConfig(text, { cloudInitVersion: '26.2' });
    expect(release.errors.map((e) => [e.path, e.code === 'additional_property' && e.property, e.line])).toEqual([
      ['', 'runcmds', 2],
      ['', 'network', 3],
    ]);
    expect(only(validateCloudConfig(cc('runcmds: [ls]\n'), { cloudInitVersion: '26.2' })).path).toBe('runcmds');
  });

  it('reports both rh_subscription spellings as a conflict at the mapping naming the twin key', () => {
    for (const cloudInitVersion of both) {
      const result = validateCloudConfig(cc('rh_subscription:\n  service_level: self-support\n  service-level: premium\n'), { cloudInitVersion });
      expect(only(result)).toMatchObject({ code: 'conflict', path: 'rh_subscription', property: ['service_level', 'service-level'], line: 4 });
      expect(only(result).message).toBe('"service-level" is the old spelling of "service_level"; give only "service_level"');
    }
  });

  it('reports failing unions where cloud-init does under 26.2', () => {
    // anyOf: at the item, saying what is wrong further in.
    const chpasswd = cc('chpasswd:\n  users:\n    - name: root\n      password: [a, b]\n');
    expect(only(validateCloudConfig(chpasswd, SPEC))).toMatchObject({ path: 'chpasswd.users.0.password' });
    expect(only(validateCloudConfig(chpasswd, { cloudInitVersion: '26.2' }))).toMatchObject({ path: 'chpasswd.users.0', message: 'password: expected string, got array' });
    // oneOf over mappings with a `type`: cloud-init names the other handlers' types.
    const webhook = cc('reporting:\n  hook:\n    type: webhook\n    endpoint: not-a-url\n');
    expect(only(validateCloudConfig(webhook, SPEC)).path).toBe('reporting.hook.endpoint');
    expect(only(validateCloudConfig(webhook, { cloudInitVersion: '26.2' })).path).toBe('reporting.hook.type');
    // ...and a user object with a `type` key passes cloud-init 26.2's oneOf.
    expect(validateCloudConfig(cc('users:\n  - name: a\n    type: x\n'), { cloudInitVersion: '26.2' }).valid).toBe(true);
  });
});

describe('ignored parts of merged user data', () => {
  const marker = '# Cloud-config part ignored SCHEMA_ERROR: part-002\n';

  it('reports a marker line as cloud-init does, at its line', () => {
    const result = validateCloudConfig(cc(`${marker}runcmd: [ls]\n`), SPEC);
    expect(only(result)).toMatchObject({ code: 'ignored_part', path: '', line: 2, column: 1, message: 'Ignored invalid user-data: part-002' });
  });

  it('under 26.2, reports it only when the schema reports something else, else warns', () => {
    const clean = validateCloudConfig(cc(`${marker}runcmd: [ls]\n`), { cloudInitVersion: '26.2' });
    expect(clean).toMatchObject({ valid: true, warnings: [{ code: 'ignored_part', line: 2 }] });
    const deprecated = validateCloudConfig(cc(`${marker}apt_update: true\n`), { cloudInitVersion: '26.2' });
    expect(only(deprecated)).toMatchObject({ code: 'ignored_part', line: 2 });
    const broken = validateCloudConfig(cc(`${marker}runcmd: [ls\n`), { cloudInitVersion: '26.2' });
    expect(broken.errors.map((e) => e.code)).toEqual(['ignored_part', 'yaml_syntax']);
  });
});

describe('messages that tell the truth', () => {
  const message = (body: string, cloudInitVersion: 'spec' | '26.2' = 'spec') => only(validateCloudConfig(cc(body), { cloudInitVersion })).message;

  it('says a package pair needs a name and a version, not which other shapes exist', () => {
    for (const v of both) {
      expect(message('packages: [[python3]]\n', v)).toBe('expected a [name, version] pair, got 1 item');
      expect(message('packages: [[a, "1", x]]\n', v)).toBe('expected a [name, version] pair, got 3 items');
    }
  });

  it('lists every allowed form of swap.size and power_state.delay', () => {
    for (const v of both) {
      expect(message('swap: {size: 2X}\n', v)).toBe('expected "auto", a number of bytes or a size with a unit B, K, M, G or T (such as 512M or 1.5G), got string "2X"');
      expect(message('power_state: {mode: reboot, delay: soon}\n', v)).toBe('expected a number of minutes, "now" or minutes as a string such as "+5" (deprecated), got string "soon"');
      expect(message('power_state: {mode: reboot, delay: -1}\n', v)).toBe('expected a number >= 0, got integer -1');
    }
  });

  it('lists the allowed values of an enum, suggests the closest, and shows a value that is no secret', () => {
    expect(message('chpasswd:\n  users:\n    - name: root\n      type: RANDUM\n')).toBe('expected "RANDOM", got string "RANDUM"; did you mean "RANDOM"?');
    expect(message('growpart: {mode: auto-grow}\n')).toBe('expected "auto", "growpart", "gpart", "off" or false, got string "auto-grow"');
    expect(message('users:\n  - name: a\n    passwd: 5\n')).toBe('expected string, got integer (value hidden)');
  });

  it('reports the deprecated object form of users[].groups once per deprecated key', () => {
    for (const cloudInitVersion of both) {
      const result = validateCloudConfig(cc('users:\n  - name: a\n    groups: {docker: null, wheel: null}\n'), { cloudInitVersion });
      expect(result.deprecations.map((d) => d.path)).toEqual(['users.0.groups.docker', 'users.0.groups.wheel']);
    }
  });
});
