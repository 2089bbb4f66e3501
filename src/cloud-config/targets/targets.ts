import { cloudConfigSchema } from '../schema/index';
import type { JsonSchema } from '../schema/json-schema';
import { cloudInit262Changes } from './cloud-init-26-2';
import { applySchemaChanges, type SchemaChange } from './schema-change';

/**
 * What a validation checks against: `'spec'`, the specification (its shown sections follow
 * cloud-init 23.1, the modules it does not show follow 26.2), or a cloud-init release whose schema
 * and `cloud-init schema` verdicts are matched exactly.
 *
 * @example
 * ```ts
 * const result = validateCloudConfig(text, { cloudInitVersion: '26.2' });
 * result.target; // '26.2'
 * ```
 */
export type CloudConfigTarget = 'spec' | '26.2';

/**
 * A cloud-init release to agree with, or `'latest'` for the newest one this package knows.
 *
 * @example
 * ```ts
 * validateCloudConfig(text, { cloudInitVersion: 'latest' });
 * ```
 */
export type CloudInitVersion = '26.2' | 'latest';

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
}

interface TargetDefinition {
  readonly basedOn?: CloudConfigTarget;
  readonly title: string;
  /** Built on first use (see cloud-init-26-2.ts). */
  readonly changes: () => readonly SchemaChange[];
  readonly behaviour: TargetBehaviour;
}

const CLOUD_INIT_BEHAVIOUR: TargetBehaviour = { unions: 'cloud-init', unknownTopLevelKeys: 'cloud-init', ignoredParts: 'cloud-init', dialect: 'python' };

// To add a release: write its differences from the spec (or from the release it is based on) as
// a file of SchemaChange facts next to cloud-init-26-2.ts, add it here and to the two types
// above, then regenerate the validators (docs/cloud-config.md, "Adding a cloud-init release").
const TARGETS: Readonly<Record<CloudConfigTarget, TargetDefinition>> = {
  spec: { title: 'the specification', changes: () => [], behaviour: { unions: 'meant-branch', unknownTopLevelKeys: 'at-key', ignoredParts: 'error', dialect: 'json-schema' } },
  '26.2': { title: 'cloud-init 26.2', changes: cloudInit262Changes, behaviour: CLOUD_INIT_BEHAVIOUR },
};

/** Every target, the default first. */
export const CLOUD_CONFIG_TARGETS: readonly CloudConfigTarget[] = Object.keys(TARGETS) as CloudConfigTarget[];

/** The release `'latest'` stands for. */
export const LATEST_CLOUD_INIT_VERSION: CloudConfigTarget = '26.2';

/** The target a `cloudInitVersion` option names (`undefined` for none: the spec), if it is known. */
export function targetOf(version: unknown): CloudConfigTarget | undefined {
  if (version === undefined) return 'spec';
  if (version === 'latest') return LATEST_CLOUD_INIT_VERSION;
  return typeof version === 'string' && Object.prototype.hasOwnProperty.call(TARGETS, version) ? (version as CloudConfigTarget) : undefined;
}

/** The documented behaviour of a target. */
export function targetBehaviour(target: CloudConfigTarget): TargetBehaviour {
  return TARGETS[target].behaviour;
}

/** The human name of a target: `the specification`, `cloud-init 26.2`. */
export function targetTitle(target: CloudConfigTarget): string {
  return TARGETS[target].title;
}

const schemas = new Map<CloudConfigTarget, JsonSchema>([['spec', cloudConfigSchema]]);

/** A target's schema document: the baseline with the target's changes applied (computed once). */
export function targetSchema(target: CloudConfigTarget): JsonSchema {
  let schema = schemas.get(target);
  if (schema === undefined) {
    const definition = TARGETS[target];
    const base = targetSchema(definition.basedOn ?? 'spec');
    schema = applySchemaChanges({ ...base, $id: `https://wc-legacy-api.dev/schemas/cloud-config-${target}.json`, title: `cloud-config (${definition.title})` }, definition.changes());
    schemas.set(target, schema);
  }
  return schema;
}

/**
 * Rewrites `pattern`s for validators that read them as Python's `re.search` does (its `$` also
 * matches before a final newline). Formats are read per validation instead (check/formats.ts).
 */
function pythonDialect(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(pythonDialect);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
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
 * The cloud-config JSON Schema a target validates against: the specification's (the default,
 * also exported as `cloudConfigSchema`), or a cloud-init release's (`'26.2'`, `'latest'`), derived
 * from the specification by that release's documented differences.
 *
 * @example
 * ```ts
 * import { cloudConfigSchemaFor } from 'wc-legacy-api/cloud-config';
 *
 * const schema = cloudConfigSchemaFor('26.2');
 * // schema.$id === 'https://wc-legacy-api.dev/schemas/cloud-config-26.2.json'
 * ```
 */
export function cloudConfigSchemaFor(version?: CloudInitVersion | 'spec' | undefined): Readonly<Record<string, unknown>> {
  const target = targetOf(version);
  if (target === undefined) throw new RangeError(`unknown cloud-init version ${JSON.stringify(version)}; use '26.2' or 'latest'`);
  return targetSchema(target);
}
