// The validator's public entry: the pipeline (validate-user-data.ts) with every engine, so jinja templates and MIME
// multipart are validated synchronously, as they always were.
import type { CloudConfigResult } from './cloud-config-result';
import { userDataEngines } from './input/all-user-data-engines';
import type { ValidateCloudConfigOptions } from './validate-cloud-config-options';
import { validateForFix as validateForFixWith, validateUserData, type ValidationForFix } from './validate-user-data';

export type { ValidateCloudConfigOptions } from './validate-cloud-config-options';

/**
 * Validates cloud-init user data against the cloud-config schema, the way `cloud-init schema`
 * does, with positions and plain-English messages. Never throws: every problem, including
 * unreadable input, is returned as data.
 *
 * `input` is YAML text (must start with `#cloud-config` unless `requireHeader: false`), bytes
 * (`Uint8Array`/`Buffer`, UTF-8 or gzip), or an already-parsed object (no header check). MIME
 * multipart user data is validated part by part (the result's `parts`; each issue's `part`). YAML
 * that an unrendered template breaks gets one `unrendered_template` issue saying so.
 *
 * @example
 * ```ts
 * import { validateCloudConfig } from 'wc-legacy-api/cloud-config';
 *
 * const result = validateCloudConfig('#cloud-config\nusers:\n  - name: ada\n    shell: 5\n');
 * // result.valid === false
 * // result.errors[0]: { code: 'type', path: 'users.0.shell', message: 'expected string, got integer 5', line: 4, column: 12, ... }
 * ```
 */
export function validateCloudConfig(input: unknown, options: ValidateCloudConfigOptions = {}): CloudConfigResult {
  return validateUserData(input, options, userDataEngines);
}

/**
 * Validates text as validateCloudConfig does, keeping what the fixer needs besides the result:
 * every issue, and the YAML document whose ranges it edits (so the text is parsed once). Never throws.
 */
export function validateForFix(text: string, options: ValidateCloudConfigOptions): ValidationForFix {
  return validateForFixWith(text, options, userDataEngines);
}
