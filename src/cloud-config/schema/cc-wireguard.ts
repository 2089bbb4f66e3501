import { closed, str } from './builders';
import type { ModuleSchema } from './json-schema';

/** The wireguard module. */
export const ccWireguard: ModuleSchema = {
  module: 'wireguard',
  properties: {
    wireguard: {
      type: ['object', 'null'],
      additionalProperties: false,
      minProperties: 1,
      required: ['interfaces'],
      properties: {
        interfaces: {
          type: 'array',
          minItems: 1,
          items: closed({
            name: str('Interface name, such as wg0.'),
            config_path: str('Where the interface configuration is written.'),
            content: str('Interface configuration (keys, peers).'),
          }),
        },
        readinessprobe: {
          type: 'array',
          items: { type: 'string' },
          uniqueItems: true,
          description: 'Shell commands that must succeed once the interfaces are up.',
        },
      },
    },
  },
};
