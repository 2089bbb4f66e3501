import { closed, str } from './builders';
import type { ModuleSchema } from './json-schema';

/** The fan module: Ubuntu fan networking. */
export const ccFan: ModuleSchema = {
  module: 'fan',
  properties: {
    fan: closed(
      {
        config: str('The fan configuration, one multi-line string.'),
        config_path: str('Where to write it.', { default: '/etc/network/fan' }),
      },
      { required: ['config'] },
    ),
  },
};
