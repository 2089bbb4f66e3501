// The byte buffers COPY text is written into (see copy-text.ts), reused from one part of an import to the next.
// Fresh ones would be external memory that triggers full GCs of a heap holding a whole shop.

/** The size of a COPY text chunk; larger values get a buffer of their own. */
export const CHUNK_BYTES = 256 * 1024;
// Released buffers kept for reuse (at most 16 MB).
const POOL_MAX = 64;
const pool: Buffer[] = [];

/** Gives buffers from `CopyTextWriter.take` back for reuse, once they have been sent (copyIn resolved). */
export function releaseChunks(chunks: readonly Buffer[]): void {
  for (const chunk of chunks) {
    const whole = chunk.buffer;
    if (whole.byteLength === CHUNK_BYTES && chunk.byteOffset === 0 && pool.length < POOL_MAX) {
      pool.push(Buffer.from(whole, 0, CHUNK_BYTES));
    }
  }
}

/** A buffer of `bytes` (a pooled one for a chunk), its content undefined. */
export const freshChunk = (bytes: number): Buffer =>
  bytes === CHUNK_BYTES ? (pool.pop() ?? Buffer.allocUnsafeSlow(CHUNK_BYTES)) : Buffer.allocUnsafeSlow(bytes);
