import { bool, str } from './builders';
import type { ModuleSchema } from './json-schema';

/** The ssh_authkey_fingerprints module. */
export const ccSshAuthkeyFingerprints: ModuleSchema = {
  module: 'ssh_authkey_fingerprints',
  properties: {
    no_ssh_fingerprints: bool(false, 'Do not log authorized key fingerprints.'),
    authkey_hash: str('Hash for the fingerprints.', { default: 'sha256' }),
  },
};
