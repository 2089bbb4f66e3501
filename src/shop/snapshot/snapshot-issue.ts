/**
 * One problem found in a JSON shop snapshot. A discriminated union on `code`; `path` locates the value
 * (`['orders', 3, 'items', 0, 'quantity']`) and `message` says what was expected, without the path.
 *
 * - `invalid_json`: the text is not JSON (path `[]`).
 * - `missing`: a required field is absent.
 * - `invalid_type`: wrong JSON type (e.g. a number where a string belongs, a float where an integer belongs).
 * - `invalid_format`: right type, wrong form (money, instant, URL, time zone, currency code).
 * - `invalid_value`: not one of the allowed values (status, coupon type, format version).
 * - `out_of_range`: a number below its minimum (ids are positive, counts non-negative).
 * - `unknown_field`: a field the format does not define (usually a typo).
 * - `duplicate_id`: an id used twice within its kind.
 * - `unknown_reference`: an id that must name an existing record does not, or names the wrong kind of record.
 * - `too_large`: one value of a streamed snapshot (an order, say) is longer than the reader's `maxValueBytes`.
 *
 * @example
 * ```ts
 * const result = loadShopSnapshot('{"format_version":1}');
 * if (!result.ok) console.log(result.issues.map(formatSnapshotIssue)); // ['store: required', ...]
 * ```
 */
export type SnapshotIssue =
  | { readonly code: 'invalid_json'; readonly path: readonly (string | number)[]; readonly message: string }
  | { readonly code: 'missing'; readonly path: readonly (string | number)[]; readonly message: string }
  | { readonly code: 'invalid_type'; readonly path: readonly (string | number)[]; readonly message: string }
  | { readonly code: 'invalid_format'; readonly path: readonly (string | number)[]; readonly message: string }
  | { readonly code: 'invalid_value'; readonly path: readonly (string | number)[]; readonly message: string }
  | { readonly code: 'out_of_range'; readonly path: readonly (string | number)[]; readonly message: string }
  | { readonly code: 'unknown_field'; readonly path: readonly (string | number)[]; readonly message: string }
  | { readonly code: 'duplicate_id'; readonly path: readonly (string | number)[]; readonly message: string }
  | { readonly code: 'unknown_reference'; readonly path: readonly (string | number)[]; readonly message: string }
  | { readonly code: 'too_large'; readonly path: readonly (string | number)[]; readonly message: string };

/**
 * The `code` of a {@link SnapshotIssue}.
 *
 * @example
 * ```ts
 * const fatal: SnapshotIssueCode[] = ['invalid_json', 'duplicate_id'];
 * ```
 */
export type SnapshotIssueCode = SnapshotIssue['code'];

/**
 * Formats an issue path the way JavaScript would access it: `orders[3].items[0].quantity`; `(root)` for `[]`.
 *
 * @example
 * ```ts
 * formatSnapshotPath(['orders', 3, 'items', 0, 'quantity']); // 'orders[3].items[0].quantity'
 * ```
 */
export function formatSnapshotPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? part : `.${part}`;
  }
  return out === '' ? '(root)' : out;
}

/**
 * One line per issue: `path: message`.
 *
 * @example
 * ```ts
 * formatSnapshotIssue({ code: 'invalid_type', path: ['orders', 3, 'items', 0, 'quantity'], message: 'expected integer' });
 * // 'orders[3].items[0].quantity: expected integer'
 * ```
 */
export function formatSnapshotIssue(issue: SnapshotIssue): string {
  return `${formatSnapshotPath(issue.path)}: ${issue.message}`;
}
