// The validation pipeline behind validateCloudConfig (validate-cloud-config.ts), with the parts only some user data
// needs (the jinja engine, MIME multipart) passed in as `engines`: the library passes them all; the CLI passes none
// until a file needs them (EnginesNotLoaded), so a folder of plain cloud-config never loads them.
import type { CloudConfig } from './cloud-config-type';
import type { CloudConfigDeprecation, CloudConfigIssue, CloudConfigWarning } from './cloud-config-issue';
import type { CloudConfigResult } from './cloud-config-result';
import { checkPlainData } from './check/check-plain-data';
import { schemaView } from './check/schema-view';
import { escapePointerSegment } from './json-pointer';
import { typeName } from './issues/describe-value';
import { findDeprecations } from './issues/find-deprecations';
import { mapAjvErrors, type MappedIssues } from './issues/map-ajv-errors';
import { limitIssues } from './issues/limit-issues';
import { withNonStringKeys } from './issues/non-string-keys';
import { explainYamlFailure } from './issues/yaml-failure';
import type { KeyCheck } from './issues/find-deprecations';
import { parseYaml, type ParsedYaml } from './yaml/parse-yaml';
import { ignoredParts, type IgnoredPart } from './input/ignored-parts';
import { LoadedInput } from './input/loaded-input';
import { readUserData, type ReadUserDataOptions } from './input/read-user-data';
import { schemaTarget, validateAgainstSchema, type SchemaTarget } from './check/schema-validator';
import { DEFAULT_TARGET, LATEST_CLOUD_INIT_VERSION, SUPPORTED_VERSIONS, targetOf, targetsOf, type CloudConfigTarget, type CloudInitVersion, type CloudInitVersions } from './targets/targets';
import { limitMerged, validateAcrossReleases, type KeyLocator } from './validate-across-releases';
import { sourcePosition, type PositionTarget } from './yaml/source-position';
import type { PartValidator } from './validate-multipart';
import { EnginesNotLoaded, type UserDataEngines } from './input/user-data-engines';
import type { ValidateCloudConfigOptions } from './validate-cloud-config-options';

const DEFAULT_MAX_BYTES = 1024 * 1024;
const DEFAULT_MAX_DEPTH = 64;
// yaml's composer (and toJS, ajv, our walkers) recurse once per level; at about 780 levels the
// composer alone exhausts Node's default stack. 256 leaves room for a caller already deep in it.
const MAX_DEPTH_CEILING = 256;

const DEFAULT_MAX_ISSUES = 100;

function issueLimit(asked: number | undefined): number {
  if (asked === undefined || Number.isNaN(asked)) return DEFAULT_MAX_ISSUES;
  // An invalid result lists at least one error.
  return Math.max(1, Math.floor(asked));
}

function depthLimit(asked: number | undefined): number {
  if (asked === undefined || Number.isNaN(asked)) return DEFAULT_MAX_DEPTH;
  return Math.max(1, Math.min(MAX_DEPTH_CEILING, Math.floor(asked)));
}

function result(
  target: CloudConfigTarget,
  errors: readonly CloudConfigIssue[],
  deprecations: readonly CloudConfigDeprecation[],
  warnings: readonly CloudConfigWarning[],
  config: Readonly<Record<string, unknown>> | undefined,
  userDataType?: string,
): CloudConfigResult {
  // Built literally rather than by spreading: results are made on every call.
  if (errors.length === 0) {
    const validConfig = (config ?? {}) as CloudConfig;
    return userDataType === undefined
      ? { valid: true, target, errors: [], deprecations, warnings, config: validConfig }
      : { valid: true, target, userDataType, errors: [], deprecations, warnings, config: validConfig };
  }
  const listed = errors as [CloudConfigIssue, ...CloudConfigIssue[]];
  return userDataType === undefined
    ? { valid: false, target, errors: listed, deprecations, warnings, config }
    : { valid: false, target, userDataType, errors: listed, deprecations, warnings, config };
}

