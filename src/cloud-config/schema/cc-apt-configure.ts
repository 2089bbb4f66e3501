import { bool, closed, str, strArray } from './builders';
import type { ModuleSchema } from './json-schema';

/** The apt_configure module: sources, mirrors, proxies and debconf (`apt`). */
export const ccAptConfigure: ModuleSchema = {
  module: 'apt_configure',
  defs: {
    'apt_configure.mirror': {
      description: 'Mirror configurations, one per set of architectures.',
      type: 'array',
      minItems: 1,
      items: closed(
        {
          arches: strArray('Architectures this entry applies to; `default` covers any other.'),
          uri: str('Mirror URL.', { format: 'uri' }),
          search: {
            type: 'array',
            minItems: 1,
            items: { type: 'string', format: 'uri' },
            description: 'Mirrors to try in order; the first that resolves wins.',
          },
          search_dns: bool(undefined, 'Look up `<distro>-mirror` (or `<distro>-security-mirror`) host names.'),
          keyid: str('Key id or fingerprint to import.'),
          key: str('Raw PGP key.'),
          keyserver: str('Key server to fetch **keyid** from.'),
        },
        { required: ['arches'] },
      ),
    },
  },
  properties: {
    apt: closed(
      {
        preserve_sources_list: bool(false, 'Keep the image sources list.'),
        generate_mirrorlists: bool(false, 'Write mirror lists for automatic mirror selection.'),
        disable_suites: strArray('Suites to comment out; `$RELEASE` is replaced by the release name.', {
          uniqueItems: true,
        }),
        primary: { $ref: '#/$defs/apt_configure.mirror' },
        security: { $ref: '#/$defs/apt_configure.mirror' },
        add_apt_repo_match: str('Sources matching this regex are added with add-apt-repository.', {
          default: '^[\\w-]+:\\w',
        }),
        debconf_selections: {
          type: 'object',
          minProperties: 1,
          additionalProperties: false,
          patternProperties: { '^.+$': { label: '<debconf_label>', type: 'string' } },
          description: 'Labels mapped to debconf-set-selections lines.',
        },
        sources_list: str('Custom sources.list template.'),
        conf: str('apt configuration text.'),
        http_proxy: str('HTTP proxy: `http://[[user][:pass]@]host[:port]/`.'),
        https_proxy: str('HTTPS proxy: `https://[[user][:pass]@]host[:port]/`.'),
        ftp_proxy: str('FTP proxy: `ftp://[[user][:pass]@]host[:port]/`.'),
        proxy: str('Alias for **http_proxy**.'),
        sources: {
          type: 'object',
          additionalProperties: false,
          description: 'Source ids (also file names) mapped to source entries.',
          patternProperties: {
            '^.+$': closed(
              {
                source: str('A sources.list line; `$MIRROR`, `$PRIMARY`, `$SECURITY`, `$RELEASE`, `$KEY_FILE` are replaced.'),
                keyid: str(),
                key: str(),
                keyserver: str(),
                filename: str(),
                append: bool(true, 'Append to the file (true) or overwrite it (false).'),
              },
              { label: '<source_name>', minProperties: 1 },
            ),
          },
        },
      },
      { minProperties: 1, description: 'APT configuration.' },
    ),
  },
};
