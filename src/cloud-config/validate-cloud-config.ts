import type { CloudConfig } from './cloud-config-type';
import type { CloudConfigDeprecation, CloudConfigIssue, CloudConfigWarning } from './cloud-config-issue';
import type { CloudConfigResult } from './cloud-config-result';
import { binaryAsString } from './input/binary-as-string';
import { checkPlainData } from './check/check-plain-data';
import { typeName } from './issues/describe-value';
import { findDeprecations } from './issues/find-deprecations';
import { mapAjvErrors } from './issues/map-ajv-errors';
import { parseYaml, type ParsedYaml } from './yaml/parse-yaml';
import { readUserData } from './input/read-user-data';
import { rootSchema, validateAgainstSchema } from './check/schema-validator';
import { sourcePosition, type PositionTarget } from './yaml/source-position';

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
   * (`#!`, `#include`, MIME, ...) are still recognised and not validated.
   */
  readonly requireHeader?: boolean | undefined;
  /** Largest text or byte input read, in bytes (default 1 MiB; clouds cap user data far lower). */
  readonly maxBytes?: number | undefined;
  /** Deepest nesting of mappings and lists accepted (default 64). */
  readonly maxDepth?: number | undefined;
  /**
   * Instance data for `## template: jinja` user data: `{{ v1.region }}`-style variables are
   * substituted from it before validating, as cloud-init does. Without it, jinja user data is
   * reported as needing rendering.
   */
  readonly instanceData?: Readonly<Record<string, unknown>> | undefined;
}

const DEFAULT_MAX_BYTES = 1024 * 1024;
const DEFAULT_MAX_DEPTH = 64;

function result(
  errors: readonly CloudConfigIssue[],
  deprecations: readonly CloudConfigDeprecation[],
  warnings: readonly CloudConfigWarning[],
  config: Readonly<Record<string, unknown>> | undefined,
): CloudConfigResult {
  if (errors.length === 0) {
    return { valid: true, errors: [], deprecations, warnings, config: (config ?? {}) as CloudConfig };
  }
  return { valid: false, errors: errors as [CloudConfigIssue, ...CloudConfigIssue[]], deprecations, warnings, config };
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeName(value) === 'object';
}

/** Adds source positions and orders issues by position, as a reader scans the file. */
function positioned<T extends CloudConfigIssue | CloudConfigDeprecation>(issues: readonly T[], parsed: ParsedYaml | undefined): T[] {
  const placed = parsed
    ? issues.map((issue) => {
        const target: PositionTarget = issue.code === 'additional_property' ? 'key' : issue.code === 'deprecated' ? 'entry' : 'value';
        const at = sourcePosition(parsed, issue.pointer, target);
        return at ? { ...issue, line: at.line, column: at.column } : issue;
      })
    : [...issues];
  return placed.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity) || (a.column ?? 0) - (b.column ?? 0) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function validateData(data: unknown, parsed: ParsedYaml | undefined, warnings: readonly CloudConfigWarning[], maxDepth: number): CloudConfigResult {
  if (!isMapping(data)) {
    const at = parsed ? sourcePosition(parsed, '', 'value') : undefined;
    const message = `a cloud-config must be a YAML mapping of keys to values, got ${typeName(data)}`;
    return result([{ code: 'not_a_mapping', path: '', pointer: '', message, ...(at ? { line: at.line, column: at.column } : {}) }], [], warnings, undefined);
  }
  const shapeIssue = checkPlainData(data, maxDepth);
  if (shapeIssue) return result([shapeIssue], [], warnings, undefined);
  const view = binaryAsString(data);
  const errors = positioned(mapAjvErrors(validateAgainstSchema(view)), parsed);
  const deprecations = positioned(findDeprecations(rootSchema, view), parsed);
  return result(errors, deprecations, warnings, data);
}

function validateUnsafe(input: unknown, options: ValidateCloudConfigOptions): CloudConfigResult {
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  if (typeof input !== 'string' && !(input instanceof Uint8Array)) return validateData(input, undefined, [], maxDepth);
  const userData = readUserData(input, {
    requireHeader: options.requireHeader ?? true,
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    instanceData: options.instanceData,
  });
  if (userData.kind === 'empty') return result([], [], [], {});
  if (userData.kind === 'rejected') return result([userData.issue], [], [], undefined);
  const parsed = parseYaml(userData.text);
  if (!parsed.ok) return result(parsed.errors, [], parsed.warnings, undefined);
  return validateData(parsed.parsed.value, parsed.parsed, parsed.parsed.warnings, maxDepth);
}

/**
 * Validates cloud-init user data against the cloud-config schema, the way `cloud-init schema`
 * does, with positions and plain-English messages. Never throws: every problem, including
 * unreadable input, is returned as data.
 *
 * `input` is YAML text (must start with `#cloud-config` unless `requireHeader: false`), bytes
 * (`Uint8Array`/`Buffer`, UTF-8 or gzip), or an already-parsed object (no header check).
 *
 * @example
 * ```ts
 * import { validateCloudConfig } from 'shopkeep/cloud-config';
 *
 * const result = validateCloudConfig('#cloud-config\nusers:\n  - name: ada\n    shell: 5\n');
 * // result.valid === false
 * // result.errors[0]: { code: 'type', path: 'users.0.shell', message: 'expected string, got integer 5', line: 4, column: 12, ... }
 * ```
 */
export function validateCloudConfig(input: unknown, options: ValidateCloudConfigOptions = {}): CloudConfigResult {
  try {
    return validateUnsafe(input, options ?? {});
  } catch (error) {
    // A last line of defence: exotic objects (throwing getters, proxies) or a bug must still come
    // back as data. The message names the failure without echoing input.
    const reason = error instanceof RangeError ? 'it nests too deeply' : 'it could not be read as plain data';
    return result([{ code: error instanceof RangeError ? 'too_deep' : 'invalid_input', path: '', pointer: '', message: `the input cannot be validated: ${reason}` }], [], [], undefined);
  }
}
