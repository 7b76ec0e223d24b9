import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { nowSeconds } from '../common/sql';
import { ClusterLink } from '../cluster/cluster-link.service';
import { RedisService } from '../redis/redis.service';
import type { GatedRun } from './run-gate';

export type RunState = 'idle' | 'queued' | 'running' | 'finished';

/**
 * What the console shows of a "run everything" job: `done` of `total` channels, `failed` of those.
 * Times are epoch seconds (0 = not yet).
 */
export interface RunStatus {
  state: RunState;
  total: number;
  done: number;
  failed: number;
  queued_at: number;
  started_at: number;
  finished_at: number;
}

const IDLE: RunStatus = { state: 'idle', total: 0, done: 0, failed: 0, queued_at: 0, started_at: 0, finished_at: 0 };
const STATES: readonly RunState[] = ['idle', 'queued', 'running', 'finished'];
/** A finished run's figures are kept this long, so a console opened later still sees the last run. */
const KEEP_SECONDS = 7 * 24 * 3600;

/**
 * Progress of test-all and balance-all runs, readable from any node: a Redis hash when there is
 * Redis (the worker that runs the job and the HTTP node that answers the console may differ),
 * else the cluster primary's (SLUICE_WORKERS > 1: process 0 runs the job, any process answers),
 * else memory (embedded single process). Counters move by HINCRBY, so concurrent steps never lose one.
 */
@Injectable()
export class RunProgress {
  private readonly local = new Map<GatedRun, RunStatus>();
  private readonly localTokens = new Map<GatedRun, string>();

  constructor(
    private readonly redis: RedisService,
    private readonly cluster: ClusterLink,
  ) {}

  async read(run: GatedRun): Promise<RunStatus> {
    const client = this.redis.client;
    let h: Record<string, string>;
    if (client) h = await client.hgetall(this.key(run));
    else if (this.cluster.active) h = await this.cluster.call('kv.hgetall', { key: this.key(run) });
    else return { ...(this.local.get(run) ?? IDLE) };
    const num = (k: keyof RunStatus) => Number(h[k] ?? 0) || 0;
    const state = STATES.find((s) => s === h.state) ?? 'idle';
    return { state, total: num('total'), done: num('done'), failed: num('failed'), queued_at: num('queued_at'), started_at: num('started_at'), finished_at: num('finished_at') };
  }

  /** A click or tick asked for a run: shown as queued unless one is already queued or running. */
  async queued(run: GatedRun): Promise<void> {
    const current = await this.read(run);
    if (current.state === 'queued' || current.state === 'running') return;
    await this.write(run, { ...current, state: 'queued', queued_at: nowSeconds() });
  }

  /** Returns the run's token for `finished` (a later run's figures are never closed by an earlier one). */
  async started(run: GatedRun, total: number): Promise<string> {
    const current = await this.read(run);
    const token = randomUUID();
    await this.write(run, { state: 'running', total, done: 0, failed: 0, queued_at: current.queued_at, started_at: nowSeconds(), finished_at: 0 }, token);
    return token;
  }

  /** One channel handled (failed: its test or balance query did not succeed). */
  async step(run: GatedRun, failed: boolean): Promise<void> {
    const client = this.redis.client;
    if (client) {
      const multi = client.multi().hincrby(this.key(run), 'done', 1);
      if (failed) multi.hincrby(this.key(run), 'failed', 1);
      await multi.exec();
      return;
    }
    if (this.cluster.active) {
      await this.cluster.call('kv.hincrby', { key: this.key(run), by: failed ? { done: 1, failed: 1 } : { done: 1 } });
      return;
    }
    const s = this.local.get(run) ?? { ...IDLE };
    this.local.set(run, { ...s, done: s.done + 1, failed: s.failed + (failed ? 1 : 0) });
  }

  async finished(run: GatedRun, token: string | null): Promise<void> {
    const current = await this.read(run);
    // A run that failed before starting (token null) closes a queued state, never another's run.
    if (token === null ? current.state === 'running' : (await this.token(run)) !== token) return;
    await this.write(run, { ...current, state: 'finished', finished_at: nowSeconds() }, token ?? undefined);
  }

  private async token(run: GatedRun): Promise<string | null> {
    const client = this.redis.client;
    if (client) return client.hget(this.key(run), 'token');
    if (this.cluster.active) return this.cluster.call('kv.hget', { key: this.key(run), field: 'token' });
    return this.localTokens.get(run) ?? null;
  }

  private async write(run: GatedRun, s: RunStatus, token?: string): Promise<void> {
    const client = this.redis.client;
    if (!client && !this.cluster.active) {
      this.local.set(run, s);
      if (token !== undefined) this.localTokens.set(run, token);
      return;
    }
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(s)) fields[k] = String(v);
    if (token !== undefined) fields.token = token;
    if (!client) {
      await this.cluster.call('kv.hset', { key: this.key(run), fields, ttlMs: KEEP_SECONDS * 1000 });
      return;
    }
    await client.multi().hset(this.key(run), fields).expire(this.key(run), KEEP_SECONDS).exec();
  }

  private key(run: GatedRun): string {
    return this.redis.key('channels', run, 'progress');
  }
}
