import type { ClusterLink } from '../cluster/cluster-link.service';
import { EventBus } from './event-bus.service';
import type { RedisService } from './redis.service';

/** A lone process without Redis: handlers run in this process only. */
function loneBus(): EventBus {
  const redis = { key: (k: string) => `test:${k}`, subscriber: () => null, client: null } as unknown as RedisService;
  const cluster = { forked: false } as unknown as ClusterLink;
  return new EventBus(redis, cluster);
}

describe('EventBus shutdown', () => {
  it('waits for handlers still running before it reports destroyed, and runs none after', async () => {
    const bus = loneBus();
    let release: () => void = () => undefined;
    const reloading = new Promise<void>((r) => (release = r));
    const seen: string[] = [];
    bus.on('channels.changed', async ({ reason }) => {
      seen.push(`start ${reason}`);
      await reloading;
      seen.push(`end ${reason}`);
    });
    await bus.publish('channels.changed', { reason: 'edit' });
    expect(seen).toEqual(['start edit']);

    let destroyed = false;
    const destroy = bus.onModuleDestroy().then(() => (destroyed = true));
    await new Promise((r) => setTimeout(r, 20));
    // The reload that began before the shutdown is still running: the bus is not done yet.
    expect(destroyed).toBe(false);
    release();
    await destroy;
    expect(seen).toEqual(['start edit', 'end edit']);

    await bus.publish('channels.changed', { reason: 'late' });
    await new Promise((r) => setTimeout(r, 5));
    expect(seen).toEqual(['start edit', 'end edit']);
  });

  it('a failing handler is logged, not thrown, and does not hold the shutdown', async () => {
    const bus = loneBus();
    bus.on('users.changed', () => {
      throw new Error('boom');
    });
    const errors = jest.spyOn((bus as unknown as { logger: { error: (m: string) => void } }).logger, 'error').mockImplementation(() => undefined);
    await expect(bus.publish('users.changed', { userId: 1 })).resolves.toBeUndefined();
    await new Promise((r) => setTimeout(r, 5));
    expect(errors).toHaveBeenCalledWith('handler for users.changed failed: boom');
    await expect(bus.onModuleDestroy()).resolves.toBeUndefined();
  });
});
