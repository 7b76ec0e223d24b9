/**
 * Runs `fn` over `items` with at most `limit` calls in flight (channel tests and balance
 * queries: enough parallelism to finish, without flooding upstreams or the database).
 * A rejected call does not stop the others; `fn` is expected to handle its own errors.
 */
export async function forEachLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item).catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}
