import { str } from './builders';
import type { ModuleSchema } from './json-schema';

/** The final_message module. */
export const ccFinalMessage: ModuleSchema = {
  module: 'final_message',
  properties: { final_message: str('Message shown at the end of the run.') },
};
