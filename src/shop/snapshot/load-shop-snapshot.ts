import type { ShopSnapshot } from '../model/shop';
import { crossCheckSnapshot } from './cross-checks';
import type { SnapshotIssue } from './snapshot-issue';
import { getShopSnapshotSchema } from './snapshot-schema';
import type { ShopSnapshotJson } from './snapshot-schema';
import { SnapshotModelBuilder } from './snapshot-model';
import { toSnapshotIssues } from './zod-issues';

/**
 * The result of {@link loadShopSnapshot}: the model, or every problem found.
 *
 * @example
 * ```ts
 * const result: LoadShopSnapshotResult = loadShopSnapshot(text);
 * const snapshot = result.ok ? result.snapshot : undefined;
 * ```
 */
export type LoadShopSnapshotResult = { ok: true; snapshot: ShopSnapshot } | { ok: false; issues: SnapshotIssue[] };

/**
 * Validates a JSON shop snapshot (parsed, or as JSON text) and converts it to the domain model. Never throws on bad
 * data: invalid JSON text, every shape problem and every cross-record problem come back as issues with paths
 * (see `docs/data-format.md` for the format).
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import { createMemoryRepository, formatSnapshotIssue, loadShopSnapshot } from 'wc-legacy-api/shop';
 *
 * const result = loadShopSnapshot(readFileSync('shop.json', 'utf8'));
 * if (!result.ok) throw new Error(result.issues.map(formatSnapshotIssue).join('\n'));
 * const repository = createMemoryRepository(result.snapshot);
 * ```
 */
export function loadShopSnapshot(json: unknown): LoadShopSnapshotResult {
  let raw = json;
  if (typeof json === 'string') {
    try {
      raw = JSON.parse(json) as unknown;
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return { ok: false, issues: [{ code: 'invalid_json', path: [], message: `invalid JSON: ${detail}` }] };
    }
  }
  const issues: SnapshotIssue[] = [];
  const parsed = getShopSnapshotSchema().safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) issues.push(...toSnapshotIssues(issue, raw));
  }
  issues.push(...crossCheckSnapshot(raw));
  if (issues.length > 0 || !parsed.success) return { ok: false, issues };
  return { ok: true, snapshot: toModel(parsed.data) };
}


function toModel(json: ShopSnapshotJson): ShopSnapshot {
  const build = new SnapshotModelBuilder();
  const store = build.store(json.store);
  return {
    store,
    products: json.products.map((p) => build.product(p)),
    customers: json.customers.map((c) => build.customer(c)),
    coupons: json.coupons.map((c) => build.coupon(c)),
    orders: json.orders.map((o) => build.order(o, store.currency)),
  };
}
