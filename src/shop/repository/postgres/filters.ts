import { isStatusOnly, type CouponFilter, type OrderFilter, type Paging, type TimeWindow } from '../shop-repository';
import { foldCase } from '../search-text';
import { arrayLiteral, instantFromMs, isSafeId, isStorableText, msParam } from './params';

/** Collects positional parameters while a statement is built; every value is data, never SQL text. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  instant(date: Date): string | null {
    const ms = msParam(date);
    return ms === null ? null : instantFromMs(this.add(ms));
  }
}

/** A WHERE clause, or null when the filter can match nothing (then no query is needed at all). */
export type Where = string | null;

interface TimeBounds {
  readonly createdMin?: Date | undefined;
  readonly createdMax?: Date | undefined;
  readonly updatedMin?: Date | undefined;
  readonly updatedMax?: Date | undefined;
  readonly search?: readonly string[] | undefined;
}

// Shared by orders and coupons: inclusive time bounds and search terms. A term PostgreSQL text cannot hold (a NUL
// character, a lone surrogate) occurs in no stored text, so it matches nothing, exactly like the in-memory search.
function boundsAndSearch(alias: string, f: TimeBounds, p: Params, conds: string[]): boolean {
  const bounds: [Date | undefined, string, string][] = [
    [f.createdMin, 'created_at', '>='],
    [f.createdMax, 'created_at', '<='],
    [f.updatedMin, 'updated_at', '>='],
    [f.updatedMax, 'updated_at', '<='],
  ];
  for (const [date, column, op] of bounds) {
    if (date === undefined) continue;
    const value = p.instant(date);
    if (value === null) return false;
    conds.push(`${alias}.${column} ${op} ${value}`);
  }
  // Terms are case-folded here too (as the in-memory repository does), so a caller's unfolded term still matches.
  const terms = [...new Set((f.search ?? []).map(foldCase))];
  if (terms.length === 0) return true;
  if (!terms.every(isStorableText)) return false;
  conds.push(...searchConds(`${alias}.search_text`, terms, p));
  return true;
}

/** A LIKE pattern matching `term` anywhere, literally: `\`, `%` and `_` escaped (backslash is LIKE's escape). */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// Every term must occur in the search text. Whatever the number of terms, this is two conditions with two
// parameters, so the plan (and its planning and JIT cost) does not grow with them: the longest term as one
// `LIKE '%term%'`, the form a trigram index on search_text can serve (docs/postgres.md, "Search"), and the others
// as one `LIKE ALL (array)`, evaluated only on the rows the first leaves.
function searchConds(column: string, terms: readonly string[], p: Params): string[] {
  const sorted = [...terms].sort((a, b) => b.length - a.length);
  const conds = [`${column} LIKE ${p.add(containsPattern(sorted[0]!))}`];
  if (sorted.length > 1) conds.push(`${column} LIKE ALL (${p.add(arrayLiteral(sorted.slice(1).map(containsPattern)))}::text[])`);
  return conds;
}

export function orderWhere(f: OrderFilter, p: Params): Where {
  const conds: string[] = [];
  if (f.statuses !== undefined) {
    if (f.statuses.length === 0) return null;
    conds.push(`o.status = ANY(${p.add(arrayLiteral([...f.statuses]))}::text[])`);
  }
  // The caller's read restriction: served by the (customer_id, created_at DESC, id DESC) index.
  if (f.customerId !== undefined) {
    if (!isSafeId(f.customerId)) return null;
    conds.push(`o.customer_id = ${p.add(String(f.customerId))}::bigint`);
  }
  if (!boundsAndSearch('o', f, p, conds)) return null;
  return conds.length === 0 ? 'true' : conds.join(' AND ');
}

export function couponWhere(f: CouponFilter, p: Params): Where {
  const conds = [`c.status = 'publish'`];
  if (!boundsAndSearch('c', f, p, conds)) return null;
  return conds.join(' AND ');
}

// Paging values come from the handler already validated; clamp anyway so no value can become a SQL error.
//
// `literalLimit`: a page size up to LITERAL_LIMIT_MAX goes into the text as an integer literal (one we computed, never
// caller text), so a named statement's generic plan knows it: that plan is then the index walk of the page, right for
// every OFFSET, where with the limit as a parameter too it could be a plan for a tenth of the table. The sizes a
// handler uses are a handful (pageSize .. maxPageSize), so the texts, and the prepared statements, stay few.
export function pageClause(paging: Paging, p: Params, literalLimit = false): string {
  const offset = Number.isFinite(paging.offset) ? Math.min(Math.max(0, Math.floor(paging.offset)), Number.MAX_SAFE_INTEGER) : 0;
  const limit =
    paging.limit === null || !Number.isFinite(paging.limit)
      ? null
      : Math.min(Math.max(0, Math.floor(paging.limit)), Number.MAX_SAFE_INTEGER);
  if (literalLimit && limit !== null && limit <= LITERAL_LIMIT_MAX) return `LIMIT ${limit} OFFSET ${p.add(String(offset))}::bigint`;
  return `LIMIT ${p.add(limit === null ? null : String(limit))}::bigint OFFSET ${p.add(String(offset))}::bigint`;
}

/** The largest page size {@link pageClause} writes as a literal (the API's default maxPageSize is 100). */
export const LITERAL_LIMIT_MAX = 1000;

/** Whether {@link pageClause} with `literalLimit` writes this paging's limit as a literal. */
export function hasLiteralLimit(paging: Paging): boolean {
  return paging.limit !== null && Number.isFinite(paging.limit) && Math.max(0, Math.floor(paging.limit)) <= LITERAL_LIMIT_MAX;
}

export function windowConds(alias: string, column: string, window: TimeWindow, p: Params): string[] | null {
  const start = p.instant(window.start);
  const end = p.instant(window.end);
  if (start === null || end === null) return null;
  return [`${alias}.${column} >= ${start}`, `${alias}.${column} < ${end}`];
}

// No filter but the caller's own orders (or none at all): see listOrders in postgres-repository.ts.
export function isCustomerOnly(filter: OrderFilter): boolean {
  return filter.statuses === undefined && isStatusOnly({ ...filter, customerId: undefined });
}
