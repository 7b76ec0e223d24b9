import { AuditService } from '../audit/audit.service';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DatabaseService } from '../database/database.service';
import { parsePage } from '../common/pagination';
import type { Principal } from '../common/request-context';
import { randomAlnum, SecretBox, sha256Hex } from '../common/secrets';
import { boundKeyword, escapeLike, nowSeconds } from '../common/sql';
import { GroupsService } from '../options/groups.service';
import { OptionsService } from '../options/options.service';
import { EventBus } from '../redis/event-bus.service';
import {
  NEVER_EXPIRES,
  TOKEN_DISABLED,
  TOKEN_ENABLED,
  TOKEN_EXHAUSTED,
  TOKEN_EXPIRED,
  TokenEntity,
} from './token.entity';
import { TOKENS_PER_USER_MAX, type TokenCreateInput, type TokenFieldsInput, type TokenUpdateInput } from './dto/token.dto';
import { bareKey, TOKEN_DEFAULT_QUOTA, TOKEN_NAME_SUFFIX_LENGTH, tokenNames } from './token-key';
import { toAuthView, toTokenView, type TokenAuthView, type TokenView } from './token.mapper';
import { TokensError } from './tokens.errors';

export { TokensError };
export type { TokenAuthView, TokenView };

const KEY_LENGTH = 48;
const KEY_SHAPE = /^[0-9a-zA-Z]{16,128}$/;

/**
 * API tokens: the owner's management calls (own tokens only; another user's id is a 404) and
 * the relay's admission and quota calls. The key is sealed at rest and found by its sha256.
 */
@Injectable()
export class TokensService {
  private readonly logger = new Logger('Tokens');
  private readonly box: SecretBox;

  constructor(
    private readonly db: DatabaseService,
    private readonly options: OptionsService,
    private readonly groups: GroupsService,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly bus: EventBus,
    private readonly audit: AuditService,
  ) {
    this.box = new SecretBox(config.encryptionKey);
  }

  // ---- owner calls ----

  async list(actor: Principal, p: string | undefined, size: string | undefined): Promise<TokenView[]> {
    return this.query(actor, {}, p, size);
  }

  /** `keyword` matches names; `token` is a whole key (with or without `sk-`), matched by hash. */
  async search(actor: Principal, keyword: string | undefined, token: string | undefined, p: string | undefined, size: string | undefined): Promise<TokenView[]> {
    const key = token !== undefined ? bareKey(token) : '';
    return this.query(actor, { keyword: boundKeyword(keyword), keyHash: key === '' ? undefined : sha256Hex(key) }, p, size);
  }

  /** One token with its whole key: a key view, audited (the token's id and name, never the key). */
  async get(actor: Principal, id: number): Promise<TokenView> {
    const t = await this.mustOwn(actor, id);
    await this.audit.record({ action: 'token.key_view', target: { type: 'token', id }, detail: { name: t.name } });
    return this.view(t);
  }

  /** Creates `count` tokens (1 by default) and returns them, keys included, to their owner. */
  async create(actor: Principal, input: TokenCreateInput): Promise<TokenView[]> {
    const count = input.count;
    const f = fieldsOf(input);
    this.checkGroup(actor, f.group);
    const now = nowSeconds();
    const names = tokenNames(f.name ?? '', count, () => randomAlnum(TOKEN_NAME_SUFFIX_LENGTH));
    const rows = names.map((name) => {
      const key = randomAlnum(KEY_LENGTH);
      return {
        key,
        row: {
          userId: actor.id,
          name,
          keySealed: this.box.seal(key),
          keyHash: sha256Hex(key),
          status: TOKEN_ENABLED,
          remainQuota: f.remainQuota ?? TOKEN_DEFAULT_QUOTA,
          usedQuota: 0,
          unlimitedQuota: f.unlimitedQuota ?? false,
          expiredTime: f.expiredTime ?? NEVER_EXPIRES,
          createdTime: now,
          accessedTime: now,
          modelLimitsEnabled: f.modelLimitsEnabled ?? false,
          modelLimits: f.modelLimits ?? '',
          ipLimits: f.ipLimits ?? '',
          rateLimitEnabled: f.rateLimitEnabled ?? false,
          rateLimitInterval: f.rateLimitInterval ?? 1,
          rateLimitCount: f.rateLimitCount ?? 1,
          rpmLimit: f.rpmLimit ?? 0,
          tpmLimit: f.tpmLimit ?? 0,
          concurrencyLimit: f.concurrencyLimit ?? 0,
          group: f.group as string,
        },
      };
    });
    const ids = await this.db.write(async (em) => {
      const have = await em.count(TokenEntity, { where: { userId: actor.id } });
      if (have + count > TOKENS_PER_USER_MAX) throw TokensError.of('token.too_many', { max: TOKENS_PER_USER_MAX });
      const out: number[] = [];
      for (const { row } of rows) {
        const res = await em.insert(TokenEntity, row);
        out.push(Number((res.identifiers[0] as { id: number }).id));
      }
      await this.audit.recordIn(em, { action: 'token.create', target: { type: 'token', id: out.join(',') }, detail: { ids: out, count } });
      return out;
    });
    const created = await this.db.manager.find(TokenEntity, { where: { id: In(ids) } });
    const keyOf = new Map(rows.map((r, i) => [ids[i], r.key]));
    return created.sort((a, b) => a.id - b.id).map((t) => toTokenView(t, keyOf.get(t.id) ?? ''));
  }

