import { closed } from './builders';
import type { ModuleSchema } from './json-schema';

/** The install_hotplug module: when to apply network configuration (`updates`). */
export const ccInstallHotplug: ModuleSchema = {
  module: 'install_hotplug',
  properties: {
    updates: closed({
      network: closed(
        {
          when: {
            type: 'array',
            minItems: 1,
            description: 'Events that apply network configuration.',
            items: { type: 'string', enum: ['boot-new-instance', 'boot-legacy', 'boot', 'hotplug'] },
          },
        },
        { required: ['when'] },
      ),
    }),
  },
};
