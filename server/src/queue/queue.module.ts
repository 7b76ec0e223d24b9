import { Global, Inject, Injectable, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ClusterLink } from '../cluster/cluster-link.service';
import { RedisService } from '../redis/redis.service';
import { BullmqQueueDriver } from './bullmq-queue.driver';
import { ForwardingQueueDriver } from './forwarding-queue.driver';
import { QUEUE_DRIVER, type JobName, type QueueDriver } from './jobs';
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
      inject: [APP_CONFIG, RedisService, ClusterLink],
      useFactory: (config: AppConfig, redis: RedisService, cluster: ClusterLink): QueueDriver => {
        // In a cluster only process 0 runs processors (config.role is 'http' in the others).
        let driver: QueueDriver;
        if (redis.enabled) driver = new BullmqQueueDriver(() => redis.duplicateForQueue(), `${config.redisPrefix}:bull`, config.role !== 'http');
        else if (cluster.active && !cluster.runsQueue) return new ForwardingQueueDriver(cluster);
        else driver = new MemoryQueueDriver();
        // Process 0 takes the jobs the primary passes on (the other processes' without Redis, the primary's own sweeps).
        if (cluster.forked && cluster.runsQueue) cluster.onJob((job) => void driver.enqueue(job.name as JobName, job.payload as never, job.opts as never));
        return driver;
      },
    },
    QueueLifecycle,
  ],
  exports: [QUEUE_DRIVER],
})
export class QueueModule {}
