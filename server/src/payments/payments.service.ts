import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { PaymentsError } from './payments.errors';
import { t } from '../common/messages';
import { parsePage, toPage, type Page } from '../common/pagination';
import type { Principal } from '../common/request-context';
import { randomAlnum } from '../common/secrets';
import { boundKeyword, escapeLike, nowSeconds } from '../common/sql';
import { DatabaseService } from '../database/database.service';
import { LOG_MANAGE, LOG_TOPUP } from '../logs/log.entity';
import { LogsService } from '../logs/logs.service';
import { OptionsService } from '../options/options.service';
import { QUEUE_DRIVER, type QueueDriver } from '../queue/jobs';
import { UsersService } from '../users/users.service';
import { WalletService } from '../wallet/wallet.service';
import { centsToMoney, epaySign, epayVerify, moneyToCents } from './epay';
import type { PayInput, TopUpAllQuery } from './dto/payment.dto';
import { TopUpEntity } from './top-up.entity';
import { toAdminTopUpView, toTopUpView, type AdminTopUpView, type TopUpView } from './top-up.mapper';

const EXPIRE_EVERY_MS = 5 * 60 * 1000;

export interface PayForm {
  /** The epay submit address the browser POSTs the form to. */
  url: string;
  /** The signed form fields. */
  params: Record<string, string>;
}

export type NotifyAnswer = 'success' | 'fail';

/**
 * Online top-up through an epay merchant. An order is created pending; the gateway's signed notify
 * (or the signed return) moves it to success exactly once, by a compare-and-set in the same
 * transaction as the quota credit and its top-up log (money rules 1 and 8). An unset EpayKey
 * turns the method off and verifies nothing. Orders left pending expire (the repeating
 * `payments.expire` job); a payment notified after that is still credited once, since the money
 * was received.
 */
@Injectable()
export class PaymentsService implements OnModuleInit {
  private readonly logger = new Logger('Payments');

  constructor(
    private readonly db: DatabaseService,
    private readonly options: OptionsService,
    private readonly users: UsersService,
    private readonly logs: LogsService,
    private readonly wallet: WalletService,
    @Inject(QUEUE_DRIVER) private readonly queue: QueueDriver,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    this.queue.register('payments.expire', async () => this.expirePending());
    await this.queue.repeat('payments.expire', {}, EXPIRE_EVERY_MS);
  }

  // ---- ordering ----

  async createOrder(actor: Principal, input: PayInput): Promise<PayForm> {
    // Checks that online top-up is on (PayAddress, EpayId and EpayKey set) and prices the amount.
    const money = this.wallet.payable(actor, input.amount);
    const method = input.payment_method;
    if (!method) throw PaymentsError.of('payment.method_invalid');
    const server = this.options.get('ServerAddress');
    if (server === '') throw PaymentsError.of('option.server_address_required');
    const amount = input.amount;
    const moneyCents = moneyToCents(money);
    if (moneyCents === null) throw PaymentsError.of('wallet.amount_invalid');
    const quota = Math.round(amount * this.options.num('QuotaPerUnit'));
    if (!Number.isSafeInteger(quota) || quota <= 0) throw PaymentsError.of('wallet.amount_invalid');
    // The owner is part of the trade number, so a notify is matched to its owner too.
    const tradeNo = `USR${actor.id}NO${randomAlnum(16)}`;
    await this.db.write((em) =>
      em.insert(TopUpEntity, {
        userId: actor.id,
        amount,
        quota,
        moneyCents,
        tradeNo,
        paymentMethod: method,
        createTime: nowSeconds(),
        completeTime: 0,
        status: 'pending',
        providerTradeNo: '',
        completedBy: 0,
      }),
    );
    const callback = this.options.get('CustomCallbackAddress') || server;
    const params: Record<string, string> = {
      pid: this.options.get('EpayId'),
      type: method,
      out_trade_no: tradeNo,
      notify_url: `${callback}/api/user/epay/notify`,
      return_url: `${server}/api/user/epay/return`,
      name: `TUC${amount}`,
      money,
    };
    params.sign = epaySign(params, this.options.get('EpayKey'));
    params.sign_type = 'MD5';
    this.logger.log(`user ${actor.id} opened top-up order ${tradeNo} (${amount} units, ${money})`);
    return { url: `${this.options.get('PayAddress')}/submit.php`, params };
  }

