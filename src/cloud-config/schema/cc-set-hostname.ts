import { ref } from './builders';
import type { ModuleSchema } from './json-schema';

/** The set_hostname module. */
export const ccSetHostname: ModuleSchema = {
  module: 'set_hostname',
  properties: {
    preserve_hostname: ref('preserve_hostname'),
    hostname: ref('hostname'),
    fqdn: ref('fqdn'),
    prefer_fqdn_over_hostname: ref('prefer_fqdn_over_hostname'),
    create_hostname_file: ref('create_hostname_file'),
  },
};
