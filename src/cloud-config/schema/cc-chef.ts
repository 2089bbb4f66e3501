import { bool, closed, int, str, strArray } from './builders';
import type { ModuleSchema } from './json-schema';

/** The chef module: install and run the chef client. */
export const ccChef: ModuleSchema = {
  module: 'chef',
  properties: {
    chef: closed(
      {
        directories: strArray('Directories to create for the client.', { uniqueItems: true }),
        validation_cert: str('Written to **validation_key**; `system` keeps the existing file.'),
        validation_key: str(undefined, { default: '/etc/chef/validation.pem' }),
        firstboot_path: str(undefined, { default: '/etc/chef/firstboot.json' }),
        exec: bool(false, 'Run the client (defaults to true when installed from gems).'),
        client_key: str(undefined, { default: '/etc/chef/client.pem' }),
        encrypted_data_bag_secret: str('Path of the data bag secret.', { default: null }),
        environment: str(undefined, { default: '_default' }),
        file_backup_path: str(undefined, { default: '/var/backups/chef' }),
        file_cache_path: str(undefined, { default: '/var/cache/chef' }),
        json_attribs: str(undefined, { default: '/etc/chef/firstboot.json' }),
        log_level: str(undefined, { default: ':info' }),
        log_location: str(undefined, { default: '/var/log/chef/client.log' }),
        node_name: str('Node name. Default: the instance id.'),
        omnibus_url: str('Omnibus installer URL.', { default: 'https://www.chef.io/chef/install.sh' }),
        omnibus_url_retries: int(5),
        omnibus_version: str(),
        pid_file: str(undefined, { default: '/var/run/chef/client.pid' }),
        server_url: str(),
        show_time: bool(true),
        ssl_verify_mode: str('`:verify_none` or `:verify_peer`.', { default: ':verify_none' }),
        validation_name: str(),
        force_install: bool(false),
        initial_attributes: { type: 'object', description: 'Initial node attributes.' },
        install_type: str(undefined, { enum: ['packages', 'gems', 'omnibus'], default: 'packages' }),
        run_list: strArray('Run list for the first run.'),
        chef_license: str('Whether the license is accepted.'),
      },
      { minProperties: 1, description: 'Chef client configuration.' },
    ),
  },
};
