import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { In } from 'typeorm';
import { ChannelsService, type RelayChannel } from '../../channels/channels.service';
import { CHANNEL_ENABLED } from '../../channels/channel.entity';
import { RoutingIndexService } from '../../channels/routing-index.service';
import { nowSeconds } from '../../common/sql';
import { DatabaseService } from '../../database/database.service';
import { OptionsService } from '../../options/options.service';
import { RelayAuthService, type RelayCaller } from '../../relay/edge/relay-auth.service';
import { PLATFORM_SUNO, TASK_SUBMITTED, TaskEntity } from '../task.entity';
import { TaskBillingService } from '../task-billing.service';
import { TaskPricing } from '../task-pricing';
import { SunoError } from '../task-errors';
import { isObject } from '../task-upstream';
import { TaskSubmitter } from '../task-submit';

/** new-api's task submit timeout; a lower RELAY_HEADERS_TIMEOUT_MS wins. */
const SUBMIT_TIMEOUT_MS = 60_000;
const FETCH_MAX_IDS = 100;
const TEXT_MAX = 10_000;

export type SunoAction = 'music' | 'lyrics';

/** Suno-API's task object as clients read it (reference §8.2 TaskDto). */
export interface SunoTaskDto {
  task_id: string;
  action: string;
  status: string;
  fail_reason: string;
  submit_time: number;
  start_time: number;
  finish_time: number;
  progress: string;
  data: unknown;
}

export function toSunoDto(t: TaskEntity): SunoTaskDto {
  let data: unknown = null;
  if (t.data !== '') {
    try {
      data = JSON.parse(t.data);
    } catch {
      data = null;
    }
  }
  return {
    task_id: t.taskId,
    action: t.action,
    status: t.status,
    fail_reason: t.failReason,
    submit_time: t.submitTime,
    start_time: t.startTime,
    finish_time: t.finishTime,
    progress: t.progress,
    data,
  };
}

