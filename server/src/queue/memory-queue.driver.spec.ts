import { MemoryQueueDriver } from './memory-queue.driver';

describe('MemoryQueueDriver', () => {
  it('runs jobs, dedupes by job id and reports idle', async () => {
    const q = new MemoryQueueDriver();
    const seen: string[] = [];
    q.register('mail.send', async (p) => {
      seen.push(p.to);
    });
    await q.start();
    await q.enqueue('mail.send', { to: 'a', subject: '', html: '' }, { jobId: 'same' });
    await q.enqueue('mail.send', { to: 'b', subject: '', html: '' }, { jobId: 'same' });
    await q.enqueue('mail.send', { to: 'c', subject: '', html: '' });
    await q.idle(2000);
    expect(seen.sort()).toEqual(['a', 'c']);
    await q.close();
  });

  it('retries a failing job up to its attempts, then gives up', async () => {
    const q = new MemoryQueueDriver();
    let calls = 0;
    q.register('mail.send', async () => {
      calls++;
      if (calls < 3) throw new Error('transient');
    });
    await q.start();
    await q.enqueue('mail.send', { to: 'x', subject: '', html: '' }, { attempts: 3 });
    await q.idle(5000);
    expect(calls).toBe(3);

    let failing = 0;
    q.register('auth.cleanup', async () => {
      failing++;
      throw new Error('always');
    });
    await q.start();
    await q.enqueue('auth.cleanup', {}, { attempts: 2 });
    await q.idle(5000);
    expect(failing).toBe(2);
    await q.close();
  });

  it('respects concurrency', async () => {
    const q = new MemoryQueueDriver();
    let running = 0;
    let peak = 0;
    q.register(
      'mail.send',
      async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 10));
        running--;
      },
      { concurrency: 2 },
    );
    await q.start();
    await Promise.all(Array.from({ length: 6 }, (_, i) => q.enqueue('mail.send', { to: String(i), subject: '', html: '' })));
    await q.idle(5000);
    expect(peak).toBe(2);
    await q.close();
  });

  it('close() does not wait for delayed jobs it cancels', async () => {
    const q = new MemoryQueueDriver();
    const ran: string[] = [];
    q.register('billing.sweep', async () => void ran.push('sweep'));
    await q.start();
    await q.enqueue('billing.sweep', {}, { jobId: 'later', delayMs: 60_000 });
    const started = Date.now();
    await q.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(ran).toEqual([]);
  });
});
