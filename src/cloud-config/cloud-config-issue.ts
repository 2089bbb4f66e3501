/**
 * What every reported problem carries, whatever its kind.
 *
 * `path` uses cloud-init's dotted form (`users.0.name`: list indices as numbers, keys verbatim) so
 * output can be matched line for line with `cloud-init schema`; `pointer` is the unambiguous JSON
 * pointer (`/users/0/name`) for programs. `line`/`column` are 1-based and present only when the input
 * was text and the location could be found in it; in MIME multipart user data `part` names the part
 * they are counted in.
 *
 * @example
 * ```ts
 * const issue: CloudConfigIssueBase = { path: 'users.0.shell', pointer: '/users/0/shell', message: 'expected string, got integer 5', line: 4, column: 12 };
 * ```
 */
export interface CloudConfigIssueBase {
  readonly path: string;
  readonly pointer: string;
  readonly message: string;
  readonly line?: number | undefined;
  readonly column?: number | undefined;
  /** In MIME multipart user data: the part the issue is in (`line`/`column` are then inside that part). */
  readonly part?: CloudConfigPartRef | undefined;
  /** When several releases were validated against: the ones the issue applies to, oldest first. */
  readonly releases?: readonly string[] | undefined;
}

/**
 * Which part of MIME multipart user data an issue is in: its 1-based index in the message and
 * its filename (`Content-Disposition`), when it has one.
 *
 * @example
 * ```ts
 * const at: CloudConfigPartRef = { index: 2, filename: 'cloud-config.yaml' };
 * ```
 */
export interface CloudConfigPartRef {
  readonly index: number;
  readonly filename?: string | undefined;
}

/**
 * Problems with the input itself, found before any schema check: the user-data type, the text
 * encoding, YAML syntax, resource limits, or a document that is not a mapping.
 *
 * @example
 * ```ts
 * if (issue.code === 'missing_header') console.error('add "#cloud-config" as the first line');
 * ```
 */
export interface CloudConfigInputIssue extends CloudConfigIssueBase {
  readonly code:
    | 'missing_header'
    | 'unsupported_user_data'
    | 'ignored_part'
    | 'jinja_template'
    | 'unrendered_template'
    | 'invalid_encoding'
    | 'yaml_syntax'
    | 'not_a_mapping'
    | 'input_too_large'
    | 'too_deep'
    | 'alias_limit'
    | 'invalid_input';
  /** For `unsupported_user_data`: the MIME type of the user data (`multipart/mixed`). */
  readonly userDataType?: string | undefined;
}

/**
 * A value of the wrong JSON type, e.g. `users.0.shell: expected string, got integer 5`.
 *
 * @example
 * ```ts
 * if (issue.code === 'type') console.log(issue.expected.join(' or '), issue.received);
 * ```
 */
export interface CloudConfigTypeIssue extends CloudConfigIssueBase {
  readonly code: 'type';
  /** Accepted types (`string`, `integer`, ...) and, for unions of fixed values, those values as text. */
  readonly expected: readonly string[];
  /** The type found: a JSON type name, or `date` / `binary` for YAML timestamps and `!!binary`. */
  readonly received: string;
}

/**
 * A mapping lacks a required key. The path is the mapping's (as cloud-init reports it); `property`
 * names the missing key, or several alternatives when one of them is needed (`name` or `snapuser`).
 *
 * @example
 * ```ts
 * if (issue.code === 'required') console.log(`add ${issue.property.join(' or ')} under ${issue.path}`);
 * ```
 */
export interface CloudConfigRequiredIssue extends CloudConfigIssueBase {
  readonly code: 'required';
  readonly property: readonly string[];
}

/**
 * A key the mapping does not allow. As in cloud-init, `path` is the mapping's (`apt` for an unknown
 * `apt.mirror`); at the top level it is the key itself (see the target's rules for several unknown
 * top-level keys). `property` names the key, `line`/`column` point at it, and `suggestion` is the
 * closest allowed key when the key looks like a misspelling of it.
 *
 * @example
 * ```ts
 * if (issue.code === 'additional_property' && issue.suggestion) console.log(`did you mean ${issue.suggestion}?`);
 * ```
 */
export interface CloudConfigAdditionalPropertyIssue extends CloudConfigIssueBase {
  readonly code: 'additional_property';
  readonly property: string;
  readonly suggestion?: string | undefined;
}

/**
 * Keys that cannot be used together, such as both spellings of one `rh_subscription` key
 * (`service_level` and `service-level`), reported at the mapping with both keys in `property`; or a
 * key that a rule forbids next to another (`ssh_authorized_keys` with `ssh_redirect_user: true`),
 * reported at that key.
 *
 * @example
 * ```ts
 * if (issue.code === 'conflict') console.log(`keep only one of ${issue.property.join(', ')}`);
 * ```
 */
export interface CloudConfigConflictIssue extends CloudConfigIssueBase {
  readonly code: 'conflict';
  readonly property: readonly string[];
}

