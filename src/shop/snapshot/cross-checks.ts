import type { SnapshotIssue } from './snapshot-issue';
import { formatSnapshotPath } from './snapshot-issue';

// Checks between records that a per-field schema cannot express. They read the raw JSON defensively (anything of the
// wrong shape is skipped here; the schema reports it), so shape problems and reference problems are reported together.
// They run record by record (SnapshotCrossChecks), so a streamed snapshot is checked as it is read.

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

const LINE_KINDS = ['items', 'shipping_lines', 'tax_lines', 'fee_lines', 'coupon_lines', 'refunds', 'notes'] as const;
const SELF = LINE_KINDS.length;
const LINE_LIMIT = 2 ** 20;

/**
 * Tracks ids of one kind and reports reuse, naming where the id was first seen. The first use is kept as ONE number
 * (record index, line kind, line index), not as a path: a streamed snapshot of millions of lines keeps only that.
 * Ids are usually dense small integers (a shop numbers its records), so they are kept in a typed array indexed by id
 * while that array stays within a few entries per id seen; other ids (sparse, huge, negative) go to a Map. A Map of
 * millions of ids was most of the cross-checks' time (growing and rehashing it, and the GC tracing it).
 */
class IdRegistry {
  private dense = new Int32Array(0); // where + 1 by id; 0: not in the array (look in `sparse`)
  private count = 0;
  private readonly sparse = new Map<number, number>();
  constructor(
    private readonly label: string,
    private readonly section: string,
    private readonly issues: SnapshotIssue[],
  ) {}
  add(id: number | undefined, record: number, kind: number = SELF, line = 0): void {
    if (id === undefined) return;
    const first = this.firstUse(id);
    if (first === undefined) this.remember(id, where(record, kind, line));
    else {
      const path: Path = kind === SELF ? [this.section, record] : [this.section, record, LINE_KINDS[kind] as string, line];
      const [firstRecord, firstKind, firstLine] = whereOf(first);
      const firstPath: Path = firstKind === SELF ? [this.section, firstRecord] : [this.section, firstRecord, LINE_KINDS[firstKind] as string, firstLine];
      this.issues.push({
        code: 'duplicate_id',
        path: [...path, 'id'],
        message: `duplicate ${this.label} id ${id} (first used at ${formatSnapshotPath(firstPath)})`,
      });
    }
  }

  private firstUse(id: number): number | undefined {
    if (id >= 0 && id < this.dense.length) {
      const w = this.dense[id] as number;
      if (w !== 0) return w - 1;
    }
    return this.sparse.size === 0 ? undefined : this.sparse.get(id);
  }

  private remember(id: number, first: number): void {
    this.count += 1;
    if (id >= 0 && first >= 0 && first < DENSE_WHERE) {
      if (id >= this.dense.length) {
        // Room for ids up to a few per id seen (and a first page), so sparse ids cannot make the array large. It
        // doubles (at most twice that room), so ids that keep arriving just inside the room do not copy it each time.
        const room = DENSE_PAGE + DENSE_PER_ID * this.count;
        if (id < room) {
          const grown = new Int32Array(Math.max(id + 1, this.dense.length * 2));
          grown.set(this.dense);
          this.dense = grown;
        }
      }
      if (id < this.dense.length) {
        this.dense[id] = first + 1;
        return;
      }
    }
    this.sparse.set(id, first);
  }
}

const DENSE_PAGE = 2 ** 16;
const DENSE_PER_ID = 4;
const DENSE_WHERE = 2 ** 31 - 1;

// Where an id was first used, as one number: record * 256 + kind * 32 + line while that stays a small integer (V8
// then stores it unboxed: millions of line ids would otherwise be millions of heap numbers for the GC to trace), else
// negative, with room for records up to 2^30 and lines up to LINE_LIMIT.
function where(record: number, kind: number, line: number): number {
  if (record < 2 ** 23 && line < 32) return record * 256 + kind * 32 + line;
  return -1 - (record * 2 ** 23 + kind * LINE_LIMIT + Math.min(line, LINE_LIMIT - 1));
}

function whereOf(first: number): [record: number, kind: number, line: number] {
  if (first >= 0) return [Math.floor(first / 256), Math.floor(first / 32) % 8, first % 32];
  const wide = -1 - first;
  return [Math.floor(wide / 2 ** 23), Math.floor(wide / LINE_LIMIT) % 8, wide % LINE_LIMIT];
}

