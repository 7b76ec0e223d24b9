import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { In, LessThan, type EntityManager } from 'typeorm';
import { DomainError } from '../common/domain-error';
import { GroupCommit } from '../common/group-commit';
import { t } from '../common/messages';
import { nowSeconds } from '../common/sql';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DatabaseService, DEFERRED_WRITE_MS, type SqliteConnection } from '../database/database.service';
import { LOG_CONSUME } from '../logs/log.entity';
import { MailService } from '../mail/mail.service';
import { OptionsService } from '../options/options.service';
import { QUEUE_DRIVER, type QueueDriver } from '../queue/jobs';
import { NEVER_EXPIRES, TOKEN_ENABLED } from '../tokens/token.entity';
import { TokensService } from '../tokens/tokens.service';
import { UsersService } from '../users/users.service';
import { BillingError } from './billing.errors';
import { HOLD_HELD, HOLD_REFUNDED, HOLD_SETTLED, HoldEntity } from './hold.entity';
import { crossedBelow, escapeHtml, fitLog, formatBalance, ledgerQuota, trusted, validRequestId } from './ledger-rules';
import {
  PG_BATCH_MAX,
  PG_BATCH_SQL,
  pgCheckpointOp,
  pgHoldOp,
  pgOutcome,
  pgRefundOp,
  pgSettleOp,
  retryDeadlock,
  SqliteLedger,
  type HoldArgs,
  type PgHoldResult,
  type PgLedgerOp,
  type SettleResult,
} from './ledger-statements';
import { MYSQL_BATCH_MAX, runMysqlLedgerBatch, type MysqlHoldResult, type MysqlLedgerOp } from './mysql-ledger';
import type { ConsumeLogInput, HoldHandle, HoldRequest, Ledger, SettleInput, SettleOutcome } from './ledger.types';

export { BillingError };

export interface SweepResult {
  settled: number;
  refunded: number;
  /** Holds that could not be closed this run (logged; the next run tries again). */
  failed: number;
  purged: number;
}

const SWEEP_EVERY_MS = 60_000;
const SWEEP_BATCH = 200;
/** Finished holds are kept this long (a late duplicate settle still finds them), then purged. */
const FINISHED_RETENTION_SECONDS = 7 * 86_400;
const PURGE_BATCH = 5_000;

/**
 * The relay's ledger (money rules 1, 5, 7): a hold is reserved before any upstream call by
 * conditional statements, then settled or refunded exactly once per request id by a
 * compare-and-set on the `holds` row, with the delta, the counters and the consume log in the
 * same transaction. A sweeper settles holds orphaned by a crash at their last checkpoint.
 */
