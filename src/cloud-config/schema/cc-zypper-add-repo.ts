import { str } from './builders';
import type { ModuleSchema } from './json-schema';

/** The zypper_add_repo module (`zypper`). */
export const ccZypperAddRepo: ModuleSchema = {
  module: 'zypper_add_repo',
  properties: {
    zypper: {
      type: 'object',
      minProperties: 1,
      additionalProperties: true,
      properties: {
        repos: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            additionalProperties: true,
            required: ['id', 'baseurl'],
            properties: {
              id: str('Repository id, also the .repo file name.'),
              baseurl: str('Repository URL.', { format: 'uri' }),
            },
          },
        },
        config: { type: 'object', description: 'zypp.conf settings.' },
      },
    },
  },
};
