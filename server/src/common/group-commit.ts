/** What one item of a batch came to. */
export type BatchOutcome = { ok: true; value: unknown } | { ok: false; err: unknown };

interface Pending<I> {
  item: I;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit: items submitted while a batch is being written (or in the same turn of the event
 * loop) are written together by the next call of `flush`, one batch at a time, at most `maxBatch`
 * items each. Each submit resolves or rejects with its own item's outcome, only after `flush`
 * returned (after the COMMIT that holds it); a `flush` that throws rejects its whole batch.
 */
export class GroupCommit<I> {
  private pending: Pending<I>[] = [];
  private running = false;

  constructor(
    private readonly flush: (items: I[]) => Promise<BatchOutcome[]>,
    private readonly maxBatch = Number.POSITIVE_INFINITY,
  ) {}

  submit<T>(item: I): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ item, resolve: resolve as (value: unknown) => void, reject });
      if (this.running) return;
      this.running = true;
      // After this turn's other submits have joined.
      setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, this.maxBatch);
      let outcomes: BatchOutcome[];
      try {
        outcomes = await this.flush(batch.map((p) => p.item));
      } catch (err) {
        for (const p of batch) p.reject(err);
        continue;
      }
      batch.forEach((p, i) => {
        const o = outcomes[i];
        if (o?.ok === true) p.resolve(o.value);
        else p.reject(o ? o.err : new Error('group commit: the batch returned no outcome for this item'));
      });
    }
    this.running = false;
  }
}
