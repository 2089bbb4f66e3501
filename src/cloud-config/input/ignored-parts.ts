import type { CloudConfigInputIssue } from '../cloud-config-issue';

// When cloud-init merges the cloud-config parts of multipart user data (the merged file
// /var/lib/cloud/instance/cloud-config.txt), each part it had to drop leaves a comment line with
// this prefix; `cloud-init schema` reports each such line as "Ignored invalid user-data: <part>".

const MARKER = '# Cloud-config part ignored SCHEMA_ERROR: ';
// Python's str.splitlines() boundaries, which cloud-init numbers the lines by.
const LINE_BREAK = /\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/;

/** A dropped part recorded in merged cloud-config, at its line, in cloud-init's wording. */
export type IgnoredPart = CloudConfigInputIssue & { readonly code: 'ignored_part'; readonly line: number };

/** An `ignored_part` issue for every marker line of a merged cloud-config text. */
export function ignoredParts(text: string): IgnoredPart[] {
  if (!text.includes(MARKER)) return [];
  return text.split(LINE_BREAK).flatMap((line, i): IgnoredPart[] =>
    line.startsWith(MARKER) ? [{ code: 'ignored_part', path: '', pointer: '', message: `Ignored invalid user-data: ${line.slice(MARKER.length)}`, line: i + 1, column: 1 }] : [],
  );
}