  /**
   * Full edit. Absent fields keep their value; the status is changed only by the status call.
   * remain_quota is written only when it differs from the stored value, so saving a name does
   * not undo what the relay spent meanwhile.
   */
  async update(actor: Principal, input: TokenUpdateInput): Promise<TokenView> {
    const id = input.id;
    const f = fieldsOf(input);
    if (f.group !== undefined) this.checkGroup(actor, f.group);
    const current = await this.mustOwn(actor, id);
    const patch = this.patchOf(f, current);
    if (Object.keys(patch).length > 0) {
      const res = await this.db.write((em) =>
        em.createQueryBuilder().update(TokenEntity).set(patch).where('id = :id AND user_id = :u', { id, u: actor.id }).execute(),
      );
      if (DatabaseService.affected(res) !== 1) throw this.notFound();
      await this.changed([id]);
    }
    return this.get(actor, id);
  }

  /**
   * Enable or disable. Enabling is refused while the token is expired or used up (whatever its
   * status says), in one conditional statement, so the message tells what to fix first.
   */
  async setStatus(actor: Principal, input: { id: number; status: typeof TOKEN_ENABLED | typeof TOKEN_DISABLED }): Promise<TokenView> {
    const { id, status } = input;
    const now = nowSeconds();
    const res = await this.db.write((em) => {
      const qb = em.createQueryBuilder().update(TokenEntity).set({ status }).where('id = :id AND user_id = :u', { id, u: actor.id });
      if (status === TOKEN_ENABLED) {
        qb.andWhere('(expired_time = :never OR expired_time > :now)', { never: NEVER_EXPIRES, now }).andWhere(
          '(unlimited_quota OR remain_quota > 0)',
        );
      }
      return qb.execute();
    });
    if (DatabaseService.affected(res) !== 1) {
      const t = await this.mustOwn(actor, id);
      if (t.expiredTime !== NEVER_EXPIRES && t.expiredTime <= now) throw TokensError.of('token.expired_cannot_enable', {}, 409);
      throw TokensError.of('token.exhausted_cannot_enable', {}, 409);
    }
    await this.changed([id]);
    return this.get(actor, id);
  }

  async remove(actor: Principal, id: number): Promise<void> {
    const res = await this.db.write((em) =>
      em.createQueryBuilder().delete().from(TokenEntity).where('id = :id AND user_id = :u', { id, u: actor.id }).execute(),
    );
    if (DatabaseService.affected(res) !== 1) throw this.notFound();
    await this.changed([id]);
  }

  /** Deletes the caller's tokens among `ids`; others' ids are skipped. Returns how many went. */
  async removeMany(actor: Principal, ids: number[]): Promise<number> {
    const res = await this.db.write((em) =>
      em.createQueryBuilder().delete().from(TokenEntity).where('user_id = :u AND id IN (:...ids)', { u: actor.id, ids }).execute(),
    );
    const n = DatabaseService.affected(res);
    if (n > 0) await this.changed(ids);
    return n;
  }

  // ---- relay calls ----

