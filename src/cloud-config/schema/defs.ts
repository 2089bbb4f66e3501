import { bool, str } from './builders';
import type { JsonSchema } from './json-schema';
import { moduleNameSpellings } from './module-names';

// Shapes shared by several modules. Module-specific shapes live in the module's own file
// and are contributed through its `defs`.

/** Shared definitions placed under `$defs` of the composed document. */
export const sharedDefs: Record<string, JsonSchema> = {
  module_name: {
    description: 'A cloud-init module name, with underscores or with hyphens.',
    type: 'string',
    enum: moduleNameSpellings(),
  },
  module_frequency: {
    description: 'How often a module runs.',
    type: 'string',
    enum: ['always', 'once', 'once-per-instance'],
  },
  module_list: {
    description: 'Modules to run, each a name or a `[name, frequency]` pair.',
    type: 'array',
    minItems: 1,
    items: {
      oneOf: [
        { $ref: '#/$defs/module_name' },
        {
          type: 'array',
          items: [{ $ref: '#/$defs/module_name' }, { $ref: '#/$defs/module_frequency' }],
          minItems: 2,
          maxItems: 2,
          additionalItems: false,
        },
      ],
    },
  },
  merge_definition: {
    description: 'How this part is merged with other user-data parts.',
    oneOf: [
      { type: 'string' },
      {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'settings'],
          properties: {
            name: { type: 'string', enum: ['list', 'dict', 'str'] },
            settings: {
              type: 'array',
              items: {
                type: 'string',
                enum: [
                  'allow_delete',
                  'no_replace',
                  'replace',
                  'append',
                  'prepend',
                  'recurse_dict',
                  'recurse_list',
                  'recurse_array',
                  'recurse_str',
                ],
              },
            },
          },
        },
      },
    ],
  },
  // hostname keys are read by set_hostname, update_hostname and update_etc_hosts alike.
  hostname: str('The short host name to set.'),
  fqdn: str('The fully qualified domain name to set.'),
  preserve_hostname: bool(false, 'When true, cloud-init leaves the host name alone.'),
  prefer_fqdn_over_hostname: bool(
    undefined,
    'When true, use the fqdn as the host name; when false, the short host name. Unset: distribution default.',
  ),
  create_hostname_file: bool(true, 'When false, no host name file is created if it does not exist.'),
};
