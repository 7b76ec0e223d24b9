import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { In, Not } from 'typeorm';
import { ChannelsService, type RelayChannel } from '../channels/channels.service';
import { nowSeconds } from '../common/sql';
import { DatabaseService } from '../database/database.service';
import { QUEUE_DRIVER, type QueueDriver } from '../queue/jobs';
import { MJ_FAILURE, MJ_FINISHED, MJ_SUCCESS, MidjourneyEntity } from './midjourney.entity';
import { TASK_FAILURE, TASK_FINISHED, TASK_SUCCESS, TaskEntity } from './task.entity';
import { TaskBillingService } from './task-billing.service';
import { TaskUpstream, isObject } from './task-upstream';

/** Every period, once across nodes (a queue repeat shared by the deployment). */
export const TASK_POLL_EVERY_MS = 15_000;
/** A task not finished this long after its submit fails and is refunded (reference §8.1, §8.2). */
export const TASK_TIMEOUT_SECONDS = 3_600;
const POLL_BATCH = 500;
const IDS_PER_CALL = 100;
const POLL_TIMEOUT_MS = 30_000;

export const MJ_TIMEOUT_REASON = '上游任务超时（超过1小时）';
export const NO_UPSTREAM_ID_REASON = '上游未返回任务 ID';
export const CHANNEL_GONE_REASON = '渠道不存在或已删除';

export interface PollResult {
  updated: number;
  succeeded: number;
  failed: number;
  /** Failures this run moved (each refunded once, if it was charged). */
  refunded: number;
}

type Fields<T> = Partial<Omit<T, 'id'>>;

function str(v: unknown, max = 65_536): string | undefined {
  return typeof v === 'string' ? v.slice(0, max) : undefined;
}
function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : undefined;
}
function json(v: unknown): string | undefined {
  return v === undefined || v === null ? undefined : JSON.stringify(v).slice(0, 65_536);
}

/** midjourney-proxy's task object to the row's fields (only what it reports). */
export function mjFieldsOf(u: Record<string, unknown>): Fields<MidjourneyEntity> {
  const f: Fields<MidjourneyEntity> = {
    promptEn: str(u.promptEn),
    description: str(u.description),
    state: str(u.state),
    startTime: num(u.startTime),
    finishTime: num(u.finishTime),
    imageUrl: str(u.imageUrl, 4096),
    videoUrl: str(u.videoUrl, 4096),
    videoUrls: Array.isArray(u.videoUrls) ? json(u.videoUrls) : undefined,
    status: str(u.status, 20),
    progress: str(u.progress, 30),
    failReason: str(u.failReason, 4096),
    buttons: Array.isArray(u.buttons) ? json(u.buttons) : undefined,
    properties: isObject(u.properties) ? json(u.properties) : undefined,
  };
  for (const k of Object.keys(f) as (keyof typeof f)[]) if (f[k] === undefined) delete f[k];
  return f;
}

/** Suno-API's task object to the row's fields. */
export function sunoFieldsOf(u: Record<string, unknown>): Fields<TaskEntity> {
  const status = str(u.status, 20)?.toUpperCase();
  const f: Fields<TaskEntity> = {
    status,
    failReason: str(u.fail_reason, 4096),
    startTime: num(u.start_time),
    finishTime: num(u.finish_time),
    progress: str(u.progress, 20) ?? (status === TASK_SUCCESS ? '100%' : undefined),
    data: json(u.data),
  };
  if (status === TASK_SUCCESS) f.progress = '100%';
  for (const k of Object.keys(f) as (keyof typeof f)[]) if (f[k] === undefined) delete f[k];
  return f;
}

/**
 * Polls unfinished async tasks (reference §8.1, §8.2): batches per channel to the task server,
 * writes status, progress, URLs and failure reasons, fails tasks without an upstream id, whose
 * channel is gone or past the timeout, and refunds a failed task once. Every move out of an
 * unfinished state is a compare-and-set, so two runs racing (two nodes, a crash and a retry)
 * refund once; a run that dies midway loses nothing (the next run starts from the rows).
 */
