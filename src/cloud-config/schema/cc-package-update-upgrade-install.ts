import { bool, deprecated } from './builders';
import type { ModuleSchema } from './json-schema';

/** The package_update_upgrade_install module. */
export const ccPackageUpdateUpgradeInstall: ModuleSchema = {
  module: 'package_update_upgrade_install',
  defs: {
    package_item: {
      description: 'A package name, or a [name, version] pair.',
      oneOf: [
        { type: 'string' },
        { type: 'array', title: 'a [name, version] pair', items: { type: 'string' }, minItems: 2, maxItems: 2 },
      ],
    },
  },
  properties: {
    packages: {
      type: 'array',
      minItems: 1,
      description: 'Packages to install: names, [name, version] pairs, or per-manager lists.',
      items: {
        oneOf: [
          { $ref: '#/$defs/package_item' },
          {
            type: 'object',
            additionalProperties: false,
            properties: {
              apt: { type: 'array', items: { $ref: '#/$defs/package_item' } },
              snap: { type: 'array', items: { $ref: '#/$defs/package_item' } },
            },
          },
        ],
      },
    },
    package_update: bool(false, 'Update the package index first.'),
    package_upgrade: bool(false, 'Upgrade installed packages.'),
    package_reboot_if_required: bool(false, 'Reboot when an upgrade or install requires it.'),
    apt_update: deprecated(bool(), '22.2', 'Use **package_update** instead.'),
    apt_upgrade: deprecated(bool(), '22.2', 'Use **package_upgrade** instead.'),
    apt_reboot_if_required: deprecated(bool(), '22.2', 'Use **package_reboot_if_required** instead.'),
  },
};
