import { bool, closed, str } from './builders';
import type { ModuleSchema } from './json-schema';

/** The puppet module: install and configure the puppet agent. */
export const ccPuppet: ModuleSchema = {
  module: 'puppet',
  properties: {
    puppet: closed({
      install: bool(true, 'Install puppet.'),
      version: str('Version to install. Default: the latest.'),
      install_type: str('`packages` or `aio` (puppetlabs all-in-one).', {
        enum: ['packages', 'aio'],
        default: 'packages',
      }),
      collection: str('Puppet collection for `aio`, such as puppet7.'),
      aio_install_url: str('Install script URL for `aio`.'),
      cleanup: bool(true, 'Remove the puppetlabs repository after an `aio` install.'),
      conf_file: str('Path of puppet.conf.'),
      ssl_dir: str('Path of the SSL directory.'),
      csr_attributes_path: str('Path of csr_attributes.yaml.'),
      package_name: str('Package to install.'),
      exec: bool(false, 'Run the agent once after configuration.'),
      exec_args: { type: 'array', items: { type: 'string' }, description: 'Arguments for `puppet agent`.' },
      start_service: bool(true, 'Enable and start the puppet service.'),
      conf: closed(
        {
          main: { type: 'object' },
          server: { type: 'object' },
          agent: { type: 'object' },
          user: { type: 'object' },
          ca_cert: str('CA certificate (PEM) of the puppet server.'),
        },
        { description: 'puppet.conf sections.' },
      ),
      csr_attributes: closed({
        custom_attributes: { type: 'object' },
        extension_requests: { type: 'object' },
      }),
    }),
  },
};
