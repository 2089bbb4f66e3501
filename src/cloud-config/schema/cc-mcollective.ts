import { closed, str } from './builders';
import type { ModuleSchema } from './json-schema';

/** The mcollective module. */
export const ccMcollective: ModuleSchema = {
  module: 'mcollective',
  properties: {
    mcollective: closed({
      conf: closed(
        {
          'public-cert': str('Server public certificate.'),
          'private-cert': str('Server private certificate.'),
        },
        {
          description: 'Certificates, and settings appended to server.cfg.',
          patternProperties: {
            // Any other key; the lookahead keeps the two named keys to their own schemas.
            '^(?!(public|private)-cert$).+$': { label: '<config_key>', oneOf: [{ type: 'boolean' }, { type: 'integer' }, { type: 'string' }] },
          },
        },
      ),
    }),
  },
};
