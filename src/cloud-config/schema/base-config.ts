import { deprecated, int, ref } from './builders';
import type { ModuleSchema } from './json-schema';

/** Keys read by cloud-init itself rather than by one module: module lists, merging, versions. */
export const baseConfig: ModuleSchema = {
  module: 'base',
  properties: {
    cloud_init_modules: { ...ref('module_list'), description: 'Modules of the init stage.' },
    cloud_config_modules: { ...ref('module_list'), description: 'Modules of the config stage.' },
    cloud_final_modules: { ...ref('module_list'), description: 'Modules of the final stage.' },
    'launch-index': int(undefined, 'Apply this cloud-config only to the instance with this launch index.'),
    merge_how: { ...ref('merge_definition'), description: 'How this part merges with other parts.' },
    merge_type: { ...ref('merge_definition'), description: 'Alias of **merge_how**.' },
    system_info: deprecated(
      { type: 'object', description: 'Distribution settings.' },
      '24.2',
      'System and distribution settings are not meant to be overridden by user data or vendor data.',
    ),
    version: { description: 'Schema version marker; cloud-init ignores it.' },
  },
};
