// Types for the untyped `woocommerce-api` 1.5.0 client, only as far as the tests use it.
declare module 'woocommerce-api' {
  import type { Agent } from 'node:http';
  import type { IncomingHttpHeaders } from 'node:http';

  interface WooCommerceAPIOptions {
    url: string;
    consumerKey: string;
    consumerSecret: string;
    wpAPI?: boolean;
    version?: string;
    verifySsl?: boolean;
    queryStringAuth?: boolean;
    agent?: Agent;
  }
  /** The `request` response object: any status resolves, the body is the raw text. */
  interface WooCommerceAPIResponse {
    statusCode: number;
    headers: IncomingHttpHeaders;
    body: string;
  }
  class WooCommerceAPI {
    constructor(options: WooCommerceAPIOptions);
    getAsync(endpoint: string): Promise<WooCommerceAPIResponse>;
    putAsync(endpoint: string, data: unknown): Promise<WooCommerceAPIResponse>;
    postAsync(endpoint: string, data: unknown): Promise<WooCommerceAPIResponse>;
    deleteAsync(endpoint: string): Promise<WooCommerceAPIResponse>;
  }
  export default WooCommerceAPI;
}
