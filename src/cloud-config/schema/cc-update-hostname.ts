import { ref } from './builders';
import type { ModuleSchema } from './json-schema';

/** The update_hostname module (reads the same keys as set_hostname on every boot). */
export const ccUpdateHostname: ModuleSchema = {
  module: 'update_hostname',
  properties: {
    preserve_hostname: ref('preserve_hostname'),
    prefer_fqdn_over_hostname: ref('prefer_fqdn_over_hostname'),
    create_hostname_file: ref('create_hostname_file'),
  },
};