/** A checked result of cloud-config text: its type named last, as it always was. */
function cloudConfigResult(checked: CloudConfigResult): CloudConfigResult {
  if (checked.userDataType !== undefined || checked.note !== undefined || checked.unlisted !== undefined) return { ...checked, userDataType: CLOUD_CONFIG };
  return checked.valid
    ? { valid: true, target: checked.target, errors: [], deprecations: checked.deprecations, warnings: checked.warnings, config: checked.config, userDataType: CLOUD_CONFIG }
    : { valid: false, target: checked.target, errors: checked.errors, deprecations: checked.deprecations, warnings: checked.warnings, config: checked.config, userDataType: CLOUD_CONFIG };
}

const CLOUD_CONFIG = 'text/cloud-config';

/**
 * Marker lines of parts cloud-init dropped while merging user data: errors, as `cloud-init
 * schema` reports them; under cloud-init 26.2's rule only when the schema reports something else
 * too (26.2 loses them otherwise), and warnings then.
 */
function withIgnoredParts(context: SchemaTarget, parts: readonly IgnoredPart[], checked: CloudConfigResult): CloudConfigResult {
  if (parts.length === 0) return checked;
  if (context.behaviour.ignoredParts === 'cloud-init') {
    // cloud-init 26.2 reports them with schema errors or deprecations; it loses them with a
    // document that is not a mapping (a different error path), and when nothing else is wrong.
    if (checked.errors[0]?.code === 'not_a_mapping') return checked;
    if (checked.errors.length === 0 && checked.deprecations.length === 0) return { ...checked, warnings: [...parts, ...checked.warnings] };
  }
  return result(checked.target, [...parts, ...checked.errors], checked.deprecations, checked.warnings, checked.config, checked.userDataType);
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeName(value) === 'object';
}

/** Where in the source an issue is shown: an unknown or conflicting key at the key itself. */
function positionPointer(issue: CloudConfigIssue | CloudConfigDeprecation): string {
  if (issue.code === 'additional_property' || issue.code === 'invalid_key') return `${issue.pointer}/${escapePointerSegment(issue.property)}`;
  if (issue.code === 'conflict' && issue.property.length > 1) return `${issue.pointer}/${escapePointerSegment(issue.property[issue.property.length - 1]!)}`;
  return issue.pointer;
}

/** Adds source positions and orders issues by position, as a reader scans the file. */
function positioned<T extends CloudConfigIssue | CloudConfigDeprecation>(issues: readonly T[], parsed: ParsedYaml | undefined): T[] {
  if (issues.length === 0) return [];
  const placed = [...issues];
  if (parsed) {
    for (const issue of placed) {
      const target: PositionTarget = issue.code === 'additional_property' || issue.code === 'invalid_key' ? 'key' : issue.code === 'deprecated' ? 'entry' : 'value';
      const at = sourcePosition(parsed, positionPointer(issue), target);
      // The issues were made for this validation alone: positions are added in place.
      if (at) {
        (issue as { line?: number }).line = at.line;
        (issue as { column?: number }).column = at.column;
      }
    }
  }
  return placed.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity) || (a.column ?? 0) - (b.column ?? 0) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** How listed issues are completed: set by validateData when the schema reported something. */
interface Completion {
  mapped?: MappedIssues;
  /** The parsed document of cloud-config text, kept for the fixer (see validateForFix). */
  parsed?: ParsedYaml;
}

function validateData(context: SchemaTarget, data: unknown, parsed: ParsedYaml | undefined, warnings: readonly CloudConfigWarning[], maxDepth: number, completion: Completion): CloudConfigResult {
  if (!isMapping(data)) {
    const at = parsed ? sourcePosition(parsed, '', 'value') : undefined;
    const message = `a cloud-config must be a YAML mapping of keys to values, got ${typeName(data)}`;
    return result(context.name, [{ code: 'not_a_mapping', path: '', pointer: '', message, ...(at ? { line: at.line, column: at.column } : {}) }], [], warnings, undefined);
  }
  // Plain YAML data was checked and converted while it was read (yaml/document-data.ts).
  if (!parsed?.plain) {
    const shapeIssue = checkPlainData(data, maxDepth);
    if (shapeIssue) return result(context.name, [shapeIssue], [], warnings, undefined);
  }
  const view = parsed?.plain ? parsed.schemaValue : schemaView(parsed ? parsed.schemaValue : data);
  // Which mappings name their keys is only needed to judge keys that are not strings.
  const named = parsed && parsed.nonStringKeys.length > 0 ? new Map<string, KeyCheck>() : undefined;
  const ajvErrors = validateAgainstSchema(context, view);
  const deprecations = positioned(findDeprecations(context, view, ajvErrors, named), parsed);
  let schemaErrors: CloudConfigIssue[] = [];
  if (ajvErrors.length > 0) {
    const mapped = mapAjvErrors(context, ajvErrors);
    completion.mapped = mapped;
    schemaErrors = mapped.issues;
  }
  const errors = positioned(named ? withNonStringKeys(schemaErrors, parsed!.nonStringKeys, named) : schemaErrors, parsed);
  return result(context.name, errors, deprecations, warnings, data);
}

