// COPY ... FROM STDIN through node-postgres without a dependency. `client.query(obj)` runs any object that has a
// `submit(connection)` method (pg calls it a Submittable): pg sends nothing itself, hands the protocol messages of the
// object's turn to its handle* methods and starts the next query after it settles. That is everything a copy-in
// needs: send the COPY statement, answer CopyInResponse with CopyData messages (waiting for the socket to drain, so a
// fast producer never buffers the whole load in memory), then CopyDone, or CopyFail when the producer throws.
// The CopyData messages are written to the socket as the producer made them, each chunk with room for the message
// header in front: pg's own sendCopyFromChunk would copy every chunk into a fresh buffer (hundreds of megabytes of
// allocation in a large import, and garbage collections of a heap that holds a whole shop).

/** The parts of a pg `Connection` a copy-in uses (pg 8). */
interface PgConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
  readonly stream: {
    readonly writableLength?: number;
    readonly writable?: boolean;
    write(chunk: Buffer): boolean;
    once(event: string, listener: () => void): unknown;
    removeListener(event: string, listener: () => void): unknown;
  };
}

/** A node-postgres connection as {@link copyIn} uses it. */
export interface PgClientLike {
  query(submittable: object): unknown;
  readonly connection: PgConnection;
  readonly pipeline?: unknown;
}

/**
 * Whether `client` is a node-postgres `Client` or `PoolClient` (one connection, which runs a copy-in): detected by
 * shape, so no driver is imported. A `Pool` (no single connection), PGlite and pg's pipeline mode (which refuses
 * custom submittables) are not.
 */
export function supportsCopyIn(client: unknown): client is PgClientLike {
  if (typeof client !== 'object' || client === null) return false;
  const c = client as Partial<PgClientLike>;
  const conn = c.connection as Partial<PgConnection> | undefined;
  return (
    typeof c.query === 'function' &&
    !c.pipeline &&
    typeof conn === 'object' &&
    conn !== null &&
    typeof conn.sendCopyFromChunk === 'function' &&
    typeof conn.endCopyFrom === 'function' &&
    typeof conn.sendCopyFail === 'function' &&
    typeof conn.stream?.once === 'function' &&
    typeof conn.stream.write === 'function'
  );
}

// Bytes left in the socket's buffer before the pump waits for it to drain. Far above the stream's high-water mark:
// the chunks are in memory already, and while the client encodes (the event loop turning once per slice) the socket
// must have enough queued to keep the server busy until the next turn, rather than one chunk.
const SOCKET_BACKLOG = 8 * 1024 * 1024;

/** Resolves when the socket takes more data (or is gone: then the query's error ends the copy). */
function drained(stream: PgConnection['stream']): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.removeListener('drain', done);
      stream.removeListener('close', done);
      resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
  });
}

class CopyIn {
  /** The server's (or the connection's) error, once one arrived: nothing is sent after it. */
  private failed = false;
  /** What the producer threw: the copy rejects with it rather than the server's "COPY from stdin failed". */
  private producerError: unknown;
  private rows = 0;

  constructor(
    private readonly text: string,
    private readonly chunks: Iterable<Buffer> | AsyncIterable<Buffer>,
    private readonly resolve: (rows: number) => void,
    private readonly reject: (error: unknown) => void,
  ) {}

  submit(connection: PgConnection): void {
    connection.query(this.text);
  }

  handleCopyInResponse(connection: PgConnection): void {
    void this.pump(connection);
  }

  private async pump(connection: PgConnection): Promise<void> {
    try {
      for await (const chunk of this.chunks) {
        if (this.failed) return;
        if (chunk.length <= COPY_DATA_HEADER) continue;
        chunk[0] = 0x64; // 'd', CopyData
        chunk.writeInt32BE(chunk.length - 1, 1);
        // What pg's _send does, minus the copy.
        if (connection.stream.writable === false) return;
        connection.stream.write(chunk);
        if ((connection.stream.writableLength ?? 0) > SOCKET_BACKLOG) await drained(connection.stream);
        if (this.failed) return;
      }
      if (!this.failed) connection.endCopyFrom();
    } catch (error) {
      this.producerError = error;
      if (!this.failed) connection.sendCopyFail(error instanceof Error ? error.message : String(error));
    }
  }

  handleCommandComplete(message: { rowCount?: number | null }): void {
    this.rows = message.rowCount ?? 0;
  }

  // pg forgets the active query after an ErrorResponse, so this is the last call on a failure (no ReadyForQuery).
  handleError(error: unknown): void {
    this.failed = true;
    this.reject(this.producerError ?? error);
  }

  handleReadyForQuery(): void {
    if (this.producerError !== undefined) this.reject(this.producerError);
    else this.resolve(this.rows);
  }

  // A COPY FROM answers none of these; present so pg finds every handler it may call.
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}
}

/** Bytes at the front of every chunk given to {@link copyIn}, where it writes the CopyData message header. */
export const COPY_DATA_HEADER = 5;

/**
 * Runs `COPY ... FROM STDIN` (`text`) on a node-postgres client, sending the chunks of COPY text (already in the
 * statement's format, after {@link COPY_DATA_HEADER} spare bytes) as they come; resolves to the rows copied. The
 * chunks are written as they are, so they must not change until the promise settles (then every byte has reached
 * the server, which answered after the last one). When `chunks` throws, the copy is cancelled with
 * CopyFail and the promise rejects with what it threw; a server error rejects with the server's error. Either way the
 * connection is ready for the next query (the caller's transaction is then aborted, as after any failed statement).
 */
export function copyIn(client: PgClientLike, text: string, chunks: Iterable<Buffer> | AsyncIterable<Buffer>): Promise<number> {
  return new Promise((resolve, reject) => {
    client.query(new CopyIn(text, chunks, resolve, reject));
  });
}
