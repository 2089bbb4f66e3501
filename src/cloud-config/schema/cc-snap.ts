import type { ModuleSchema } from './json-schema';

function command() {
  return { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] };
}

/** The snap module: assertions and snap commands. */
export const ccSnap: ModuleSchema = {
  module: 'snap',
  properties: {
    snap: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: {
        assertions: {
          description: 'Signed assertions acknowledged before the commands run: a list, or a map of labels to assertions.',
          oneOf: [
            { type: 'array', items: { type: 'string' }, minItems: 1, uniqueItems: true },
            { type: 'object', minProperties: 1, additionalProperties: { type: 'string' } },
          ],
        },
        commands: {
          description: 'snap commands: a list, or a map of labels to commands (run in label order).',
          oneOf: [
            { type: 'array', items: command(), minItems: 1 },
            { type: 'object', minProperties: 1, additionalProperties: command() },
          ],
        },
      },
    },
  },
};
