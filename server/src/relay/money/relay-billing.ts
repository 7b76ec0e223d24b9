import { Logger } from '@nestjs/common';
import { DomainError } from '../../common/domain-error';
import type { ConsumeLogInput, HoldRequest, Ledger } from '../../billing/ledger.types';
import { quotaFor, type ModelPricing } from '../../billing/quota';
import { settleUsage } from '../../billing/usage-clamp';
import type { RelayEndpoint } from '../../wire/canonical/request';
import type { ReportedUsage, Usage } from '../../wire/canonical/usage';
import { RelayError } from '../edge/relay-errors';
import type { ResolvedPricing } from './relay-pricing';

const logger = new Logger('RelayBilling');

/** Tokens added per tool call when completion tokens are estimated (reference §3.7). */
export const TOOL_CALL_TOKENS = 7;

/**
 * What a served request is charged, by the written policy (money rule 6):
 * - `usage`: the upstream finished; its usage where sane, the local estimate where missing
 *   (`zeroIsMissing`: a reported 0 the local count contradicts is missing too);
 * - `delivered`: the stream was cut (client gone past the drain bounds, or an upstream error
 *   after a 200): the prompt estimate plus the tokens of the content the client received; an
 *   upstream error with nothing delivered charges nothing;
 * - `nothing`: refund the hold.
 */
export type Charge =
  | { kind: 'usage'; reported: ReportedUsage | null; completionEstimate: number; zeroIsMissing: boolean }
  | { kind: 'delivered'; deliveredTokens: number; reason: 'client_gone' | 'upstream_error' }
  | { kind: 'nothing'; reason: string };

/**
 * Whether a reported 0 prompt or completion counts as missing when the local count is not 0:
 * true where the answer is generated text (an upstream reporting zeros must not serve for
 * free), false where 0 is a legitimate count or usage is not token-metered.
 */
export function zeroUsageIsMissing(endpoint: RelayEndpoint): boolean {
  switch (endpoint) {
    case 'chat':
    case 'completion':
    case 'responses':
    case 'messages':
    case 'gemini':
      return true;
    case 'embedding':
    case 'moderation':
    case 'rerank':
    case 'image_generation':
    case 'image_edit':
    case 'audio_speech':
    case 'audio_transcription':
    case 'audio_translation':
      return false;
    default: {
      const never: never = endpoint;
      return never;
    }
  }
}

export type BillingSource = 'usage' | 'estimate' | 'delivered';

export interface ComputedCharge {
  quota: number;
  usage: Usage;
  source: BillingSource;
  /** Upstream reported P + C = 0: nothing charged (ratio models). */
  emptyUsage: boolean;
}

/** The quota of a charge, or null when the hold is to be refunded. */
export function computeCharge(charge: Charge, promptEstimate: number, priced: ResolvedPricing): ComputedCharge | null {
  if (charge.kind === 'nothing') return null;
  if (charge.kind === 'delivered') {
    if (charge.reason === 'upstream_error' && charge.deliveredTokens <= 0) return null;
    const usage = settleUsage(null, { promptTokens: promptEstimate, completionTokens: charge.deliveredTokens }).usage;
    const q = quotaFor(usage, priced.pricing, priced.perCallMultiplier);
    return { quota: q.quota, usage, source: 'delivered', emptyUsage: q.emptyUsage };
  }
  const settled = settleUsage(charge.reported, { promptTokens: promptEstimate, completionTokens: charge.completionEstimate }, { zeroIsMissing: charge.zeroIsMissing });
  const q = quotaFor(settled.usage, priced.pricing, priced.perCallMultiplier);
  const source: BillingSource = settled.estimatedPrompt || settled.estimatedCompletion ? 'estimate' : 'usage';
  return { quota: q.quota, usage: settled.usage, source, emptyUsage: q.emptyUsage };
}

function fmt(n: number): string {
  return Number.isInteger(n) ? n.toFixed(2) : String(Number(n.toPrecision(10)));
}

/** The prices part of a log line (see `logContent`). */
function pricesText(p: ModelPricing): string {
  const parts =
    p.modelPrice !== null
      ? [`模型价格 ${fmt(p.modelPrice)}`, `分组倍率 ${fmt(p.groupRatio)}`]
      : [`模型倍率 ${fmt(p.modelRatio)}`, `补全倍率 ${fmt(p.completionRatio)}`, `分组倍率 ${fmt(p.groupRatio)}`];
  return parts.join('，');
}

/**
 * `pricesText` per pricing object: the relay's pricing objects are memoised per (group, model)
 * and never changed (a changed option makes new ones), so the text is made once per object.
 */
const pricesTexts = new WeakMap<ModelPricing, string>();

/** The human line of a consume log (zh, as the console shows it). */
export function logContent(priced: ResolvedPricing, computed: ComputedCharge, notes: { clientGone: boolean; upstreamError: boolean }): string {
  const p = priced.pricing;
  let text = pricesTexts.get(p);
  if (text === undefined) {
    text = pricesText(p);
    pricesTexts.set(p, text);
  }
  if (priced.unpriced) text += '（模型未定价，自用模式按默认倍率计费）';
  if (computed.emptyUsage) text += '（上游没有返回计费信息，无法扣费（可能是上游超时））';
  else if (computed.source === 'estimate') text += '（上游未返回用量，按本地估算计费）';
  if (notes.clientGone) text += '（客户端提前断开，按已送达内容计费）';
  else if (notes.upstreamError) text += '（上游中途出错，按已送达内容计费）';
  return text;
}

