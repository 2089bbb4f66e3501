// A Web stream read to its end under a byte cap, with Web streams only: the fetch entry (a request body) and the
// WooCommerce bridge's REST client (a store's answer) both run where Node's streams are absent.

/**
 * The stream's bytes, or `undefined` once they pass `max`: the stream is then cancelled at the chunk that crosses
 * the cap, so no more than `max` bytes are ever held. The cancel is not awaited: the caller's answer does not depend
 * on whether the source settles it.
 *
 * @example
 * ```ts
 * const bytes = await readCappedStream(response.body!, 64 * 1024); // undefined past 64 KiB
 * ```
 */
export async function readCappedStream(stream: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array | undefined> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      stopReading(reader.cancel());
      return undefined;
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0];
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** Ends a read without waiting on the source: a rejected or never-settling cancel is not the caller's concern. */
export function stopReading(cancelled: Promise<void>): void {
  cancelled.catch(() => {});
}
