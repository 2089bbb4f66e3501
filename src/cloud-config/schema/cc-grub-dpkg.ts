import { bool, changed, closed, deprecated, str } from './builders';
import type { ModuleSchema } from './json-schema';

/** The grub_dpkg module: debconf answers for the GRUB install device. */
export const ccGrubDpkg: ModuleSchema = {
  module: 'grub_dpkg',
  defs: {
    grub_dpkg: closed(
      {
        enabled: bool(true, 'Configure the GRUB install device.'),
        'grub-pc/install_devices': str('Install device. Default: found by probing /boot.'),
        'grub-pc/install_devices_empty': {
          description: 'Whether the install device is empty. Default: true when install_devices is empty.',
          oneOf: [
            { type: 'boolean' },
            changed({ type: 'string' }, '22.3', 'Use a boolean value instead.'),
          ],
        },
      },
      { description: 'GRUB debconf settings.' },
    ),
  },
  properties: {
    grub_dpkg: { $ref: '#/$defs/grub_dpkg' },
    'grub-dpkg': deprecated({ allOf: [{ $ref: '#/$defs/grub_dpkg' }] }, '22.2', 'Use **grub_dpkg** instead.'),
  },
};
