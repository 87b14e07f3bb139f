/**
 * Batched writers (chat messages, gifts, statistics) put many rows in one statement or one
 * transaction. When that fails, nothing of it was kept, and one bad row must not take the
 * others down: the rows are then written again one by one, and only the bad one fails.
 */

/**
 * Writes `items` with `write` together; when that throws, writes each alone. Returns one
 * settled result per item, in order. `write` must keep nothing when it throws (one statement
 * or one transaction) and return one result per item.
 */
export async function writeEachOnFailure<T, R>(
  items: T[],
  write: (items: T[]) => Promise<R[]>,
): Promise<PromiseSettledResult<R>[]> {
  try {
    const results = await write(items);
    return results.map((value) => ({ status: 'fulfilled', value }));
  } catch (error) {
    if (items.length === 1) return [{ status: 'rejected', reason: error }];
  }
  const settled: PromiseSettledResult<R>[] = [];
  for (const item of items) {
    try {
      const [value] = await write([item]);
      settled.push({ status: 'fulfilled', value: value as R });
    } catch (reason) {
      settled.push({ status: 'rejected', reason });
    }
  }
  return settled;
}

/** Settles each waiter of a batch with its own result. */
export function settleEach<R>(
  waiters: { resolve: (value: R) => void; reject: (reason: unknown) => void }[],
  results: PromiseSettledResult<R>[],
): void {
  waiters.forEach((w, i) => {
    const result = results[i]!;
    if (result.status === 'fulfilled') w.resolve(result.value);
    else w.reject(result.reason);
  });
}
