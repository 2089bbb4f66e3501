import type { CloudConfigResult } from '../cloud-config-result';

/**
 * One deprecation fixed by {@link fixCloudConfig}: `rename` (a key renamed), `value` (a value
 * replaced), `remove` (a deprecated key dropped because its replacement is already set to the
 * same value) or `rewrite` (an entry written anew under another key: `chpasswd.list` as
 * `chpasswd.users`). `from`/`to` are the text as written before and after; for `remove` and
 * `rewrite`, the old key and the new one (a rewrite's values may be passwords). `path`,
 * `pointer`, `line` and `column` are where the deprecation was in the original text; `message`
 * and `version` are the deprecation's.
 *
 * @example
 * ```ts
 * const fix: CloudConfigFix = { kind: 'rename', path: 'apt_update', pointer: '/apt_update', line: 2, column: 1, from: 'apt_update', to: 'package_update', message: 'Deprecated in version 22.2. Use package_update instead.', version: '22.2' };
 * ```
 */
export interface CloudConfigFix {
  readonly kind: 'rename' | 'value' | 'remove' | 'rewrite';
  readonly path: string;
  readonly pointer: string;
  readonly line?: number | undefined;
  readonly column?: number | undefined;
  readonly from: string;
  readonly to: string;
  readonly message: string;
  readonly version?: string | undefined;
}

/**
 * A deprecation {@link fixCloudConfig} left as it is, and why (`reason`): no replacement means the
 * same to cloud-init, the replacement is already set to something else, the key sits in a shared
 * (anchored) node, ... With `path` `""` and no `message`, the reason is about the whole input
 * (MIME multipart and jinja templates are not fixed).
 *
 * @example
 * ```ts
 * const left: CloudConfigUnfixable = { path: 'system_info', pointer: '/system_info', line: 3, column: 1, reason: 'it has no replacement: ...', message: 'Deprecated in version 24.2. ...' };
 * ```
 */
export interface CloudConfigUnfixable {
  readonly path: string;
  readonly pointer: string;
  readonly line?: number | undefined;
  readonly column?: number | undefined;
  readonly reason: string;
  readonly message?: string | undefined;
}

/**
 * What {@link fixCloudConfig} returns: the fixed `text` (the input itself when nothing was fixed,
 * `changed` false), what was fixed, what was not and why, and `result`, the validation of the
 * fixed text with the same options.
 *
 * @example
 * ```ts
 * const { text, fixed, unfixable, result } = fixCloudConfig(source, { cloudInitVersion: '26.2' });
 * if (fixed.length > 0) writeFileSync(file, text);
 * ```
 */
export interface FixCloudConfigResult {
  readonly text: string;
  readonly changed: boolean;
  readonly fixed: readonly CloudConfigFix[];
  readonly unfixable: readonly CloudConfigUnfixable[];
  readonly result: CloudConfigResult;
}
