import { GroupCommit, type BatchOutcome } from './group-commit';

/** A flush that records its batches and answers each item by `answer`. */
function recorder(answer: (item: number) => BatchOutcome = (i) => ({ ok: true, value: i * 10 })) {
  const batches: number[][] = [];
  let release: (() => void) | null = null;
  let hold = false;
  const flush = async (items: number[]): Promise<BatchOutcome[]> => {
    batches.push(items);
    if (hold) await new Promise<void>((r) => (release = r));
    return items.map(answer);
  };
  return {
    batches,
    flush,
    holdNext: () => (hold = true),
    releaseHeld: () => {
      hold = false;
      release?.();
    },
  };
}

describe('GroupCommit', () => {
  it('writes the items submitted in one turn as one batch, each resolving with its own outcome', async () => {
    const r = recorder();
    const g = new GroupCommit<number>(r.flush);
    const results = await Promise.all([1, 2, 3].map((i) => g.submit<number>(i)));
    expect(results).toEqual([10, 20, 30]);
    expect(r.batches).toEqual([[1, 2, 3]]);
  });

  it('an item that failed rejects alone; the others resolve', async () => {
    const r = recorder((i) => (i === 2 ? { ok: false, err: new Error('no 2') } : { ok: true, value: i }));
    const g = new GroupCommit<number>(r.flush);
    const settled = await Promise.allSettled([1, 2, 3].map((i) => g.submit(i)));
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((settled[1] as PromiseRejectedResult).reason.message).toBe('no 2');
  });

  it('a flush that throws rejects its whole batch, and the next batch still runs', async () => {
    let calls = 0;
    const g = new GroupCommit<number>(async (items) => {
      calls += 1;
      if (calls === 1) throw new Error('commit failed');
      return items.map((i) => ({ ok: true, value: i }));
    });
    const first = await Promise.allSettled([g.submit(1), g.submit(2)]);
    expect(first.every((s) => s.status === 'rejected' && (s.reason as Error).message === 'commit failed')).toBe(true);
    await expect(g.submit(3)).resolves.toBe(3);
  });

  it('items submitted while a batch is being written wait for it, then go together; one batch at a time', async () => {
    const r = recorder();
    const g = new GroupCommit<number>(r.flush);
    r.holdNext();
    const first = g.submit(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.batches).toEqual([[1]]);
    const later = [2, 3, 4].map((i) => g.submit(i));
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Still one batch: the first has not returned.
    expect(r.batches).toEqual([[1]]);
    r.releaseHeld();
    await expect(Promise.all([first, ...later])).resolves.toEqual([10, 20, 30, 40]);
    expect(r.batches).toEqual([[1], [2, 3, 4]]);
  });

  it('splits at maxBatch', async () => {
    const r = recorder();
    const g = new GroupCommit<number>(r.flush, 2);
    await Promise.all([1, 2, 3, 4, 5].map((i) => g.submit(i)));
    expect(r.batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('an outcome missing for an item rejects that item', async () => {
    const g = new GroupCommit<number>(async () => []);
    await expect(g.submit(1)).rejects.toThrow('no outcome');
  });

  describe('deferred items', () => {
    // Only the clock is fake: the batches still start on a real setImmediate.
    beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate'] }));
    afterEach(() => jest.useRealTimers());
    /** Moves the clock, then lets the batches that timers started run. */
    const tick = async (ms: number) => {
      await jest.advanceTimersByTimeAsync(ms);
      for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
    };
    /** Deferring 10 ms, with item 1's batch being written (held until `r.releaseHeld()`). */
    const writingFirst = async () => {
      const r = recorder();
      const g = new GroupCommit<number>(r.flush, Number.POSITIVE_INFINITY, 10);
      r.holdNext();
      const first = g.submit<number>(1);
      await tick(0);
      return { r, g, first };
    };

    it('never ride in an ordinary batch; after deferMs they are written together, in a batch of their own', async () => {
      const r = recorder();
      const g = new GroupCommit<number>(r.flush, Number.POSITIVE_INFINITY, 10);
      const late = [g.submitDeferred<number>(100), g.submitDeferred<number>(101)];
      const now = g.submit<number>(1);
      await tick(0);
      await expect(now).resolves.toBe(10);
      expect(r.batches).toEqual([[1]]);
      await tick(5);
      const third = g.submitDeferred<number>(102);
      await tick(4);
      expect(r.batches).toEqual([[1]]);
      // 10 ms after the first deferred item: all three, one batch.
      await tick(1);
      await expect(Promise.all([...late, third])).resolves.toEqual([1000, 1010, 1020]);
      expect(r.batches).toEqual([[1], [100, 101, 102]]);
    });

    it('go ahead of the ordinary items waiting when they fall due, split at maxBatch, each with its own outcome', async () => {
      const r = recorder((i) => (i === 101 ? { ok: false, err: new Error('no 101') } : { ok: true, value: i }));
      const g = new GroupCommit<number>(r.flush, 2, 10);
      const late = [100, 101, 102].map((i) => g.submitDeferred<number>(i));
      r.holdNext();
      const first = g.submit(1);
      await tick(0);
      expect(r.batches).toEqual([[1]]);
      // The deferred items fall due while batch [1] is being written, and item 2 is waiting too.
      await tick(10);
      const second = g.submit(2);
      r.releaseHeld();
      const settled = await Promise.allSettled([first, second, ...late]);
      expect(r.batches).toEqual([[1], [100, 101], [102], [2]]);
      expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
      expect((settled[3] as PromiseRejectedResult).reason.message).toBe('no 101');
    });

    it('a flush that throws rejects the deferred batch; a later deferred item starts its own wait', async () => {
      let calls = 0;
      const batches: number[][] = [];
      const g = new GroupCommit<number>(
        async (items) => {
          batches.push(items);
          calls += 1;
          if (calls === 1) throw new Error('commit failed');
          return items.map((i) => ({ ok: true, value: i }));
        },
        Number.POSITIVE_INFINITY,
        10,
      );
      const failed = Promise.allSettled([g.submitDeferred(1), g.submitDeferred(2)]);
      await tick(10);
      expect((await failed).map((s) => s.status)).toEqual(['rejected', 'rejected']);
      const next = g.submitDeferred<number>(3);
      await tick(9);
      expect(batches).toEqual([[1, 2]]);
      await tick(1);
      await expect(next).resolves.toBe(3);
      expect(batches).toEqual([[1, 2], [3]]);
    });

    it('flushAll writes deferred items at once and waits for the batch being written', async () => {
      const { r, g, first: writing } = await writingFirst();
      const late = g.submitDeferred<number>(100);
      let flushed = false;
      const all = g.flushAll().then(() => (flushed = true));
      await tick(0);
      expect(flushed).toBe(false);
      r.releaseHeld();
      await tick(0);
      await all;
      // No clock moved: the deferred item did not wait out its 10 ms.
      expect(r.batches).toEqual([[1], [100]]);
      await expect(Promise.all([writing, late])).resolves.toEqual([10, 1000]);
    });

    it('joinBusy: while a batch is being written they join the next ordinary batch; on an idle queue they wait', async () => {
      const { r, g, first } = await writingFirst();
      const waiting = g.submit<number>(2);
      const joined = g.submitDeferred<number>(100, { joinBusy: true });
      r.releaseHeld();
      await tick(0);
      await expect(Promise.all([first, waiting, joined])).resolves.toEqual([10, 20, 1000]);
      expect(r.batches).toEqual([[1], [2, 100]]);
      // Idle now: deferred as usual.
      const idle = g.submitDeferred<number>(101, { joinBusy: true });
      await tick(9);
      expect(r.batches).toEqual([[1], [2, 100]]);
      await tick(1);
      await expect(idle).resolves.toBe(1010);
      expect(r.batches).toEqual([[1], [2, 100], [101]]);
    });

    it('without deferMs they are ordinary items', async () => {
      const r = recorder();
      const g = new GroupCommit<number>(r.flush);
      const both = Promise.all([g.submit(1), g.submitDeferred(2)]);
      await tick(0);
      await expect(both).resolves.toEqual([10, 20]);
      expect(r.batches).toEqual([[1, 2]]);
    });
  });
});
