import { changed, closed, int, str } from './builders';
import type { ModuleSchema } from './json-schema';

/** The power_state_change module: power off or reboot after cloud-init finishes. */
export const ccPowerStateChange: ModuleSchema = {
  module: 'power_state_change',
  properties: {
    power_state: closed(
      {
        delay: {
          default: 'now',
          description: '`now`, or minutes to wait after cloud-init finishes.',
          oneOf: [
            { type: 'integer', minimum: 0, title: 'a number of minutes' },
            { type: 'string', enum: ['now'] },
            changed(
              { type: 'string', pattern: '^\\+?[0-9]+$', title: 'minutes as a string such as "+5" (deprecated)' },
              '22.3',
              'Use of type string for this value is deprecated. Use ``now`` or integer type.',
            ),
          ],
        },
        mode: str('What to do.', { enum: ['poweroff', 'reboot', 'halt'] }),
        message: str('Message shown before the change.'),
        timeout: int(30, 'Seconds to wait for cloud-init to finish first.'),
        condition: {
          default: true,
          description: 'Apply only if met: true, false, or a command (string or list) that must exit 0.',
          oneOf: [{ type: 'string' }, { type: 'boolean' }, { type: 'array' }],
        },
      },
      { required: ['mode'] },
    ),
  },
};
