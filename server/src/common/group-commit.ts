/** What one item of a batch came to. */
export type BatchOutcome = { ok: true; value: unknown } | { ok: false; err: unknown };

interface Pending<I> {
  item: I;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
  /** The promise its submitter holds. */
  done: Promise<unknown>;
}

/**
 * Group commit: items submitted while a batch is being written (or in the same turn of the event
 * loop) are written together by the next call of `flush`, one batch at a time, at most `maxBatch`
 * items each. Each submit resolves or rejects with its own item's outcome, only after `flush`
 * returned (after the COMMIT that holds it); a `flush` that throws rejects its whole batch.
 *
 * Deferred items (`submitDeferred`, with `deferMs` > 0) are work nobody waits on (a settlement
 * after the answer went out). They never ride in the batches of ordinary items: they collect for
 * `deferMs` after the first of them arrives and are then written in batches of their own, ahead
 * of ordinary items waiting at that moment. So a waiting item's commit never carries them, and
 * they share one commit among many. With `deferMs` 0 they are ordinary items.
 */
export class GroupCommit<I> {
  private pending: Pending<I>[] = [];
  private deferred: Pending<I>[] = [];
  /** The deferred items have waited their `deferMs`: written before the next ordinary batch. */
  private deferredDue = false;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  /** The batch being written. */
  private writing: Pending<I>[] = [];

  constructor(
    private readonly flush: (items: I[]) => Promise<BatchOutcome[]>,
    private readonly maxBatch = Number.POSITIVE_INFINITY,
    private readonly deferMs = 0,
  ) {}

  submit<T>(item: I): Promise<T> {
    const done = this.add<T>(this.pending, item);
    this.start();
    return done;
  }

  /**
   * `joinBusy`: while a batch is being written or ordinary items are waiting, the item joins the
   * next ordinary batch instead (a commit that happens anyway); only an idle queue makes it wait.
   */
  submitDeferred<T>(item: I, options: { joinBusy?: boolean } = {}): Promise<T> {
    if (this.deferMs <= 0 || (options.joinBusy === true && (this.running || this.pending.length > 0))) return this.submit<T>(item);
    const done = this.add<T>(this.deferred, item);
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.deferredDue = true;
      this.start();
    }, this.deferMs);
    return done;
  }

  private add<T>(list: Pending<I>[], item: I): Promise<T> {
    let resolve: (value: unknown) => void = () => undefined;
    let reject: (err: unknown) => void = () => undefined;
    const done = new Promise<T>((res, rej) => {
      resolve = res as (value: unknown) => void;
      reject = rej;
    });
    list.push({ item, resolve, reject, done });
    return done;
  }

  /**
   * Writes everything submitted so far, deferred items without waiting out their time (for
   * shutdown, before the connection closes). Resolves once it is all written or rejected.
   */
  async flushAll(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const all = [...this.writing, ...this.pending, ...this.deferred].map((p) => p.done);
    if (this.deferred.length > 0) this.deferredDue = true;
    if (all.length > 0) this.start();
    await Promise.allSettled(all);
  }

  private start(): void {
    if (this.running) return;
    this.running = true;
    // After this turn's other submits have joined.
    setImmediate(() => void this.drain());
  }

  private next(): Pending<I>[] {
    if (this.deferredDue) {
      const batch = this.deferred.splice(0, this.maxBatch);
      if (this.deferred.length === 0) this.deferredDue = false;
      if (batch.length > 0) return batch;
    }
    return this.pending.splice(0, this.maxBatch);
  }

  private async drain(): Promise<void> {
    for (let batch = this.next(); batch.length > 0; batch = this.next()) {
      this.writing = batch;
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
    this.writing = [];
    this.running = false;
    // Deferred items that arrived during the last batch wait for their own timer.
  }
}
