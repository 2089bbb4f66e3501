import { Params } from './filters';
import type { PostgresSession } from './session';

/**
 * Streams the rows of `table` matching `baseConds`, ordered by (`column`, id), `chunk` rows per round trip.
 */
export async function* keysetStream<T>(
  rows: PostgresSession['rows'],
  chunk: number,
  table: string,
  alias: string,
  select: string,
  column: string,
  baseConds: (p: Params) => string[] | null,
  read: (row: Record<string, unknown>) => T,
): AsyncGenerator<T> {
  // Keyset pagination on (column, id): each chunk is an index range scan that starts where the last one ended,
  // so a year of orders streams in constant memory and no chunk rescans skipped rows (unlike OFFSET).
  let after: [string, string] | null = null;
  for (;;) {
    const p = new Params();
    const conds = baseConds(p);
    if (conds === null) return;
    if (after !== null) {
      const at = `('epoch'::timestamptz + ${p.add(after[0])}::bigint * interval '1 microsecond')`;
      conds.push(`(${alias}.${column}, ${alias}.id) > (${at}, ${p.add(after[1])}::bigint)`);
    }
    const found = await rows(
      `SELECT ${select}, (extract(epoch from ${alias}.${column}) * 1000000)::bigint::text AS cursor_us, ${alias}.id::text AS cursor_id
         FROM ${table} ${alias} WHERE ${conds.join(' AND ')}
        ORDER BY ${alias}.${column}, ${alias}.id LIMIT ${p.add(String(chunk))}::bigint`,
      p.values,
    );
    for (const row of found) yield read(row);
    const last = found[found.length - 1];
    if (found.length < chunk || last === undefined) return;
    after = [String(last.cursor_us), String(last.cursor_id)];
  }
}
