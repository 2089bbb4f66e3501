import { bool, changed, deprecated, ref, str, strArray } from '../schema/builders';
import type { JsonSchema } from '../schema/json-schema';
import { moduleNameSpellings } from '../schema/module-names';
import type { SchemaChange } from './schema-change';

// cloud-init 26.2, as differences from the specification baseline (src/cloud-config/schema/).
// The baseline already follows 26.2 for every module the spec does not show, so the facts below
// are about the sections the spec shows (which follow 23.1), the module lists, and the places
// where 26.2's validator reads its own schema differently from how the spec reads (a `$ref` with
// sibling keywords, `prefixItems` ignored by a draft-04 validator). Each fact was checked against
// the behaviour of `cloud-init schema` 26.2 (see docs/cloud-config.md, "Targets").

const USER = '/$defs/users_groups.user';

/** Strings, as cloud-init lists them for a key: no minimum count. */
function strings(description?: string): JsonSchema {
  return { type: 'array', items: { type: 'string' }, ...(description ? { description } : {}) };
}

// Module names 26.2 does not know, and names it spells only one way.
const UNKNOWN_MODULES = new Set(['migrator', 'netplan_nm_patch', 'refresh_rmc_and_interface', 'rightscale_userdata']);
const UNDERSCORE_ONLY = new Set(['raspberry-pi', 'ubuntu-pro']);
const moduleNames = (): string[] => moduleNameSpellings().filter((name) => !UNKNOWN_MODULES.has(name.replaceAll('-', '_')) && !UNDERSCORE_ONLY.has(name));

// Hyphenated user keys 26.2 accepts as deprecated aliases (24.2), besides `lock-passwd`.
const hyphenatedUserAliases = (): readonly (readonly [alias: string, schema: JsonSchema])[] => [
  ['create-groups', bool()],
  ['hashed-passwd', str()],
  ['no-create-home', bool()],
  ['no-log-init', bool()],
  ['no-user-group', bool()],
  ['plain-text-passwd', str()],
  ['primary-group', str()],
  ['selinux-user', str()],
  ['ssh-import-id', strArray()],
  ['ssh-redirect-user', bool()],
];

/**
 * The schema changes of cloud-init 26.2 relative to the specification baseline. Built when the
 * 26.2 schema is first asked for, not on import: most processes never target 26.2, and every
 * import is part of the CLI's cold start.
 */
