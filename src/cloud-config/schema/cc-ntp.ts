import { bool, closed, str } from './builders';
import type { ModuleSchema } from './json-schema';

// cloud-init marks pools/servers/peers `format: hostname` but never checks it; neither do we.
function uniqueStrings(description: string) {
  return { type: 'array', items: { type: 'string' }, uniqueItems: true, description };
}

/** The ntp module: time synchronisation. */
export const ccNtp: ModuleSchema = {
  module: 'ntp',
  properties: {
    ntp: {
      type: ['object', 'null'],
      additionalProperties: false,
      properties: {
        pools: uniqueStrings('NTP pools.'),
        servers: uniqueStrings('NTP servers.'),
        peers: uniqueStrings('NTP peers.'),
        allow: uniqueStrings('CIDRs allowed to query.'),
        ntp_client: str('Client to configure: `auto`, chrony, ntp, openntpd, ntpdate, systemd-timesyncd.', {
          default: 'auto',
        }),
        enabled: bool(true, 'Configure and install the client.'),
        config: closed(
          {
            confpath: str('Where the client configuration is written.'),
            check_exe: str('Executable that proves the client is installed.'),
            packages: uniqueStrings('Packages to install for the client.'),
            service_name: str('Service to restart.'),
            template: str('Jinja template for the client configuration.'),
          },
          { minProperties: 1, description: 'Overrides for the selected client.' },
        ),
      },
    },
  },
};
