// Shared by the Express and Koa adapters: both sit on Node's http server, so reading a raw body, and deciding what a
// body parser mounted before them left, is the same code.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { shopErrorResponse, type ShopApi, type ShopRequest, type ShopResponse } from 'wc-legacy-api/shop';

/** Marks a body larger than the adapter's limit. */
export const TOO_LARGE = Symbol('too large');

/** Marks a body a parser mounted before the adapter consumed in a form the API cannot read back (a parsed form). */
export const CONSUMED = Symbol('consumed');

/** The message of the 400 answered for {@link CONSUMED}. */
export const CONSUMED_MESSAGE =
  'The request body was parsed as a form by a body parser mounted before the shop API, so its JSON text is gone: ' +
  'send it with Content-Type: application/json, or mount the shop API before the body parser';

/** The raw body bytes, undefined when the request has none, or TOO_LARGE (the rest is drained, not kept). */
export function readNodeBody(req: IncomingMessage, max: number): Promise<Buffer | undefined | typeof TOO_LARGE> {
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) {
    return Promise.resolve(undefined);
  }
  if (req.readableEnded) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > max ? TOO_LARGE : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** What a body parser that ran before the adapter left: its result, and the raw text if it kept one. */
export interface ParserLeftovers {
  /** `req.body` (Express) or `ctx.request.body` (Koa). */
  readonly parsed: unknown;
  /** `ctx.request.rawBody` (koa-bodyparser, @koa/bodyparser) or a `req.rawBody` a `verify` hook kept. */
  readonly raw: unknown;
}

/**
 * The body to hand the core. The API reads JSON whatever the content type, so a parser's result is used only when it
 * is the client's JSON (a JSON content type and a non-empty body) or the raw text itself; otherwise the raw body is
 * read (or the raw text a parser kept). An object parsed from anything else (a form, an empty body a JSON parser
 * turned into `{}`) is never taken for the client's JSON: that turned form-typed and empty PUTs into silent no-ops.
 */
export function requestBody(
  req: IncomingMessage,
  left: ParserLeftovers,
  max: number,
): Promise<string | Buffer | object | undefined | typeof TOO_LARGE | typeof CONSUMED> {
  const { parsed, raw } = left;
  // Raw text a parser kept is exactly what the client sent.
  if (typeof raw === 'string' || Buffer.isBuffer(raw)) return Promise.resolve(raw);
  // express.text() and express.raw() leave the raw body itself.
  if (typeof parsed === 'string' || Buffer.isBuffer(parsed)) return Promise.resolve(parsed);
  const empty = isEmpty(req);
  if (parsed !== undefined && parsed !== null && isJsonType(req) && !empty) return Promise.resolve(parsed as object);
  // No parser read the stream (none mounted, or not for this content type): read it.
  if (!req.readableEnded) return readNodeBody(req, max);
  // A parser consumed it: an empty body stays empty; a parsed form cannot be turned back into the client's text.
  return Promise.resolve(empty || parsed === undefined ? undefined : CONSUMED);
}

function isJsonType(req: IncomingMessage): boolean {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

function isEmpty(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return length.trim() === '0';
  return req.headers['transfer-encoding'] === undefined;
}

/**
 * A signal aborted when the client goes away before its answer is written (the connection closes first), for
 * `ShopRequest.signal`: the repository then stops the request's work instead of finishing it for nobody.
 */
export function clientGoneSignal(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort(new Error('the client closed the connection'));
  });
  return controller.signal;
}

/**
 * The core's answer to one request, as both adapters build it: the body read first (too large: 413; consumed by a
 * form parser: 400), then the request the adapter describes. The core never rejects; a failure of the adapter's own
 * steps (reading the body, `getCaller`) is answered 500 without detail.
 */
export async function answerNodeRequest(
  api: ShopApi,
  maxBodyBytes: number,
  readBody: () => Promise<unknown>,
  describe: (body: unknown) => Promise<ShopRequest>,
): Promise<ShopResponse> {
  try {
    const body = await readBody();
    if (body === TOO_LARGE) return shopErrorResponse('shop_api_body_too_large', `The request body is larger than ${maxBodyBytes} bytes`);
    if (body === CONSUMED) return shopErrorResponse('shop_api_invalid_body', CONSUMED_MESSAGE);
    return await api.handle(await describe(body));
  } catch {
    return shopErrorResponse('shop_api_internal_error');
  }
}
