import type { SnapshotIssue } from './snapshot-issue';
import { formatSnapshotPath } from './snapshot-issue';

// Checks between records that a per-field schema cannot express. They read the raw JSON defensively (anything of the
// wrong shape is skipped here; the schema reports it), so shape problems and reference problems are reported together.

type Path = (string | number)[];

function list(value: unknown, key: string): unknown[] {
  if (typeof value !== 'object' || value === null) return [];
  const v = (value as Record<string, unknown>)[key];
  return Array.isArray(v) ? v : [];
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
}

function intField(value: unknown, key: string): number | undefined {
  const v = field(value, key);
  return typeof v === 'number' && Number.isSafeInteger(v) ? v : undefined;
}

/** Tracks ids of one kind and reports reuse, naming where the id was first seen. */
class IdRegistry {
  private readonly seen = new Map<number, Path>();
  constructor(
    private readonly label: string,
    private readonly issues: SnapshotIssue[],
  ) {}
  add(id: number | undefined, path: Path): void {
    if (id === undefined) return;
    const first = this.seen.get(id);
    if (first === undefined) this.seen.set(id, path);
    else {
      this.issues.push({
        code: 'duplicate_id',
        path: [...path, 'id'],
        message: `duplicate ${this.label} id ${id} (first used at ${formatSnapshotPath(first)})`,
      });
    }
  }
}

/**
 * Cross-record checks of a raw snapshot: unique ids per kind (products, customers, coupons, orders; order lines of
 * every kind share one id space across all orders, as do refunds and notes), a variation's parent exists and is not
 * itself a variation, and a line item names the parent product in `product_id` and a variation of that parent in
 * `variation_id`. Ids of products that no longer exist are allowed (deleted products).
 */
export function crossCheckSnapshot(raw: unknown): SnapshotIssue[] {
  const issues: SnapshotIssue[] = [];
  const products = list(raw, 'products');

  const productIds = new IdRegistry('product', issues);
  const parentOf = new Map<number, number | null>();
  products.forEach((p, i) => {
    const id = intField(p, 'id');
    productIds.add(id, ['products', i]);
    if (id !== undefined && !parentOf.has(id)) parentOf.set(id, intField(p, 'parent_id') ?? null);
  });
  products.forEach((p, i) => {
    const parent = intField(p, 'parent_id');
    if (parent === undefined) return;
    const path = ['products', i, 'parent_id'];
    if (!parentOf.has(parent)) {
      issues.push({ code: 'unknown_reference', path, message: `parent product ${parent} does not exist` });
    } else if (parent === intField(p, 'id') || (parentOf.get(parent) ?? null) !== null) {
      issues.push({ code: 'unknown_reference', path, message: `product ${parent} is a variation and cannot be a parent` });
    }
  });

  for (const kind of ['customers', 'coupons', 'orders'] as const) {
    const registry = new IdRegistry(kind.slice(0, -1), issues);
    list(raw, kind).forEach((r, i) => registry.add(intField(r, 'id'), [kind, i]));
  }

  const lineIds = new IdRegistry('order line', issues);
  const refundIds = new IdRegistry('refund', issues);
  const noteIds = new IdRegistry('note', issues);
  list(raw, 'orders').forEach((order, o) => {
    for (const kind of ['items', 'shipping_lines', 'tax_lines', 'fee_lines', 'coupon_lines'] as const) {
      list(order, kind).forEach((line, l) => lineIds.add(intField(line, 'id'), ['orders', o, kind, l]));
    }
    list(order, 'refunds').forEach((r, i) => refundIds.add(intField(r, 'id'), ['orders', o, 'refunds', i]));
    list(order, 'notes').forEach((n, i) => noteIds.add(intField(n, 'id'), ['orders', o, 'notes', i]));

    list(order, 'items').forEach((item, l) => {
      const productId = intField(item, 'product_id');
      const variationId = intField(item, 'variation_id');
      const base: Path = ['orders', o, 'items', l];
      if (productId !== undefined && (parentOf.get(productId) ?? null) !== null) {
        issues.push({
          code: 'unknown_reference',
          path: [...base, 'product_id'],
          message: `product ${productId} is a variation; product_id names the parent product and variation_id the variation`,
        });
      }
      if (variationId !== undefined && parentOf.has(variationId)) {
        const parent = parentOf.get(variationId) ?? null;
        if (parent === null) {
          issues.push({ code: 'unknown_reference', path: [...base, 'variation_id'], message: `product ${variationId} is not a variation` });
        } else if (productId !== undefined && parent !== productId) {
          issues.push({
            code: 'unknown_reference',
            path: [...base, 'variation_id'],
            message: `variation ${variationId} belongs to product ${parent}, not to product ${productId}`,
          });
        }
      }
    });
  });
  return issues;
}
