import { Global, Inject, Injectable, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RedisService } from '../redis/redis.service';
import { BullmqQueueDriver } from './bullmq-queue.driver';
import { QUEUE_DRIVER, type QueueDriver } from './jobs';
import { MemoryQueueDriver } from './memory-queue.driver';

/** Starts workers after every module registered its processors; closes them on shutdown. */
@Injectable()
class QueueLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(QUEUE_DRIVER) private readonly driver: QueueDriver) {}
  async onApplicationBootstrap(): Promise<void> {
    await this.driver.start();
  }
  async onApplicationShutdown(): Promise<void> {
    await this.driver.close();
  }
}

@Global()
@Module({
  providers: [
    {
      provide: QUEUE_DRIVER,
      inject: [APP_CONFIG, RedisService],
      useFactory: (config: AppConfig, redis: RedisService): QueueDriver =>
        redis.enabled
          ? new BullmqQueueDriver(() => redis.duplicateForQueue(), `${config.redisPrefix}:bull`, config.role !== 'http')
          : new MemoryQueueDriver(),
    },
    QueueLifecycle,
  ],
  exports: [QUEUE_DRIVER],
})
export class QueueModule {}
