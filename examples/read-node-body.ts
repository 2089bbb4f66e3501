// Shared by the Express and Koa adapters: both sit on Node's http server, so reading a raw body is the same code.
import type { IncomingMessage } from 'node:http';

/** Marks a body larger than the adapter's limit. */
export const TOO_LARGE = Symbol('too large');

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
