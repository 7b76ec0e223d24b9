import { AuditService } from '../audit/audit.service';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Brackets, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DatabaseService } from '../database/database.service';
import { RedemptionsError } from './redemptions.errors';
import { t } from '../common/messages';
import { parsePage, toPage, type Page } from '../common/pagination';
import type { Principal } from '../common/request-context';
import { randomHex, SecretBox, sha256Hex } from '../common/secrets';
import { boundKeyword, escapeLike, nowSeconds } from '../common/sql';
import { LOG_TOPUP } from '../logs/log.entity';
import { LogsService } from '../logs/logs.service';
import { OptionsService } from '../options/options.service';
import { UsersService } from '../users/users.service';
import { REDEMPTION_DISABLED, REDEMPTION_UNUSED, REDEMPTION_USED, RedemptionEntity } from './redemption.entity';
import type { RedemptionCreateInput, RedemptionUpdateInput } from './dto/redemption.dto';
import { toRedemptionView, type RedemptionView } from './redemption.mapper';

export type { RedemptionView };

/** 16 random bytes: 32 lowercase hex characters, like a UUID without dashes. */
const CODE_BYTES = 16;

/**
 * Redemption codes: admin management, and redeeming, which is one compare-and-set on the code
 * followed (same transaction) by one conditional quota increase and the top-up log.
 */
@Injectable()
export class RedemptionsService {
  private readonly logger = new Logger('Redemptions');
  private readonly box: SecretBox;

  constructor(
    private readonly db: DatabaseService,
    private readonly options: OptionsService,
    private readonly users: UsersService,
    private readonly logs: LogsService,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly audit: AuditService,
  ) {
    this.box = new SecretBox(config.encryptionKey);
  }

  // ---- administration ----

  async list(actor: Principal, p: string | undefined, size: string | undefined): Promise<Page<RedemptionView>> {
    return this.query(actor, '', p, size);
  }

  /** Keyword over the name, or the id when it is a number. */
  async search(actor: Principal, keyword: string | undefined, p: string | undefined, size: string | undefined): Promise<Page<RedemptionView>> {
    return this.query(actor, boundKeyword(keyword), p, size);
  }

  async get(_actor: Principal, id: number): Promise<RedemptionView> {
    return this.view(await this.mustFind(id));
  }

