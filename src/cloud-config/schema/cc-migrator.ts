import { bool } from './builders';
import type { ModuleSchema } from './json-schema';

/** The migrator module: migrates old cloud-init state on upgrade. */
export const ccMigrator: ModuleSchema = {
  module: 'migrator',
  properties: { migrate: bool(true, 'Run the migration of old semaphore and state names.') },
};
