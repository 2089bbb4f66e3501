import { closed, str } from './builders';
import type { ModuleSchema } from './json-schema';

// The spec's client has no required fields (cloud-init 26.2 requires account_name and
// computer_title) and stays open for the client's other settings.

/** The landscape module: the Landscape client. */
export const ccLandscape: ModuleSchema = {
  module: 'landscape',
  properties: {
    landscape: closed(
      {
        client: {
          type: 'object',
          additionalProperties: true,
          description: 'Client settings; keys not listed are passed to the client configuration.',
          properties: {
            url: str('Server message URL.', { default: 'https://landscape.canonical.com/message-system' }),
            ping_url: str('Server ping URL.', { default: 'https://landscape.canonical.com/ping' }),
            data_path: str('Data directory.', { default: '/var/lib/landscape/client' }),
            log_level: str('Client log level.', {
              enum: ['debug', 'info', 'warning', 'error', 'critical'],
              default: 'info',
            }),
            computer_title: str('Title of this computer.'),
            account_name: str('Account this computer belongs to.'),
            registration_key: str('Account-wide registration key (secret).'),
            tags: str('Comma-separated tag names.', { pattern: '^[-_0-9a-zA-Z]+(,[-_0-9a-zA-Z]+)*$' }),
            http_proxy: str('HTTP proxy URL.'),
            https_proxy: str('HTTPS proxy URL.'),
          },
        },
      },
      { required: ['client'] },
    ),
  },
};
