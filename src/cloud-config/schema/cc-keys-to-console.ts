import { bool, closed, strArray } from './builders';
import type { ModuleSchema } from './json-schema';

/** The keys_to_console module: which SSH host keys are printed to the console. */
export const ccKeysToConsole: ModuleSchema = {
  module: 'keys_to_console',
  properties: {
    ssh: closed(
      { emit_keys_to_console: bool(true, 'Print SSH host keys to the console.') },
      { required: ['emit_keys_to_console'] },
    ),
    ssh_key_console_blacklist: strArray('Key types not printed.', { uniqueItems: true, default: ['ssh-dss'] }),
    ssh_fp_console_blacklist: strArray('Fingerprint hash types not printed.', { uniqueItems: true }),
  },
};
