// A streamed snapshot's orders on their way to an import's order writer: read and checked by readShopSnapshot, handed
// over in small groups, and the head (store, products, customers, coupons) returned at the end.
import type { Order } from '../../../model/order';
import { readShopSnapshot, type ReadShopSnapshotOptions, type ShopSnapshotHead, type ShopSnapshotSource } from '../../../snapshot/read-shop-snapshot';
import type { SnapshotIssue } from '../../../snapshot/snapshot-issue';
import { InvalidSnapshotError } from './import-errors';

// Orders of a stream handed to a COPY writer at a time. The models of a whole batch (1,000 orders) outlive V8's young
// generation and are promoted before they are encoded; a small group dies young (`bench/snapshot-import.bench.ts`
// measures the streamed import).
export const STREAM_GROUP = 64;

/**
 * Reads a streamed snapshot, writing orders as they come in groups of `group` that never straddle a batch (`end`
 * marks a batch's last group); rejects (so the caller rolls back) on issues.
 */
export async function streamOrders(
  source: ShopSnapshotSource,
  batch: number,
  group: number,
  options: ReadShopSnapshotOptions,
  writeOrders: (orders: readonly Order[], end: boolean) => Promise<void>,
  onBytes: (bytesRead: number) => void,
): Promise<ShopSnapshotHead> {
  const issues: SnapshotIssue[] = [];
  let pending: Order[] = [];
  let inBatch = 0;
  let head: ShopSnapshotHead | undefined;
  for await (const part of readShopSnapshot(source, { signal: options.signal, maxIssues: options.maxIssues, maxValueBytes: options.maxValueBytes })) {
    if (part.kind === 'issue') {
      issues.push(part.issue);
      pending = [];
      continue;
    }
    onBytes(part.bytesRead);
    if (part.kind === 'head') head = part.head;
    else {
      pending.push(part.order);
      inBatch += 1;
      if (inBatch === batch || pending.length >= group) {
        const end = inBatch === batch;
        await writeOrders(pending, end);
        pending = [];
        if (end) inBatch = 0;
      }
    }
  }
  if (issues.length > 0 || head === undefined) throw new InvalidSnapshotError(issues);
  // (The last batch ends here even when its last group was written already.)
  if (inBatch > 0) await writeOrders(pending, true);
  return head;
}
