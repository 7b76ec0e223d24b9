import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/**
 * Optional Redis connections. `client` is null when REDIS_URL is unset: every user of it has an
 * in-process fallback (single node only).
 */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  private readonly logger = new Logger('Redis');
  readonly client: Redis | null;
  readonly prefix: string;
  private subscriberConn: Redis | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.prefix = config.redisPrefix;
    this.client = config.redisUrl ? this.connect('main') : null;
  }

  get enabled(): boolean {
    return this.client !== null;
  }

  key(...parts: (string | number)[]): string {
    return [this.prefix, ...parts].join(':');
  }

  /** A dedicated connection for SUBSCRIBE (a subscribed connection cannot run commands). */
  subscriber(): Redis | null {
    if (!this.config.redisUrl) return null;
    this.subscriberConn ??= this.connect('sub');
    return this.subscriberConn;
  }

  /** A new connection with BullMQ's required settings. */
  duplicateForQueue(): Redis {
    if (!this.config.redisUrl) throw new Error('Redis is not configured');
    return new Redis(this.config.redisUrl, { maxRetriesPerRequest: null, enableReadyCheck: false });
  }

  async ping(): Promise<boolean | null> {
    if (!this.client) return null;
    try {
      return (await this.client.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  private connect(name: string): Redis {
    const conn = new Redis(this.config.redisUrl as string, {
      maxRetriesPerRequest: 2,
      connectionName: `${this.prefix}-${name}`,
      enableOfflineQueue: true,
    });
    conn.on('error', (err: Error) => this.logger.warn(`redis ${name}: ${err.message}`));
    return conn;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(
      [this.client, this.subscriberConn].filter((c): c is Redis => c !== null).map((c) => c.quit().catch(() => undefined)),
    );
  }
}