  /**
   * Finds the token of a relay key (with or without `sk-`) by hash. An enabled token found past
   * its expiry, or a limited one at or below zero, is moved to expired/exhausted (compare-and-set)
   * and reported with that status. Null when no token has this key.
   */
  async authenticate(rawKey: string): Promise<TokenAuthView | null> {
    const key = bareKey(rawKey);
    if (!KEY_SHAPE.test(key)) return null;
    const t = await this.db.manager.findOne(TokenEntity, { where: { keyHash: sha256Hex(key) } });
    if (!t) return null;
    let status = t.status;
    if (status === TOKEN_ENABLED && t.expiredTime !== NEVER_EXPIRES && t.expiredTime <= nowSeconds()) {
      await this.markExpired(t.id);
      status = TOKEN_EXPIRED;
    } else if (status === TOKEN_ENABLED && !t.unlimitedQuota && t.remainQuota <= 0) {
      await this.markExhausted(t.id);
      status = TOKEN_EXHAUSTED;
    }
    return toAuthView(t, status);
  }

  /** The relay view of a token by id (billing: the trust bypass and sweeper logs). */
  async byId(tokenId: number): Promise<TokenAuthView | null> {
    const t = await this.db.manager.findOne(TokenEntity, { where: { id: tokenId } });
    return t ? toAuthView(t, t.status) : null;
  }

  /**
   * Gives `amount` back to the token inside the caller's transaction (a failed task's refund; relay
   * holds and settlements are the ledger's own statements). A refund that lifts an exhausted token
   * above zero enables it again, in the same statement. False when the token no longer exists.
   */
  async refund(em: EntityManager, tokenId: number, amount: number): Promise<boolean> {
    if (!Number.isSafeInteger(amount) || amount < 0) throw TokensError.of('token.quota_invalid');
    if (amount === 0) return (await em.count(TokenEntity, { where: { id: tokenId } })) === 1;
    const res = await em
      .createQueryBuilder()
      .update(TokenEntity)
      // status first: MySQL assigns left to right, so a later expression would see the new remain_quota.
      .set({
        status: () => `CASE WHEN status = ${TOKEN_EXHAUSTED} AND (unlimited_quota OR remain_quota + ${amount} > 0) THEN ${TOKEN_ENABLED} ELSE status END`,
        remainQuota: () => `remain_quota + ${amount}`,
        usedQuota: () => `used_quota - ${amount}`,
      })
      .where('id = :id', { id: tokenId })
      .execute();
    return DatabaseService.affected(res) === 1;
  }

  /** Enabled -> expired, only if the expiry really passed. */
  async markExpired(tokenId: number, em?: EntityManager): Promise<boolean> {
    const run = (m: EntityManager) =>
      m
        .createQueryBuilder()
        .update(TokenEntity)
        .set({ status: TOKEN_EXPIRED })
        .where('id = :id AND status = :enabled', { id: tokenId, enabled: TOKEN_ENABLED })
        .andWhere('expired_time <> :never AND expired_time <= :now', { never: NEVER_EXPIRES, now: nowSeconds() })
        .execute();
    const res = em ? await run(em) : await this.db.write(run);
    return DatabaseService.affected(res) === 1;
  }

  /** Enabled -> exhausted, only if a limited token is really at or below zero. */
  async markExhausted(tokenId: number, em?: EntityManager): Promise<boolean> {
    const run = (m: EntityManager) =>
      m
        .createQueryBuilder()
        .update(TokenEntity)
        .set({ status: TOKEN_EXHAUSTED })
        .where('id = :id AND status = :enabled', { id: tokenId, enabled: TOKEN_ENABLED })
        .andWhere('NOT unlimited_quota AND remain_quota <= 0')
        .execute();
    const res = em ? await run(em) : await this.db.write(run);
    return DatabaseService.affected(res) === 1;
  }

  // ---- helpers ----

  /** Relay nodes cache token views for a few seconds; a change drops them everywhere at once. */
  private async changed(ids: number[]): Promise<void> {
    await this.bus.publish('tokens.changed', { ids });
  }

  private async query(actor: Principal, filter: { keyword?: string; keyHash?: string }, p: string | undefined, size: string | undefined): Promise<TokenView[]> {
    const page = parsePage(p, size, 10);
    const qb = this.db.manager.createQueryBuilder(TokenEntity, 't').where('t.user_id = :u', { u: actor.id });
    if (filter.keyword) qb.andWhere("t.name LIKE :like ESCAPE '!'", { like: `%${escapeLike(filter.keyword)}%` });
    if (filter.keyHash) qb.andWhere('t.key_hash = :h', { h: filter.keyHash });
    const rows = await qb.orderBy('t.id', 'DESC').skip(page.offset).take(page.pageSize).getMany();
    return rows.map((t) => this.view(t));
  }

