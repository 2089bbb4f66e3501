import { cloudConfigSchema } from '../schema/index';
import type { JsonSchema } from '../schema/json-schema';
import { cloudInit262Changes } from './cloud-init-26-2';
import { CLOUD_INIT_POINT_RELEASES } from './generated/cloud-init-releases';
import { CLOUD_INIT_RELEASES, extractedReleaseSchema, type CloudInitRelease } from './release-schemas';
import { applySchemaChanges } from './schema-change';

export type { CloudInitRelease };
export { CLOUD_INIT_RELEASES };

/**
 * What a validation checks against: `'spec'`, the specification (its shown sections follow
 * cloud-init 23.1, the modules it does not show follow 26.2), or a cloud-init release from 22.1
 * to 26.2, checked against that release's own schema.
 *
 * @example
 * ```ts
 * const result = validateCloudConfig(text, { cloudInitVersion: '22.4' });
 * result.target; // '22.4'
 * ```
 */
export type CloudConfigTarget = 'spec' | CloudInitRelease;

/**
 * A cloud-init release to agree with (`'22.1'` ... `'26.2'`; a point release such as `'23.4.1'`
 * means its series where its schema is the same, which is every one up to 26.2), `'latest'` for
 * the newest one this package knows, or `'spec'` for the specification.
 *
 * @example
 * ```ts
 * validateCloudConfig(text, { cloudInitVersion: 'latest' });
 * validateCloudConfig(text, { cloudInitVersion: '23.4.1' }).target; // '23.4'
 * ```
 */
export type CloudInitVersion = CloudInitRelease | `${CloudInitRelease}.${number}` | 'latest' | 'spec';

/**
 * Several cloud-init releases to validate against at once: a list of versions, or a range of the
 * known releases (`'>=22.4'`, `'<24.1'`, `'>=22.4 <=24.4'`). See {@link targetsOf}.
 *
 * @example
 * ```ts
 * validateCloudConfig(text, { cloudInitVersion: ['22.4', '26.2'] });
 * validateCloudConfig(text, { cloudInitVersion: '>=23.4' });
 * ```
 */
export type CloudInitVersions = readonly CloudInitVersion[] | `${'>=' | '>' | '<=' | '<'}${string}`;

/**
 * How a target's validator behaves where cloud-init's own validator and ours differ beyond the
 * schema (each default is a decision documented in docs/cloud-config.md).
 */
export interface TargetBehaviour {
  /**
   * A failing `oneOf`/`anyOf`: `meant-branch` reports the branch the value meant; `cloud-init`
   * reports where cloud-init does (the deepest errors of all branches; for `anyOf`, the value and
   * its shallowest error; the branch naming a reporting handler's `type`).
   */
  readonly unions: 'meant-branch' | 'cloud-init';
  /** Several unknown top-level keys: `at-key` reports each at its own path; `cloud-init` at `""`. */
  readonly unknownTopLevelKeys: 'at-key' | 'cloud-init';
  /**
   * `# Cloud-config part ignored SCHEMA_ERROR:` lines: always errors, or (`cloud-init`) errors only
   * when the schema reports something else too, warnings otherwise (26.2 drops them then).
   */
  readonly ignoredParts: 'error' | 'cloud-init';
  /**
   * How `format` and `pattern` are read: as JSON Schema says (ECMAScript patterns, RFC 3986 `uri`,
   * RFC 3339 `date`), or as cloud-init's Python does it (`$` also matches before a final newline;
   * `date` is `date.fromisoformat`, which also takes `20301231` and `2030-W01-1`).
   */
  readonly dialect: 'json-schema' | 'python';
  /**
   * Which user data is read as cloud-config: `user-data-types` (the header names the type; jinja
   * is rendered; other types are not validated), or `cloud-config-prefix` (cloud-init 22.1 to 23.1:
   * only a file whose first bytes are `#cloud-config`, all of it read as YAML).
   */
  readonly headers: 'user-data-types' | 'cloud-config-prefix';
}

interface TargetDefinition {
  readonly title: string;
  /** Built on first use (see cloud-init-26-2.ts and release-schemas.ts). */
  readonly schema: () => JsonSchema;
  readonly behaviour: TargetBehaviour;
}

const CLOUD_INIT_BEHAVIOUR: TargetBehaviour = { unions: 'cloud-init', unknownTopLevelKeys: 'cloud-init', ignoredParts: 'cloud-init', dialect: 'python', headers: 'user-data-types' };
// `cloud-init schema` learnt user-data types (jinja, other headers) in 23.2.
const PREFIX_HEADER_RELEASES: ReadonlySet<string> = new Set(['22.1', '22.2', '22.3', '22.4', '23.1']);

const withId = (target: CloudConfigTarget, title: string, schema: JsonSchema): JsonSchema => ({
  ...schema,
  $id: `https://wc-legacy-api.dev/schemas/cloud-config-${target}.json`,
  title: `cloud-config (${title})`,
});

