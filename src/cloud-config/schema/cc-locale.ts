import { str } from './builders';
import type { ModuleSchema } from './json-schema';

/** The locale module. */
export const ccLocale: ModuleSchema = {
  module: 'locale',
  properties: {
    locale: {
      description: 'System locale, such as `en_US.UTF-8`; false leaves it alone.',
      oneOf: [{ type: 'boolean' }, { type: 'string' }],
    },
    locale_configfile: str('File the locale setting is written to. Default: the distribution default.'),
  },
};
