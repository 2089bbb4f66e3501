/**
 * `wc-legacy-api/cloud-config`: validate cloud-init `#cloud-config` user data.
 *
 * @packageDocumentation
 */
export { cloudConfigSchema, CLOUD_CONFIG_ANNOTATION_KEYWORDS } from './schema/index';
export type { CloudConfig } from './cloud-config-type';
export { defineCloudConfig } from './define-cloud-config';
export { validateCloudConfig, type ValidateCloudConfigOptions } from './validate-cloud-config';
export { loadCloudInitReleases } from './check/release-validators';
export { formatCloudConfigResult, type FormatCloudConfigResultOptions } from './output/format-cloud-config-result';
export type { CloudConfigPart, CloudConfigResult, UnlistedIssues } from './cloud-config-result';
export { cloudConfigSchemaFor, type CloudConfigTarget, type CloudInitRelease, type CloudInitVersion, type CloudInitVersions } from './targets/targets';
export type {
  CloudConfigAdditionalPropertyIssue,
  CloudConfigConflictIssue,
  CloudConfigDeprecation,
  CloudConfigEnumIssue,
  CloudConfigInputIssue,
  CloudConfigInvalidKeyIssue,
  CloudConfigNotSupportedIssue,
  CloudConfigIssue,
  CloudConfigIssueBase,
  CloudConfigIssueCode,
  CloudConfigPartRef,
  CloudConfigRequiredIssue,
  CloudConfigRuleIssue,
  CloudConfigTypeIssue,
  CloudConfigWarning,
} from './cloud-config-issue';
export { fixCloudConfig, type FixCloudConfigOptions } from './fix/fix-cloud-config';
export type { CloudConfigFix, CloudConfigUnfixable, FixCloudConfigResult } from './fix/fix-types';
export { validateNetworkConfig, type ValidateNetworkConfigOptions } from './network/validate-network-config';
export type { NetworkConfigResult } from './network/network-config-result';
export type { NetworkConfigTarget } from './network/network-targets';