function text(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

/** Body checks of `SunoSubmitReq`; answers the continuation's original task id, if any. */
export function checkSunoSubmit(action: SunoAction, body: Record<string, unknown>): { continueOf: string | null } {
  const prompt = text(body.prompt);
  const described = text(body.gpt_description_prompt);
  if (action === 'lyrics' && prompt === '') throw new SunoError('invalid_request', 'prompt is required', 400);
  if (action === 'music' && prompt === '' && described === '') throw new SunoError('invalid_request', 'prompt or gpt_description_prompt is required', 400);
  for (const k of ['prompt', 'gpt_description_prompt', 'title', 'tags'] as const) {
    if (text(body[k]).length > TEXT_MAX) throw new SunoError('invalid_request', `${k} is too long`, 400);
  }
  const continueOf = text(body.task_id);
  return { continueOf: continueOf === '' ? null : continueOf };
}

/** Statuses worth another channel before any task exists (reference §8.2: not 504 / 524). */
function retryable(status: number): boolean {
  return status === 429 || (status >= 500 && status !== 504 && status !== 524);
}

/**
 * The Suno relay (reference §8.2, billed by the money rules): hold, submit (retrying other
 * channels on 429 and 5xx while no task exists; a continuation stays on its original's channel),
 * settle on `{code:"success"}`, release otherwise. Fetches read the gateway's rows.
 */
@Injectable()
export class SunoRelayService {
  constructor(
    private readonly db: DatabaseService,
    private readonly auth: RelayAuthService,
    private readonly routing: RoutingIndexService,
    private readonly channels: ChannelsService,
    private readonly options: OptionsService,
    private readonly billing: TaskBillingService,
    private readonly pricing: TaskPricing,
    private readonly submitter: TaskSubmitter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private submitTimeoutMs(): number {
    return Math.min(SUBMIT_TIMEOUT_MS, this.config.relay.headersTimeoutMs);
  }

  async submit(caller: RelayCaller, rawAction: string, raw: unknown): Promise<{ status: number; body: unknown }> {
    if (!this.options.bool('TaskEnabled')) throw new SunoError('task_disabled', 'async tasks are disabled by the administrator', 403);
    if (rawAction !== 'music' && rawAction !== 'lyrics') throw new SunoError('invalid_action', 'action must be music or lyrics', 400);
    const action: SunoAction = rawAction;
    if (!isObject(raw)) throw new SunoError('invalid_request', 'the request body must be a JSON object', 400);
    const { continueOf } = checkSunoSubmit(action, raw);
    const model = `suno_${action}`;
    this.auth.checkModel(caller, model);
    await this.auth.checkRateLimits(caller);

    let pinned: number | null = caller.pinnedChannelId;
    if (continueOf !== null) {
      const original = await this.db.manager.findOne(TaskEntity, { where: { taskId: continueOf, userId: caller.userId, platform: PLATFORM_SUNO } });
      if (!original) throw new SunoError('task_not_exist', 'the task to continue does not exist', 404);
      pinned = original.channelId;
    }
    if (pinned === null && this.routing.pick(caller.group, model) === null) {
      throw new SunoError('model_not_found', `no available channel for model ${model} in group ${caller.group}`, 503);
    }

    const price = this.pricing.price(model, caller.group);
    const requestId = TaskBillingService.requestId('suno');
    try {
      await this.billing.hold(caller, requestId, price.quota, model);
    } catch (err) {
      if (TaskBillingService.isQuotaError(err)) throw new SunoError('quota_not_enough', 'quota_not_enough', 403);
      throw err;
    }
    const startedAt = Date.now();
    let accepted = false;
    try {
      const { channel, json } = await this.attempts(caller, model, pinned, action, raw);
      const code = isObject(json) ? json.code : undefined;
      const taskId = isObject(json) && typeof json.data === 'string' ? json.data : '';
      if (code !== 'success' || taskId === '') {
        const message = isObject(json) && typeof json.message === 'string' ? json.message.slice(0, 1000) : 'the upstream refused the task';
        throw new SunoError(typeof code === 'string' && code !== '' ? code.slice(0, 64) : 'upstream_error', message, 400);
      }
      await this.insertTask(caller, action, taskId, channel.id, price.quota, raw);
      accepted = true;
      await this.billing.settle(caller, requestId, price, model, channel.id, `模型固定价格 ${price.modelPrice}，分组倍率 ${price.groupRatio}，操作 ${action.toUpperCase()}，ID ${taskId}`, startedAt);
      return { status: 200, body: { code: 'success', message: '', data: taskId } };
    } finally {
      if (!accepted) await this.billing.release(requestId);
    }
  }

  /** One channel after another (unless pinned) while the answer is 429 or a retryable 5xx, through the relay's failover loop. */
  private async attempts(caller: RelayCaller, model: string, pinned: number | null, action: SunoAction, body: Record<string, unknown>): Promise<{ channel: RelayChannel; json: unknown }> {
    let pinnedChannel: RelayChannel | null = null;
    if (pinned !== null) {
      pinnedChannel = await this.channels.getForRelay(pinned);
      if (!pinnedChannel || pinnedChannel.status !== CHANNEL_ENABLED) throw new SunoError('channel_unavailable', 'the task channel is not available', 503);
    }
    const r = await this.submitter.submit({
      group: caller.group,
      model,
      pinned: pinnedChannel,
      first: null,
      failover: true,
      timeoutMs: this.submitTimeoutMs(),
      send: (ch) => ({ method: 'POST', path: `/suno/submit/${action}`, headers: { authorization: `Bearer ${ch.key}` }, body }),
      retryableStatus: retryable,
    });
    if (r.kind === 'answered') return { channel: r.channel, json: r.answer.json };
    if (r.transport !== null) throw new SunoError('upstream_error', `upstream request failed: ${r.transport}`, r.transport === 'timeout' ? 504 : 502);
    if (r.status !== null) throw new SunoError('upstream_error', `upstream answered ${r.status}`, r.failure?.status === 429 ? 429 : 502);
    throw new SunoError('model_not_found', `no available channel for model ${model}`, 503);
  }

  async fetchMany(caller: RelayCaller, raw: unknown): Promise<{ code: string; message: string; data: SunoTaskDto[] }> {
    const ids = isObject(raw) && Array.isArray(raw.ids) ? raw.ids.filter((x): x is string => typeof x === 'string' && x !== '') : null;
    if (ids === null) throw new SunoError('invalid_request', 'ids must be a list of task ids', 400);
    if (ids.length > FETCH_MAX_IDS) throw new SunoError('invalid_request', `at most ${FETCH_MAX_IDS} ids`, 400);
    const action = isObject(raw) ? text(raw.action).toUpperCase() : '';
    if (ids.length === 0) return { code: 'success', message: '', data: [] };
    const rows = await this.db.manager.find(TaskEntity, {
      where: { taskId: In(ids), userId: caller.userId, platform: PLATFORM_SUNO, ...(action !== '' ? { action } : {}) },
      order: { id: 'ASC' },
    });
    return { code: 'success', message: '', data: rows.map(toSunoDto) };
  }

  async fetchOne(caller: RelayCaller, taskId: string): Promise<{ code: string; message: string; data: SunoTaskDto }> {
    const row = taskId === '' ? null : await this.db.manager.findOne(TaskEntity, { where: { taskId: taskId.slice(0, 191), userId: caller.userId, platform: PLATFORM_SUNO } });
    if (!row) throw new SunoError('task_not_exist', 'task_not_exist', 404);
    return { code: 'success', message: '', data: toSunoDto(row) };
  }

  private async insertTask(caller: RelayCaller, action: SunoAction, taskId: string, channelId: number, quota: number, input: Record<string, unknown>): Promise<void> {
    const now = nowSeconds();
    await this.db.write((em) =>
      em.insert(TaskEntity, {
        createdAt: now,
        updatedAt: now,
        taskId,
        platform: PLATFORM_SUNO,
        userId: caller.userId,
        tokenId: caller.token?.id ?? null,
        channelId,
        quota,
        action: action.toUpperCase(),
        status: TASK_SUBMITTED,
        submitTime: now,
        progress: '0%',
        properties: JSON.stringify({ input: JSON.stringify(input).slice(0, 65_536) }),
      }),
    );
  }
}
