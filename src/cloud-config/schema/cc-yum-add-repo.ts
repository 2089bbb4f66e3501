import { bool, str } from './builders';
import type { ModuleSchema } from './json-schema';

/** The yum_add_repo module. */
export const ccYumAddRepo: ModuleSchema = {
  module: 'yum_add_repo',
  properties: {
    yum_repo_dir: str('Directory for the .repo files.', { default: '/etc/yum.repos.d' }),
    yum_repos: {
      type: 'object',
      minProperties: 1,
      additionalProperties: false,
      description: 'Repository ids mapped to repository settings.',
      patternProperties: {
        '^[0-9a-zA-Z -_]+$': {
          label: '<repo_name>',
          type: 'object',
          additionalProperties: false,
          properties: {
            baseurl: str('Repository URL.', { format: 'uri' }),
            metalink: str('Metalink URL.', { format: 'uri' }),
            mirrorlist: str('Mirror list URL.', { format: 'uri' }),
            name: str('Human-readable name.'),
            enabled: bool(true, 'Enable the repository.'),
          },
          patternProperties: {
            // Any other option; the lookahead leaves the named keys to their own schemas.
            '^(?!(baseurl|metalink|mirrorlist|name|enabled)$)[0-9a-zA-Z_]+$': {
              label: '<yum_config_option>',
              description: 'Any other yum.conf repository option.',
              oneOf: [{ type: 'integer' }, { type: 'boolean' }, { type: 'string' }],
            },
          },
          anyOf: [
            { required: ['baseurl'], properties: { baseurl: true } },
            { required: ['metalink'], properties: { metalink: true } },
            { required: ['mirrorlist'], properties: { mirrorlist: true } },
          ],
        },
      },
    },
  },
};
