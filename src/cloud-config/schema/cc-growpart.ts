import { bool, changed, closed } from './builders';
import type { ModuleSchema } from './json-schema';

// Unquoted `off` is a YAML 1.1 boolean false, so the deprecated `false` form is common.

/** The growpart module: grow partitions to fill their disks. */
export const ccGrowpart: ModuleSchema = {
  module: 'growpart',
  properties: {
    growpart: closed({
      mode: {
        default: 'auto',
        description: 'Resize tool: `auto`, `growpart`, `gpart`, or `off` to do nothing.',
        oneOf: [
          { type: 'string', enum: ['auto', 'growpart', 'gpart', 'off'] },
          changed(
            { type: 'boolean', enum: [false] },
            '22.3',
            "Specifying a boolean ``false`` value for **mode** is deprecated. Use the string ``'off'`` instead.",
          ),
        ],
      },
      devices: {
        type: 'array',
        minItems: 1,
        items: { type: 'string' },
        default: ['/'],
        description: 'Mount points or block devices to grow.',
      },
      ignore_growroot_disabled: bool(false, 'Grow even when /etc/growroot-disabled exists.'),
    }),
  },
};
