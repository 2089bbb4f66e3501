import type { ModuleSchema } from './json-schema';

/** The bootcmd module: commands run early on every boot. */
export const ccBootcmd: ModuleSchema = {
  module: 'bootcmd',
  properties: {
    bootcmd: {
      description: 'Commands, each a shell string or an argument list.',
      type: 'array',
      minItems: 1,
      items: { oneOf: [{ type: 'string' }, { type: 'array', minItems: 1, items: { type: 'string' } }] },
    },
  },
};