export interface LogContext {
  username: string;
  tokenName: string;
  tokenId: number;
  modelName: string;
  group: string;
  clientIp: string;
  isStream: boolean;
  requestPath: string;
  startedAt: number;
  frtMs: number | null;
  upstreamModel: string;
  mapped: boolean;
  chain: readonly number[];
  /** Channel affinity: 'hit' when the key's bound channel served, 'miss' when it was (re)bound; absent without a key. */
  affinity?: 'hit' | 'miss';
}

export function consumeLog(ctx: LogContext, priced: ResolvedPricing, computed: ComputedCharge, content: string): ConsumeLogInput {
  const p = priced.pricing;
  const other: Record<string, unknown> = {
    model_ratio: p.modelPrice !== null ? 0 : p.modelRatio,
    completion_ratio: p.completionRatio,
    group_ratio: p.groupRatio,
    model_price: p.modelPrice ?? -1,
    cache_tokens: computed.usage.cachedTokens,
    cache_ratio: p.cacheRatio,
    cache_creation_tokens: computed.usage.cacheCreationTokens,
    cache_creation_ratio: p.cacheCreationRatio,
    frt: ctx.frtMs ?? -1,
    is_stream: ctx.isStream,
    request_path: ctx.requestPath,
    billing_source: computed.source,
    admin_info: ctx.affinity ? { use_channel: [...ctx.chain], affinity: ctx.affinity } : { use_channel: [...ctx.chain] },
  };
  if (computed.usage.cacheCreation1hTokens > 0) {
    other.cache_creation_tokens_1h = computed.usage.cacheCreation1hTokens;
    other.cache_creation_ratio_1h = Number((p.cacheCreationRatio * 1.6).toPrecision(12));
  }
  if (computed.usage.imageTokens > 0) {
    other.image = true;
    other.image_ratio = p.imageRatio;
  }
  if (computed.usage.audioTokens > 0 || computed.usage.audioCompletionTokens > 0) {
    other.audio = true;
    other.audio_input = computed.usage.audioTokens;
    other.audio_output = computed.usage.audioCompletionTokens;
    other.audio_ratio = p.audioRatio;
    other.audio_completion_ratio = p.audioCompletionRatio;
  }
  if (ctx.mapped) {
    other.is_model_mapped = true;
    other.upstream_model_name = ctx.upstreamModel;
  }
  return {
    username: ctx.username,
    tokenName: ctx.tokenName,
    tokenId: ctx.tokenId,
    modelName: ctx.modelName,
    promptTokens: computed.usage.promptTokens,
    completionTokens: computed.usage.completionTokens,
    useTime: Math.max(0, Math.round((Date.now() - ctx.startedAt) / 1000)),
    isStream: ctx.isStream,
    tokenGroup: ctx.group,
    clientIp: ctx.clientIp,
    content,
    other,
  };
}

/**
 * The ledger side of one request: hold before the upstream call, then settle or refund exactly
 * once. Every path of the relay ends in `settle` or `refund`; `close()` refunds whatever is left.
 */
export class BillingSession {
  private state: 'new' | 'held' | 'closed' = 'new';
  /** Epoch ms when the hold was reserved (its row's updated_at then). */
  heldAt = 0;

  constructor(
    private readonly ledger: Ledger,
    readonly request: HoldRequest,
  ) {}

  get held(): boolean {
    return this.state === 'held';
  }

  async hold(): Promise<void> {
    try {
      await this.ledger.hold(this.request);
      this.state = 'held';
      this.heldAt = Date.now();
    } catch (err) {
      this.state = 'closed';
      if (err instanceof DomainError) throw err;
      // The database is the ledger: without it nothing can be reserved (rule 22).
      logger.error(`hold ${this.request.requestId} failed: ${(err as Error)?.message ?? String(err)}`);
      throw new RelayError('service_unavailable', 'relay.service_unavailable', 503);
    }
  }

  /**
   * Tells the sweeper the request is still running (the hold's updated_at moves; its delivered
   * quota does not: a checkpoint never lowers it).
   */
  heartbeat(): void {
    this.checkpoint(0, 0);
  }

  checkpoint(deliveredQuota: number, channelId: number): void {
    if (this.state !== 'held') return;
    this.ledger.checkpoint(this.request.requestId, deliveredQuota, channelId).catch((err: unknown) => {
      logger.warn(`checkpoint ${this.request.requestId} failed: ${(err as Error)?.message ?? String(err)}`);
    });
  }

  async settle(quota: number, channelId: number, log: ConsumeLogInput | null): Promise<void> {
    if (this.state !== 'held') return;
    this.state = 'closed';
    try {
      await this.ledger.settle(this.request.requestId, { quota, channelId, log });
    } catch (err) {
      // The hold stays open in the database; the sweeper settles it at its checkpoint.
      logger.error(`settle ${this.request.requestId} failed: ${(err as Error)?.message ?? String(err)}`);
    }
  }

  async refund(): Promise<void> {
    if (this.state !== 'held') return;
    this.state = 'closed';
    try {
      await this.ledger.refund(this.request.requestId);
    } catch (err) {
      logger.error(`refund ${this.request.requestId} failed: ${(err as Error)?.message ?? String(err)}`);
    }
  }
}
