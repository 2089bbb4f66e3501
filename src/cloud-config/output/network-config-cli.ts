// The network-config side of the `validate-cloud-config` bin (`-t network-config`), and the hint
// given when a file validated as cloud-config is plainly network-config. Kept apart from cli.ts so
// the CLI's own flow stays as it is.
import type { CloudConfigResult } from '../cloud-config-result';
import { looksLikeNetworkConfig } from '../network/looks-like-network-config';
import { validateNetworkConfig } from '../network/validate-network-config';

/** The schema types of `-t/--schema-type`, as `cloud-init schema -t` names them. */
export const SCHEMA_TYPES = ['cloud-config', 'network-config'] as const;

/** A schema type of `-t/--schema-type`. */
export type SchemaType = (typeof SCHEMA_TYPES)[number];

/** Validates bytes as network-config; the result in the shape the CLI prints (its config left out). */
export function validateNetworkConfigInput(bytes: Uint8Array, maxBytes: number, maxIssues: number | undefined): CloudConfigResult {
  const result = validateNetworkConfig(bytes, { maxBytes, maxIssues });
  return result.valid ? { ...result, config: {} } : { ...result, config: undefined };
}

/** The message line for a file that failed as cloud-config but is plainly network-config. */
export function networkConfigHint(name: string, source: string | undefined): string | undefined {
  if (source === undefined) return undefined;
  const version = looksLikeNetworkConfig(source);
  return version === undefined ? undefined : `hint: ${name} looks like network-config version ${version}; validate it with -t network-config`;
}

/**
 * The printed result of a network-config file named as such: the summary lines the shared
 * formatter writes (`Valid cloud-config FILE`, `Invalid cloud-config FILE ...`) say network-config.
 */
export function asNetworkConfigText(text: string, name: string): string {
  const summary = new RegExp(`^(Valid|Invalid) cloud-config (?=${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( |$))`, 'gm');
  return text.replace(summary, '$1 network-config ');
}
