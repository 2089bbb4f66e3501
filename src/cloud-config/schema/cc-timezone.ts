import { str } from './builders';
import type { ModuleSchema } from './json-schema';

/** The timezone module. */
export const ccTimezone: ModuleSchema = {
  module: 'timezone',
  properties: { timezone: str('Time zone name from /usr/share/zoneinfo, such as `Europe/Paris`.') },
};
