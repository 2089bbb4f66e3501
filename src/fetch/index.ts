/**
 * `wc-legacy-api/fetch`: the shop API as a Web-standard fetch handler (`Request` in, `Response` out), for Bun, Deno,
 * Cloudflare Workers, Next.js route handlers, Hono and any other runtime that speaks fetch. Imports no Node builtin.
 *
 * @packageDocumentation
 */
export { createFetchHandler } from './create-fetch-handler';
export type { FetchHandlerOptions } from './create-fetch-handler';
