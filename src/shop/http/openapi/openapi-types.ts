/** A JSON Schema (or any OpenAPI object): plain JSON data. */
export type JsonObject = { [key: string]: unknown };

/**
 * Options of {@link createOpenApiDocument}.
 *
 * @example
 * ```ts
 * const options: OpenApiDocumentOptions = { basePath: '/api/shop/v1', serverUrl: 'https://shop.example.com' };
 * ```
 */
export interface OpenApiDocumentOptions {
  /** The API's base path, as given to `createShopApi`. Default `/wc-api/v1`. */
  readonly basePath?: string | undefined;
  /** The public origin (and any mount prefix) the API is reached at, e.g. `https://shop.example.com/shop`; the
   * server URL is it followed by the base path. Default: none, so the server URL is the base path alone (relative
   * to wherever the document is served). */
  readonly serverUrl?: string | undefined;
  /** Which authentication the document declares: the consumer keys of `createConsumerKeyAuth` (default), or none
   * (when the host application establishes the caller itself). */
  readonly security?: 'consumer-key' | 'none' | undefined;
}

/**
 * An OpenAPI 3.1 document: plain JSON data, ready for `JSON.stringify`.
 *
 * @example
 * ```ts
 * const doc: OpenApiDocument = await createOpenApiDocument();
 * Object.keys(doc.paths); // ['/', '/orders', '/orders/count', '/orders/{id}', ...]
 * ```
 */
export interface OpenApiDocument {
  readonly openapi: '3.1.0';
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  readonly servers: readonly { readonly url: string; readonly description?: string }[];
  readonly paths: Readonly<Record<string, JsonObject>>;
  readonly components: JsonObject;
  readonly [member: string]: unknown;
}

