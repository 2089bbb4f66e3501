// Bulk loading into the empty shop tables, inside the import's transaction, the way PostgreSQL's "Populating a
// Database" advice goes: the secondary indexes and the foreign keys are dropped first and created again at the end.
// One index build by sorting and one foreign-key check by join cost a fraction of maintaining six order indexes and
// checking every line's order row by row. DDL is transactional, so a rollback restores them untouched.
import type { PostgresQueryable } from '../client';

const str = (value: unknown): string => String(value);

/** What {@link suspendIndexes} did: how to re-create what it dropped, and whether the tables were truncated. */
export interface SuspendedIndexes {
  /**
   * Re-creates what was dropped of `tables` (all tables when omitted), each thing once: their primary keys, then
   * their indexes, then (unless `foreignKeys` is false) their foreign keys, whose referenced keys must be back by then.
   */
  readonly restore: (tables?: readonly string[], foreignKeys?: boolean) => Promise<void>;
  /**
   * True when the (empty) tables were also truncated in this transaction, so `COPY ... (FREEZE)` may load them: rows
   * written frozen with their pages marked all-visible, which spares the VACUUM a fresh load otherwise needs.
   */
  readonly truncated: boolean;
}

/**
 * Drops the secondary indexes (not indexes behind a constraint), foreign keys and then primary keys of `tables`
 * (unqualified names in the current schema) when every one of them is empty, and returns what re-creates them; or
 * returns undefined and changes nothing when a table holds rows or the role may not alter the tables (a savepoint
 * undoes a partial attempt). Primary keys go in a second step with its own savepoint, kept when something outside
 * `tables` references them; they are rebuilt first, so a duplicate key fails the load there. With `truncate`, a third
 * step truncates the tables (refused, and skipped, when a table outside `tables` references them or the role may not
 * truncate). Runs inside the caller's transaction.
 */
export async function suspendIndexes(tx: PostgresQueryable, tables: readonly string[], truncate = false): Promise<SuspendedIndexes | undefined> {
  const empty = await tx.query(`SELECT ${tables.map((t) => `NOT EXISTS (SELECT 1 FROM ${t})`).join(' AND ')} AS empty`);
  if ((empty.rows[0] as { empty: unknown }).empty !== true) return undefined;
  const names = `{${tables.join(',')}}`;
  const indexes = (
    await tx.query(
      `SELECT quote_ident(ic.relname) AS name, quote_ident(t.relname) AS tbl, pg_get_indexdef(i.indexrelid) AS def
         FROM pg_index i
         JOIN pg_class ic ON ic.oid = i.indexrelid
         JOIN pg_class t ON t.oid = i.indrelid
        WHERE t.relnamespace = current_schema()::regnamespace AND t.relname = ANY($1::text[])
          AND NOT i.indisprimary AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
        ORDER BY ic.relname`,
      [names],
    )
  ).rows as Constraint[];
  const foreignKeys = await constraintsOf(tx, names, 'f');
  const dropped = await attempt(tx, async () => {
    for (const fk of foreignKeys) await tx.query(`ALTER TABLE ${str(fk.tbl)} DROP CONSTRAINT ${str(fk.name)}`);
    for (const index of indexes) await tx.query(`DROP INDEX ${str(index.name)}`);
  });
  // Not the tables' owner (or another reason DDL is refused): load into them as they are.
  if (!dropped) return undefined;
  const primaryKeys = await constraintsOf(tx, names, 'p');
  const keys = (await attempt(tx, async () => {
    for (const pk of primaryKeys) await tx.query(`ALTER TABLE ${str(pk.tbl)} DROP CONSTRAINT ${str(pk.name)}`);
  }))
    ? primaryKeys
    : [];
  // The tables are empty: truncating them only gives them new (empty) files, which is what COPY FREEZE requires.
  const truncated = truncate && (await attempt(tx, async () => void (await tx.query(`TRUNCATE ${tables.join(', ')}`))));
  const restored = new Set<Constraint>();
  const restore = async (only?: readonly string[], withForeignKeys = true) => {
    // quote_ident leaves the shop's lowercase names as they are, so they compare with the given names.
    // What of `list` is still to re-create on those tables, marked as re-created.
    const todo = (list: readonly Constraint[]) => {
      const out: Constraint[] = [];
      for (const c of list) {
        if (restored.has(c) || (only !== undefined && !only.includes(str(c.tbl)))) continue;
        restored.add(c);
        out.push(c);
      }
      return out;
    };
    for (const pk of todo(keys)) await tx.query(`ALTER TABLE ${str(pk.tbl)} ADD CONSTRAINT ${str(pk.name)} ${str(pk.def)}`);
    for (const index of todo(indexes)) await tx.query(str(index.def));
    for (const fk of withForeignKeys ? todo(foreignKeys) : []) await tx.query(`ALTER TABLE ${str(fk.tbl)} ADD CONSTRAINT ${str(fk.name)} ${str(fk.def)}`);
  };
  return { restore, truncated };
}

interface Constraint {
  readonly name: unknown;
  readonly tbl: unknown;
  readonly def: unknown;
}

/** The constraints of one type (`f` foreign key, `p` primary key) on `names` (a text array literal), as DDL parts. */
async function constraintsOf(tx: PostgresQueryable, names: string, type: 'f' | 'p'): Promise<Constraint[]> {
  const result = await tx.query(
    `SELECT quote_ident(c.conname) AS name, quote_ident(t.relname) AS tbl, pg_get_constraintdef(c.oid) AS def
       FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
      WHERE c.contype = $2 AND t.relnamespace = current_schema()::regnamespace AND t.relname = ANY($1::text[])
      ORDER BY c.conname`,
    [names, type],
  );
  return result.rows as Constraint[];
}

/** Runs `work` under a savepoint: true when it succeeded, false (and nothing of it left) when it failed. */
async function attempt(tx: PostgresQueryable, work: () => Promise<void>): Promise<boolean> {
  await tx.query('SAVEPOINT wc_legacy_api_bulk_load');
  try {
    await work();
    await tx.query('RELEASE SAVEPOINT wc_legacy_api_bulk_load');
    return true;
  } catch {
    await tx.query('ROLLBACK TO SAVEPOINT wc_legacy_api_bulk_load');
    return false;
  }
}
