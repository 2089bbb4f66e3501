import { int } from './builders';
import type { ModuleSchema } from './json-schema';

/** The ubuntu_autoinstall module: opaque installer configuration (`autoinstall`). */
export const ccUbuntuAutoinstall: ModuleSchema = {
  module: 'ubuntu_autoinstall',
  properties: {
    autoinstall: {
      type: 'object',
      description: 'Installer configuration; cloud-init checks only `version`, the rest belongs to the installer.',
      required: ['version'],
      properties: { version: int(undefined, 'Autoinstall format version.') },
    },
  },
};