export const cloudInit262Changes = (): readonly SchemaChange[] => [
  // users_groups
  { set: `${USER}/properties/doas`, to: strArray('doas rules for the user (doas or opendoas must be installed).'), fact: 'users[].doas: a list of doas rules (added in 24.1)' },
  ...hyphenatedUserAliases().map(([alias, schema]): SchemaChange => ({
    set: `${USER}/properties/${alias}`,
    to: deprecated(schema, '24.2', `Use **${alias.replaceAll('-', '_')}** instead.`),
    fact: `users[].${alias}: a deprecated alias of ${alias.replaceAll('-', '_')} (24.2)`,
  })),
  {
    set: `${USER}/properties/ssh-authorized-keys`,
    to: deprecated(strArray(), '18.3', 'Use **ssh_authorized_keys** instead.'),
    fact: 'users[].ssh-authorized-keys: a deprecated alias of ssh_authorized_keys (18.3)',
  },
  {
    set: `${USER}/properties/sudo/oneOf`,
    to: [
      { type: ['string', 'null'] },
      { type: 'array', items: { type: ['string', 'null'] }, description: 'Several sudo rules.' },
      changed({ type: 'boolean' }, '22.2', 'The value ``false`` is deprecated for this key, use ``null`` instead.'),
    ],
    fact: 'users[].sudo: also a list of rules; any boolean (true too) is accepted and reported as changed in 22.2',
  },
  { remove: `${USER}/if`, fact: 'users[]: ssh_redirect_user with ssh_authorized_keys or ssh_import_id is not a schema error (it fails at boot)' },
  { remove: `${USER}/then`, fact: 'users[]: (the then part of the same rule)' },
  { remove: `${USER}/properties/groups/oneOf/2/additionalProperties`, fact: 'users[].groups object form: the mapping is not closed (an empty key is accepted)' },
  { copy: '/properties/users/oneOf/1/items', into: '/properties/users/items', fact: 'users: list entries as in the baseline' },
  { remove: '/properties/users/oneOf', fact: 'users: one schema for all its forms (a type list, not a oneOf), so the errors of every entry are reported' },
  { set: '/properties/users/type', to: ['string', 'array', 'object'], fact: 'users: a string, a list or a mapping (the mapping unchecked)' },
  {
    set: '/properties/groups',
    to: {
      description: 'Groups to create: a name, a list of names or group maps, or a group map.',
      type: ['string', 'object', 'array'],
      $ref: '#/$defs/users_groups.groups_by_groupname',
      items: { type: ['string', 'object'], $ref: '#/$defs/users_groups.groups_by_groupname' },
      minItems: 1,
    },
    fact: 'groups: one schema for all its forms (a type list next to a $ref, not a oneOf), so every error in it is reported',
  },
  { remove: '/$defs/users_groups.groups_by_groupname/type', fact: 'group map: applies to mappings only (no type of its own)' },
  {
    set: '/$defs/users_groups.groups_by_groupname/patternProperties/^.+$',
    to: { label: '<group_name>', description: 'One user name, or a list of user names.', type: ['string', 'array'], items: { type: 'string' }, minItems: 1 },
    fact: 'group map values: a string, or a list of at least one string, in one schema',
  },
  // module lists
  { set: '/$defs/module_name/enum', to: moduleNames(), fact: 'module names: no migrator, netplan_nm_patch, refresh_rmc_and_interface, rightscale_userdata; raspberry_pi and ubuntu_pro only with underscores' },
  { remove: '/$defs/module_name/type', fact: 'module names: an enum without a type' },
  { set: '/$defs/module_list/items/oneOf/1', to: { type: 'array', description: 'A [name, frequency] pair (not checked).' }, fact: 'module lists: an array entry is not checked (prefixItems is ignored by a draft-04 validator)' },
  { remove: '/$defs/module_list/minItems', fact: 'module lists: may be empty' },
  { set: '/properties/migrate', to: { description: 'Accepted without a type (the migrator module is gone).' }, fact: 'migrate: listed at the top level with no schema' },
  // ansible
  { remove: '/properties/ansible/properties/setup_controller/properties/repositories/minItems', fact: 'ansible.setup_controller.repositories: may be empty' },
  { remove: '/properties/ansible/properties/setup_controller/properties/run_ansible/minItems', fact: 'ansible.setup_controller.run_ansible: may be empty' },
  { remove: '/properties/ansible/properties/setup_controller/properties/run_ansible/items/additionalProperties', fact: 'ansible.setup_controller.run_ansible[]: further keys are accepted (not closed)' },
  { set: '/properties/ansible/properties/galaxy/properties/actions', to: { type: 'array', items: { type: 'array', items: { type: 'string', pattern: '^.*$' } } }, fact: 'ansible.galaxy.actions: no minimum counts; each word must be one line' },
  { copy: '/properties/ansible/properties/pull', into: '/$defs/ansible.pull', fact: 'ansible.pull: one run keeps the keys of the baseline pull object' },
  { remove: '/$defs/ansible.pull/required', fact: 'ansible.pull: one run needs url and playbook_name, or url and playbook_names' },
  {
    set: '/$defs/ansible.pull/oneOf',
    to: [
      { required: ['url', 'playbook_name'], properties: { url: true, playbook_name: true } },
      { required: ['url', 'playbook_names'], properties: { url: true, playbook_names: true } },
    ],
    fact: '(the two alternatives)',
  },
  { set: '/$defs/ansible.pull/properties/playbook_name', to: deprecated(str(), '25.2', 'Use **playbook_names** instead.'), fact: 'ansible.pull playbook_name: deprecated (25.2)' },
  { set: '/$defs/ansible.pull/properties/playbook_names', to: strings('Playbooks to run.'), fact: 'ansible.pull playbook_names: added' },
  { set: '/$defs/ansible.pull/properties/verify_commit', to: bool(false, 'Verify the GPG signature of the checked out commit.'), fact: 'ansible.pull verify_commit: added' },
  { set: '/$defs/ansible.pull/properties/inventory', to: str('Inventory file or host list.'), fact: 'ansible.pull inventory: added' },
  {
    set: '/properties/ansible/properties/pull',
    to: {
      description: 'ansible-pull runs: a list, or one run (deprecated).',
      oneOf: [{ type: 'array', items: ref('ansible.pull') }, deprecated(ref('ansible.pull'), '25.2', 'Use a list of ansible-pull runs instead.')],
    },
    fact: 'ansible.pull: a list of runs; one object is deprecated (25.2)',
  },
  // apt_configure, apt_pipelining
  { remove: '/properties/apt/properties/generate_mirrorlists', fact: 'apt.generate_mirrorlists: not a key of 26.2' },
  {
    set: '/properties/apt_pipelining/oneOf/2',
    to: { type: 'string', oneOf: [{ enum: ['os'] }, deprecated({ enum: ['none', 'unchanged'] }, '22.4', 'Use **os** instead.')] },
    fact: 'apt_pipelining: none and unchanged are deprecated (22.4)',
  },
  // bootcmd
  { remove: '/properties/bootcmd/items/oneOf/1/minItems', fact: 'bootcmd: a command given as a list may be empty' },
  // chef
  { set: '/properties/chef/properties/config_path', to: str('Path of the chef client configuration file.'), fact: 'chef.config_path: added' },
  { set: '/properties/chef/properties/chef_license/enum', to: ['accept', 'accept-silent', 'accept-no-persist'], fact: 'chef.chef_license: one of three values' },
  { remove: '/properties/chef/properties/run_list/minItems', fact: 'chef.run_list: may be empty' },
  // disk_setup
  { remove: '/properties/disk_setup/patternProperties/^.+$/properties/layout/oneOf/2/minItems', fact: 'disk_setup layout list: may be empty' },
  {
    set: '/properties/disk_setup/patternProperties/^.+$/properties/layout/oneOf/2/items/oneOf/1',
    to: { type: 'array', items: { anyOf: [{ type: 'integer' }, { type: 'string' }] }, minItems: 2, maxItems: 2 },
    fact: 'disk_setup layout pair: [size percent, partition type] where the type may be a string (a GPT type GUID)',
  },
  { remove: '/properties/fs_setup/minItems', fact: 'fs_setup: may be empty' },
  {
    set: '/properties/fs_setup/items/properties/partition',
    to: { description: 'Partition number, or auto, any or none.', type: ['string', 'integer'], oneOf: [{ type: 'string', enum: ['auto', 'any', 'none'] }] },
    fact: 'fs_setup[].partition: only auto, any or none pass (an integer fails the one-branch oneOf next to the type)',
  },
  ...(['extra_opts', 'cmd'] as const).map((key): SchemaChange => ({
    set: `/properties/fs_setup/items/properties/${key}`,
    to: { type: ['array', 'string'], items: { type: 'string' } },
    fact: `fs_setup[].${key}: a string or a list of strings, which may be empty`,
  })),
  // growpart, grub_dpkg, install_hotplug, keys_to_console, landscape
  { remove: '/properties/growpart/properties/devices/minItems', fact: 'growpart.devices: may be empty' },
  { set: '/$defs/grub_dpkg/properties/grub-efi~1install_devices', to: str('EFI partition to install GRUB to.'), fact: 'grub_dpkg.grub-efi/install_devices: added' },
  { set: '/properties/grub-dpkg', to: deprecated({ type: 'object' }, '22.2', 'Use **grub_dpkg** instead.'), fact: 'grub-dpkg: any mapping, its content not checked' },
  { remove: '/properties/updates/properties/network/properties/when/minItems', fact: 'updates.network.when: may be empty' },
  { remove: '/properties/ssh_key_console_blacklist/minItems', fact: 'ssh_key_console_blacklist: may be empty' },
  { remove: '/properties/ssh_fp_console_blacklist/minItems', fact: 'ssh_fp_console_blacklist: may be empty' },
  { set: '/properties/mounts/items/items', to: { type: 'string' }, fact: 'mounts entries: fields are strings (null is not accepted)' },
  { remove: '/properties/lxd/if', fact: 'lxd.preseed with lxd.init or lxd.bridge is not a schema error (it fails at boot)' },
  { remove: '/properties/lxd/then', fact: 'lxd: (the then part of the same rule)' },
  { set: '/properties/landscape/properties/client/required', to: ['account_name', 'computer_title'], fact: 'landscape.client: account_name and computer_title are required' },
];