// 26.2 is the specification with the differences written (and checked against its validator)
// in cloud-init-26-2.ts; every other release is its own schema's facts, extracted from its tag
// by scripts/extract-cloud-init-releases.py (see docs/cloud-config.md, "Targets").
const TARGETS: Readonly<Record<CloudConfigTarget, TargetDefinition>> = {
  spec: {
    title: 'the specification',
    schema: () => cloudConfigSchema,
    behaviour: { unions: 'meant-branch', unknownTopLevelKeys: 'at-key', ignoredParts: 'error', dialect: 'json-schema', headers: 'user-data-types' },
  },
  ...(Object.fromEntries(
    CLOUD_INIT_RELEASES.map((release): [CloudInitRelease, TargetDefinition] => [
      release,
      {
        title: `cloud-init ${release}`,
        schema:
          release === '26.2'
            ? () => applySchemaChanges(withId('26.2', 'cloud-init 26.2', cloudConfigSchema), cloudInit262Changes())
            : () => withId(release, `cloud-init ${release}`, extractedReleaseSchema(release)),
        behaviour: PREFIX_HEADER_RELEASES.has(release) ? { ...CLOUD_INIT_BEHAVIOUR, headers: 'cloud-config-prefix' } : CLOUD_INIT_BEHAVIOUR,
      },
    ]),
  ) as Record<CloudInitRelease, TargetDefinition>),
};

/** Every target: the specification, then each release, oldest first. */
export const CLOUD_CONFIG_TARGETS: readonly CloudConfigTarget[] = Object.keys(TARGETS) as CloudConfigTarget[];

/** The release `'latest'` stands for. */
export const LATEST_CLOUD_INIT_VERSION: CloudInitRelease = CLOUD_INIT_RELEASES[CLOUD_INIT_RELEASES.length - 1]!;

/** The target used when no `cloudInitVersion` is given: the newest release (docs/decisions.md). */
export const DEFAULT_TARGET: CloudConfigTarget = LATEST_CLOUD_INIT_VERSION;

/** The supported versions, for messages: `'spec', '22.1' to '26.2' (and their point releases), 'latest'`. */
export const SUPPORTED_VERSIONS = `'${CLOUD_INIT_RELEASES[0]}' to '${LATEST_CLOUD_INIT_VERSION}' (a point release such as '23.4.1' means its series), 'latest' or 'spec', or several releases: a list or a range such as '>=22.4'`;

/** The target a `cloudInitVersion` option names (`undefined` for none: the default), if it is known. */
export function targetOf(version: unknown): CloudConfigTarget | undefined {
  if (version === undefined) return DEFAULT_TARGET;
  if (version === 'latest') return LATEST_CLOUD_INIT_VERSION;
  if (typeof version !== 'string') return undefined;
  if (Object.prototype.hasOwnProperty.call(TARGETS, version)) return version as CloudConfigTarget;
  // A point release whose schema is its series' (checked by the extraction script).
  const series = Object.prototype.hasOwnProperty.call(CLOUD_INIT_POINT_RELEASES, version) ? CLOUD_INIT_POINT_RELEASES[version] : undefined;
  return typeof series === 'string' && Object.prototype.hasOwnProperty.call(TARGETS, series) ? (series as CloudConfigTarget) : undefined;
}

/**
 * Several releases to validate against at once: a list (`['22.4', '26.2']`, or the CLI's
 * `22.4,26.2`), or a range of the known releases: `>=22.4`, `<24.1`, or both separated by a
 * space (`>=22.4 <=24.4`). Each entry of a list is a version `targetOf` knows (point releases and
 * `latest` included; not `spec`). The releases come back oldest first, without repeats;
 * `undefined` for anything else (an unknown version, an empty list or range, a malformed range).
 * A single version is not a set (`undefined`): it is `targetOf`'s.
 *
 * @example
 * ```ts
 * targetsOf('>=25.2'); // ['25.2', '25.3', '26.1', '26.2']
 * ```
 */
export function targetsOf(versions: unknown): readonly CloudInitRelease[] | undefined {
  const index = (v: string) => CLOUD_INIT_RELEASES.indexOf(v.split('.').slice(0, 2).join('.') as CloudInitRelease);
  return releaseSet(versions, CLOUD_INIT_RELEASES, targetOf, index);
}

/**
 * The releases a list (`['22.4', '26.2']`, `'22.4,26.2'`) or a range (`'>=22.4 <=24.4'`) names out of
 * `ordered` (oldest first), oldest first and without repeats; `undefined` for an unknown version, an
 * empty set, a malformed range or anything else. `one` reads a list entry (`'spec'` is refused
 * here); `boundIndex` places a range bound in `ordered` (-1: unknown). Shared by cloud-config's
 * targets and network-config's (which has point releases of its own).
 */
