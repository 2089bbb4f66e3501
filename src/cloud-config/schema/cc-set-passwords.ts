import { bool, changed, closed, deprecated, str } from './builders';
import type { ModuleSchema } from './json-schema';

/** The set_passwords module: `chpasswd`, `password`, `ssh_pwauth`. */
export const ccSetPasswords: ModuleSchema = {
  module: 'set_passwords',
  properties: {
    ssh_pwauth: {
      description: 'Allow SSH password authentication (true) or not (false). Default: unchanged.',
      oneOf: [
        { type: 'boolean' },
        changed({ type: 'string' }, '22.3', 'Use of non-boolean values for this field is deprecated.'),
      ],
    },
    chpasswd: closed({
      expire: bool(true, 'Expire the passwords so they must be changed at next login.'),
      users: {
        type: 'array',
        description: 'Existing users and their new passwords (`type` hash, text, or RANDOM).',
        items: {
          type: 'object',
          anyOf: [
            closed(
              { name: str(), type: str(undefined, { enum: ['RANDOM'] }) },
              { required: ['name', 'type'] },
            ),
            closed(
              { name: str(), type: str(undefined, { enum: ['hash', 'text'], default: 'hash' }), password: str() },
              { required: ['name', 'password'] },
            ),
          ],
        },
      },
      list: deprecated(
        {
          oneOf: [
            { type: 'string' },
            // cloud-init's `^.+:.+$` (a colon with text on both sides), written so that the text
            // before the first colon is matched one way only: the original backtracks
            // quadratically on a long line of colons. Same strings match.
            { type: 'array', minItems: 1, items: { type: 'string', pattern: '^.[^:\\n\\r\\u2028\\u2029]*:.+$' } },
          ],
        },
        '22.2',
        'Use **users** instead.',
      ),
    }),
    password: str('Password of the default user.'),
  },
};
