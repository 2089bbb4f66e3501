import { bool, closed, str } from './builders';
import type { JsonSchema, ModuleSchema } from './json-schema';

// As the spec describes it (cloud-init 23.1): `pull` is one object with `url` and
// `playbook_name`. cloud-init 26.2's list form of `pull` is not accepted.

const runAnsibleStrings = [
  'playbook_name',
  'playbook_dir',
  'become_password_file',
  'connection_password_file',
  'vault_id',
  'vault_password_file',
  'module_path',
  'args',
  'extra_vars',
  'inventory',
  'scp_extra_args',
  'sftp_extra_args',
  'private_key',
  'connection',
  'module_name',
  'sleep',
  'tags',
  'skip_tags',
];
const pullStrings = [
  'ssh_common_args',
  'scp_extra_args',
  'sftp_extra_args',
  'private_key',
  'checkout',
  'module_path',
  'timeout',
  'url',
  'connection',
  'vault_id',
  'vault_password_file',
  'module_name',
  'sleep',
  'tags',
  'skip_tags',
  'playbook_name',
];

function fields(strings: string[], booleans: string[], numbers: string[]): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const k of strings) out[k] = str();
  for (const k of booleans) out[k] = bool(false);
  for (const k of numbers) out[k] = { type: 'number', minimum: 0 };
  return out;
}

/** The ansible module: install ansible and run playbooks (controller or ansible-pull). */
export const ccAnsible: ModuleSchema = {
  module: 'ansible',
  properties: {
    ansible: closed(
      {
        install_method: str('How to install ansible.', { enum: ['distro', 'pip'], default: 'distro' }),
        run_user: str('User that runs module commands, and the pip install.'),
        ansible_config: str('Value for the ANSIBLE_CONFIG environment variable.'),
        package_name: str('Package to install.', { default: 'ansible' }),
        setup_controller: closed({
          repositories: {
            type: 'array',
            minItems: 1,
            items: closed({ path: str(), source: str() }, { required: ['path', 'source'] }),
          },
          run_ansible: {
            type: 'array',
            minItems: 1,
            items: closed(
              fields(runAnsibleStrings, ['list_hosts', 'syntax_check', 'check', 'diff'], [
                'timeout',
                'background',
                'poll',
                'forks',
              ]),
            ),
          },
        }),
        galaxy: closed(
          {
            actions: {
              type: 'array',
              minItems: 1,
              items: { type: 'array', minItems: 1, items: { type: 'string' } },
            },
          },
          { required: ['actions'] },
        ),
        pull: closed(fields(pullStrings, ['accept_host_key', 'clean', 'full', 'diff'], []), {
          required: ['url', 'playbook_name'],
        }),
      },
      { description: 'Install ansible and run playbooks.' },
    ),
  },
};