  // ---- the gateway's callbacks ----

  /**
   * The notify call (GET query or POST form). `success` only for a verified, matching, paid
   * order (again on every redelivery); `fail` for anything else, with nothing changed.
   */
  async notify(params: Record<string, string>): Promise<NotifyAnswer> {
    const refuse = (why: string): NotifyAnswer => {
      // The reason and the trade number only: never the parameters (they carry the signature).
      this.logger.warn(`epay notify refused (${why}) for ${String(params.out_trade_no ?? '').slice(0, 64)}`);
      return 'fail';
    };
    const key = this.options.get('EpayKey');
    if (key === '' || this.options.get('EpayId') === '') return refuse('epay not configured');
    if (!epayVerify(params, key)) return refuse('bad signature');
    if (params.pid !== this.options.get('EpayId')) return refuse('another merchant');
    if (params.trade_status !== 'TRADE_SUCCESS') return refuse('not paid');
    const tradeNo = params.out_trade_no ?? '';
    const order = tradeNo === '' || tradeNo.length > 64 ? null : await this.db.manager.findOne(TopUpEntity, { where: { tradeNo } });
    if (!order) return refuse('unknown order');
    const owner = /^USR(\d+)NO/.exec(tradeNo)?.[1];
    if (owner === undefined || Number(owner) !== order.userId) return refuse('owner mismatch');
    if (params.type !== order.paymentMethod) return refuse('method mismatch');
    if (moneyToCents(params.money ?? '') !== order.moneyCents) return refuse('amount mismatch');
    const providerTradeNo = String(params.trade_no ?? '').slice(0, 64);
    if (order.status === 'success') return order.providerTradeNo === providerTradeNo ? 'success' : refuse('paid by another trade');
    const done = await this.complete(order, providerTradeNo, 0);
    return done ? 'success' : refuse('not completed');
  }

  /** Admin: completes a pending (or expired) order by hand; logged with the admin's id. */
  async adminComplete(actor: Principal, tradeNo: string): Promise<void> {
    const order = await this.db.manager.findOne(TopUpEntity, { where: { tradeNo } });
    if (!order) throw PaymentsError.of('payment.order_not_found', {}, 404);
    if (order.status === 'success') throw PaymentsError.of('payment.order_done', {}, 409);
    if (!(await this.complete(order, '', actor.id))) throw PaymentsError.of('payment.order_done', {}, 409);
    this.logger.log(`admin ${actor.id} completed top-up order ${order.id} by hand`);
  }

  /**
   * pending|expired -> success, the credit and the logs in one transaction. True when this call
   * made the move or the order was already paid by the same gateway trade.
   */
  private async complete(order: TopUpEntity, providerTradeNo: string, adminId: number): Promise<boolean> {
    const now = nowSeconds();
    // Read before the transaction: on PostgreSQL a read through the pool inside it would need a
    // second connection while the first waits, and forty racing callbacks would drain the pool.
    const username = (await this.users.billingProfile(order.userId))?.username ?? '';
    const moved = await this.db.write(async (em) => {
      const res = await em
        .createQueryBuilder()
        .update(TopUpEntity)
        .set({ status: 'success', completeTime: now, providerTradeNo, completedBy: adminId })
        .where("id = :id AND status IN ('pending', 'expired')", { id: order.id })
        .execute();
      if (DatabaseService.affected(res) !== 1) return false;
      if (!(await this.users.addQuota(em, order.userId, order.quota))) {
        // The owner is gone: undo the move with the transaction.
        throw PaymentsError.of('user.not_found', {}, 404);
      }
      await this.recordLogs(em, order, adminId, username);
      return true;
    }).catch((err: unknown) => {
      if (err instanceof PaymentsError && err.code === 'user.not_found') return false;
      throw err;
    });
    if (moved) return true;
    const now2 = await this.db.manager.findOne(TopUpEntity, { where: { id: order.id } });
    return adminId === 0 && now2?.status === 'success' && now2.providerTradeNo === providerTradeNo;
  }

