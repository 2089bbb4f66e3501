import { bool, closed, str } from './builders';
import type { ModuleSchema } from './json-schema';

/** The apk_configure module: Alpine repositories (`apk_repos`). */
export const ccApkConfigure: ModuleSchema = {
  module: 'apk_configure',
  properties: {
    apk_repos: closed(
      {
        preserve_repositories: bool(false, 'Keep the image repositories file; overrides every other key here.'),
        alpine_repo: {
          type: ['object', 'null'],
          additionalProperties: false,
          minProperties: 1,
          required: ['version'],
          properties: {
            base_url: str('Repository or mirror base URL.', {
              default: 'https://alpine.global.ssl.fastly.net/alpine',
            }),
            community_enabled: bool(false, 'Add the community repository.'),
            testing_enabled: bool(false, 'Add the testing repository (meant for edge).'),
            version: str('Alpine release, such as `v3.20` or `edge`.'),
          },
        },
        local_repo_base_url: str('Repository of unofficial packages.'),
      },
      { minProperties: 1, description: 'Alpine package repositories.' },
    ),
  },
};
