import type { OpenApiDocument, OpenApiDocumentOptions } from './openapi-types';

/**
 * Creates the OpenAPI 3.1 document of the shop API: every route, method, path and query parameter (the `filter[...]`
 * forms included), the pagination headers, the request body of the order edit, every success body with closed
 * resource schemas (money as two-decimal strings, timestamps as the API prints them), the error envelope with every
 * error code, and the consumer-key security schemes (HTTP Basic or `consumer_key`/`consumer_secret` over HTTPS,
 * one-legged OAuth 1.0a in the query over HTTP). It is generated from the route table the handler dispatches with,
 * built anew on every call, and never shared: the caller may change it.
 *
 * Asynchronous because its code is loaded on the first call (through `import()`, which bundlers follow), so
 * importing `wc-legacy-api/shop` costs nothing for it.
 *
 * @param options - the base path and public URL to describe, and which authentication to declare.
 * @returns the document, plain JSON data.
 * @example
 * ```ts
 * import { createOpenApiDocument } from 'wc-legacy-api/shop';
 * const doc = await createOpenApiDocument({ serverUrl: 'https://shop.example.com' });
 * doc.servers[0].url; // 'https://shop.example.com/wc-api/v1'
 * app.get('/openapi.json', (req, res) => res.json(doc));
 * ```
 */
export async function createOpenApiDocument(options: OpenApiDocumentOptions = {}): Promise<OpenApiDocument> {
  const { buildOpenApiDocument } = await import('./build-openapi-document');
  return buildOpenApiDocument(options);
}
