import type { CloudConfigIssue, CloudConfigInvalidKeyIssue } from '../cloud-config-issue';
import { pointerSegments, segmentsToDottedPath } from '../json-pointer';
import type { NonStringKey } from '../yaml/document-data';
import type { KeyCheck } from './find-deprecations';

// JavaScript objects have only string keys, so `1:` and `"1":` look the same once parsed; the YAML
// stage remembers which keys cloud-init's loader reads as numbers, booleans, null or dates.

const ARTICLE: Record<string, string> = { integer: 'an integer', number: 'a number', boolean: 'a boolean', null: 'null', date: 'a date' };

/**
 * An issue for each non-string key where the schema checks keys by name: in a mapping of patterned
 * keys (cloud-init fails on those), and in place of the "unknown key" issue a closed mapping gave
 * it. Free-form mappings such as `chef.initial_attributes` accept any key, as in cloud-init.
 */
export function withNonStringKeys(errors: readonly CloudConfigIssue[], keys: readonly NonStringKey[], named: ReadonlyMap<string, KeyCheck>): CloudConfigIssue[] {
  const unknown = new Set(errors.flatMap((e) => (e.code === 'additional_property' ? [`${e.pointer}\u0000${e.property}`] : [])));
  const issues: CloudConfigInvalidKeyIssue[] = keys
    .filter((k) => named.get(k.pointer) === 'patterned' || unknown.has(`${k.pointer}\u0000${k.key}`))
    .map((k) => ({
      code: 'invalid_key',
      path: segmentsToDottedPath(pointerSegments(k.pointer)),
      pointer: k.pointer,
      property: k.key,
      message: `the key ${k.source} is read as ${ARTICLE[k.type] ?? k.type}, not a string; quote it ("${k.source}") if it is a name`,
    }));
  if (issues.length === 0) return [...errors];
  const covered = new Set(issues.map((i) => `${i.pointer}\u0000${i.property}`));
  return [...errors.filter((e) => e.code !== 'additional_property' || !covered.has(`${e.pointer}\u0000${e.property}`)), ...issues];
}
