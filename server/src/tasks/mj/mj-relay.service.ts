import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { In } from 'typeorm';
import { ChannelsService, type RelayChannel } from '../../channels/channels.service';
import { CHANNEL_ENABLED } from '../../channels/channel.entity';
import { RoutingIndexService } from '../../channels/routing-index.service';
import { DatabaseService } from '../../database/database.service';
import { OptionsService } from '../../options/options.service';
import { RelayAuthService, type RelayCaller } from '../../relay/edge/relay-auth.service';
import { MJ_MODAL, MJ_NOT_START, MJ_SUBMITTED, MJ_SUCCESS, MidjourneyEntity } from '../midjourney.entity';
import { TaskBillingService } from '../task-billing.service';
import { TaskPricing } from '../task-pricing';
import { MjError } from '../task-errors';
import { TaskTransportError, TaskUpstream, isObject } from '../task-upstream';
import { TaskSubmitter } from '../task-submit';
import { FREE_ACTIONS, forwardBody, resolveMjSubmit, upstreamPathOf, type JsonObject, type MjSubmitRoute } from './mj-actions';
import { toMidjourneyDto, type MidjourneyDto } from './mj-dto';
import { MjUrls } from './mj-urls';

/** new-api's task submit timeout; a lower RELAY_HEADERS_TIMEOUT_MS wins. */
const SUBMIT_TIMEOUT_MS = 60_000;
const SEED_TIMEOUT_MS = 30_000;
/** Codes midjourney-proxy answers for an accepted submit: submitted, already exists, queued. */
const ACCEPTED = new Set([1, 21, 22]);
const LIST_MAX_IDS = 100;

export interface MjAnswer {
  status: number;
  body: unknown;
}

/**
 * The Midjourney relay (reference §8.1, billed by the money rules): the action's price is held
 * before the upstream call, settled when midjourney-proxy accepts the task (codes 1, 21, 22, all
 * shown as 1) and released when it refuses or fails. Follow-ups reuse the original task's channel.
 * Fetches read the gateway's own rows, scoped to the caller.
 */
@Injectable()
export class MjRelayService {
  constructor(
    private readonly db: DatabaseService,
    private readonly auth: RelayAuthService,
    private readonly routing: RoutingIndexService,
    private readonly channels: ChannelsService,
    private readonly options: OptionsService,
    private readonly billing: TaskBillingService,
    private readonly pricing: TaskPricing,
    private readonly upstream: TaskUpstream,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly urls: MjUrls,
    private readonly submitter: TaskSubmitter,
  ) {}

  private submitTimeoutMs(): number {
    return Math.min(SUBMIT_TIMEOUT_MS, this.config.relay.headersTimeoutMs);
  }

  async submit(caller: RelayCaller, route: MjSubmitRoute, raw: unknown): Promise<MjAnswer> {
    if (!this.options.bool('DrawingEnabled')) throw new MjError(4, 'drawing is disabled by the administrator', 403);
    if (!isObject(raw)) throw new MjError(4, 'the request body must be a JSON object', 400);
    const what = resolveMjSubmit(route, raw);
    this.auth.checkModel(caller, what.modelName);
    await this.auth.checkRateLimits(caller);

    let channel: RelayChannel;
    if (what.originalTaskId !== null) {
      const original = await this.db.manager.findOne(MidjourneyEntity, { where: { mjId: what.originalTaskId, userId: caller.userId } });
      if (!original) throw new MjError(4, 'task_not_found: the original task does not exist', 404);
      if (what.action !== 'MODAL' && this.options.bool('MjActionCheckSuccessEnabled') && original.status !== MJ_SUCCESS) {
        throw new MjError(4, 'task_status_not_success: the original task has not succeeded', 400);
      }
      channel = await this.usableChannel(original.channelId);
    } else {
      const id = caller.pinnedChannelId ?? this.routing.pick(caller.group, what.modelName)?.channelId ?? null;
      if (id === null) throw new MjError(4, `no available channel for model ${what.modelName} in group ${caller.group}`, 503);
      channel = await this.usableChannel(id);
    }

    const price = this.pricing.price(what.modelName, caller.group, FREE_ACTIONS.has(what.action));
    const requestId = TaskBillingService.requestId('mj');
    try {
      await this.billing.hold(caller, requestId, price.quota, what.modelName);
    } catch (err) {
      if (TaskBillingService.isQuotaError(err)) throw new MjError(4, 'quota_not_enough', 403);
      throw err;
    }

    const startedAt = Date.now();
    let accepted = false;
    try {
      const body = forwardBody(raw, {
        accountFilter: this.options.bool('MjAccountFilterEnabled'),
        notifyHook: this.options.bool('MjNotifyEnabled'),
        modeClear: this.options.bool('MjModeClearEnabled'),
      });
      // One channel (a follow-up stays on its original's), through the relay's attempt rules:
      // status_code_mapping, and the failure reported to channel health.
      const sent = await this.submitter.submit({
        group: caller.group,
        model: what.modelName,
        pinned: channel,
        first: null,
        failover: false,
        timeoutMs: this.submitTimeoutMs(),
        send: (ch) => ({ method: 'POST', path: upstreamPathOf(route), headers: { 'mj-api-secret': ch.key }, body }),
        retryableStatus: () => false,
      });
      if (sent.kind === 'failed' && sent.transport !== null) throw new MjError(4, `upstream request failed: ${sent.transport}`, sent.transport === 'timeout' ? 504 : 502);
      const answer = sent.kind === 'answered' ? sent.answer : null;
      if (answer === null || !isObject(answer.json) || typeof answer.json.code !== 'number') {
        throw new MjError(4, `upstream answered ${answer?.status ?? (sent.kind === 'failed' ? sent.status : null) ?? 502} without a Midjourney result`, 502);
      }
      const result = answer.json;
      const code = result.code as number;
      if (!ACCEPTED.has(code)) return { status: 200, body: result };
      const mjId = typeof result.result === 'string' ? result.result : typeof result.result === 'number' ? String(result.result) : '';
      await this.insertTask(caller, what.action, what.prompt, mjId, code, channel.id, price.quota, raw);
      accepted = true;
      const content = `模型固定价格 ${price.modelPrice}，分组倍率 ${price.groupRatio}，操作 ${what.action}，ID ${mjId}`;
      await this.billing.settle(caller, requestId, price, what.modelName, channel.id, content, startedAt);
      return { status: 200, body: { ...result, code: 1 } };
    } finally {
      if (!accepted) await this.billing.release(requestId);
    }
  }

