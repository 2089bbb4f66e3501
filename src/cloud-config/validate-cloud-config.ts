// The validator's public entry: the pipeline (validate-user-data.ts) with every engine, so jinja templates and MIME
// multipart are validated synchronously, as they always were.
import type { CloudConfigResult } from './cloud-config-result';
import { userDataEngines } from './input/all-user-data-engines';
import type { CloudInitVersion, CloudInitVersions } from './targets/targets';
import { validateForFix as validateForFixWith, validateUserData, type ValidationForFix } from './validate-user-data';

/**
 * Options for {@link validateCloudConfig}.
 *
 * @example
 * ```ts
 * validateCloudConfig(text, { requireHeader: false, maxBytes: 64 * 1024 });
 * ```
 */
export interface ValidateCloudConfigOptions {
  /**
   * Text and byte input must start with `#cloud-config`, as cloud-init requires (default `true`).
   * With `false`, headerless text is validated as cloud-config; other user-data types
   * (`#!`, `#include`, ...) are still recognised (valid, not validated), as is MIME multipart.
   */
  readonly requireHeader?: boolean | undefined;
  /** Largest text or byte input read, in bytes (default 1 MiB; clouds cap user data far lower). */
  readonly maxBytes?: number | undefined;
  /**
   * Deepest nesting of mappings and lists accepted (default 64, at most 256: larger values are
   * treated as 256, the depth the recursive stages are known to survive). YAML text is checked
   * before it is composed, so no input can exhaust the stack; deeper input gets `too_deep`.
   */
  readonly maxDepth?: number | undefined;
  /**
   * Most issues listed in a result, errors, deprecations and warnings together (default 100;
   * errors first). The rest are counted in the result's `unlisted`; `valid` always reflects every
   * error. Bounds the work spent on each issue ("did you mean" is worked out for listed ones only).
   */
  readonly maxIssues?: number | undefined;
  /**
   * Instance data (the contents of cloud-init's `instance-data.json`) for `## template: jinja`
   * user data: the template is rendered with it as cloud-init renders it (`v1.region`, `ds...`,
   * the `v1` keys at the top level and `-` -> `_` aliases), then validated, with positions in the
   * template. Without it the template is rendered with every instance-data variable undefined,
   * and a `jinja_template` warning says what could not be checked.
   */
  readonly instanceData?: Readonly<Record<string, unknown>> | undefined;
  /**
   * The cloud-init release to agree with, `'22.1'` to `'26.2'` (a point release such as `'23.4.1'`
   * means its series): checks against that release's own schema and reports its verdicts and
   * error paths. Default and `'latest'`: the newest release (26.2). `'spec'`: the specification.
   * An unknown version makes the result invalid with one `invalid_input` issue. The older releases'
   * validators load on demand: `await loadCloudInitReleases()` once before naming one (until then,
   * one `invalid_input` issue says so).
   */
  readonly cloudInitVersion?: CloudInitVersion | CloudInitVersions | undefined;
}

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