@Injectable()
export class BillingService implements Ledger, OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Billing');
  /** Reminder e-mails being enqueued after a settlement (awaited on shutdown). */
  private readonly pending = new Set<Promise<void>>();
  /** SQLite: the ledger's statements, prepared once per connection. */
  private sqliteLedger: SqliteLedger | null = null;
  /**
   * PostgreSQL: ledger ops in group commits, one sluice_ledger_batch() call per batch, in two
   * lanes with a batch in flight each (migration LedgerBatchConcurrent lets them run side by
   * side). Holds, which a request waits on before its upstream call, go in batches of their own
   * (and stream checkpoints, as light), committed without waiting for the WAL flush; settlements
   * and refunds, which nobody waits on, in the other lane, so a hold never waits behind their log
   * inserts and synchronous commits. A settlement rides in its lane's next batch while the lane is
   * busy; on an idle lane it is deferred up to DEFERRED_WRITE_MS and shares a commit with the
   * settlements of that time. A batch failed to break a deadlock rolled back whole and is run again.
   */
  private readonly pgHolds = this.pgLane();
  private readonly pgCloses = this.pgLane();
  /**
   * MySQL: every ledger op in one group commit (mysql-ledger.ts), one batch in flight: a batch
   * never waits on another batch of this node's row locks. Settlements are deferred like on PostgreSQL.
   */
  private readonly myLedger = new GroupCommit<MysqlLedgerOp>(
    (ops) => this.db.mysqlConnection((conn) => runMysqlLedgerBatch(conn, ops)),
    MYSQL_BATCH_MAX,
    DEFERRED_WRITE_MS,
  );

  constructor(
    private readonly db: DatabaseService,
    private readonly options: OptionsService,
    private readonly users: UsersService,
    private readonly tokens: TokensService,
    private readonly mail: MailService,
    @Inject(QUEUE_DRIVER) private readonly queue: QueueDriver,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    db.flushOnClose(async () => {
      await Promise.all([this.pgHolds.flushAll(), this.pgCloses.flushAll(), this.myLedger.flushAll()]);
    });
  }

  onModuleInit(): void {
    this.queue.register('billing.sweep', () => this.sweep());
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.repeat('billing.sweep', {}, SWEEP_EVERY_MS);
    // Holds left by a crash are swept at boot too; nodes booting in the same minute share one run.
    await this.queue.enqueue('billing.sweep', {}, { jobId: `billing-sweep-boot-${Math.floor(Date.now() / 60_000)}` });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.drain();
  }

  /** Resolves once the side work of earlier settlements (reminder e-mails) has been queued. */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  private pgLane(): GroupCommit<PgLedgerOp> {
    return new GroupCommit<PgLedgerOp>(
      async (ops) => {
        const body = JSON.stringify(ops);
        const rows = await retryDeadlock(() => this.db.pgStatement<{ r: unknown[] }>('sluice_ledger_batch', PG_BATCH_SQL, [body]));
        return (rows[0]?.r ?? []).map(pgOutcome);
      },
      PG_BATCH_MAX,
      DEFERRED_WRITE_MS,
    );
  }

  // ---- the ledger ----

  async hold(req: HoldRequest): Promise<HoldHandle> {
    if (!validRequestId(req.requestId)) throw this.internal('hold: invalid request id');
    if (!Number.isSafeInteger(req.amount) || req.amount < 0) throw this.internal('hold: amount must be a non-negative integer');
    const amount = req.amount;
    const model = (req.modelName ?? '').slice(0, 128);

    const args: HoldArgs = { requestId: req.requestId, userId: req.userId, tokenId: req.tokenId, amount, model, now: nowSeconds() };

    if (this.options.bool('TrustBypassEnabled') && (await this.isTrusted(req.userId, req.tokenId))) {
      if (this.db.kind === 'sqlite') await this.db.sqliteSync((c) => this.sqlite(c).insertRow({ ...args, amount: 0 }));
      else if (this.db.kind === 'mysql') this.holdOutcome(await this.myLedger.submit<MysqlHoldResult>({ k: 'row', a: { ...args, amount: 0 } }), args.amount);
      else await this.db.write((em) => this.insertHold(em, req, 0, model));
      return { requestId: req.requestId, amount: 0, bypassed: true };
    }

    if (this.db.kind === 'sqlite') {
      // One synchronous transaction of prepared statements: user, token, row.
      await this.db.sqliteSync((c) => this.sqlite(c).hold(args));
    } else if (this.db.kind === 'mysql') {
      this.holdOutcome(await this.myLedger.submit<MysqlHoldResult>({ k: 'hold', a: args }), amount);
    } else {
      await this.holdPostgres(args);
    }
    return { requestId: req.requestId, amount, bypassed: false };
  }

  /** One op of the next group commit (ledger-statements.ts pgHoldOp); the 403 codes stay exact. */
  private async holdPostgres(args: HoldArgs): Promise<void> {
    this.holdOutcome(await this.pgHolds.submit<PgHoldResult>(pgHoldOp(args)), args.amount);
  }

  /** A batch's answer for a hold (PostgreSQL and MySQL answer alike), as the exact 403. */
  private holdOutcome(r: PgHoldResult | MysqlHoldResult, amount: number): void {
    if ('ok' in r) return;
    if (r.e === 'user') throw BillingError.insufficientUserQuota(amount);
    if (r.e === 'token') throw BillingError.tokenQuotaExhausted(amount);
    throw BillingError.duplicateRequest();
  }

  private sqlite(conn: SqliteConnection): SqliteLedger {
    // A re-initialised data source has a new connection: prepare again for it.
    if (this.sqliteLedger?.conn !== conn) this.sqliteLedger = new SqliteLedger(conn);
    return this.sqliteLedger;
  }

  async settle(requestId: string, input: SettleInput): Promise<SettleOutcome> {
    if (!validRequestId(requestId)) return 'already_done';
    const quota = ledgerQuota(input.quota);
    const log = input.log !== null && this.options.bool('LogConsumeEnabled') ? fitLog(input.log) : null;
    let done: { userId: number; after: number | null } | null;
    try {
      done = await this.settleOnce(requestId, quota, input.channelId, log);
    } catch (err) {
      // The hold stays open: record the final charge so the sweeper bills it rather than refunding.
      await this.checkpoint(requestId, quota, input.channelId).catch(() => undefined);
      throw err;
    }
    if (!done) return 'already_done';
    if (done.after !== null) this.remindIfCrossed(done.userId, done.after, quota);
    return 'settled';
  }

  /**
   * One transaction: the compare-and-set out of `held`, the delta (final minus held) on user and
   * token, the user's used_quota / request_count, the channel's used_quota and the consume log.
   * SQLite: prepared statements in a group commit (DatabaseService.sqliteSync); PostgreSQL: one op of a
   * sluice_ledger_batch() group commit. The answer has gone out, so the settlement may wait: on
   * SQLite it is deferred (up to DEFERRED_WRITE_MS) and commits with the other settlements of that
   * time, never inside the commit a waiting hold is in; on PostgreSQL only when the ledger is idle.
   */
  private async settleOnce(requestId: string, quota: number, channelId: number, log: ConsumeLogInput | null): Promise<SettleResult | null> {
    const args = { requestId, quota, channelId: channelId > 0 ? channelId : 0, log, logType: LOG_CONSUME, now: nowSeconds() };
    if (this.db.kind === 'sqlite') return this.db.sqliteSync((c) => this.sqlite(c).settle(args, HOLD_SETTLED), { deferred: true });
    if (this.db.kind === 'mysql') return this.myLedger.submitDeferred<SettleResult | null>({ k: 'settle', a: args, cs: HOLD_SETTLED }, { joinBusy: true });
    const row = await this.pgCloses.submitDeferred<{ user_id: number | string; after: number | string | null } | null>(pgSettleOp(args, HOLD_SETTLED), {
      joinBusy: true,
    });
    if (!row) return null;
    return { userId: Number(row.user_id), after: row.after === null ? null : Number(row.after) };
  }

  async refund(requestId: string): Promise<SettleOutcome> {
    if (!validRequestId(requestId)) return 'already_done';
    const now = nowSeconds();
    let done: boolean;
    if (this.db.kind === 'sqlite') {
      done = await this.db.sqliteSync((c) => this.sqlite(c).refund(requestId, HOLD_REFUNDED, now));
    } else if (this.db.kind === 'mysql') {
      done = (await this.myLedger.submit<boolean>({ k: 'refund', r: requestId, cs: HOLD_REFUNDED, n: now })) === true;
    } else {
      done = (await this.pgCloses.submit<boolean>(pgRefundOp(requestId, HOLD_REFUNDED, now))) === true;
    }
    return done ? 'settled' : 'already_done';
  }

  async checkpoint(requestId: string, deliveredQuota: number, channelId?: number): Promise<void> {
    if (!validRequestId(requestId)) return;
    const q = ledgerQuota(deliveredQuota);
    const channel = channelId !== undefined && Number.isSafeInteger(channelId) && channelId > 0 ? channelId : 0;
    const now = nowSeconds();
    // One statement in the next group commit (SQLite write queue or PostgreSQL batch).
    if (this.db.kind === 'sqlite') await this.db.sqliteSync((c) => this.sqlite(c).checkpoint(requestId, q, channel, now));
    else if (this.db.kind === 'mysql') await this.myLedger.submit({ k: 'checkpoint', r: requestId, q, c: channel, n: now });
    else await this.pgHolds.submit(pgCheckpointOp(requestId, q, channel, now));
  }

  // ---- the sweeper ----

  /**
   * Settles holds left open and untouched for HOLD_SWEEP_AFTER_SECONDS at their checkpoint
   * (refunds them at 0), then purges old finished holds. A running request touches its hold
   * (stream checkpoints, and the relay's heartbeat for every request), so only a hold whose
   * request died with its node goes quiet. Safe on several nodes at once: every move is the same
   * compare-and-set settle() and refund() use, so each hold is closed exactly once.
   */
  async sweep(): Promise<SweepResult> {
    const cutoff = nowSeconds() - this.config.holdSweepAfterSeconds;
    const result: SweepResult = { settled: 0, refunded: 0, failed: 0, purged: 0 };
    const seen = new Set<string>();
    for (;;) {
      const rows = await this.db.manager.find(HoldEntity, {
        where: { status: HOLD_HELD, createdAt: LessThan(cutoff), updatedAt: LessThan(cutoff) },
        order: { createdAt: 'ASC' },
        take: SWEEP_BATCH,
      });
      const fresh = rows.filter((h) => !seen.has(h.requestId));
      if (fresh.length === 0) break;
      for (const h of fresh) {
        seen.add(h.requestId);
        try {
          if (h.checkpointQuota > 0) {
            if ((await this.sweepSettle(h)) === 'settled') result.settled++;
          } else if ((await this.refund(h.requestId)) === 'settled') result.refunded++;
        } catch (err) {
          // One hold that cannot be closed must not stop the others behind it.
          result.failed++;
          this.logger.error(`sweeper could not close hold ${h.requestId}: ${(err as Error)?.message ?? String(err)}`);
        }
      }
      if (rows.length < SWEEP_BATCH) break;
    }
    result.purged = await this.purgeFinished();
    if (result.settled + result.refunded > 0) {
      this.logger.warn(`sweeper closed orphaned holds: ${result.settled} settled at their checkpoint, ${result.refunded} refunded`);
    }
    return result;
  }

  /** Settles at the checkpoint with the sweeper's log; if the log is what fails, without it. */
  private async sweepSettle(h: HoldEntity): Promise<SettleOutcome> {
    const input = await this.sweeperInput(h);
    try {
      return await this.settle(h.requestId, input);
    } catch (err) {
      this.logger.warn(`sweeper settles hold ${h.requestId} without its log: ${(err as Error)?.message ?? String(err)}`);
      return this.settle(h.requestId, { ...input, log: null });
    }
  }

  private async sweeperInput(h: HoldEntity): Promise<SettleInput> {
    const [user, token] = await Promise.all([
      this.users.billingProfile(h.userId),
      h.tokenId !== null ? this.tokens.byId(h.tokenId) : Promise.resolve(null),
    ]);
    return {
      quota: h.checkpointQuota,
      channelId: h.channelId,
      log: {
        username: user?.username ?? '',
        tokenName: token?.name ?? '',
        tokenId: h.tokenId ?? 0,
        modelName: h.modelName,
        promptTokens: 0,
        completionTokens: 0,
        useTime: 0,
        // Only running streams checkpoint.
        isStream: true,
        tokenGroup: token?.group ?? '',
        clientIp: '',
        content: t('billing.sweeper_log', 'zh'),
        other: { billing_source: 'sweeper' },
      },
    };
  }

  private async purgeFinished(): Promise<number> {
    const before = nowSeconds() - FINISHED_RETENTION_SECONDS;
    let total = 0;
    for (;;) {
      const ids = await this.db.manager.find(HoldEntity, {
        select: { requestId: true },
        where: { status: In([HOLD_SETTLED, HOLD_REFUNDED]), createdAt: LessThan(before) },
        take: PURGE_BATCH,
      });
      if (ids.length === 0) return total;
      const res = await this.db.write((em) =>
        em
          .createQueryBuilder()
          .delete()
          .from(HoldEntity)
          .where('request_id IN (:...ids) AND status <> :held', { ids: ids.map((r) => r.requestId), held: HOLD_HELD })
          .execute(),
      );
      total += DatabaseService.affected(res);
      if (ids.length < PURGE_BATCH) return total;
    }
  }

  // ---- helpers ----

  /**
   * PostgreSQL: a condition that makes this transaction's COMMIT skip waiting for the WAL flush
   * (an fsync: milliseconds on a busy disk, over the hot path's whole budget). Riding on a
   * statement already sent saves the round trip of a separate SET LOCAL. A crash can lose only
   * the newest such transactions, whole and in order: a lost hold takes its reservation with it,
   * so balances stay consistent and at worst a request in flight during the crash goes unbilled.
   * Settlements and refunds keep synchronous commits (which also flush every earlier hold).
   */
  private relaxedCommit(): string {
    return this.db.kind === 'postgres' ? ` AND set_config('synchronous_commit', 'off', true) IS NOT NULL` : '';
  }

  /** A caller bug, not a client error: logged, answered as a 500 without details. */
  private internal(why: string): DomainError {
    this.logger.error(why);
    return new DomainError('internal_error', 'common.internal', 500);
  }

  private async isTrusted(userId: number, tokenId: number | null): Promise<boolean> {
    const [user, token] = await Promise.all([
      this.users.billingProfile(userId),
      tokenId !== null ? this.tokens.byId(tokenId) : Promise.resolve(null),
    ]);
    if (!user) return false;
    const now = nowSeconds();
    // A token that is not usable right now gets no bypass: the reservation path refuses it properly.
    const usable = token !== null && token.status === TOKEN_ENABLED && (token.expiredTime === NEVER_EXPIRES || token.expiredTime > now);
    return trusted(user.quota, tokenId === null ? 'none' : usable ? token : null, this.options.num('QuotaPerUnit'));
  }

  private async insertHold(em: EntityManager, req: HoldRequest, amount: number, model: string): Promise<void> {
    const now = nowSeconds();
    const pg = this.db.kind === 'postgres';
    // INSERT ... SELECT so the row can carry the relaxed-commit condition; typed for PostgreSQL.
    const v = pg
      ? '$1::varchar, $2::integer, $3::integer, $4::bigint, $5::varchar, $6::varchar, $7::bigint, $8::bigint'
      : '?, ?, ?, ?, ?, ?, ?, ?';
    const where = pg ? ` WHERE TRUE${this.relaxedCommit()}` : '';
    try {
      await em.query(
        `INSERT INTO holds (request_id, user_id, token_id, amount, status, model_name, created_at, updated_at) SELECT ${v}${where}`,
        [req.requestId, req.userId, req.tokenId, amount, HOLD_HELD, model, now, now],
      );
    } catch (err) {
      if (/unique|duplicate|primary key/i.test((err as Error).message)) throw BillingError.duplicateRequest();
      throw err;
    }
  }

  /** The low-balance reminder (reference §3.9): never blocks or fails the settlement. */
  private remindIfCrossed(userId: number, after: number, charged: number): void {
    if (!crossedBelow(after, charged, this.options.num('QuotaRemindThreshold'))) return;
    const job = this.sendReminder(userId, after).catch((err: unknown) => {
      this.logger.warn(`low-balance reminder for user ${userId} not queued: ${(err as Error).message}`);
    });
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
  }

  private async sendReminder(userId: number, balance: number): Promise<void> {
    if (!this.mail.configured) return;
    const user = await this.users.billingProfile(userId);
    if (!user || user.email === '') return;
    const qpu = this.options.num('QuotaPerUnit');
    const link = `${this.options.get('ServerAddress').replace(/\/+$/, '')}/topup`;
    const html = t('billing.quota_remind_body', 'zh', {
      quota: escapeHtml(formatBalance(balance, this.options.bool('DisplayInCurrencyEnabled'), qpu)),
      link: escapeHtml(link),
    });
    // One reminder per user per hour, whichever node settles.
    const hour = Math.floor(Date.now() / 3_600_000);
    await this.mail.enqueue(user.email, t('billing.quota_remind_subject', 'zh'), html, `quota-remind-${userId}-${hour}`);
  }
}

