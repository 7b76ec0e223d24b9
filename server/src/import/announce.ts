import Redis from 'ioredis';
import type { AppConfig } from '../config/app-config';
import type { BusEvents, BusTopic } from '../redis/event-bus.service';

/**
 * Tells running Sluice nodes that share this database and Redis what the import changed, in the
 * event bus's own wire format (`<prefix>:bus`, {node, topic, payload}: see EventBus): they reload the
 * options and the routing index and drop the first-start root from their user caches. Without Redis
 * there is nobody to tell (a single node reloads channels within a minute; restart it for options).
 */
export async function announceImport(config: AppConfig, optionKeys: string[], replacedUserId: number | null): Promise<boolean> {
  if (!config.redisUrl) return false;
  const redis = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectionName: `${config.redisPrefix}-import` });
  const channel = `${config.redisPrefix}:bus`;
  const node = `import-${process.pid}`;
  const send = async <T extends BusTopic>(topic: T, payload: BusEvents[T]): Promise<void> => {
    await redis.publish(channel, JSON.stringify({ node, topic, payload }));
  };
  try {
    await redis.connect();
    await send('options.changed', { keys: optionKeys });
    await send('channels.changed', { reason: 'import' });
    if (replacedUserId !== null) await send('users.changed', { userId: replacedUserId });
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
