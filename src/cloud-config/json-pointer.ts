// JSON pointers (RFC 6901) are what ajv reports; cloud-init prints dotted paths. Both forms are
// derived from the same segment list here so they can never disagree.

/** Splits a JSON pointer (`/users/0/lock-passwd`) into unescaped segments. */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  const segments = pointer.slice(1).split('/');
  return pointer.includes('~') ? segments.map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')) : segments;
}

/** Escapes one segment for a JSON pointer (`~` -> `~0`, `/` -> `~1`). */
export function escapePointerSegment(segment: string | number): string {
  const text = String(segment);
  return text.includes('~') || text.includes('/') ? text.replace(/~/g, '~0').replace(/\//g, '~1') : text;
}

/** Builds a JSON pointer from segments. */
export function segmentsToPointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => `/${escapePointerSegment(s)}`).join('');
}

/** The dotted path of a JSON pointer (`/users/0/name` -> `users.0.name`) without a segment list when nothing is escaped. */
export function pointerToDottedPath(pointer: string): string {
  return pointer.includes('~') ? segmentsToDottedPath(pointerSegments(pointer)) : pointer.slice(1).replaceAll('/', '.');
}

/** cloud-init's dotted path: segments joined with `.`, keys verbatim, the root as `""`. */
export function segmentsToDottedPath(segments: readonly (string | number)[]): string {
  return segments.map(String).join('.');
}
