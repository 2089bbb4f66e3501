import type { JsonSchema } from '../schema/json-schema';
import { CLOUD_INIT_RELEASES, releaseBase, releaseChanges } from './generated/cloud-init-releases';
import { applySchemaChanges, type SchemaChange } from './schema-change';

// The schema of each cloud-init release, rebuilt from the extracted facts
// (scripts/extract-cloud-init-releases.py): the newest release's facts, and each older release
// as its differences from the next newer one. Built on first use and kept: most processes ask
// for one or two releases.

/**
 * A cloud-init release this package has a target for, `'22.1'` to `'26.2'`.
 *
 * @example
 * ```ts
 * const debian12: CloudInitRelease = '22.4';
 * validateCloudConfig(text, { cloudInitVersion: debian12 });
 * ```
 */
export type CloudInitRelease = (typeof CLOUD_INIT_RELEASES)[number];

export { CLOUD_INIT_RELEASES };

const built = new Map<string, JsonSchema>();
let changes: ReturnType<typeof releaseChanges> | undefined;

/** The facts of a release's schema as that release's own validator reads them (computed once). */
export function extractedReleaseSchema(release: CloudInitRelease): JsonSchema {
  let schema = built.get(release);
  if (schema !== undefined) return schema;
  const index = CLOUD_INIT_RELEASES.indexOf(release);
  const newer = CLOUD_INIT_RELEASES[index + 1];
  if (newer === undefined) schema = releaseBase();
  else {
    changes ??= releaseChanges();
    const ops = (changes[release] ?? []).map(([op, pointer, value]): SchemaChange =>
      op === 's' ? { set: pointer, to: value, fact: `${release} differs from ${newer}` } : { remove: pointer, fact: `${release} differs from ${newer}` },
    );
    schema = applySchemaChanges(extractedReleaseSchema(newer), ops);
  }
  built.set(release, schema);
  return schema;
}
