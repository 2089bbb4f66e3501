import { closed, deprecated } from './builders';
import type { ModuleSchema } from './json-schema';

/** The scripts_vendor module (`vendor_data`). */
export const ccScriptsVendor: ModuleSchema = {
  module: 'scripts_vendor',
  properties: {
    vendor_data: closed({
      enabled: {
        description: 'Run vendor data. Default: true.',
        oneOf: [
          { type: 'boolean', default: true },
          deprecated({ type: 'string' }, '22.3', 'Use of type string for this value is deprecated. Use a boolean instead.'),
        ],
      },
      prefix: {
        description: 'Command prefixed to every vendor script.',
        oneOf: [
          { type: 'string' },
          { type: 'array', items: { type: ['string', 'integer'] } },
        ],
      },
    }),
  },
};
