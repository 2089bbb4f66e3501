import { bool, closed, str } from './builders';
import type { ModuleSchema } from './json-schema';

/** The ubuntu_drivers module (`drivers`). */
export const ccUbuntuDrivers: ModuleSchema = {
  module: 'ubuntu_drivers',
  properties: {
    drivers: closed({
      nvidia: closed(
        {
          'license-accepted': bool(undefined, 'Accept the NVIDIA driver license.'),
          version: str('Driver version, such as "535". Default: the latest.'),
        },
        { required: ['license-accepted'] },
      ),
    }),
  },
};
