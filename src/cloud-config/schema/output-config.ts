import { closed, str } from './builders';
import type { ModuleSchema } from './json-schema';

/** The `output` key: where each stage's output goes. */
export const outputConfig: ModuleSchema = {
  module: 'output',
  defs: {
    output_log_operator: {
      description: "A destination with an optional leading '>', '>>' or '|', a [stdout, stderr] pair, or an object.",
      oneOf: [
        { type: 'string' },
        { type: 'array', title: 'a [stdout, stderr] pair', items: { type: 'string' }, minItems: 2, maxItems: 2 },
        closed({ output: str('Destination of stdout.'), error: str('Destination of stderr.') }),
      ],
    },
  },
  properties: {
    output: closed(
      {
        all: { $ref: '#/$defs/output_log_operator' },
        init: { $ref: '#/$defs/output_log_operator' },
        config: { $ref: '#/$defs/output_log_operator' },
        final: { $ref: '#/$defs/output_log_operator' },
      },
      { description: 'Output redirection per stage.' },
    ),
  },
};
