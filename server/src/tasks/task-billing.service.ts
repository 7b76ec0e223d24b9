import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { BillingError, BillingService } from '../billing/billing.service';
import { formatBalance } from '../billing/ledger-rules';
import { DatabaseService } from '../database/database.service';
import { LOG_SYSTEM } from '../logs/log.entity';
import { LogsService } from '../logs/logs.service';
import { OptionsService } from '../options/options.service';
import type { RelayCaller } from '../relay/edge/relay-auth.service';
import { TokensService } from '../tokens/tokens.service';
import { UsersService } from '../users/users.service';
import type { TaskPrice } from './task-pricing';

/** The task row's fields a refund needs. */
export interface RefundTarget {
  userId: number;
  tokenId: number | null;
  quota: number;
}

/**
 * Money for async tasks (money rules 1, 5): a hold of the action's price before the upstream
 * call, settled with one consume log when the upstream accepts the task, refunded when it refuses.
 * A task that fails later gets its quota back once: the caller's compare-and-set on the task row
 * and the give-back share one transaction (`refundInside`).
 */
@Injectable()
export class TaskBillingService {
  private readonly logger = new Logger('TaskBilling');

  constructor(
    private readonly db: DatabaseService,
    private readonly ledger: BillingService,
    private readonly options: OptionsService,
    private readonly users: UsersService,
    private readonly tokens: TokensService,
    private readonly logs: LogsService,
  ) {}

  static requestId(prefix: string): string {
    return `${prefix}-${randomBytes(12).toString('hex')}`;
  }

  /** Reserves the price; throws BillingError (403) when the user or token cannot cover it. */
  async hold(caller: RelayCaller, requestId: string, amount: number, model: string): Promise<void> {
    await this.ledger.hold({ requestId, userId: caller.userId, tokenId: caller.token?.id ?? null, amount, modelName: model });
  }

  /** The upstream accepted the task: the charge, the channel's counter and one consume log. */
  async settle(caller: RelayCaller, requestId: string, price: TaskPrice, model: string, channelId: number, content: string, startedAt: number): Promise<void> {
    await this.ledger.settle(requestId, {
      quota: price.quota,
      channelId,
      log: {
        username: caller.username,
        tokenName: caller.token?.name ?? '',
        tokenId: caller.token?.id ?? 0,
        modelName: model,
        promptTokens: 0,
        completionTokens: 0,
        useTime: Math.max(0, Math.round((Date.now() - startedAt) / 1000)),
        isStream: false,
        tokenGroup: caller.group,
        clientIp: caller.clientIp,
        content,
        other: { model_price: price.modelPrice, group_ratio: price.groupRatio, billing_source: 'task', admin_info: { use_channel: [channelId] } },
      },
    });
  }

  /** The upstream refused (or never answered): the whole hold goes back. */
  async release(requestId: string): Promise<void> {
    try {
      await this.ledger.refund(requestId);
    } catch (err) {
      // The sweeper refunds a hold left open (it has no checkpoint).
      this.logger.error(`task hold ${requestId} not released now: ${(err as Error).message}`);
    }
  }

  static isQuotaError(err: unknown): err is BillingError {
    return err instanceof BillingError;
  }

  /**
   * Gives a failed task's quota back to the user and the token, with a system log. Must run in the
   * transaction whose compare-and-set moved the task to FAILURE, so it happens once per task.
   */
  async refundInside(em: EntityManager, t: RefundTarget, content: (amount: string) => string): Promise<void> {
    if (!(t.quota > 0)) return;
    await this.users.addQuota(em, t.userId, t.quota);
    if (t.tokenId !== null) await this.tokens.refund(em, t.tokenId, t.quota);
    const amount = formatBalance(t.quota, this.options.bool('DisplayInCurrencyEnabled'), this.options.num('QuotaPerUnit'));
    const username = (await this.users.billingProfile(t.userId))?.username ?? '';
    await this.logs.record(em, { userId: t.userId, username, type: LOG_SYSTEM, quota: t.quota, content: content(amount) });
  }

  get database(): DatabaseService {
    return this.db;
  }
}
