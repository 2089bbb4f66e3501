import { bool, changed, deprecated, str, strArray } from './builders';
import type { ModuleSchema } from './json-schema';

// users_groups: the spec's user object (closed; exactly one of `name` or `snapuser`) and
// group map. `ssh_redirect_user: true` excludes `ssh_authorized_keys` and `ssh_import_id`;
// the exclusion is an if/then whose `then` forbids those keys, so an error points at the
// conflicting key rather than at the whole user.

const userProperties = {
  name: str('Login name. Without it (and without snapuser) the user is skipped.'),
  expiredate: str('Date on which the account is disabled (YYYY-MM-DD).', { format: 'date', default: null }),
  gecos: str('Comment about the user, usually the real name and contact information.'),
  groups: {
    description: 'Groups to add the user to.',
    oneOf: [
      { type: 'string', description: 'Comma-separated group names.' },
      strArray('Group names.'),
      {
        type: 'object',
        description: 'Group names as keys with null values (deprecated: each key is reported, as cloud-init does).',
        additionalProperties: false,
        patternProperties: {
          '^.+$': deprecated(
            { label: '<group_name>', type: 'null' },
            '23.1',
            'The use of ``object`` type is deprecated. Use ``string`` or ``array`` of ``string`` instead.',
          ),
        },
        hidden: ['patternProperties'],
      },
    ],
  },
  homedir: str('Home directory. Default: `/home/<username>`.', { default: '/home/<username>' }),
  inactive: str('Number of days after the password expires until the account is disabled.'),
  lock_passwd: bool(true, 'Disable password login.'),
  'lock-passwd': deprecated(bool(true), '22.3', 'Use **lock_passwd** instead.'),
  no_create_home: bool(false, 'Do not create the home directory.'),
  no_log_init: bool(false, 'Do not initialize lastlog and faillog for the user.'),
  no_user_group: bool(false, 'Do not create a group named after the user.'),
  passwd: str('Password hash, applied only when the user does not exist yet.'),
  hashed_passwd: str('Password hash, applied even when the user already exists.'),
  plain_text_passwd: str('Clear-text password, applied even when the user already exists. Insecure.'),
  create_groups: bool(true, 'Create the groups listed in **groups** when missing.'),
  primary_group: str('Primary group. Default: a group named after the user.', { default: '<username>' }),
  selinux_user: str('SELinux user for the login.'),
  shell: str('Login shell path. Default: the system default shell.'),
  snapuser: str(
    'E-mail address; creates the user through `snap create-user`, with name and SSH keys from the associated identity account.',
  ),
  ssh_authorized_keys: strArray('Public SSH keys for the user. Cannot be combined with **ssh_redirect_user**.'),
  ssh_import_id: strArray('SSH ids to import for the user. Cannot be combined with **ssh_redirect_user**.'),
  ssh_redirect_user: bool(
    false,
    'Disable SSH logins for this user and point them at the default user. Cannot be combined with **ssh_import_id** or **ssh_authorized_keys**.',
  ),
  system: bool(false, 'Create a system user without a home directory.'),
  sudo: {
    description: 'Sudo rule for the user. Absent or null adds no rule.',
    oneOf: [
      { type: ['string', 'null'] },
      changed(
        { type: 'boolean', enum: [false] },
        '22.2',
        'The value ``false`` is deprecated for this key, use ``null`` instead.',
      ),
    ],
  },
  uid: {
    description: 'Numeric user id. Default: the next available id.',
    oneOf: [
      { type: 'integer' },
      changed({ type: 'string' }, '22.3', 'The use of ``string`` type is deprecated. Use an ``integer`` instead.'),
    ],
  },
};

/** The users_groups module: `users`, `user` and `groups`. */
export const ccUsersGroups: ModuleSchema = {
  module: 'users_groups',
  defs: {
    'users_groups.user': {
      description: 'One user to create or configure.',
      type: 'object',
      additionalProperties: false,
      properties: userProperties,
      // `properties: { name: true }` only declares the key for ajv's strictRequired check.
      oneOf: [
        { required: ['name'], properties: { name: true } },
        { required: ['snapuser'], properties: { snapuser: true } },
      ],
      if: { required: ['ssh_redirect_user'], properties: { ssh_redirect_user: { const: true } } },
      then: { properties: { ssh_authorized_keys: false, ssh_import_id: false } },
    },
    'users_groups.groups_by_groupname': {
      description: 'Group names mapped to the user (or users) to add to them.',
      type: 'object',
      additionalProperties: false,
      patternProperties: {
        '^.+$': {
          label: '<group_name>',
          description: 'One user name, or a list of user names.',
          oneOf: [{ type: 'string' }, strArray()],
        },
      },
    },
  },
  properties: {
    groups: {
      description: 'Groups to create: a name, a list of names or group maps, or a group map.',
      oneOf: [
        { type: 'string' },
        {
          type: 'array',
          minItems: 1,
          items: { oneOf: [{ type: 'string' }, { $ref: '#/$defs/users_groups.groups_by_groupname' }] },
        },
        { $ref: '#/$defs/users_groups.groups_by_groupname' },
      ],
    },
    user: {
      description: 'Overrides the default user: a name, or a user object.',
      oneOf: [{ type: 'string' }, { $ref: '#/$defs/users_groups.user' }],
    },
    users: {
      description:
        'Users to create. `default` names the distribution default user; `[]` creates none. A list entry is a name, a list of names, or a user object.',
      oneOf: [
        { type: 'string' },
        {
          type: 'array',
          items: {
            oneOf: [
              { type: 'string' },
              { type: 'array', items: { type: 'string' } },
              { $ref: '#/$defs/users_groups.user' },
            ],
          },
        },
        { type: 'object', description: 'Users keyed by name (accepted as cloud-init accepts it, unchecked).' },
      ],
    },
  },
};
