import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { isSluiceMessage, type CallMap, type CallOp, type CastMap, type CastOp, type JobForward, type ToPrimary, type ToWorker } from './protocol';

/** A call the primary has not answered in this long fails (the caller falls back to this process). */
const CALL_TIMEOUT_MS = 5_000;
/** A bus message waits this long at most for the other processes to have handled it. */
const BUS_TIMEOUT_MS = 5_000;

type BusHandler = (topic: string, payload: unknown) => Promise<void>;
type JobHandler = (job: JobForward) => void;
type GatherHandler = () => Promise<unknown>;

/**
 * This process's side of the cluster's IPC (SLUICE_WORKERS > 1). `active` only in a process the
 * primary forked and only without Redis: with Redis the processes share counters, queues and
 * keys through Redis as separate nodes do. The event bus goes through the primary in every
 * forked process, Redis or not, because it alone can say when every sibling has handled a
 * message (Redis pub/sub does not wait for its subscribers).
 */
@Injectable()
export class ClusterLink implements OnModuleDestroy {
  private readonly logger = new Logger('Cluster');
  readonly active: boolean;
  /** This process runs the queue processors and the once-per-installation timers. */
  readonly runsQueue: boolean;
  private seq = 0;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();
  private busHandler: BusHandler | null = null;
  private readonly gatherHandlers = new Map<string, GatherHandler>();
  private jobHandler: JobHandler | null = null;
  private readonly listener = (m: unknown): void => this.receive(m);

  /** A process the primary forked (with or without Redis): it may receive jobs from the primary. */
  readonly forked: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.runsQueue = config.clusterIndex === null || config.clusterIndex === 0;
    this.forked = config.clusterIndex !== null && typeof process.send === 'function';
    this.active = this.forked && config.redisUrl === null;
    if (this.forked) process.on('message', this.listener);
  }

  /** Asks the primary; rejects when it does not answer in time (or the channel is closed). */
  call<O extends CallOp>(op: O, args: CallMap[O]['args']): Promise<CallMap[O]['result']> {
    return this.request({ sluice: 'call', id: 0, op, args }) as Promise<CallMap[O]['result']>;
  }

  cast<O extends CastOp>(op: O, args: CastMap[O]): void {
    this.send({ sluice: 'cast', op, args });
  }

  /**
   * Sends a bus message to every other process the primary forked; resolves when each has handled
   * it (or after BUS_TIMEOUT_MS). A no-op outside a cluster.
   */
  async broadcast(topic: string, payload: unknown): Promise<void> {
    try {
      await this.request({ sluice: 'bus', id: 0, topic, payload }, BUS_TIMEOUT_MS);
    } catch (err) {
      this.logger.warn(`bus ${topic} not confirmed by every process: ${(err as Error).message}`);
    }
  }

  /**
   * Every other process's answer to `topic` (each from its `onGather` handler), in no set order;
   * what arrives within BUS_TIMEOUT_MS. Empty outside a cluster.
   */
  async gather(topic: string): Promise<unknown[]> {
    if (!this.forked) return [];
    try {
      return ((await this.request({ sluice: 'gather', id: 0, topic }, BUS_TIMEOUT_MS)) as unknown[] | null) ?? [];
    } catch (err) {
      this.logger.warn(`gather ${topic} not answered by every process: ${(err as Error).message}`);
      return [];
    }
  }

  /** What this process answers when a sibling gathers `topic`. */
  onGather(topic: string, handler: GatherHandler): void {
    this.gatherHandlers.set(topic, handler);
  }

  onBus(handler: BusHandler): void {
    this.busHandler = handler;
  }

  /** Hands a queue job to the process that runs the processors (without Redis). */
  forwardJob(job: JobForward): void {
    this.send({ sluice: 'job', ...job });
  }

  /** Jobs for this process's queue: the other processes' (without Redis) and the primary's own (a sweep after a process died). */
  onJob(handler: JobHandler): void {
    this.jobHandler = handler;
  }

  private request(msg: Extract<ToPrimary, { sluice: 'call' | 'bus' | 'gather' }>, timeoutMs = CALL_TIMEOUT_MS): Promise<unknown> {
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error('the cluster primary did not answer'));
      }, timeoutMs);
      timer.unref();
      this.pending.set(id, { resolve, reject, timer });
      if (!this.send({ ...msg, id })) {
        clearTimeout(timer);
        this.pending.delete(id);
        reject(new Error('the cluster primary is gone'));
      }
    });
  }

  private send(msg: ToPrimary): boolean {
    const bus = msg.sluice === 'bus' || msg.sluice === 'bus-done' || msg.sluice === 'gather' || msg.sluice === 'gathered';
    if (!(this.active || (this.forked && bus)) || typeof process.send !== 'function' || !process.connected) return false;
    try {
      process.send(msg);
      return true;
    } catch {
      return false;
    }
  }

  private receive(raw: unknown): void {
    if (!isSluiceMessage(raw)) return;
    const m = raw as ToWorker;
    if (m.sluice === 'reply') {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      clearTimeout(p.timer);
      if (m.ok) p.resolve(m.value);
      else p.reject(new Error(m.error));
    } else if (m.sluice === 'bus') {
      const handled = this.busHandler ? this.busHandler(m.topic, m.payload) : Promise.resolve();
      void handled.finally(() => this.send({ sluice: 'bus-done', id: m.id }));
    } else if (m.sluice === 'gather') {
      const handler = this.gatherHandlers.get(m.topic);
      void (handler ? handler() : Promise.resolve(null))
        .catch((err: unknown) => {
          this.logger.warn(`gather ${m.topic} failed here: ${(err as Error).message}`);
          return null;
        })
        .then((value) => this.send({ sluice: 'gathered', id: m.id, value }));
    } else if (m.sluice === 'job') {
      this.jobHandler?.({ name: m.name, payload: m.payload, opts: m.opts });
    }
  }

  onModuleDestroy(): void {
    process.off('message', this.listener);
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(new Error('shutting down'));
    }
    this.pending.clear();
  }
}