/** Finds a top-level key in text input (for issues no single release reports, so none placed). */
function keyLocator(input: unknown, maxDepth: number, loaded: LoadedInput): KeyLocator {
  let parsed: ParsedYaml | null | undefined;
  return (pointer) => {
    if (parsed === undefined) {
      // Plain UTF-8 bytes (the CLI's input) are read as text; gzip and other encodings go unplaced.
      const bytes = input instanceof Uint8Array && !(input[0] === 0x1f && input[1] === 0x8b) ? input : undefined;
      const text = typeof input === 'string' ? input : bytes && new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
      const result = text === undefined ? undefined : loaded.parse(text, maxDepth);
      parsed = result?.ok ? result.parsed : null;
    }
    return parsed ? sourcePosition(parsed, pointer, 'key') : undefined;
  };
}

/**
 * `loaded`: what the releases of one multi-release validation share (read and parsed once);
 * `undefined` for a single target, which reads and parses as it always did.
 */
function validateUnsafe(input: unknown, options: ValidateCloudConfigOptions, completion: Completion, engines: UserDataEngines | undefined, loaded?: LoadedInput): CloudConfigResult {
  const maxDepth = depthLimit(options.maxDepth);
  const target = targetOf(options.cloudInitVersion);
  if (target === undefined) {
    const message = `unknown cloudInitVersion ${JSON.stringify(String(options.cloudInitVersion))}; use ${SUPPORTED_VERSIONS}`;
    return result(DEFAULT_TARGET, [{ code: 'invalid_input', path: '', pointer: '', message }], [], [], undefined);
  }
  const context = schemaTarget(target);
  if (context === undefined) {
    const message = `the validators of cloud-init ${target} are not loaded: call \`await loadCloudInitReleases()\` once before validating against a release older than ${LATEST_CLOUD_INIT_VERSION}`;
    return result(target, [{ code: 'invalid_input', path: '', pointer: '', message }], [], [], undefined);
  }
  if (typeof input !== 'string' && !(input instanceof Uint8Array)) return validateData(context, input, undefined, [], maxDepth, completion);
  const reading: ReadUserDataOptions = {
    requireHeader: options.requireHeader ?? true,
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    instanceData: options.instanceData,
    headerRule: context.behaviour.headers,
    renderJinja: engines?.renderJinja,
  };
  const userData = loaded ? loaded.userData(input, reading) : readUserData(input, reading);
  if (userData.kind === 'empty') return { ...result(target, [], [], [], {}), note: 'empty: nothing to validate' };
  if (userData.kind === 'rejected') return result(target, [userData.issue], [], [], undefined, userData.issue.userDataType);
  if (userData.kind === 'multipart') {
    if (engines === undefined) throw new EnginesNotLoaded();
    const validatePart: PartValidator = (part, changed) => validateLoaded(part, { ...options, ...changed }, engines, loaded);
    return engines.validateMultipart(userData.text, validatePart, { target, maxIssues: issueLimit(options.maxIssues), line: userData.line });
  }
  if (userData.kind === 'other') {
    // As `cloud-init schema` does: another type of user data is not an error, and not checked.
    const note = `${userData.userDataType} (${userData.header} on line ${userData.line}) is not cloud-config; not validated, as cloud-init schema does not validate it`;
    return { ...result(target, [], [], [], {}, userData.userDataType), note };
  }
  const checked = validateText(context, userData.text, maxDepth, completion, loaded);
  if (userData.template === undefined) return checked;
  // A template was rendered, so the engines are there.
  if (engines === undefined) throw new EnginesNotLoaded();
  return engines.inTemplate(checked, userData.template);
}

