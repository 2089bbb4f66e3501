import { bool, closed, deprecated, strArray } from './builders';
import type { ModuleSchema } from './json-schema';

/** The ca_certs module: trusted CA certificates. */
export const ccCaCerts: ModuleSchema = {
  module: 'ca_certs',
  defs: {
    ca_certs: closed(
      {
        remove_defaults: bool(false, 'Remove the default CA certificates.'),
        'remove-defaults': deprecated(bool(false), '22.3', 'Use **remove_defaults** instead.'),
        trusted: strArray('CA certificates (PEM) to add.'),
      },
      { minProperties: 1, description: 'CA certificate configuration.' },
    ),
  },
  properties: {
    ca_certs: { $ref: '#/$defs/ca_certs' },
    'ca-certs': deprecated({ allOf: [{ $ref: '#/$defs/ca_certs' }] }, '22.3', 'Use **ca_certs** instead.'),
  },
};
