import type { ModuleSchema } from './json-schema';

/** The runcmd module: commands run once at the end of the first boot. */
export const ccRuncmd: ModuleSchema = {
  module: 'runcmd',
  properties: {
    runcmd: {
      type: 'array',
      minItems: 1,
      description: 'Commands, each a shell string or an argument list (null entries are skipped).',
      items: { oneOf: [{ type: 'array', items: { type: 'string' } }, { type: 'string' }, { type: 'null' }] },
    },
  },
};
