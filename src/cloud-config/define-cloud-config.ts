import type { CloudConfig } from './cloud-config-type';

/**
 * Returns `config` unchanged. Its only job is typing: wrapping a cloud-config literal in
 * `defineCloudConfig` gives editor completion and compile-time checks of key names and
 * value types against the schema. Rules the type cannot express (patterns, formats,
 * minimum counts) are still checked by the validator.
 *
 * @example
 * ```ts
 * import { defineCloudConfig } from 'wc-legacy-api/cloud-config';
 * import { stringify } from 'yaml';
 *
 * const config = defineCloudConfig({
 *   package_update: true,
 *   packages: ['nginx'],
 *   users: ['default', { name: 'deploy', groups: ['sudo'], shell: '/bin/bash' }],
 *   runcmd: [['systemctl', 'enable', '--now', 'nginx']],
 * });
 * const userData = `#cloud-config\n${stringify(config)}`;
 * ```
 */
export function defineCloudConfig(config: CloudConfig): CloudConfig {
  return config;
}
