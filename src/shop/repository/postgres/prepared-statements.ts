// Named prepared statements for the repository's fixed-shape reads on `pg` connections. A named statement is parsed
// and analysed once per connection, and after five executions the server may keep one generic plan for it: what is
// left per call is Bind + Execute (docs/postgres.md, "Prepared statements", has the bench rows before and after).
//
// Only statements whose best plan does not depend on the values are named (the day-row reports, the status counts,
// the unfiltered page, one row by id): a generic plan for a filtered count or a search could be far worse than the
// custom plan a rare status or a short date range gets, so those stay unnamed.
import type { PostgresQueryable, PostgresResult } from './client';

// The name is a hash of the text, not a counter: two copies of the library in one process (ESM and CJS) sharing one
// pool must give one text one name, and different texts different names (pg refuses a known name with another text).
const names = new Map<string, string>();
// Bounded, though the named texts are a fixed handful (their parameters carry the values): a bug that named texts
// carrying values would otherwise grow this map and every connection's statement cache without limit.
const MAX_NAMES = 256;

/** The statement name of `text` (`wc_` + a 64-bit FNV-1a hash), or undefined once {@link MAX_NAMES} are in use. */
export function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= MAX_NAMES) return known;
  // Two 32-bit FNV-1a hashes with different offsets: 64 bits, so a collision among a few dozen texts is negligible.
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  const name = `wc_${(a >>> 0).toString(36)}_${(b >>> 0).toString(36)}`;
  names.set(text, name);
  return name;
}

/**
 * Whether `conn` is a `pg` connection (a `Client` or a pool's `PoolClient`), whose `query()` takes a
 * `{ name, text, values }` config and keeps the statement prepared on that connection. PGlite and other drivers
 * get plain text.
 */
export function takesNamedStatements(conn: unknown): boolean {
  const c = conn as { connectionParameters?: unknown; query?: unknown } | null;
  return typeof c === 'object' && c !== null && typeof c.query === 'function' && typeof c.connectionParameters === 'object' && c.connectionParameters !== null;
}

/** Runs `text` on a `pg` connection as the named statement of its text (unnamed when no name is left). */
export function queryNamed(conn: PostgresQueryable, text: string, params: unknown[]): Promise<PostgresResult> {
  const name = statementName(text);
  if (name === undefined) return conn.query(text, params);
  const named = conn as unknown as { query(config: { name: string; text: string; values: unknown[] }): Promise<PostgresResult> };
  return named.query({ name, text, values: params });
}

/**
 * Whether a failure means the connection's prepared statements no longer match the server: dropped behind the
 * driver's back (`DEALLOCATE`, `DISCARD ALL`: 26000), or a cached plan whose result columns changed under a migration
 * (0A000). `pg` remembers what it prepared per connection and never prepares again, so such a connection must be
 * discarded, not reused.
 */
export function isStalePreparedStatement(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '26000' || code === '0A000';
}
