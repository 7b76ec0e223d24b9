import { Injectable } from '@nestjs/common';
import { ClusterLink } from '../cluster/cluster-link.service';
import { RedisService } from '../redis/redis.service';

export type GatedRun = 'test-all' | 'balance-all';

/**
 * Deterministic job ids for "run everything" jobs. The id carries a generation number that goes
 * up when a run finishes: clicks while a run waits or runs produce the same id (the queue keeps
 * one job per id), and the next click after it finished starts a new run. The generation lives in
 * Redis when there is one (the HTTP node enqueues, a worker node finishes), else with the cluster's
 * primary (SLUICE_WORKERS > 1: any process enqueues, process 0 finishes), else in memory
 * (embedded single process, where producer and processor share the process).
 */
@Injectable()
export class RunGate {
  private readonly local = new Map<GatedRun, number>();

  constructor(
    private readonly redis: RedisService,
    private readonly cluster: ClusterLink,
  ) {}

  async jobId(run: GatedRun): Promise<string> {
    return `channels-${run}-${await this.generation(run)}`;
  }

  /** True for ids this gate hands out (a run), false for other jobs of the same name (scheduler ticks). */
  owns(run: GatedRun, jobId: string): boolean {
    return jobId.startsWith(`channels-${run}-`);
  }

  /** Called by the processor when its run is over (success or not). */
  async finished(run: GatedRun): Promise<void> {
    if (this.redis.client) {
      await this.redis.client.incr(this.key(run));
      return;
    }
    if (this.cluster.active) {
      await this.cluster.call('kv.incr', { key: this.key(run) });
      return;
    }
    this.local.set(run, (this.local.get(run) ?? 0) + 1);
  }

  private async generation(run: GatedRun): Promise<number> {
    if (this.redis.client) return Number((await this.redis.client.get(this.key(run))) ?? '0') || 0;
    if (this.cluster.active) return Number((await this.cluster.call('kv.get', { key: this.key(run) })) ?? '0') || 0;
    return this.local.get(run) ?? 0;
  }

  private key(run: GatedRun): string {
    return this.redis.key('channels', run, 'generation');
  }
}