function validateText(context: SchemaTarget, text: string, maxDepth: number, completion: Completion, loaded: LoadedInput | undefined): CloudConfigResult {
  const parts = ignoredParts(text);
  const parsed = loaded ? loaded.parse(text, maxDepth) : parseYaml(text, maxDepth);
  if (!parsed.ok) return result(context.name, [...parts, ...explainYamlFailure(text, parsed.errors, maxDepth)], [], parsed.warnings, undefined, CLOUD_CONFIG);
  completion.parsed = parsed.parsed;
  const checked = validateData(context, parsed.parsed.value, parsed.parsed, parsed.parsed.warnings, maxDepth, completion);
  return withIgnoredParts(context, parts, cloudConfigResult(checked));
}

/**
 * validateCloudConfig with the given engines (see the top of this file). Never throws, except EnginesNotLoaded when
 * the input needs an engine that `engines` lacks. `loaded`, when given, keeps what the validation read and parsed,
 * for the caller to ask again without a second parse (the CLI's network-config hint for an invalid file).
 */
export function validateUserData(input: unknown, options: ValidateCloudConfigOptions, engines: UserDataEngines | undefined, loaded?: LoadedInput): CloudConfigResult {
  return validateLoaded(input, options, engines, loaded);
}

/** validateUserData, sharing what `loaded` has read and parsed (see input/loaded-input.ts). */
function validateLoaded(input: unknown, options: ValidateCloudConfigOptions, engines: UserDataEngines | undefined, loaded: LoadedInput | undefined): CloudConfigResult {
  try {
    const releases = targetsOf(options?.cloudInitVersion);
    if (releases !== undefined) {
      if (releases.length === 1) return validateLoaded(input, { ...options, cloudInitVersion: releases[0] }, engines, loaded);
      // Each release validates the input on its own, but the input is read and parsed once.
      const shared = loaded ?? new LoadedInput();
      const one = (release: CloudInitVersion) => validateLoaded(input, { ...options, cloudInitVersion: release }, engines, shared);
      const merged = validateAcrossReleases(releases, one, keyLocator(input, depthLimit(options.maxDepth), shared));
      return limitMerged(merged, (result) => limitIssues(result, issueLimit(options.maxIssues), undefined));
    }
    const completion: Completion = {};
    return limitIssues(validateUnsafe(input, options ?? {}, completion, engines, loaded), issueLimit(options?.maxIssues), completion.mapped);
  } catch (error) {
    if (error instanceof EnginesNotLoaded) throw error;
    // A last line of defence: exotic objects (throwing getters, proxies) or a bug must still come
    // back as data. The message names the failure without echoing input.
    const reason = error instanceof RangeError ? 'it nests too deeply' : 'it could not be read as plain data';
    const target = targetOf(options?.cloudInitVersion) ?? DEFAULT_TARGET;
    return result(target, [{ code: error instanceof RangeError ? 'too_deep' : 'invalid_input', path: '', pointer: '', message: `the input cannot be validated: ${reason}` }], [], [], undefined);
  }
}

/** One validation of text for the fixer: every issue (unlimited), the result as listed, and the parsed document. */
export interface ValidationForFix {
  readonly all: CloudConfigResult;
  readonly listed: () => CloudConfigResult;
  readonly parsed: ParsedYaml | undefined;
}

/**
 * Validates text as validateUserData does, keeping what the fixer needs besides the result:
 * every issue, and the YAML document whose ranges it edits (so the text is parsed once). Never throws.
 */
export function validateForFix(text: string, options: ValidateCloudConfigOptions, engines: UserDataEngines): ValidationForFix {
  try {
    const completion: Completion = {};
    const all = validateUnsafe(text, options, completion, engines);
    return { all, listed: () => limitIssues(all, issueLimit(options.maxIssues), completion.mapped), parsed: completion.parsed };
  } catch {
    const result = validateUserData(text, options, engines);
    return { all: result, listed: () => result, parsed: undefined };
  }
}
