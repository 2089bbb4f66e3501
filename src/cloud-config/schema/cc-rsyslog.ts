import { bool, closed, str } from './builders';
import type { ModuleSchema } from './json-schema';

/** The rsyslog module. */
export const ccRsyslog: ModuleSchema = {
  module: 'rsyslog',
  properties: {
    rsyslog: closed({
      config_dir: str('Directory for the configuration files. Default: /etc/rsyslog.d.'),
      config_filename: str('File name for entries without one. Default: 20-cloud-config.conf.'),
      configs: {
        type: 'array',
        description: 'Configuration snippets: a string, or a filename and content.',
        items: {
          oneOf: [
            { type: 'string' },
            closed({ filename: str(), content: str() }, { required: ['content'] }),
          ],
        },
      },
      remotes: { type: 'object', description: 'Remote names mapped to `[filter] [@|@@]host[:port]` entries.' },
      service_reload_command: {
        description: '`auto`, or the command that reloads rsyslog.',
        oneOf: [{ type: 'string', enum: ['auto'] }, { type: 'array', items: { type: 'string' } }],
      },
      install_rsyslog: bool(false, 'Install rsyslog.'),
      check_exe: str('rsyslog executable, checked when installing. Default: rsyslogd.'),
      packages: { type: 'array', items: { type: 'string' }, uniqueItems: true, description: 'Packages to install.' },
    }),
  },
};