/** The cross-record checks, fed section by section and order by order; problems go to `issues`. */
export class SnapshotCrossChecks {
  private readonly parentOf = new Map<number, number | null>();
  private readonly orderIds: IdRegistry;
  private readonly lineIds: IdRegistry;
  private readonly refundIds: IdRegistry;
  private readonly noteIds: IdRegistry;

  constructor(private readonly issues: SnapshotIssue[]) {
    this.orderIds = new IdRegistry('order', 'orders', issues);
    this.lineIds = new IdRegistry('order line', 'orders', issues);
    this.refundIds = new IdRegistry('refund', 'orders', issues);
    this.noteIds = new IdRegistry('note', 'orders', issues);
  }

  /** Unique product ids; a variation's parent exists and is not itself a variation. */
  products(products: readonly unknown[]): void {
    const productIds = new IdRegistry('product', 'products', this.issues);
    products.forEach((p, i) => {
      const id = intField(p, 'id');
      productIds.add(id, i);
      if (id !== undefined && !this.parentOf.has(id)) this.parentOf.set(id, intField(p, 'parent_id') ?? null);
    });
    products.forEach((p, i) => {
      const parent = intField(p, 'parent_id');
      if (parent === undefined) return;
      const path = ['products', i, 'parent_id'];
      if (!this.parentOf.has(parent)) {
        this.issues.push({ code: 'unknown_reference', path, message: `parent product ${parent} does not exist` });
      } else if (parent === intField(p, 'id') || (this.parentOf.get(parent) ?? null) !== null) {
        this.issues.push({ code: 'unknown_reference', path, message: `product ${parent} is a variation and cannot be a parent` });
      }
    });
  }

  /** Unique ids among customers or coupons. */
  records(kind: 'customers' | 'coupons', records: readonly unknown[]): void {
    const registry = new IdRegistry(kind.slice(0, -1), kind, this.issues);
    records.forEach((r, i) => registry.add(intField(r, 'id'), i));
  }

  /** The order's own id is unique among orders. */
  orderId(order: unknown, o: number): void {
    this.orderIds.add(intField(order, 'id'), o);
  }

  /** Line, refund and note ids are unique across all orders; line items name products correctly. */
  orderLines(order: unknown, o: number): void {
    // (Plain loops: this runs for every order of a stream, and closures made per call cost more than the checks.)
    for (let k = 0; k < LINE_KINDS.length; k += 1) {
      const kind = LINE_KINDS[k] as (typeof LINE_KINDS)[number];
      const registry = kind === 'refunds' ? this.refundIds : kind === 'notes' ? this.noteIds : this.lineIds;
      const lines = list(order, kind);
      for (let l = 0; l < lines.length; l += 1) registry.add(intField(lines[l], 'id'), o, k, l);
    }
    const items = list(order, 'items');
    for (let l = 0; l < items.length; l += 1) {
      const productId = intField(items[l], 'product_id');
      const variationId = intField(items[l], 'variation_id');
      if (productId !== undefined && (this.parentOf.get(productId) ?? null) !== null) {
        this.issues.push({
          code: 'unknown_reference',
          path: ['orders', o, 'items', l, 'product_id'],
          message: `product ${productId} is a variation; product_id names the parent product and variation_id the variation`,
        });
      }
      if (variationId !== undefined && this.parentOf.has(variationId)) {
        const parent = this.parentOf.get(variationId) ?? null;
        if (parent === null) {
          this.issues.push({ code: 'unknown_reference', path: ['orders', o, 'items', l, 'variation_id'], message: `product ${variationId} is not a variation` });
        } else if (productId !== undefined && parent !== productId) {
          this.issues.push({
            code: 'unknown_reference',
            path: ['orders', o, 'items', l, 'variation_id'],
            message: `variation ${variationId} belongs to product ${parent}, not to product ${productId}`,
          });
        }
      }
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
  const checks = new SnapshotCrossChecks(issues);
  checks.products(list(raw, 'products'));
  checks.records('customers', list(raw, 'customers'));
  checks.records('coupons', list(raw, 'coupons'));
  const orders = list(raw, 'orders');
  orders.forEach((order, o) => checks.orderId(order, o));
  orders.forEach((order, o) => checks.orderLines(order, o));
  return issues;
}
