import { str } from './builders';
import type { ModuleSchema } from './json-schema';

/** The byobu module. */
export const ccByobu: ModuleSchema = {
  module: 'byobu',
  properties: {
    byobu_by_default: str('Enable or disable byobu for the user or system-wide.', {
      enum: ['enable-system', 'enable-user', 'disable-system', 'disable-user', 'enable', 'disable', 'user', 'system'],
    }),
  },
};
