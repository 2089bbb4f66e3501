import { changed, ref } from './builders';
import type { ModuleSchema } from './json-schema';

/** The update_etc_hosts module. */
export const ccUpdateEtcHosts: ModuleSchema = {
  module: 'update_etc_hosts',
  properties: {
    manage_etc_hosts: {
      default: false,
      description: 'true renders /etc/hosts from the template; `localhost` only adds a 127.0.1.1 entry.',
      oneOf: [
        { enum: [true, false, 'localhost'] },
        changed({ type: 'string', enum: ['template'] }, '22.3', 'Use of **template** is deprecated, use ``true`` instead.'),
      ],
    },
    fqdn: ref('fqdn'),
    hostname: ref('hostname'),
  },
};
