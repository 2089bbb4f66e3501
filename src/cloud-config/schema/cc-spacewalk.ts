import { closed, str } from './builders';
import type { ModuleSchema } from './json-schema';

/** The spacewalk module. */
export const ccSpacewalk: ModuleSchema = {
  module: 'spacewalk',
  properties: {
    spacewalk: closed({
      server: str('Spacewalk server.'),
      proxy: str('Proxy for reaching the server.'),
      activation_key: str('Activation key for registration.'),
    }),
  },
};
