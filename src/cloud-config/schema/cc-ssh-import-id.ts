import type { ModuleSchema } from './json-schema';

/** The ssh_import_id module. */
export const ccSshImportId: ModuleSchema = {
  module: 'ssh_import_id',
  properties: {
    ssh_import_id: {
      type: 'array',
      items: { type: 'string' },
      description: 'Ids to import keys from for the default user, such as `gh:octocat`.',
    },
  },
};