  private view(t: TokenEntity): TokenView {
    let key = '';
    try {
      key = this.box.open(t.keySealed);
    } catch {
      // A changed ENCRYPTION_KEY: show the row without its key rather than fail the whole list.
      this.logger.warn(`token ${t.id}: the key cannot be opened with the configured encryption key`);
    }
    return toTokenView(t, key);
  }

  private patchOf(f: TokenFields, current: TokenEntity): Partial<TokenEntity> {
    const patch: Partial<TokenEntity> = {};
    if (f.name !== undefined) patch.name = f.name;
    if (f.remainQuota !== undefined && f.remainQuota !== current.remainQuota) patch.remainQuota = f.remainQuota;
    if (f.unlimitedQuota !== undefined) patch.unlimitedQuota = f.unlimitedQuota;
    if (f.expiredTime !== undefined) patch.expiredTime = f.expiredTime;
    if (f.modelLimitsEnabled !== undefined) patch.modelLimitsEnabled = f.modelLimitsEnabled;
    if (f.modelLimits !== undefined) patch.modelLimits = f.modelLimits;
    if (f.ipLimits !== undefined) patch.ipLimits = f.ipLimits;
    if (f.rateLimitEnabled !== undefined) patch.rateLimitEnabled = f.rateLimitEnabled;
    if (f.rateLimitInterval !== undefined) patch.rateLimitInterval = f.rateLimitInterval;
    if (f.rateLimitCount !== undefined) patch.rateLimitCount = f.rateLimitCount;
    if (f.rpmLimit !== undefined) patch.rpmLimit = f.rpmLimit;
    if (f.tpmLimit !== undefined) patch.tpmLimit = f.tpmLimit;
    if (f.concurrencyLimit !== undefined) patch.concurrencyLimit = f.concurrencyLimit;
    if (f.group !== undefined) patch.group = f.group;
    return patch;
  }

  /** A token group is required and must be one the user may pick. */
  private checkGroup(actor: Principal, group: string | undefined): void {
    if (group === undefined || group === '') throw TokensError.of('token.group_required');
    if (!this.groups.canUse(actor.group, group)) throw TokensError.of('token.group_forbidden', { group: group.slice(0, 64) }, 403);
  }

  private async mustOwn(actor: Principal, id: number): Promise<TokenEntity> {
    const t = await this.db.manager.findOne(TokenEntity, { where: { id, userId: actor.id } });
    if (!t) throw this.notFound();
    return t;
  }

  private notFound(): TokensError {
    return TokensError.of('token.not_found', {}, 404);
  }

  /** The bound of remain_quota follows this option: route schemas are built with it. */
  quotaPerUnit(): number {
    return this.options.num('QuotaPerUnit');
  }
}

/** A token's writable fields as the service applies them; undefined means "keep". */
interface TokenFields {
  name?: string;
  remainQuota?: number;
  unlimitedQuota?: boolean;
  expiredTime?: number;
  modelLimitsEnabled?: boolean;
  modelLimits?: string;
  ipLimits?: string;
  rateLimitEnabled?: boolean;
  rateLimitInterval?: number;
  rateLimitCount?: number;
  rpmLimit?: number;
  tpmLimit?: number;
  concurrencyLimit?: number;
  group?: string;
}

/** Lists are stored comma-joined; a null list is "not sent", like an absent one. */
function fieldsOf(b: TokenFieldsInput): TokenFields {
  const ips = b.ip_limits ?? b.allow_ips;
  return {
    name: b.name,
    remainQuota: b.remain_quota,
    unlimitedQuota: b.unlimited_quota,
    expiredTime: b.expired_time,
    modelLimitsEnabled: b.model_limits_enabled,
    modelLimits: b.model_limits == null ? undefined : b.model_limits.join(','),
    ipLimits: ips == null ? undefined : ips.join(','),
    rateLimitEnabled: b.rate_limit_enabled,
    rateLimitInterval: b.rate_limit_interval,
    rateLimitCount: b.rate_limit_count,
    rpmLimit: b.rpm_limit,
    tpmLimit: b.tpm_limit,
    concurrencyLimit: b.concurrency_limit,
    group: b.group,
  };
}
