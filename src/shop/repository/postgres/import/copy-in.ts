// COPY ... FROM STDIN through node-postgres, by pg-copy-streams (written and kept by pg's author alongside pg, so it
// follows pg's internals release by release; nothing here touches them). It is loaded with import() on the first
// copy-in, so neither importing the shop entry nor an import on PGlite (which has no COPY here) loads it.
// The chunks are written to the copy stream as the producer made them, waiting for 'drain' when the stream's
// buffer is full, so a fast producer never buffers the whole load in memory.

/** The parts of a node-postgres `Client` / `PoolClient` a copy-in uses (pg 8). */
export interface PgClientLike {
  query(submittable: object): unknown;
  readonly connection: object;
  readonly pipeline?: unknown;
}

/**
 * Whether `client` is a node-postgres `Client` or `PoolClient` (one connection, which runs a copy-in): detected by
 * shape, so no driver is imported. A `Pool` (no single connection), PGlite and pg's pipeline mode (which refuses
 * custom submittables) are not.
 */
export function supportsCopyIn(client: unknown): client is PgClientLike {
  if (typeof client !== 'object' || client === null) return false;
  const c = client as Partial<PgClientLike> & { connection?: { stream?: { write?: unknown } } };
  return typeof c.query === 'function' && !c.pipeline && typeof c.connection?.stream?.write === 'function';
}

/** The copy-in stream pg-copy-streams gives (a Node Writable), as far as {@link copyIn} uses it. */
interface CopyStream {
  readonly rowCount: number;
  write(chunk: Uint8Array): boolean;
  end(): void;
  destroy(error?: Error): void;
  once(event: 'drain' | 'finish', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

type CopyFrom = (text: string, options?: { highWaterMark?: number }) => object;

let copyFrom: Promise<CopyFrom> | undefined;
// pg-copy-streams is CommonJS: its function is `from` on the namespace or on its default export, by loader.
const loadCopyFrom = (): Promise<CopyFrom> =>
  (copyFrom ??= import('pg-copy-streams').then((m) => (m as { from?: CopyFrom }).from ?? (m as unknown as { default: { from: CopyFrom } }).default.from));

// Bytes the copy stream holds before the producer waits for it to drain. Far above a stream's default high-water
// mark: the chunks are in memory already, and while the client encodes (the event loop turning once per slice) the
// socket must have enough queued to keep the server busy until the next turn, rather than one chunk.
const STREAM_BACKLOG = 8 * 1024 * 1024;

/**
 * Runs `COPY ... FROM STDIN` (`text`) on a node-postgres client, sending the chunks of COPY text (already in the
 * statement's format) as they come; resolves to the rows copied. The chunks are written as they are, so they must
 * not change until the promise settles (then every byte has reached the server, which answered after the last
 * one). When `chunks` throws, the copy is cancelled with CopyFail and the promise rejects with what it threw; a
 * server error rejects with the server's error. Either way the connection is ready for the next query (the
 * caller's transaction is then aborted, as after any failed statement).
 */
export async function copyIn(client: PgClientLike, text: string, chunks: Iterable<Buffer> | AsyncIterable<Buffer>): Promise<number> {
  const from = await loadCopyFrom();
  const stream = client.query(from(text, { highWaterMark: STREAM_BACKLOG })) as CopyStream;
  let failure: { error: unknown } | undefined;
  let wakeProducer: (() => void) | undefined;
  const settled = new Promise<void>((resolve) => {
    // `on`, not `once`: pg can report a second error (the connection ending) after the server's, and an 'error'
    // event with no listener would throw.
    stream.on('error', (error) => {
      failure ??= { error };
      wakeProducer?.();
      resolve();
    });
    stream.once('finish', resolve);
  });
  try {
    for await (const chunk of chunks) {
      if (failure) break;
      if (chunk.length === 0) continue;
      if (!stream.write(chunk)) {
        await new Promise<void>((resolve) => {
          wakeProducer = resolve;
          stream.once('drain', resolve);
        });
        wakeProducer = undefined;
      }
    }
    if (!failure) stream.end();
  } catch (error) {
    // The producer's error is what the caller sees, rather than the server's "COPY from stdin failed".
    failure = { error };
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  }
  await settled;
  if (failure) throw failure.error;
  return stream.rowCount;
}
