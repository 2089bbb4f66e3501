import type { ModuleSchema } from './json-schema';

/** The apt_pipelining module. */
export const ccAptPipelining: ModuleSchema = {
  module: 'apt_pipelining',
  properties: {
    apt_pipelining: {
      description: 'APT pipeline depth: a number, true/false, or `none`, `unchanged`, `os`.',
      oneOf: [{ type: 'integer' }, { type: 'boolean' }, { type: 'string', enum: ['none', 'unchanged', 'os'] }],
    },
  },
};
