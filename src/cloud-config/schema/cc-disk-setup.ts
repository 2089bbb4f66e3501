import { bool, closed, str } from './builders';
import type { ModuleSchema } from './json-schema';

function stringOrStrings(description: string) {
  return { description, oneOf: [{ type: 'string' }, { type: 'array', minItems: 1, items: { type: 'string' } }] };
}

/** The disk_setup module: partition tables (`disk_setup`), filesystems (`fs_setup`), aliases. */
export const ccDiskSetup: ModuleSchema = {
  module: 'disk_setup',
  properties: {
    device_aliases: {
      type: 'object',
      additionalProperties: false,
      description: 'Alias names mapped to disk paths.',
      patternProperties: { '^.+$': { label: '<alias_name>', type: 'string' } },
    },
    disk_setup: {
      type: 'object',
      additionalProperties: false,
      description: 'Partition tables keyed by alias or device path.',
      patternProperties: {
        '^.+$': closed(
          {
            table_type: str('Partition table type.', { enum: ['mbr', 'gpt'], default: 'mbr' }),
            layout: {
              default: false,
              description:
                '`remove` purges the table; true makes one partition, false none; a list gives sizes in percent, or [percent, partition type].',
              oneOf: [
                { type: 'string', enum: ['remove'] },
                { type: 'boolean' },
                {
                  type: 'array',
                  minItems: 1,
                  items: {
                    oneOf: [
                      { type: 'integer' },
                      {
                        type: 'array',
                        items: [{ type: 'integer' }, { type: 'integer' }],
                        minItems: 2,
                        maxItems: 2,
                        additionalItems: false,
                      },
                    ],
                  },
                },
              ],
            },
            overwrite: bool(false, 'Write even when a partition table or filesystem exists. Dangerous.'),
          },
          { label: '<alias_name/path>' },
        ),
      },
    },
    fs_setup: {
      type: 'array',
      minItems: 1,
      description: 'Filesystems to create.',
      items: closed({
        label: str('Filesystem label.'),
        filesystem: str('Filesystem type, such as ext4.'),
        device: str('Device path, or `<alias>.<partition number>` (which overrides **partition**).'),
        partition: {
          description: 'Partition number, or `auto`, `any` or `none`.',
          oneOf: [{ type: 'integer' }, { type: 'string', enum: ['auto', 'any', 'none'] }],
        },
        overwrite: bool(false, 'Overwrite an existing filesystem. Dangerous.'),
        replace_fs: str('Ignored unless **partition** is `auto` or `any`.'),
        extra_opts: stringOrStrings('Options for the creation command; ignored with **cmd**.'),
        cmd: stringOrStrings('Replaces the default creation command.'),
      }),
    },
  },
};
