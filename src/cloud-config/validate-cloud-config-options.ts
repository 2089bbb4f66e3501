import type { CloudInitVersion, CloudInitVersions } from './targets/targets';

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
