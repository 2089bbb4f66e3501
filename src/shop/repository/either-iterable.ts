// Report folds accept sync or async sources. A repository whose data is already in memory hands out a source that is
// both, so the fold takes the sync path and pays no `await` per order (measured by the reports bench:
// `salesReportFor(memory repository)` against the bare fold).

/** Whether a sync-or-async source can be iterated synchronously (the faster path). */
export function isSyncIterable<T>(source: AsyncIterable<T> | Iterable<T>): source is Iterable<T> {
  return typeof (source as Partial<Iterable<T>>)[Symbol.iterator] === 'function';
}

/** A source that is both iterable and async-iterable, each iteration starting afresh from `iterate()`. */
export function eitherIterable<T>(iterate: () => Iterator<T>): Iterable<T> & AsyncIterable<T> {
  return {
    [Symbol.iterator]: iterate,
    async *[Symbol.asyncIterator]() {
      const it = iterate();
      for (let step = it.next(); !step.done; step = it.next()) yield step.value;
    },
  };
}