@Injectable()
export class TaskPollerService implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('TaskPoller');

  constructor(
    private readonly db: DatabaseService,
    private readonly channels: ChannelsService,
    private readonly billing: TaskBillingService,
    private readonly upstream: TaskUpstream,
    @Inject(QUEUE_DRIVER) private readonly queue: QueueDriver,
  ) {}

  onModuleInit(): void {
    this.queue.register('tasks.poll_midjourney', () => this.pollMidjourney(), { concurrency: 1 });
    this.queue.register('tasks.poll_suno', () => this.pollSuno(), { concurrency: 1 });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.repeat('tasks.poll_midjourney', {}, TASK_POLL_EVERY_MS);
    await this.queue.repeat('tasks.poll_suno', {}, TASK_POLL_EVERY_MS);
  }

  // ---- Midjourney ----

  async pollMidjourney(): Promise<PollResult> {
    const r: PollResult = { updated: 0, succeeded: 0, failed: 0, refunded: 0 };
    const rows = await this.db.manager.find(MidjourneyEntity, { where: { status: Not(In([...MJ_FINISHED])) }, order: { id: 'ASC' }, take: POLL_BATCH });
    const cutoffMs = (nowSeconds() - TASK_TIMEOUT_SECONDS) * 1000;
    const byChannel = new Map<number, MidjourneyEntity[]>();
    for (const row of rows) {
      if (row.mjId === '') await this.failMj(row, NO_UPSTREAM_ID_REASON, {}, r);
      else if (row.submitTime > 0 && row.submitTime < cutoffMs) await this.failMj(row, MJ_TIMEOUT_REASON, {}, r);
      else byChannel.set(row.channelId, [...(byChannel.get(row.channelId) ?? []), row]);
    }
    for (const [channelId, list] of byChannel) {
      const ch = await this.channels.getForRelay(channelId);
      if (!ch) {
        for (const row of list) await this.failMj(row, CHANNEL_GONE_REASON, {}, r);
        continue;
      }
      for (let i = 0; i < list.length; i += IDS_PER_CALL) {
        const part = list.slice(i, i + IDS_PER_CALL);
        const reported = await this.mjList(ch, part.map((x) => x.mjId));
        if (reported === null) continue;
        for (const row of part) {
          const u = reported.get(row.mjId);
          if (u) await this.applyMj(row, mjFieldsOf(u), r);
        }
      }
    }
    return r;
  }

  private async mjList(ch: RelayChannel, ids: string[]): Promise<Map<string, Record<string, unknown>> | null> {
    try {
      const a = await this.upstream.call('POST', `${ch.baseUrl.replace(/\/+$/, '')}/mj/task/list-by-condition`, { 'mj-api-secret': ch.key }, { ids }, POLL_TIMEOUT_MS);
      if (a.status !== 200 || !Array.isArray(a.json)) {
        this.logger.warn(`channel ${ch.id}: list-by-condition answered ${a.status}`);
        return null;
      }
      const out = new Map<string, Record<string, unknown>>();
      for (const item of a.json) if (isObject(item) && typeof item.id === 'string') out.set(item.id, item);
      return out;
    } catch (err) {
      this.logger.warn(`channel ${ch.id}: list-by-condition failed: ${(err as Error).message}`);
      return null;
    }
  }

  private async applyMj(row: MidjourneyEntity, f: Fields<MidjourneyEntity>, r: PollResult): Promise<void> {
    const reason = f.failReason ?? '';
    if (f.status === MJ_FAILURE || (reason !== '' && f.status !== MJ_SUCCESS)) {
      await this.failMj(row, reason !== '' ? reason : 'FAILURE', f, r);
      return;
    }
    const moved = await this.db.write(async (em) =>
      DatabaseService.affected(
        await em
          .createQueryBuilder()
          .update(MidjourneyEntity)
          .set(f.status === MJ_SUCCESS ? { ...f, progress: '100%' } : f)
          .where('id = :id AND status NOT IN (:...done)', { id: row.id, done: MJ_FINISHED })
          .execute(),
      ),
    );
    if (moved === 1) {
      r.updated++;
      if (f.status === MJ_SUCCESS) r.succeeded++;
    }
  }

  /** FAILURE by compare-and-set, and the refund in the same transaction: once per task. */
  private async failMj(row: MidjourneyEntity, reason: string, f: Fields<MidjourneyEntity>, r: PollResult): Promise<void> {
    const refunded = await this.db.write(async (em) => {
      const res = await em
        .createQueryBuilder()
        .update(MidjourneyEntity)
        .set({ ...f, status: MJ_FAILURE, failReason: reason.slice(0, 4096), progress: f.progress ?? row.progress, finishTime: f.finishTime ?? Date.now() })
        .where('id = :id AND status NOT IN (:...done)', { id: row.id, done: MJ_FINISHED })
        .execute();
      if (DatabaseService.affected(res) !== 1) return null;
      await this.billing.refundInside(em, row, (amount) => `构图失败 ${row.mjId}，补偿 ${amount}`);
      return row.quota > 0;
    });
    if (refunded === null) return;
    r.failed++;
    if (refunded) r.refunded++;
  }

  // ---- Suno ----

  async pollSuno(): Promise<PollResult> {
    const r: PollResult = { updated: 0, succeeded: 0, failed: 0, refunded: 0 };
    const rows = await this.db.manager.find(TaskEntity, { where: { status: Not(In([...TASK_FINISHED])) }, order: { id: 'ASC' }, take: POLL_BATCH });
    const cutoff = nowSeconds() - TASK_TIMEOUT_SECONDS;
    const byChannel = new Map<number, TaskEntity[]>();
    for (const row of rows) {
      if (row.taskId === '') await this.failTask(row, NO_UPSTREAM_ID_REASON, {}, r);
      else if (row.submitTime > 0 && row.submitTime < cutoff) await this.failTask(row, MJ_TIMEOUT_REASON, {}, r);
      else byChannel.set(row.channelId, [...(byChannel.get(row.channelId) ?? []), row]);
    }
    for (const [channelId, list] of byChannel) {
      const ch = await this.channels.getForRelay(channelId);
      if (!ch) {
        for (const row of list) await this.failTask(row, CHANNEL_GONE_REASON, {}, r);
        continue;
      }
      for (let i = 0; i < list.length; i += IDS_PER_CALL) {
        const part = list.slice(i, i + IDS_PER_CALL);
        const reported = await this.sunoFetch(ch, part.map((x) => x.taskId));
        if (reported === null) continue;
        for (const row of part) {
          const u = reported.get(row.taskId);
          if (u) await this.applyTask(row, sunoFieldsOf(u), r);
        }
      }
    }
    return r;
  }

  private async sunoFetch(ch: RelayChannel, ids: string[]): Promise<Map<string, Record<string, unknown>> | null> {
    try {
      const a = await this.upstream.call('POST', `${ch.baseUrl.replace(/\/+$/, '')}/suno/fetch`, { authorization: `Bearer ${ch.key}` }, { ids }, POLL_TIMEOUT_MS);
      if (a.status !== 200 || !isObject(a.json) || a.json.code !== 'success' || !Array.isArray(a.json.data)) {
        this.logger.warn(`channel ${ch.id}: suno fetch answered ${a.status}`);
        return null;
      }
      const out = new Map<string, Record<string, unknown>>();
      for (const item of a.json.data) if (isObject(item) && typeof item.task_id === 'string') out.set(item.task_id, item);
      return out;
    } catch (err) {
      this.logger.warn(`channel ${ch.id}: suno fetch failed: ${(err as Error).message}`);
      return null;
    }
  }

  private async applyTask(row: TaskEntity, f: Fields<TaskEntity>, r: PollResult): Promise<void> {
    if (f.status === TASK_FAILURE) {
      await this.failTask(row, f.failReason !== undefined && f.failReason !== '' ? f.failReason : 'FAILURE', f, r);
      return;
    }
    const moved = await this.db.write(async (em) =>
      DatabaseService.affected(
        await em
          .createQueryBuilder()
          .update(TaskEntity)
          .set({ ...f, updatedAt: nowSeconds() })
          .where('id = :id AND status NOT IN (:...done)', { id: row.id, done: TASK_FINISHED })
          .execute(),
      ),
    );
    if (moved === 1) {
      r.updated++;
      if (f.status === TASK_SUCCESS) r.succeeded++;
    }
  }

  private async failTask(row: TaskEntity, reason: string, f: Fields<TaskEntity>, r: PollResult): Promise<void> {
    const refunded = await this.db.write(async (em) => {
      const now = nowSeconds();
      const res = await em
        .createQueryBuilder()
        .update(TaskEntity)
        .set({ ...f, status: TASK_FAILURE, failReason: reason.slice(0, 4096), finishTime: f.finishTime ?? now, updatedAt: now })
        .where('id = :id AND status NOT IN (:...done)', { id: row.id, done: TASK_FINISHED })
        .execute();
      if (DatabaseService.affected(res) !== 1) return null;
      await this.billing.refundInside(em, row, (amount) => `异步任务执行失败 ${row.taskId}，补偿 ${amount}`);
      return row.quota > 0;
    });
    if (refunded === null) return;
    r.failed++;
    if (refunded) r.refunded++;
  }
}
