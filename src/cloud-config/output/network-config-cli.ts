// The network-config side of the `validate-cloud-config` bin (`-t network-config`), and the hint
// given when a file validated as cloud-config is plainly network-config. Kept apart from cli.ts so
// the CLI's own flow stays as it is.
import type { CloudConfigResult } from '../cloud-config-result';
import type { CloudInitVersion } from '../targets/targets';
import { looksLikeNetworkConfig } from '../network/looks-like-network-config';

/**
 * Validates bytes as network-config; the result in the shape the CLI prints (its config left out). The validator is
 * imported on the first call: a run without `-t network-config` never loads it.
 */
export async function validateNetworkConfigInput(bytes: Uint8Array, maxBytes: number, maxIssues: number | undefined, cloudInitVersion?: CloudInitVersion): Promise<CloudConfigResult> {
  const { validateNetworkConfig } = await import('../network/validate-network-config');
  const result = validateNetworkConfig(bytes, { maxBytes, maxIssues, cloudInitVersion });
  return result.valid ? { ...result, config: {} } : { ...result, config: undefined };
}

/** The message line for a file that failed as cloud-config but is plainly network-config. */
export function networkConfigHint(name: string, source: string | undefined): string | undefined {
  if (source === undefined) return undefined;
  const version = looksLikeNetworkConfig(source);
  return version === undefined ? undefined : `hint: ${name} looks like network-config version ${version}; validate it with -t network-config`;
}

/**
 * Output of a run with `-t network-config`: the verdict lines the shared formatter writes (`Valid cloud-config
 * FILE`, `Invalid cloud-config FILE ...`) say network-config.
 */
export function asNetworkConfigText(text: string): string {
  return text.replace(/^(Valid|Invalid) cloud-config /gm, '$1 network-config ');
}
