import { bool, closed, str } from './builders';
import type { ModuleSchema } from './json-schema';

/** The resolv_conf module. */
export const ccResolvConf: ModuleSchema = {
  module: 'resolv_conf',
  properties: {
    manage_resolv_conf: bool(false, 'Write resolv.conf; **resolv_conf** is ignored unless true.'),
    resolv_conf: closed({
      nameservers: { type: 'array', description: 'Name servers.' },
      searchdomains: { type: 'array', description: 'Search domains.' },
      domain: str('Local domain.'),
      sortlist: { type: 'array', description: 'Sort list addresses.' },
      options: { type: 'object', description: 'Resolver options; a flag option is given as true.' },
    }),
  },
};
