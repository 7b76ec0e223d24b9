import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ClusterLink } from '../cluster/cluster-link.service';
import { RedisService } from './redis.service';

/**
 * Cross-node notifications (option changes, user changes, channel index rebuilds).
 * Handlers run on every node, including the one that published. Without Redis it is local only,
 * except in a cluster (SLUICE_WORKERS > 1), where the primary carries it to every process and
 * `publish` resolves once each of them has run its handlers: the next request, whichever process
 * serves it, sees the change.
 */
export interface BusEvents {
  'options.changed': { keys: string[] };
  'users.changed': { userId: number };
  'channels.changed': { reason: string };
  /** A token was edited, re-enabled, disabled or deleted: relay caches drop it. */
  'tokens.changed': { ids: number[] };
}
export type BusTopic = keyof BusEvents;

type Handler<T extends BusTopic> = (payload: BusEvents[T]) => void | Promise<void>;

interface Wire {
  node: string;
  topic: BusTopic;
  payload: unknown;
}

@Injectable()
export class EventBus implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('EventBus');
  private readonly nodeId = randomUUID();
  private readonly handlers = new Map<BusTopic, Set<Handler<BusTopic>>>();
  private readonly channel: string;

  constructor(
    private readonly redis: RedisService,
    private readonly cluster: ClusterLink,
  ) {
    this.channel = redis.key('bus');
  }

  async onModuleInit(): Promise<void> {
    if (this.cluster.active) this.cluster.onBus((topic, payload) => this.dispatch(topic as BusTopic, payload as BusEvents[BusTopic]));
    const sub = this.redis.subscriber();
    if (!sub) return;
    await sub.subscribe(this.channel);
    sub.on('message', (channel: string, raw: string) => {
      if (channel !== this.channel) return;
      let msg: Wire;
      try {
        msg = JSON.parse(raw) as Wire;
      } catch {
        return;
      }
      if (msg.node === this.nodeId) return;
      void this.dispatch(msg.topic, msg.payload as BusEvents[BusTopic]);
    });
  }

  on<T extends BusTopic>(topic: T, handler: Handler<T>): () => void {
    let set = this.handlers.get(topic);
    if (!set) {
      set = new Set();
      this.handlers.set(topic, set);
    }
    set.add(handler as unknown as Handler<BusTopic>);
    return () => set.delete(handler as unknown as Handler<BusTopic>);
  }

  async publish<T extends BusTopic>(topic: T, payload: BusEvents[T]): Promise<void> {
    void this.dispatch(topic, payload);
    if (this.cluster.active) await this.cluster.broadcast(topic, payload);
    if (!this.redis.client) return;
    const wire: Wire = { node: this.nodeId, topic, payload };
    try {
      await this.redis.client.publish(this.channel, JSON.stringify(wire));
    } catch (err) {
      // Other nodes fall back to their periodic reload.
      this.logger.warn(`publish ${topic} failed: ${(err as Error).message}`);
    }
  }

  /** Runs every handler of `topic`; resolves when all have settled (a failure is logged, never thrown). */
  private async dispatch(topic: BusTopic, payload: BusEvents[BusTopic]): Promise<void> {
    const runs: Promise<unknown>[] = [];
    for (const h of this.handlers.get(topic) ?? []) {
      runs.push(
        Promise.resolve()
          .then(() => h(payload))
          .catch((err: unknown) => this.logger.error(`handler for ${topic} failed: ${(err as Error).message}`)),
      );
    }
    await Promise.all(runs);
  }

  async onModuleDestroy(): Promise<void> {
    this.handlers.clear();
  }
}