  /** GET task/:id/fetch, from the gateway's rows. */
  async fetch(caller: RelayCaller, mjId: string): Promise<MidjourneyDto> {
    const row = await this.db.manager.findOne(MidjourneyEntity, { where: { mjId, userId: caller.userId } });
    if (!row) throw new MjError(4, 'task_no_found', 404);
    return toMidjourneyDto(row, this.urls.imageUrl(row));
  }

  /** POST task/list-by-condition {ids}, from the gateway's rows. */
  async list(caller: RelayCaller, raw: unknown): Promise<MidjourneyDto[]> {
    const ids = isObject(raw) && Array.isArray(raw.ids) ? raw.ids.filter((x): x is string => typeof x === 'string' && x !== '') : null;
    if (ids === null) throw new MjError(4, 'ids must be a list of task ids', 400);
    if (ids.length === 0) return [];
    if (ids.length > LIST_MAX_IDS) throw new MjError(4, `at most ${LIST_MAX_IDS} ids`, 400);
    const rows = await this.db.manager.find(MidjourneyEntity, { where: { mjId: In(ids), userId: caller.userId }, order: { id: 'ASC' } });
    return rows.map((r) => toMidjourneyDto(r, this.urls.imageUrl(r)));
  }

  /** GET task/:id/image-seed: asked of the task's own channel. */
  async imageSeed(caller: RelayCaller, mjId: string): Promise<MjAnswer> {
    const row = await this.db.manager.findOne(MidjourneyEntity, { where: { mjId, userId: caller.userId } });
    if (!row) throw new MjError(4, 'task_no_found', 404);
    const channel = await this.usableChannel(row.channelId);
    try {
      const answer = await this.call(channel, 'GET', `/mj/task/${encodeURIComponent(mjId)}/image-seed`, undefined, SEED_TIMEOUT_MS);
      if (answer.json === undefined) throw new MjError(4, `upstream answered ${answer.status} without a Midjourney result`, 502);
      return { status: answer.status === 200 ? 200 : 502, body: answer.json };
    } catch (err) {
      if (err instanceof TaskTransportError) throw new MjError(4, `upstream request failed: ${err.kind}`, 502);
      throw err;
    }
  }

  private async usableChannel(id: number): Promise<RelayChannel> {
    const ch = await this.channels.getForRelay(id);
    if (!ch || ch.status !== CHANNEL_ENABLED) throw new MjError(4, 'the task channel is not available', 503);
    return ch;
  }

  private call(ch: RelayChannel, method: 'GET' | 'POST', path: string, body: unknown, timeoutMs: number) {
    return this.upstream.call(method, `${ch.baseUrl.replace(/\/+$/, '')}${path}`, { 'mj-api-secret': ch.key }, body, timeoutMs);
  }

  private async insertTask(caller: RelayCaller, action: string, prompt: string, mjId: string, code: number, channelId: number, quota: number, raw: JsonObject): Promise<void> {
    const now = Date.now();
    // An upload is done once it is accepted; a modal waits for its second step.
    const status = action === 'UPLOAD' ? MJ_SUCCESS : action === 'MODAL' ? MJ_MODAL : code === 1 ? MJ_SUBMITTED : MJ_NOT_START;
    const description = typeof raw.description === 'string' ? raw.description : '';
    await this.db.write((em) =>
      em.insert(MidjourneyEntity, {
        code,
        userId: caller.userId,
        tokenId: caller.token?.id ?? null,
        action,
        mjId,
        prompt: prompt.slice(0, 8192),
        description: description.slice(0, 8192),
        submitTime: now,
        startTime: 0,
        finishTime: action === 'UPLOAD' ? now : 0,
        status,
        progress: action === 'UPLOAD' ? '100%' : '0%',
        channelId,
        quota,
      }),
    );
  }
}

