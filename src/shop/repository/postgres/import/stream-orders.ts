// A streamed snapshot's orders on their way to an import's order writer: read and checked by readShopSnapshot, handed
// over in small groups, and the head (store, products, customers, coupons) returned at the end.
import type { Order } from '../../../model/order';
import { readSnapshotBatches, type ReadShopSnapshotOptions, type ShopSnapshotHead, type ShopSnapshotSource } from '../../../snapshot/read-shop-snapshot';
import type { SnapshotIssue } from '../../../snapshot/snapshot-issue';
import { InvalidSnapshotError } from './import-errors';
import type { OrderIdSkeleton } from './order-json-encoder';

// Orders of a stream handed to a COPY writer at a time. The models of a whole batch (1,000 orders) outlive V8's young
// generation and are promoted before they are encoded; a small group dies young (`bench/snapshot-import.bench.ts`
// measures the streamed import).
export const STREAM_GROUP = 64;

/**
 * Reads a streamed snapshot, writing orders as they come in groups of `group` that never straddle a batch (`end`
 * marks a batch's last group); rejects (so the caller rolls back) on issues. With `encode`, each order it takes from
 * its bytes (already written: order-json-encoder.ts) comes as its ids in `encoded`, in the group it falls in.
 */
export async function streamOrders(
  source: ShopSnapshotSource,
  batch: number,
  group: number,
  options: ReadShopSnapshotOptions,
  writeOrders: (orders: readonly Order[], encoded: readonly OrderIdSkeleton[], end: boolean) => Promise<void>,
  onBytes: (bytesRead: number) => void,
  encode?: (bytes: Uint8Array) => OrderIdSkeleton | undefined,
): Promise<ShopSnapshotHead> {
  const issues: SnapshotIssue[] = [];
  let pending: Order[] = [];
  let encoded: OrderIdSkeleton[] = [];
  let inBatch = 0;
  let head: ShopSnapshotHead | undefined;
  const reading = { signal: options.signal, maxIssues: options.maxIssues, maxValueBytes: options.maxValueBytes };
  for await (const parts of readSnapshotBatches(source, reading, encode)) for (const part of parts) {
    if (part.kind === 'issue') {
      issues.push(part.issue);
      pending = [];
      encoded = [];
      continue;
    }
    onBytes(part.bytesRead);
    if (part.kind === 'head') head = part.head;
    else {
      if (part.kind === 'order') pending.push(part.order);
      else encoded.push(part.ids as OrderIdSkeleton);
      inBatch += 1;
      if (inBatch === batch || pending.length + encoded.length >= group) {
        const end = inBatch === batch;
        await writeOrders(pending, encoded, end);
        pending = [];
        encoded = [];
        if (end) inBatch = 0;
      }
    }
  }
  if (issues.length > 0 || head === undefined) throw new InvalidSnapshotError(issues);
  // (The last batch ends here even when its last group was written already.)
  if (inBatch > 0) await writeOrders(pending, encoded, true);
  return head;
}
