/**
 * Thrown by a repository whose store refused a status change as invalid (for example WooCommerce's REST API
 * answering 400 to the forwarded change). Nothing changed. `createShopApi` answers it with
 * `400 shop_api_invalid_order_status` and this error's `message`, so the message is written for the client and never
 * holds a credential; `cause` stays with `onError`.
 *
 * @example
 * ```ts
 * import { OrderChangeRefusedError } from 'wc-legacy-api/shop';
 * throw new OrderChangeRefusedError('The store refused the status change (rest_invalid_param).');
 * ```
 */
export class OrderChangeRefusedError extends Error {
  override readonly name = 'OrderChangeRefusedError';

  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
  }
}