export function releaseSet<T extends string>(
  versions: unknown,
  ordered: readonly T[],
  one: (version: unknown) => T | 'spec' | undefined,
  boundIndex: (version: string) => number,
): readonly T[] | undefined {
  let picked: readonly T[];
  if (Array.isArray(versions) || (typeof versions === 'string' && versions.includes(','))) {
    const list: unknown[] = Array.isArray(versions) ? versions : (versions as string).split(',').map((v) => v.trim());
    const targets = list.map((v) => (v === 'spec' ? undefined : one(v)));
    if (targets.length === 0 || targets.some((t) => t === undefined || t === 'spec')) return undefined;
    picked = targets as T[];
  } else if (typeof versions === 'string' && /^\s*[<>]/.test(versions)) {
    const bounds = versions.trim().split(/\s+/).map((b) => /^(>=|>|<=|<)(\d+\.\d+(?:\.\d+)?)$/.exec(b));
    if (bounds.some((b) => b === null)) return undefined;
    const limits = bounds.map((b) => [b![1]!, boundIndex(b![2]!)] as const);
    if (limits.some(([, at]) => at === -1)) return undefined;
    picked = ordered.filter((_, i) => limits.every(([op, at]) => (op === '>=' ? i >= at : op === '>' ? i > at : op === '<=' ? i <= at : i < at)));
  } else return undefined;
  const unique = ordered.filter((r) => picked.includes(r));
  return unique.length === 0 ? undefined : unique;
}

/** The documented behaviour of a target. */
export function targetBehaviour(target: CloudConfigTarget): TargetBehaviour {
  return TARGETS[target].behaviour;
}

/** The human name of a target: `the specification`, `cloud-init 26.2`. */
export function targetTitle(target: CloudConfigTarget): string {
  return TARGETS[target].title;
}

const schemas = new Map<CloudConfigTarget, JsonSchema>();

/** A target's schema document (computed once). */
export function targetSchema(target: CloudConfigTarget): JsonSchema {
  let schema = schemas.get(target);
  if (schema === undefined) {
    schema = TARGETS[target].schema();
    schemas.set(target, schema);
  }
  return schema;
}

/**
 * cloud-init's patterns that backtrack quadratically on long strings (`^.+:.+$` on 50,000 colons,
 * the swap size on 50,000 digits), each with a linear pattern that accepts exactly the same
 * strings (the spec uses the same rewrites; test/cloud-config/schema-patterns.test.ts tries every
 * generated pattern at the input size limit).
 */
const LINEAR_PATTERNS: ReadonlyMap<string, string> = new Map([
  // The first colon after the first character decides: any later one leaves a shorter tail.
  ['^.+:.+$', '^.[^:\\n\\r\\u2028\\u2029]*:.+$'],
  // [digits][.]digits = digits, digits.digits or .digits.
  ['^([0-9]+)?\\.?[0-9]+[BKMGT]$', '^(?:[0-9]+(?:\\.[0-9]+)?|\\.[0-9]+)[BKMGT]$'],
]);

/**
 * Rewrites `pattern`s for validators that read them as Python's `re.search` does (its `$` also
 * matches before a final newline). Formats are read per validation instead (check/formats.ts).
 */
function pythonDialect(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(pythonDialect);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(node)) {
    const value = key === 'pattern' && typeof raw === 'string' ? (LINEAR_PATTERNS.get(raw) ?? raw) : raw;
    if (key === 'pattern' && typeof value === 'string' && /(?<!\\)\$$/.test(value)) out[key] = `${value.slice(0, -1)}\n?$`;
    else if (key === 'enum' || key === 'const' || key === 'default') out[key] = value;
    else out[key] = pythonDialect(value);
  }
  return out;
}

/**
 * The document a target's validators are generated from: its schema, with patterns as the target's
 * dialect reads them (the published document keeps the standard ones).
 */
export function validatorSchema(target: CloudConfigTarget): JsonSchema {
  const schema = targetSchema(target);
  return TARGETS[target].behaviour.dialect === 'python' ? (pythonDialect(schema) as JsonSchema) : schema;
}

/**
 * The cloud-config JSON Schema a target validates against: a cloud-init release's (`'22.1'` to
 * `'26.2'`; `'latest'` and no version: the newest), or the specification's (`'spec'`, also
 * exported as `cloudConfigSchema`).
 *
 * @example
 * ```ts
 * import { cloudConfigSchemaFor } from 'wc-legacy-api/cloud-config';
 *
 * const schema = cloudConfigSchemaFor('26.2');
 * // schema.$id === 'https://wc-legacy-api.dev/schemas/cloud-config-26.2.json'
 * ```
 */
export function cloudConfigSchemaFor(version?: CloudInitVersion | undefined): Readonly<Record<string, unknown>> {
  const target = targetOf(version);
  if (target === undefined) throw new RangeError(`unknown cloud-init version ${JSON.stringify(version)}; use ${SUPPORTED_VERSIONS}`);
  return targetSchema(target);
}
