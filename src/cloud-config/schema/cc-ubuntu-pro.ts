import { bool, closed, deprecated, str } from './builders';
import type { ModuleSchema } from './json-schema';

function proxy(description: string) {
  return { type: ['string', 'null'], format: 'uri', description };
}

/** The ubuntu_pro module (and its deprecated `ubuntu_advantage` key). */
export const ccUbuntuPro: ModuleSchema = {
  module: 'ubuntu_pro',
  defs: {
    ubuntu_pro: closed(
      {
        enable: { type: 'array', items: { type: 'string' }, description: 'Services to enable, such as esm-infra.' },
        enable_beta: { type: 'array', items: { type: 'string' }, description: 'Beta services to enable.' },
        token: str('Contract token; required on non-Pro instances.'),
        features: closed({ disable_auto_attach: bool(false, 'Skip auto-attach on Pro instances.') }),
        config: {
          type: 'object',
          additionalProperties: true,
          description: 'Ubuntu Pro client settings (other keys are passed through).',
          properties: {
            http_proxy: proxy('HTTP proxy, or null to unset.'),
            https_proxy: proxy('HTTPS proxy, or null to unset.'),
            global_apt_http_proxy: proxy('HTTP proxy for all APT repositories.'),
            global_apt_https_proxy: proxy('HTTPS proxy for all APT repositories.'),
            ua_apt_http_proxy: proxy('HTTP proxy for Ubuntu Pro APT repositories.'),
            ua_apt_https_proxy: proxy('HTTPS proxy for Ubuntu Pro APT repositories.'),
          },
        },
      },
      { description: 'Ubuntu Pro attachment and services.' },
    ),
  },
  properties: {
    ubuntu_pro: { $ref: '#/$defs/ubuntu_pro' },
    ubuntu_advantage: deprecated({ allOf: [{ $ref: '#/$defs/ubuntu_pro' }] }, '24.1', 'Use **ubuntu_pro** instead.'),
  },
};
