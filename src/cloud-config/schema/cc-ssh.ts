import { bool, closed, str, strArray } from './builders';
import type { ModuleSchema } from './json-schema';

/** The ssh module: host keys, authorized keys and root login. */
export const ccSsh: ModuleSchema = {
  module: 'ssh',
  properties: {
    ssh_keys: {
      type: 'object',
      additionalProperties: false,
      description: 'Host keys to install, as `<type>_private`, `<type>_public` and `<type>_certificate`.',
      patternProperties: {
        '^(ecdsa|ed25519|rsa)_(public|private|certificate)$': { label: '<key_type>', type: 'string' },
      },
    },
    ssh_authorized_keys: strArray('Public keys for the default user.'),
    ssh_deletekeys: bool(true, 'Remove host keys baked into the image.'),
    ssh_genkeytypes: {
      type: 'array',
      minItems: 1,
      default: ['ecdsa', 'ed25519', 'rsa'],
      description: 'Host key types to generate.',
      items: { type: 'string', enum: ['ecdsa', 'ed25519', 'rsa'] },
    },
    disable_root: bool(true, 'Disable root SSH login.'),
    disable_root_opts: str('authorized_keys options for root when disabled; `$USER` is the default user.'),
    allow_public_ssh_keys: bool(true, 'Install the public keys from the datasource.'),
    ssh_quiet_keygen: bool(false, 'Keep key generation off the console.'),
    ssh_publish_hostkeys: closed({
      enabled: bool(true, 'Publish host keys to the datasource.'),
      blacklist: { type: 'array', items: { type: 'string' }, description: 'Key types not published.' },
    }),
  },
};
