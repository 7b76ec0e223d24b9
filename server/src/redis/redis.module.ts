import { Global, Module } from '@nestjs/common';
import { ClusterLink } from '../cluster/cluster-link.service';
import { EventBus } from './event-bus.service';
import { RedisService } from './redis.service';

/** What nodes (and the processes of one node's cluster) share: Redis when configured, the cluster primary's IPC, the event bus over either. */
@Global()
@Module({ providers: [RedisService, ClusterLink, EventBus], exports: [RedisService, ClusterLink, EventBus] })
export class RedisModule {}
