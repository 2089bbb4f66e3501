// Reads a Web `Request` body with a byte limit, using only Web streams (the fetch entry runs where Node's are absent).
import { readCappedStream, stopReading } from '../common/read-capped-stream';

/** Marks a body larger than the limit: reading stopped there and the stream was cancelled. */
export const TOO_LARGE = Symbol('too large');

/** Marks a body that something before the adapter already read (a framework's `req.json()`): it cannot be read again. */
export const CONSUMED = Symbol('consumed');

/**
 * The body's bytes, undefined when the request has none, {@link TOO_LARGE} or {@link CONSUMED}. Never holds more
 * than `max` bytes of it: a declared `Content-Length` over the limit is refused before reading, and a stream that
 * passes the limit (chunked, lying about its length, or never ending) is cancelled at the chunk that crosses it.
 */
export async function readRequestBody(
  request: Request,
  max: number,
): Promise<Uint8Array | undefined | typeof TOO_LARGE | typeof CONSUMED> {
  if (request.bodyUsed) return CONSUMED;
  const stream = request.body;
  if (stream === null) return undefined;
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > max) {
    stopReading(stream.cancel());
    return TOO_LARGE;
  }
  return (await readCappedStream(stream, max)) ?? TOO_LARGE;
}
