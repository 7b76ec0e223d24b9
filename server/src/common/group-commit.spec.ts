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
});
