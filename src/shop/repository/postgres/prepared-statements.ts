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

// One round trip per read (docs/postgres.md, "One round trip per read"): a fixed-shape read on a `pg` pool's
// connection goes as ONE simple-protocol query, `BEGIN; <settings>; EXECUTE name(values); COMMIT`, against a
// statement prepared with SQL `PREPARE` (in the same query, the first time on the connection). The simple protocol
// takes no parameters, so the values go into the text as literals: only values made of characters that mean nothing
// inside a quoted literal (no quote, no backslash, whatever standard_conforming_strings says) are ever inlined;
// any other value sends the read the parameterised way. The repository's prepared reads carry ids, epoch
// milliseconds, offsets, statuses and array literals of those: all inlined.

// SQL-level names live in the same per-session namespace as the protocol-level ones above: a prefix of their own,
// so one text can go either way on one connection without "prepared statement already exists".
const sqlNames = new Map<string, string>();

function sqlStatementName(text: string): string | undefined {
  const known = sqlNames.get(text);
  if (known !== undefined || sqlNames.size >= MAX_NAMES) return known;
  const name = statementName(text);
  if (name === undefined) return undefined;
  const sql = `wcs${name.slice(2)}`;
  sqlNames.set(text, sql);
  return sql;
}

const INLINE_SAFE = /^[A-Za-z0-9 _.:,+"{}/-]*$/;

function literalOf(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string' || text.length > 4096 || !INLINE_SAFE.test(text)) return undefined;
  return `'${text}'`;
}

/** Whether every value of `params` can go into a one-trip read's text (see {@link oneTripRead}). */
export function inlinable(params: readonly unknown[]): boolean {
  return params.every((value) => literalOf(value) !== undefined);
}

// What each connection has prepared with SQL PREPARE: keyed by the connection object, so a discarded connection
// takes its record with it.
const sqlPrepared = new WeakMap<object, Set<string>>();

/** One read as a single simple-protocol query; see {@link oneTripRead}. */
export interface OneTripRead {
  /** The whole query: `<begin>; [PREPARE ..;] EXECUTE ..; COMMIT`. */
  readonly text: string;
  /** Whether it carries the PREPARE: on failure, whether that took effect is unknown, so the connection is discarded. */
  readonly prepares: boolean;
  /** Records the statement as prepared on the connection, once the query has succeeded. */
  readonly done: () => void;
}

/**
 * The single query that runs `text` with `params` inside `begin` (BEGIN and the budget settings) on `conn`, or
 * undefined when a value cannot be inlined safely or no statement name is left (the caller then takes the
 * parameterised path). The read's rows are those of the second-to-last result (the last is the COMMIT's).
 */
export function oneTripRead(conn: object, begin: string, text: string, params: readonly unknown[]): OneTripRead | undefined {
  // A `;` would end the PREPARE early: the repository's texts have none, but nothing else may run.
  const name = text.includes(';') ? undefined : sqlStatementName(text);
  if (name === undefined) return undefined;
  const literals: string[] = [];
  for (const value of params) {
    const literal = literalOf(value);
    if (literal === undefined) return undefined;
    literals.push(literal);
  }
  let prepared = sqlPrepared.get(conn);
  const prepares = prepared?.has(name) !== true;
  const execute = literals.length === 0 ? `EXECUTE ${name}` : `EXECUTE ${name}(${literals.join(', ')})`;
  return {
    text: `${begin}; ${prepares ? `PREPARE ${name} AS ${text}; ` : ''}${execute}; COMMIT`,
    prepares,
    done: () => {
      if (!prepares) return;
      if (prepared === undefined) sqlPrepared.set(conn, (prepared = new Set()));
      prepared.add(name);
    },
  };
}
