import { closed, str } from './builders';
import type { ModuleSchema } from './json-schema';

/** The salt_minion module. */
export const ccSaltMinion: ModuleSchema = {
  module: 'salt_minion',
  properties: {
    salt_minion: closed({
      pkg_name: str('Package to install. Default: salt-minion.'),
      service_name: str('Service to enable. Default: salt-minion.'),
      config_dir: str('Configuration directory. Default: /etc/salt.'),
      conf: { type: 'object', description: 'Written to `<config_dir>/minion`.' },
      grains: { type: 'object', description: 'Written to `<config_dir>/grains`.' },
      public_key: str('Minion public key.'),
      private_key: str('Minion private key.'),
      pki_dir: str('Key directory. Default: `<config_dir>/pki/minion`.'),
    }),
  },
};