/**
 * A mapping key that cloud-init's YAML loader reads as something other than a string (`1:`,
 * `on:`, `~:`) where the schema checks keys by name. Reported at the mapping, like an unknown key;
 * `property` is the key as written, `line`/`column` point at it. (cloud-init 26.2 reports such a
 * key in a closed mapping as unexpected, and fails with a TypeError on one in a mapping of
 * patterned keys such as `disk_setup`.)
 *
 * @example
 * ```ts
 * if (issue.code === 'invalid_key') console.log(`quote the key ${issue.property}`);
 * ```
 */
export interface CloudConfigInvalidKeyIssue extends CloudConfigIssueBase {
  readonly code: 'invalid_key';
  readonly property: string;
}

/**
 * A value outside a fixed list (`enum`) or different from a fixed value (`const`).
 *
 * @example
 * ```ts
 * if (issue.code === 'enum') console.log(issue.allowed);
 * ```
 */
export interface CloudConfigEnumIssue extends CloudConfigIssueBase {
  readonly code: 'enum' | 'const';
  readonly allowed: readonly unknown[];
  readonly suggestion?: string | undefined;
}

/**
 * Every other schema rule: `pattern`, `format`, sizes of strings, lists and mappings, number bounds,
 * duplicate list items, a value matching several forms of a `oneOf` (`ambiguous`), and `invalid` for
 * anything else.
 *
 * @example
 * ```ts
 * if (issue.code === 'too_few_items') console.log(issue.message); // "expected at least 1 item, got 0"
 * ```
 */
export interface CloudConfigRuleIssue extends CloudConfigIssueBase {
  readonly code:
    | 'pattern'
    | 'format'
    | 'too_short'
    | 'too_long'
    | 'too_few_items'
    | 'too_many_items'
    | 'duplicate_items'
    | 'too_few_properties'
    | 'too_many_properties'
    | 'too_small'
    | 'too_big'
    | 'ambiguous'
    | 'invalid';
}

/**
 * A problem that does not make the config invalid: a key written twice (YAML keeps the last value,
 * as cloud-init's PyYAML does), a YAML construct cloud-init would read differently, a part
 * cloud-init dropped from merged user data that cloud-init 26.2 does not report (`ignored_part`),
 * or what rendering a jinja template could not settle (`jinja_template`: undefined variables, no
 * instance data).
 *
 * @example
 * ```ts
 * if (warning.code === 'duplicate_key') console.log(`first at line ${warning.firstLine}`);
 * ```
 */
export interface CloudConfigWarning extends CloudConfigIssueBase {
  readonly code: 'duplicate_key' | 'yaml_warning' | 'ignored_part' | 'jinja_template';
  /** For `duplicate_key`: where the key was first written. */
  readonly firstLine?: number | undefined;
  readonly firstColumn?: number | undefined;
}

/**
 * A deprecated key or form that still works. `message` follows cloud-init's wording
 * (`Deprecated in version 22.3. Use lock_passwd instead.`) and names the replacement.
 *
 * @example
 * ```ts
 * for (const d of result.deprecations) console.warn(`${d.path}: ${d.message}`);
 * ```
 */
export interface CloudConfigDeprecation extends CloudConfigIssueBase {
  readonly code: 'deprecated';
  /** The cloud-init version that deprecated (or changed) the key or form, when known. */
  readonly version?: string | undefined;
}

/**
 * Across several releases: a key that an older release does not know and a newer one does. On the
 * older release's image cloud-init ignores it at boot. `path` is the key's own path; `releases`
 * the releases that lack it; `addedIn` the first release that has it.
 *
 * @example
 * ```ts
 * if (issue.code === 'not_supported') console.log(`${issue.path} needs cloud-init ${issue.addedIn}`);
 * ```
 */
export interface CloudConfigNotSupportedIssue extends CloudConfigIssueBase {
  readonly code: 'not_supported';
  readonly property: string;
  readonly addedIn: string;
}

/**
 * Any error that makes a config invalid; `switch (issue.code)` narrows to the specific shape.
 *
 * @example
 * ```ts
 * function explain(issue: CloudConfigIssue): string {
 *   switch (issue.code) {
 *     case 'additional_property': return issue.suggestion ? `${issue.message}` : `remove ${issue.property}`;
 *     case 'required': return `add ${issue.property.join(' or ')}`;
 *     default: return issue.message;
 *   }
 * }
 * ```
 */
export type CloudConfigIssue =
  | CloudConfigNotSupportedIssue
  | CloudConfigInputIssue
  | CloudConfigTypeIssue
  | CloudConfigRequiredIssue
  | CloudConfigAdditionalPropertyIssue
  | CloudConfigConflictIssue
  | CloudConfigInvalidKeyIssue
  | CloudConfigEnumIssue
  | CloudConfigRuleIssue;

/**
 * Every `code` an issue, warning or deprecation can carry.
 *
 * @example
 * ```ts
 * const blocking: CloudConfigIssueCode[] = ['yaml_syntax', 'missing_header'];
 * ```
 */
export type CloudConfigIssueCode = (CloudConfigIssue | CloudConfigWarning | CloudConfigDeprecation)['code'];
