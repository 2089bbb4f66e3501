// Work on one connection, one piece after the other: pg 8 deprecates two queries at once on a client, and an import's
// COPY statements, index builds and INSERTs take turns on the connection of its transaction.

/**
 * Pieces of work on one connection, run one after the other. Once a piece fails, every later one rejects with that
 * first error without running; {@link settled} also stops the pieces not started yet.
 */
export class ConnectionQueue {
  private tail: Promise<void> = Promise.resolve();
  private stopped = false;
  private first: { readonly error: unknown } | undefined;

  /** Runs `work` after everything added before; the promise settles with it. */
  add(work: () => Promise<unknown>): Promise<void> {
    const run = this.tail.then(async () => {
      if (this.stopped) throw new Error('the import stopped before this work on its connection began');
      await work();
    });
    this.tail = run;
    // A failure is reported by whoever awaits this piece, a later one or done(); until then it is not unhandled.
    run.catch((error: unknown) => {
      this.first ??= { error };
    });
    return run;
  }

  /** The first failure, once a piece has failed (before anyone awaits it), so producers can stop early. */
  failure(): { readonly error: unknown } | undefined {
    return this.first;
  }

  /** Resolves when everything added so far has run; rejects with the first failure. */
  done(): Promise<void> {
    return this.tail;
  }

  /**
   * Resolves once nothing runs any more, failed or not; pieces not started by then are not run (before a rollback, an
   * index build queued behind a failed or aborted COPY would only delay it).
   */
  settled(): Promise<void> {
    this.stopped = true;
    return this.tail.then(
      () => undefined,
      () => undefined,
    );
  }
}