  private async recordLogs(em: EntityManager, order: TopUpEntity, adminId: number, username: string): Promise<void> {
    const quotaText = this.formatQuota(order.quota);
    await this.logs.record(em, {
      userId: order.userId,
      username,
      type: LOG_TOPUP,
      quota: order.quota,
      content: t('payment.topup_log', 'zh', { quota: quotaText, money: centsToMoney(order.moneyCents) }),
      other: { trade_no: order.tradeNo, payment_method: order.paymentMethod },
    });
    if (adminId !== 0) {
      await this.logs.record(em, {
        userId: adminId,
        type: LOG_MANAGE,
        content: t('payment.manual_log', 'zh', { trade_no: order.tradeNo, quota: quotaText }),
        other: { order_id: order.id, user_id: order.userId },
      });
    }
  }

  // ---- expiry ----

  /** Orders pending longer than TOPUP_ORDER_TTL_MINUTES become expired (one statement). */
  async expirePending(): Promise<number> {
    const cutoff = nowSeconds() - this.config.topUpOrderTtlMinutes * 60;
    const res = await this.db.write((em) =>
      em
        .createQueryBuilder()
        .update(TopUpEntity)
        .set({ status: 'expired' })
        .where("status = 'pending' AND create_time < :cutoff", { cutoff })
        .execute(),
    );
    const n = DatabaseService.affected(res);
    if (n > 0) this.logger.log(`expired ${n} pending top-up orders`);
    return n;
  }

  // ---- lists ----

  async listSelf(actor: Principal, p: string | undefined, size: string | undefined): Promise<Page<TopUpView>> {
    const page = parsePage(p, size, 10);
    const [rows, total] = await this.db.manager.findAndCount(TopUpEntity, {
      where: { userId: actor.id },
      order: { id: 'DESC' },
      skip: page.offset,
      take: page.pageSize,
    });
    return toPage(rows.map(toTopUpView), total, page);
  }

  /** Every order; `keyword` matches the trade number, `user_id` and `status` filter. */
  async listAll(_actor: Principal, q: TopUpAllQuery): Promise<Page<AdminTopUpView>> {
    const page = parsePage(q.p, q.page_size ?? q.size, 10);
    const qb = this.db.manager.createQueryBuilder(TopUpEntity, 't');
    const keyword = boundKeyword(q.keyword, 64);
    if (keyword !== '') qb.andWhere("t.trade_no LIKE :kw ESCAPE '!'", { kw: `%${escapeLike(keyword)}%` });
    if (q.user_id !== undefined) qb.andWhere('t.user_id = :uid', { uid: q.user_id });
    if (q.status !== undefined) qb.andWhere('t.status = :st', { st: q.status });
    const [rows, total] = await qb.orderBy('t.id', 'DESC').skip(page.offset).take(page.pageSize).getManyAndCount();
    return toPage(rows.map(toAdminTopUpView), total, page);
  }

  /** Where the return call sends the browser: the wallet page. */
  walletUrl(): string {
    return `${this.options.get('ServerAddress')}/topup`;
  }

  private formatQuota(quota: number): string {
    if (!this.options.bool('DisplayInCurrencyEnabled')) return `${quota} 点额度`;
    return `＄${(quota / this.options.num('QuotaPerUnit')).toFixed(6)} 额度`;
  }
}
