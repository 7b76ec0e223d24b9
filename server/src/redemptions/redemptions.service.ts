import { AuditService } from '../audit/audit.service';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Brackets, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DatabaseService } from '../database/database.service';
import { RequestError } from '../common/domain-error';
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
import { toRedemptionView, type RedemptionView } from './redemption.mapper';

export class RedemptionsError extends RequestError {}
export type { RedemptionView };

type Body = Record<string, unknown>;

/** Reference limits: names of 1-20 characters, at most 100 codes per call. */
const NAME_MAX = 20;
const COUNT_MAX = 100;
const DEFAULT_QUOTA = 100_000;
/** 16 random bytes: 32 lowercase hex characters, like a UUID without dashes. */
const CODE_BYTES = 16;
const CODE_INPUT_MAX = 64;

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

  async list(actor: Principal, p: unknown, size: unknown): Promise<Page<RedemptionView>> {
    return this.query(actor, '', p, size);
  }

  /** Keyword over the name, or the id when it is a number. */
  async search(actor: Principal, keyword: unknown, p: unknown, size: unknown): Promise<Page<RedemptionView>> {
    return this.query(actor, boundKeyword(keyword), p, size);
  }

  async get(_actor: Principal, id: number): Promise<RedemptionView> {
    return this.view(await this.mustFind(id));
  }

  /**
   * The whole codes of the given ids, for an admin's explicit copy (the row's Copy, copy
   * selected): lists and reads carry them masked, so they never leave by accident.
   */
  async keys(_actor: Principal, body: Body): Promise<{ id: number; key: string }[]> {
    const ids = body.ids;
    if (!Array.isArray(ids) || ids.length < 1 || ids.length > COUNT_MAX || !ids.every((v) => Number.isSafeInteger(v) && (v as number) > 0)) {
      throw RedemptionsError.of('redemption.ids_invalid', { max: COUNT_MAX });
    }
    const rows = await this.db.manager.createQueryBuilder(RedemptionEntity, 'r').where('r.id IN (:...ids)', { ids }).getMany();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return (ids as number[]).flatMap((id) => {
      const r = byId.get(id);
      return r ? [{ id, key: this.box.open(r.keySealed) }] : [];
    });
  }

  /** Generates `count` codes and returns them; lists and reads carry them masked. */
  async create(actor: Principal, body: Body): Promise<string[]> {
    const name = validateName(body.name, true) as string;
    const count = validateCount(body.count);
    const quota = this.validateQuota(body.quota ?? DEFAULT_QUOTA);
    const expiredTime = validateExpiry(body.expired_time ?? 0);
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
  async update(actor: Principal, body: Body): Promise<RedemptionView> {
    const id = idOf(body.id);
    const patch: Partial<RedemptionEntity> = {};
    const name = validateName(body.name, false);
    if (name !== undefined) patch.name = name;
    if (body.quota !== undefined) patch.quota = this.validateQuota(body.quota);
    if (body.expired_time !== undefined) patch.expiredTime = validateExpiry(body.expired_time);
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
  async setStatus(actor: Principal, body: Body): Promise<RedemptionView> {
    const id = idOf(body.id);
    const status = toInt(body.status);
    if (status !== REDEMPTION_UNUSED && status !== REDEMPTION_DISABLED) throw RedemptionsError.of('redemption.invalid_status');
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
  async redeem(actor: Principal, rawKey: unknown): Promise<number> {
    const code = typeof rawKey === 'string' ? rawKey.trim().toLowerCase() : '';
    if (code === '') throw RedemptionsError.of('redemption.key_required');
    if (code.length > CODE_INPUT_MAX) throw RedemptionsError.of('redemption.invalid');
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

  private async query(_actor: Principal, keyword: string, p: unknown, size: unknown): Promise<Page<RedemptionView>> {
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

  private validateQuota(v: unknown): number {
    const max = Math.min(Math.floor(1e9 * this.options.num('QuotaPerUnit')), Number.MAX_SAFE_INTEGER);
    const n = toInt(v);
    if (n === null || n < 1 || n > max) throw RedemptionsError.of('redemption.quota_invalid', { max });
    return n;
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

function toInt(v: unknown): number | null {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d{1,16}$/.test(v.trim())) {
    const n = Number(v.trim());
    return Number.isSafeInteger(n) ? n : null;
  }
  return null;
}

function idOf(v: unknown): number {
  const id = toInt(v);
  if (id === null || id <= 0 || id > 2_147_483_647) throw RedemptionsError.of('common.invalid_id');
  return id;
}

/** 1-20 characters. On edit an absent name stays as it is (undefined). */
function validateName(v: unknown, required: boolean): string | undefined {
  if (v === undefined || v === null) {
    if (required) throw RedemptionsError.of('redemption.name_required');
    return undefined;
  }
  if (typeof v !== 'string') throw RedemptionsError.of('redemption.name_length');
  const name = v.trim();
  if (name === '') throw RedemptionsError.of(required ? 'redemption.name_required' : 'redemption.name_length');
  if ([...name].length > NAME_MAX) throw RedemptionsError.of('redemption.name_length');
  return name;
}

function validateCount(v: unknown): number {
  if (v === undefined || v === null || v === '') return 1;
  const n = toInt(v);
  if (n === null || n <= 0) throw RedemptionsError.of('redemption.count_positive');
  if (n > COUNT_MAX) throw RedemptionsError.of('redemption.count_max');
  return n;
}

/** 0 (never) or a unix time in the future. */
function validateExpiry(v: unknown): number {
  const n = toInt(v);
  if (n === null || n < 0) throw RedemptionsError.of('redemption.expire_time_invalid');
  if (n !== 0 && n <= nowSeconds()) throw RedemptionsError.of('redemption.expire_time_invalid');
  return n;
}
