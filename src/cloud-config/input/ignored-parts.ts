// When cloud-init merges the cloud-config parts of multipart user data (the merged file
// /var/lib/cloud/instance/cloud-config.txt), each part it had to drop leaves a comment line with
// this prefix; `cloud-init schema` reports each such line as "Ignored invalid user-data: <part>".

const MARKER = '# Cloud-config part ignored SCHEMA_ERROR: ';
// Python's str.splitlines() boundaries, which cloud-init numbers the lines by.
const LINE_BREAK = /\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/;

/** A dropped part recorded in merged cloud-config: its line and cloud-init's wording. */
export interface IgnoredPart {
  readonly line: number;
  readonly message: string;
}

/** Every marker line of a merged cloud-config text. */
export function ignoredParts(text: string): IgnoredPart[] {
  if (!text.includes(MARKER)) return [];
  return text.split(LINE_BREAK).flatMap((line, i) => (line.startsWith(MARKER) ? [{ line: i + 1, message: `Ignored invalid user-data: ${line.slice(MARKER.length)}` }] : []));
}
