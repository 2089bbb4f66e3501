import { closed, int, str } from './builders';
import type { ModuleSchema } from './json-schema';

/** The phone_home module: post instance data to a URL when boot finishes. */
export const ccPhoneHome: ModuleSchema = {
  module: 'phone_home',
  properties: {
    phone_home: closed(
      {
        url: str('URL to post to.', { format: 'uri' }),
        post: {
          description: '`all`, or the keys to post.',
          oneOf: [
            { type: 'string', enum: ['all'] },
            {
              type: 'array',
              items: {
                type: 'string',
                enum: ['pub_key_rsa', 'pub_key_ecdsa', 'pub_key_ed25519', 'instance_id', 'hostname', 'fqdn'],
              },
            },
          ],
        },
        tries: int(10, 'Attempts before giving up.'),
      },
      { required: ['url'] },
    ),
  },
};
