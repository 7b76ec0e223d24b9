import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ClusterLink } from '../cluster/cluster-link.service';
import { RedisService } from './redis.service';

/**
 * Cross-node notifications (option changes, user changes, channel index rebuilds).
 * Handlers run on every node, including the one that published. Redis pub/sub carries a message
 * to the other nodes. In a cluster (SLUICE_WORKERS > 1), with or without Redis, the primary also
 * carries it to every sibling process and `publish` resolves once each of them has run its
 * handlers: the next request, whichever process of the machine serves it, sees the change. A
 * sibling then skips the Redis copy of a message the primary already brought.
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
  /** The message's id: a sibling process that had it from the cluster primary skips this copy. */
  id: string;
  topic: BusTopic;
  payload: unknown;
}

/** What the cluster primary carries between sibling processes. */
interface ClusterCopy {
  id: string;
  payload: unknown;
}

/** How long a message brought by the primary is remembered, to skip its Redis copy. */
const SEEN_FOR_MS = 60_000;

@Injectable()
export class EventBus implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('EventBus');
  private readonly nodeId = randomUUID();
  private readonly handlers = new Map<BusTopic, Set<Handler<BusTopic>>>();
  private readonly channel: string;
  /** Ids of messages the cluster primary brought, with when: their Redis copies are skipped. */
  private readonly fromSiblings = new Map<string, number>();
  /** Dispatches whose handlers are still running (a cache reload reading the database). */
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    private readonly redis: RedisService,
    private readonly cluster: ClusterLink,
  ) {
    this.channel = redis.key('bus');
  }

  async onModuleInit(): Promise<void> {
    if (this.cluster.forked) this.cluster.onBus((topic, copy) => this.fromSibling(topic as BusTopic, copy as ClusterCopy));
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
      if (msg.node === this.nodeId || this.fromSiblings.delete(msg.id)) return;
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
    const id = randomUUID();
    void this.dispatch(topic, payload);
    if (this.cluster.forked) await this.cluster.broadcast(topic, { id, payload } satisfies ClusterCopy);
    if (!this.redis.client) return;
    const wire: Wire = { node: this.nodeId, id, topic, payload };
    try {
      await this.redis.client.publish(this.channel, JSON.stringify(wire));
    } catch (err) {
      // Other nodes fall back to their periodic reload.
      this.logger.warn(`publish ${topic} failed: ${(err as Error).message}`);
    }
  }

  /** A message a sibling process published, brought by the cluster primary (which waits for this). */
  private fromSibling(topic: BusTopic, copy: ClusterCopy): Promise<void> {
    if (this.redis.client) {
      const now = Date.now();
      for (const [id, at] of this.fromSiblings) {
        if (now - at < SEEN_FOR_MS) break;
        this.fromSiblings.delete(id);
      }
      this.fromSiblings.set(copy.id, now);
    }
    return this.dispatch(topic, copy.payload as BusEvents[BusTopic]);
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
    const all = Promise.all(runs);
    this.running.add(all);
    try {
      await all;
    } finally {
      this.running.delete(all);
    }
  }

  /**
   * No handler runs after this, and those already running have finished: the database closes
   * later in the shutdown (onApplicationShutdown), never under a cache reload a message started.
   */
  async onModuleDestroy(): Promise<void> {
    this.handlers.clear();
    await Promise.all([...this.running]);
  }
}