  /**
   * The whole codes of the given ids, for an admin's explicit copy (the row's Copy, copy
   * selected): lists and reads carry them masked, so they never leave by accident.
   */
  async keys(_actor: Principal, ids: number[]): Promise<{ id: number; key: string }[]> {
    const rows = await this.db.manager.createQueryBuilder(RedemptionEntity, 'r').where('r.id IN (:...ids)', { ids }).getMany();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const r = byId.get(id);
      return r ? [{ id, key: this.box.open(r.keySealed) }] : [];
    });
  }

  /** Generates `count` codes and returns them; lists and reads carry them masked. */
  async create(actor: Principal, input: RedemptionCreateInput): Promise<string[]> {
    const { name, count, quota, expired_time: expiredTime } = input;
    const now = nowSeconds();
    const codes = Array.from({ length: count }, () => randomHex(CODE_BYTES));
    await this.db.write(async (em) => {
      for (const code of codes) {
        await em.insert(RedemptionEntity, {
          userId: actor.id,
          name,
          keySealed: this.box.seal(code),
          keyHash: sha256Hex(code),
          status: REDEMPTION_UNUSED,
          quota,
          createdTime: now,
          redeemedTime: 0,
          usedUserId: 0,
          expiredTime,
        });
      }
      // Name, count and value: never the codes.
      await this.audit.recordIn(em, { action: 'redemption.create', target: { type: 'redemption', id: name }, detail: { name, count, quota, expired_time: expiredTime } });
    });
    return codes;
  }

  /** Edits name, quota and expiry of an unused code (one conditional statement). */
  async update(actor: Principal, input: RedemptionUpdateInput): Promise<RedemptionView> {
    const id = input.id;
    const patch: Partial<RedemptionEntity> = {};
    if (input.name !== undefined) patch.name = input.name;
    if (input.quota !== undefined) patch.quota = input.quota;
    if (input.expired_time !== undefined) patch.expiredTime = input.expired_time;
    if (Object.keys(patch).length > 0) {
      const res = await this.db.write((em) =>
        em
          .createQueryBuilder()
          .update(RedemptionEntity)
          .set(patch)
          .where('id = :id AND status = :unused', { id, unused: REDEMPTION_UNUSED })
          .execute(),
      );
      if (DatabaseService.affected(res) !== 1) {
        await this.mustFind(id);
        throw RedemptionsError.of('redemption.edit_unused_only', {}, 409);
      }
    } else {
      const r = await this.mustFind(id);
      if (r.status !== REDEMPTION_UNUSED) throw RedemptionsError.of('redemption.edit_unused_only', {}, 409);
    }
    return this.get(actor, id);
  }

  /** Enable (2 -> 1) or disable (1 -> 2). A used code is final: neither applies to it. */
  async setStatus(actor: Principal, input: { id: number; status: typeof REDEMPTION_UNUSED | typeof REDEMPTION_DISABLED }): Promise<RedemptionView> {
    const { id, status } = input;
    const res = await this.db.write((em) =>
      em
        .createQueryBuilder()
        .update(RedemptionEntity)
        .set({ status })
        .where('id = :id AND status IN (:...open)', { id, open: [REDEMPTION_UNUSED, REDEMPTION_DISABLED] })
        .execute(),
    );
    if (DatabaseService.affected(res) !== 1) {
      await this.mustFind(id);
      throw RedemptionsError.of('redemption.used_cannot_change', {}, 409);
    }
    return this.get(actor, id);
  }

  async remove(_actor: Principal, id: number): Promise<void> {
    const res = await this.db.write((em) => em.createQueryBuilder().delete().from(RedemptionEntity).where('id = :id', { id }).execute());
    if (DatabaseService.affected(res) !== 1) throw this.notFound();
  }

  /** Deletes used and expired codes; returns how many. */
  async removeInvalid(_actor: Principal): Promise<number> {
    const res = await this.db.write((em) =>
      em
        .createQueryBuilder()
        .delete()
        .from(RedemptionEntity)
        .where('status = :used OR (expired_time <> 0 AND expired_time <= :now)', { used: REDEMPTION_USED, now: nowSeconds() })
        .execute(),
    );
    return DatabaseService.affected(res);
  }

  // ---- redeeming ----

  /**
   * Credits a code to the caller exactly once however many requests race for it: the code moves
   * unused -> used by one compare-and-set, and only the request that moved it adds the quota and
   * writes the top-up log, in the same transaction. Returns the quota added.
   */
  async redeem(actor: Principal, code: string): Promise<number> {
    const found = await this.db.manager.findOne(RedemptionEntity, { where: { keyHash: sha256Hex(code) }, select: { id: true, status: true, expiredTime: true } });
    if (!found) throw RedemptionsError.of('redemption.invalid');
    const now = nowSeconds();
    // Cheap answer for the common refusals; the compare-and-set below decides anyway.
    const early = refusal(found, now);
    if (early) throw early;
    return this.db.write(async (em) => {
      const res = await em
        .createQueryBuilder()
        .update(RedemptionEntity)
        .set({ status: REDEMPTION_USED, usedUserId: actor.id, redeemedTime: now })
        .where('id = :id AND status = :unused AND (expired_time = 0 OR expired_time > :now)', { id: found.id, unused: REDEMPTION_UNUSED, now })
        .execute();
      if (DatabaseService.affected(res) !== 1) {
        const current = await em.findOne(RedemptionEntity, { where: { id: found.id } });
        throw (current && refusal(current, now)) ?? RedemptionsError.of('redemption.invalid');
      }
      // Read after winning: the row is final now, so its quota cannot change under us.
      const won = await em.findOneOrFail(RedemptionEntity, { where: { id: found.id } });
      if (!(await this.users.addQuota(em, actor.id, won.quota))) throw RedemptionsError.of('user.not_found', {}, 404);
      await this.logs.record(em, {
        userId: actor.id,
        username: actor.username,
        type: LOG_TOPUP,
        quota: won.quota,
        content: t('redemption.topup_log', 'zh', { quota: this.formatQuota(won.quota), id: won.id }),
      });
      this.logger.log(`user ${actor.id} redeemed code ${won.id} for ${won.quota}`);
      return won.quota;
    });
  }

  // ---- helpers ----

  private async query(_actor: Principal, keyword: string, p: string | undefined, size: string | undefined): Promise<Page<RedemptionView>> {
    const page = parsePage(p, size, 10);
    const qb = this.db.manager.createQueryBuilder(RedemptionEntity, 'r');
    if (keyword !== '') {
      qb.where(
        new Brackets((w) => {
          if (/^\d{1,9}$/.test(keyword)) w.orWhere('r.id = :kid', { kid: Number(keyword) });
          w.orWhere("r.name LIKE :like ESCAPE '!'", { like: `%${escapeLike(keyword)}%` });
        }),
      );
    }
    const [rows, total] = await qb.orderBy('r.id', 'DESC').skip(page.offset).take(page.pageSize).getManyAndCount();
    return toPage(rows.map((r) => this.view(r)), total, page);
  }

  private view(r: RedemptionEntity): RedemptionView {
    let code = '';
    try {
      code = this.box.open(r.keySealed);
    } catch {
      this.logger.warn(`redemption ${r.id}: the code cannot be opened with the configured encryption key`);
    }
    return toRedemptionView(r, code);
  }

  /** The bound of a code's quota follows this option: route schemas are built with it. */
  quotaPerUnit(): number {
    return this.options.num('QuotaPerUnit');
  }

  /** The amount as the log shows it: dollars when the site displays currency, else quota points. */
  private formatQuota(quota: number): string {
    if (!this.options.bool('DisplayInCurrencyEnabled')) return `${quota} 点额度`;
    return `＄${(quota / this.options.num('QuotaPerUnit')).toFixed(6)} 额度`;
  }

  private async mustFind(id: number, em: EntityManager = this.db.manager): Promise<RedemptionEntity> {
    const r = await em.findOne(RedemptionEntity, { where: { id } });
    if (!r) throw this.notFound();
    return r;
  }

  private notFound(): RedemptionsError {
    return RedemptionsError.of('redemption.not_found', {}, 404);
  }
}

/** Why a code cannot be redeemed now, or null if it can. */
function refusal(r: Pick<RedemptionEntity, 'status' | 'expiredTime'>, now: number): RedemptionsError | null {
  if (r.status === REDEMPTION_USED) return RedemptionsError.of('redemption.used', {}, 409);
  if (r.status !== REDEMPTION_UNUSED) return RedemptionsError.of('redemption.invalid');
  if (r.expiredTime !== 0 && r.expiredTime <= now) return RedemptionsError.of('redemption.expired');
  return null;
}
