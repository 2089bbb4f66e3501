// The shop API on Node's own http server, without a framework: the request's method, raw URL, headers and body go
// to createShopApi's handler, its response goes back as it is.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { shopErrorResponse } from '../http/api-error';
import { DEFAULT_MAX_BODY_BYTES } from '../http/body-limits';
import type { ShopApi } from '../http/create-shop-api';
import type { ShopResponse } from '../http/http-types';

// The API's default limit: `serve` builds its API with the default options.
const MAX_BODY_BYTES = DEFAULT_MAX_BODY_BYTES;

/** The raw body, undefined when there is none, or null when it is larger than the limit (the rest is drained). */
function readBody(req: IncomingMessage): Promise<Buffer | undefined | null> {
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** A `request` listener for `http.createServer` answering with `api`. */
export function nodeListener(api: ShopApi): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void (async () => {
      let response: ShopResponse;
      // Aborted when the client leaves before its answer: the repository stops the request's statement.
      const controller = new AbortController();
      res.once('close', () => {
        if (!res.writableFinished) controller.abort(new Error('the client closed the connection'));
      });
      try {
        const body = await readBody(req);
        response =
          body === null
            ? shopErrorResponse('shop_api_body_too_large', `The request body is larger than ${MAX_BODY_BYTES} bytes`)
            : await api.handle({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body, signal: controller.signal });
      } catch {
        // The client went away while sending its body: nobody is left to answer.
        res.destroy();
        return;
      }
      res.writeHead(response.status, response.headers);
      res.end(response.body ?? undefined);
    })();
  };
}
