import { AuditService } from '../audit/audit.service';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Brackets, type EntityManager } from 'typeorm';
import { DatabaseService } from '../database/database.service';
import { DomainError, RequestError } from '../common/domain-error';
import { parsePage, toPage, type Page } from '../common/pagination';
import type { Principal } from '../common/request-context';
import { randomAlnum, sha256Hex } from '../common/secrets';
import { boundKeyword, escapeLike, nowSeconds } from '../common/sql';
import { EventBus } from '../redis/event-bus.service';
import { hashPassword, needsRehash, verifyPassword } from '../auth/password';
import {
  ROLE_ADMIN,
  ROLE_COMMON,
  ROLE_ROOT,
  USER_DISABLED,
  USER_ENABLED,
  USER_LOCKED,
  UserEntity,
} from './user.entity';
import {
  displayNameSchema,
  emailSchema,
  parseField,
  passwordSchema,
  usernameSchema,
  type AdminCreateInput,
  type UserManageInput,
} from './dto/user.dto';
import { toAdminView, toSelfView, type AdminUserView, type SelfView } from './user.mapper';

export class UsersError extends RequestError {}

/** The fields the guard needs, cached per node and dropped on every change (all nodes). */
export interface AuthSnapshot {
  id: number;
  username: string;
  role: number;
  status: number;
  group: string;
  deleted: boolean;
}

export interface NewAccount {
  username: string;
  /** null: no password (an account made by a third-party sign-in; it can set one later). */
  password: string | null;
  displayName?: string;
  email?: string;
  role?: number;
  quota?: number;
  inviterId?: number;
  group?: string;
}

export type BindingKind = 'github' | 'linuxdo' | 'wechat' | 'telegram';
const BINDING_COLUMN: Record<BindingKind, string> = { github: 'github_id', linuxdo: 'linuxdo_id', wechat: 'wechat_id', telegram: 'telegram_id' };
const BINDING_PROP: Record<BindingKind, 'githubId' | 'linuxdoId' | 'wechatId' | 'telegramId'> = {
  github: 'githubId',
  linuxdo: 'linuxdoId',
  wechat: 'wechatId',
  telegram: 'telegramId',
};

export type ManageAction = 'promote' | 'demote' | 'disable' | 'enable' | 'delete' | 'add_quota';

const AUTH_CACHE_MS = 60_000;

@Injectable()
export class UsersService implements OnModuleInit {
  private readonly logger = new Logger('Users');
  private readonly authCache = new Map<number, { snap: AuthSnapshot; at: number }>();
  /** Snapshot reads in flight: an expired entry is read once, not once per waiting request. */
  private readonly authReading = new Map<number, Promise<UserEntity | null>>();

  constructor(
    private readonly db: DatabaseService,
    private readonly bus: EventBus,
    private readonly audit: AuditService,
  ) {}

  onModuleInit(): void {
    this.bus.on('users.changed', ({ userId }) => {
      this.authCache.delete(userId);
      this.authReading.delete(userId);
    });
  }

  // ---- lookups used by authentication ----

  async authSnapshot(id: number): Promise<AuthSnapshot | null> {
    const hit = this.authCache.get(id);
    if (hit && Date.now() - hit.at < AUTH_CACHE_MS) return hit.snap;
    let read = this.authReading.get(id);
    if (!read) {
      const shared = this.db.manager.findOne(UserEntity, { where: { id } });
      read = shared;
      this.authReading.set(id, shared);
      const done = (): void => {
        if (this.authReading.get(id) === shared) this.authReading.delete(id);
      };
      shared.then(done, done);
    }
    const u = await read;
    if (!u) return null;
    const snap: AuthSnapshot = {
      id: u.id,
      username: u.username,
      role: u.role,
      status: u.status,
      group: u.group,
      deleted: u.deletedAt !== null,
    };
    this.authCache.set(id, { snap, at: Date.now() });
    return snap;
  }

  async idByAccessToken(raw: string): Promise<number | null> {
    if (raw.length < 16 || raw.length > 128) return null;
    const u = await this.db.manager.findOne(UserEntity, {
      where: { accessTokenHash: sha256Hex(raw) },
      select: { id: true },
    });
    return u?.id ?? null;
  }

  /** Username or e-mail plus password; null for any failure (callers answer one message). */
  async checkCredentials(login: string, password: string): Promise<UserEntity | null> {
    const u = await this.db.manager
      .createQueryBuilder(UserEntity, 'u')
      .where('u.deleted_at IS NULL')
      .andWhere(new Brackets((qb) => qb.where('u.username = :login', { login }).orWhere("(u.email = :login AND u.email <> '')", { login })))
      .orderBy('u.id', 'ASC')
      .getOne();
    // Verify even for unknown users would cost time evenly; argon2 on a dummy keeps timing flat.
    const ok = await verifyPassword(u?.passwordHash ?? DUMMY_HASH, password);
    if (!u || !ok || u.status !== USER_ENABLED) return null;
    if (needsRehash(u.passwordHash)) {
      // An imported bcrypt hash (new-api / one-api): replaced by argon2id now that the password is known.
      const rehashed = await hashPassword(password);
      await this.db.write((em) => em.update(UserEntity, { id: u.id, passwordHash: u.passwordHash }, { passwordHash: rehashed }));
      u.passwordHash = rehashed;
    }
    return u;
  }

  /** The live account a login name (username or e-mail) names, for the audit log; null when none. */
  async findByLogin(login: string): Promise<{ id: number; username: string; role: number } | null> {
    if (login === '') return null;
    const u = await this.db.manager
      .createQueryBuilder(UserEntity, 'u')
      .select(['u.id', 'u.username', 'u.role'])
      .where('u.deleted_at IS NULL')
      .andWhere(new Brackets((qb) => qb.where('u.username = :login', { login }).orWhere("(u.email = :login AND u.email <> '')", { login })))
      .orderBy('u.id', 'ASC')
      .getOne();
    return u ? { id: u.id, username: u.username, role: u.role } : null;
  }

  async findByEmail(email: string): Promise<UserEntity | null> {
    if (!email) return null;
    return this.db.manager.findOne(UserEntity, { where: { email } });
  }

  async emailTaken(email: string, exceptUserId = 0): Promise<boolean> {
    const u = await this.findByEmail(email);
    return u !== null && u.id !== exceptUserId;
  }

  async findByAffCode(code: string): Promise<UserEntity | null> {
    if (!code) return null;
    return this.db.manager.findOne(UserEntity, { where: { affCode: code } });
  }

  /** The super admin's e-mail ('' when unset), for system notifications (channel auto-disable). */
  async rootEmail(): Promise<string> {
    const u = await this.db.manager
      .createQueryBuilder(UserEntity, 'u')
      .select(['u.id', 'u.email'])
      .where('u.role >= :root AND u.deleted_at IS NULL', { root: ROLE_ROOT })
      .orderBy('u.id', 'ASC')
      .getOne();
    return u?.email ?? '';
  }

  async count(): Promise<number> {
    return this.db.manager.count(UserEntity);
  }

  // ---- account creation ----

  // The rules live in dto/user.dto.ts; these read one field for the callers not converted yet.
  static validateUsername(username: unknown): string {
    return parseField('username', usernameSchema, username);
  }

  static validatePassword(password: unknown): string {
    return parseField('password', passwordSchema, password);
  }

  static validateDisplayName(name: unknown): string {
    return name === undefined ? '' : parseField('display_name', displayNameSchema, name);
  }

  static validateEmail(email: unknown): string {
    return parseField('email', emailSchema, email);
  }

  /**
   * Inserts a user inside the caller's transaction. Usernames stay reserved after deletion.
   * The inviter's reward is added by a single conditional statement in the same transaction.
   */
  async insert(em: EntityManager, acct: NewAccount, inviterReward = 0): Promise<UserEntity> {
    const exists = await em.findOne(UserEntity, { where: { username: acct.username }, select: { id: true } });
    if (exists) throw UsersError.of('user.username_taken');
    const user = em.create(UserEntity, {
      username: acct.username,
      displayName: acct.displayName && acct.displayName !== '' ? acct.displayName : acct.username,
      passwordHash: acct.password === null ? '' : await hashPassword(acct.password),
      email: acct.email ?? '',
      role: acct.role ?? ROLE_COMMON,
      status: USER_ENABLED,
      quota: acct.quota ?? 0,
      group: acct.group ?? 'default',
      inviterId: acct.inviterId ?? 0,
      affCode: randomAlnum(4),
      createdTime: nowSeconds(),
    });
    for (let attempt = 0; ; attempt++) {
      try {
        await em.insert(UserEntity, user);
        break;
      } catch (err) {
        // Aff codes are short; on the rare clash draw another (a username clash was checked above).
        if (attempt < 5 && /aff_code|UNIQUE|unique/i.test((err as Error).message) && !/username/i.test((err as Error).message)) {
          user.affCode = randomAlnum(4 + Math.floor(attempt / 2));
          continue;
        }
        if (/username/i.test((err as Error).message)) throw UsersError.of('user.username_taken');
        throw err;
      }
    }
    if (acct.inviterId && inviterReward > 0) {
      await em
        .createQueryBuilder()
        .update(UserEntity)
        .set({
          affQuota: () => `aff_quota + ${Math.trunc(inviterReward)}`,
          affHistoryQuota: () => `aff_history_quota + ${Math.trunc(inviterReward)}`,
          affCount: () => 'aff_count + 1',
        })
        .where('id = :id', { id: acct.inviterId })
        .execute();
    } else if (acct.inviterId) {
      await em
        .createQueryBuilder()
        .update(UserEntity)
        .set({ affCount: () => 'aff_count + 1' })
        .where('id = :id', { id: acct.inviterId })
        .execute();
    }
    return user;
  }

  /** First start: an empty database gets `root`. Two nodes racing here: the unique username wins. */
  async bootstrapRoot(password: string): Promise<boolean> {
    try {
      return await this.db.write(async (em) => {
        if ((await em.count(UserEntity)) > 0) return false;
        await this.insert(em, { username: 'root', password, displayName: 'Root User', role: ROLE_ROOT, quota: 100_000_000 });
        this.logger.warn('created the root account on an empty database: change its password at once');
        return true;
      });
    } catch (err) {
      if ((await this.count()) > 0) return false;
      throw err;
    }
  }

  // ---- self service ----

  async getSelf(actor: Principal): Promise<SelfView> {
    return toSelfView(await this.mustFind(actor.id));
  }

  async updateSelf(actor: Principal, body: Record<string, unknown>): Promise<SelfView> {
    const user = await this.mustFind(actor.id);
    const patch: Partial<UserEntity> = {};
    if (body.display_name !== undefined) patch.displayName = UsersService.validateDisplayName(body.display_name);
    if (body.password !== undefined && body.password !== '') {
      const password = UsersService.validatePassword(body.password);
      if (typeof body.original_password === 'string' && body.original_password !== '') {
        if (!(await verifyPassword(user.passwordHash, body.original_password))) throw UsersError.of('user.original_password_wrong');
      }
      patch.passwordHash = await hashPassword(password);
    }
    if (Object.keys(patch).length > 0) {
      await this.db.write((em) => em.update(UserEntity, { id: actor.id }, patch));
    }
    if (patch.passwordHash !== undefined) await this.audit.record({ action: 'user.password_change', target: { type: 'user', id: actor.id } });
    return toSelfView(await this.mustFind(actor.id));
  }

  async deleteSelf(actor: Principal): Promise<void> {
    if (actor.role >= ROLE_ROOT) throw UsersError.of('user.root_cannot_delete', {}, 403);
    await this.softDelete(actor.id);
  }

  /** New management access token; only its hash is kept. */
  async resetAccessToken(actor: Principal): Promise<string> {
    const token = randomAlnum(32);
    await this.db.write((em) => em.update(UserEntity, { id: actor.id }, { accessTokenHash: sha256Hex(token) }));
    await this.audit.record({ action: 'user.access_token_reset', target: { type: 'user', id: actor.id } });
    return token;
  }

  async affCode(actor: Principal): Promise<string> {
    const user = await this.mustFind(actor.id);
    if (user.affCode) return user.affCode;
    for (let i = 0; i < 5; i++) {
      const code = randomAlnum(4 + i);
      try {
        const res = await this.db.write((em) =>
          em
            .createQueryBuilder()
            .update(UserEntity)
            .set({ affCode: code })
            .where('id = :id AND aff_code IS NULL', { id: actor.id })
            .execute(),
        );
        if (DatabaseService.affected(res) === 1) return code;
        return (await this.mustFind(actor.id)).affCode ?? code;
      } catch {
        // unique clash: try a longer code
      }
    }
    throw new DomainError('internal', 'common.internal', 500);
  }

  /** Moves invitation earnings into the balance in one conditional statement. */
  async affTransfer(actor: Principal, rawQuota: unknown, quotaPerUnit: number): Promise<void> {
    const quota = toInteger(rawQuota);
    if (quota === null || quota < quotaPerUnit) throw UsersError.of('aff.transfer_min', { min: quotaPerUnit });
    const res = await this.db.write((em) =>
      em
        .createQueryBuilder()
        .update(UserEntity)
        .set({ affQuota: () => `aff_quota - ${quota}`, quota: () => `quota + ${quota}` })
        .where('id = :id AND aff_quota >= :q', { id: actor.id, q: quota })
        .execute(),
    );
    if (DatabaseService.affected(res) !== 1) throw UsersError.of('aff.insufficient');
  }

  async setEmail(userId: number, email: string): Promise<void> {
    await this.db.write((em) => em.update(UserEntity, { id: userId }, { email }));
  }

  /** Password reset: sets a new password for the account holding the e-mail. */
  async setPasswordByEmail(email: string, password: string): Promise<boolean> {
    const hash = await hashPassword(password);
    const res = await this.db.write((em) =>
      em.createQueryBuilder().update(UserEntity).set({ passwordHash: hash }).where('email = :email AND deleted_at IS NULL', { email }).execute(),
    );
    return DatabaseService.affected(res) > 0;
  }

  // ---- administration ----

  async list(actor: Principal, p: string | undefined, size: string | undefined): Promise<Page<AdminUserView>> {
    return this.query(actor, {}, p, size);
  }

  async search(actor: Principal, keyword: string | undefined, group: string | undefined, p: string | undefined, size: string | undefined): Promise<Page<AdminUserView>> {
    return this.query(actor, { keyword: boundKeyword(keyword), group: boundKeyword(group, 64) }, p, size);
  }

  private async query(
    _actor: Principal,
    filter: { keyword?: string; group?: string },
    p: unknown,
    size: unknown,
  ): Promise<Page<AdminUserView>> {
    const page = parsePage(p, size, 10);
    const qb = this.db.manager.createQueryBuilder(UserEntity, 'u');
    if (filter.keyword) {
      const like = `%${escapeLike(filter.keyword)}%`;
      qb.andWhere(
        new Brackets((w) => {
          if (/^\d+$/.test(filter.keyword as string) && Number(filter.keyword) <= 2_147_483_647) {
            w.orWhere('u.id = :kid', { kid: Number(filter.keyword) });
          }
          w.orWhere("u.username LIKE :like ESCAPE '!'", { like })
            .orWhere("u.email LIKE :like ESCAPE '!'", { like })
            .orWhere("u.display_name LIKE :like ESCAPE '!'", { like });
        }),
      );
    }
    if (filter.group) qb.andWhere('u.group = :group', { group: filter.group });
    const [rows, total] = await qb.orderBy('u.id', 'DESC').skip(page.offset).take(page.pageSize).getManyAndCount();
    return toPage(rows.map(toAdminView), total, page);
  }

  async get(actor: Principal, id: number): Promise<AdminUserView> {
    const user = await this.mustFind(id);
    this.assertCanTouch(actor, user);
    return toAdminView(user);
  }

  async adminCreate(actor: Principal, input: AdminCreateInput): Promise<void> {
    const { username, password, display_name: displayName } = input;
    // Admins create regular users only; promotion is a separate, root-only action.
    void actor;
    await this.db.write(async (em) => {
      const u = await this.insert(em, { username, password, displayName });
      await this.audit.recordIn(em, { action: 'user.create', target: { type: 'user', id: u.id }, subject: { id: u.id, role: u.role }, detail: { username } });
    });
  }

  /** Admin edit. Writable fields are allowlisted; quota moves by the difference, atomically. */
  async adminUpdate(actor: Principal, body: Record<string, unknown>): Promise<AdminUserView> {
    const id = toInteger(body.id);
    if (id === null || id <= 0) throw UsersError.of('common.invalid_id');
    const user = await this.mustFind(id);
    this.assertCanTouch(actor, user);
    const patch: Partial<UserEntity> = {};
    if (body.username !== undefined && body.username !== user.username) {
      const username = UsersService.validateUsername(body.username);
      const clash = await this.db.manager.findOne(UserEntity, { where: { username }, select: { id: true } });
      if (clash && clash.id !== id) throw UsersError.of('user.username_taken');
      patch.username = username;
    }
    if (body.display_name !== undefined) patch.displayName = UsersService.validateDisplayName(body.display_name);
    if (body.password !== undefined && body.password !== '') {
      patch.passwordHash = await hashPassword(UsersService.validatePassword(body.password));
    }
    if (body.email !== undefined && body.email !== user.email) {
      const email = body.email === '' ? '' : UsersService.validateEmail(body.email);
      if (email !== '' && (await this.emailTaken(email, id))) throw UsersError.of('user.email_taken');
      patch.email = email;
    }
    if (body.group !== undefined) {
      if (typeof body.group !== 'string' || body.group.trim() === '' || body.group.length > 64) throw UsersError.of('user.invalid_group');
      patch.group = body.group.trim();
    }
    let quotaDelta = 0;
    if (body.quota !== undefined) {
      const quota = toInteger(body.quota);
      if (quota === null || quota < 0) throw UsersError.of('user.invalid_quota');
      quotaDelta = quota - user.quota;
    }
    await this.db.write(async (em) => {
      if (Object.keys(patch).length > 0) await em.update(UserEntity, { id }, patch);
      if (quotaDelta !== 0) await this.applyQuotaDelta(em, id, quotaDelta);
      // Field names only: never the password or the values.
      const fields = Object.keys(patch).map((k) => (k === 'passwordHash' ? 'password' : k));
      const subject = { id, role: user.role };
      if (fields.length > 0) await this.audit.recordIn(em, { action: 'user.update', target: { type: 'user', id }, subject, detail: { fields } });
      if (quotaDelta !== 0) await this.audit.recordIn(em, { action: 'user.quota_change', target: { type: 'user', id }, subject, detail: { delta: quotaDelta, before: user.quota } });
    });
    await this.changed(id);
    return toAdminView(await this.mustFind(id));
  }

  async manage(actor: Principal, input: UserManageInput): Promise<{ role: number; status: number; quota?: number }> {
    const { id, action } = input;
    const target = await this.mustFind(id);
    if (target.deletedAt !== null) throw UsersError.of('user.deleted');
    this.assertCanTouch(actor, target);

    const cas = async (set: Partial<UserEntity>, where: string, params: Record<string, unknown>): Promise<boolean> => {
      const res = await this.db.write((em) =>
        em.createQueryBuilder().update(UserEntity).set(set).where(`id = :id AND ${where}`, { id, ...params }).execute(),
      );
      return DatabaseService.affected(res) === 1;
    };

    switch (action) {
      case 'promote':
        if (actor.role < ROLE_ROOT) throw UsersError.of('user.only_root_promotes', {}, 403);
        if (target.role >= ROLE_ADMIN) throw UsersError.of('user.already_admin');
        if (!(await cas({ role: ROLE_ADMIN }, 'role = :r', { r: ROLE_COMMON }))) throw UsersError.of('user.already_admin');
        break;
      case 'demote':
        if (target.role >= ROLE_ROOT) throw UsersError.of('user.root_cannot_demote');
        if (target.role === ROLE_COMMON) throw UsersError.of('user.already_common');
        if (!(await cas({ role: ROLE_COMMON }, 'role = :r', { r: ROLE_ADMIN }))) throw UsersError.of('user.already_common');
        break;
      case 'disable':
        if (target.role >= ROLE_ROOT) throw UsersError.of('user.root_cannot_disable');
        await cas({ status: USER_DISABLED }, 'role < :root', { root: ROLE_ROOT });
        break;
      case 'enable':
        if (target.status === USER_LOCKED) throw UsersError.of('user.cannot_enable');
        await cas({ status: USER_ENABLED }, 'status <> :locked', { locked: USER_LOCKED });
        break;
      case 'delete':
        if (target.role >= ROLE_ROOT) throw UsersError.of('user.root_cannot_delete');
        await this.softDelete(id);
        break;
      case 'add_quota': {
        const delta = input.value ?? input.quota;
        if (delta === undefined) throw UsersError.of('user.invalid_quota');
        await this.db.write((em) => this.applyQuotaDelta(em, id, delta));
        break;
      }
      default: {
        const never: never = action;
        throw UsersError.of('user.invalid_action', { action: String(never) });
      }
    }
    await this.changed(id);
    const after = await this.mustFind(id);
    const auditAction =
      action === 'promote' || action === 'demote'
        ? 'user.role_change'
        : action === 'disable' || action === 'enable'
          ? 'user.status_change'
          : action === 'delete'
            ? 'user.delete'
            : 'user.quota_change';
    await this.audit.record({
      action: auditAction,
      target: { type: 'user', id },
      // A promotion is about an admin from then on: the higher of the two roles decides who reads it.
      subject: { id, role: Math.max(target.role, after.role) },
      detail: {
        op: action,
        ...(auditAction === 'user.role_change' ? { role_before: target.role, role_after: after.role } : {}),
        ...(auditAction === 'user.status_change' ? { status_before: target.status, status_after: after.status } : {}),
        ...(auditAction === 'user.quota_change' ? { before: target.quota, after: after.quota } : {}),
      },
    });
    return action === 'add_quota' ? { role: after.role, status: after.status, quota: after.quota } : { role: after.role, status: after.status };
  }

  /**
   * Credits quota inside the caller's transaction (top-ups, redemptions, check-in rewards, a failed
   * task's refund), in one statement. False when the user is gone. Nothing else takes quota here:
   * charges are the ledger's statements (billing/ledger-statements.ts) and admin edits go through
   * `manage` / `update`.
   */
  async addQuota(em: EntityManager, userId: number, amount: number): Promise<boolean> {
    if (!Number.isSafeInteger(amount) || amount < 0) throw UsersError.of('user.invalid_quota');
    const res = await em
      .createQueryBuilder()
      .update(UserEntity)
      .set({ quota: () => `quota + ${amount}` })
      .where('id = :id AND deleted_at IS NULL', { id: userId })
      .execute();
    return DatabaseService.affected(res) === 1;
  }

  // ---- third-party sign-in bindings (oauth module) ----

  /** The account bound to a provider id, deleted ones included (their ids stay taken). */
  async findByBinding(kind: BindingKind, value: string): Promise<UserEntity | null> {
    if (value === '') return null;
    return this.db.manager.findOne(UserEntity, { where: { [BINDING_PROP[kind]]: value } });
  }

  /**
   * Binds a provider id to the user inside the caller's transaction, in one conditional statement:
   * false when another account holds it (the partial unique index settles a race) or the user is gone.
   */
  /**
   * The users table as the subquery of an UPDATE of users: MySQL 8 refuses the target table there
   * (error 1093) unless it is a derived table it must materialise (a LIMIT keeps it from merging).
   */
  private otherHolders(col: string): string {
    // At most one account holds a value (the unique index): two rows cover it and this user.
    return this.db.kind === 'mysql' ? `(SELECT id, ${col} FROM users WHERE ${col} = :v LIMIT 2)` : 'users';
  }

  async setBinding(em: EntityManager, userId: number, kind: BindingKind, value: string, linuxdoLevel?: number): Promise<boolean> {
    if (value === '' || value.length > 64) return false;
    const col = BINDING_COLUMN[kind];
    const set: Partial<UserEntity> = { [BINDING_PROP[kind]]: value };
    if (kind === 'linuxdo' && linuxdoLevel !== undefined) set.linuxdoLevel = linuxdoLevel;
    try {
      const res = await em
        .createQueryBuilder()
        .update(UserEntity)
        .set(set)
        .where(`id = :id AND deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM ${this.otherHolders(col)} o WHERE o.${col} = :v AND o.id <> :id)`, { id: userId, v: value })
        .execute();
      return DatabaseService.affected(res) === 1;
    } catch (err) {
      if (/unique|constraint|duplicate entry/i.test((err as Error).message)) return false;
      throw err;
    }
  }

  /**
   * Removes a binding unless it is the account's last sign-in method (a password counts as one),
   * in one conditional statement.
   */
  async clearBinding(userId: number, kind: BindingKind): Promise<'ok' | 'not_bound' | 'last_method'> {
    const col = BINDING_COLUMN[kind];
    const methods = ["password_hash <> ''", ...Object.values(BINDING_COLUMN).map((c) => `${c} <> ''`)]
      .map((cond) => `(CASE WHEN ${cond} THEN 1 ELSE 0 END)`)
      .join(' + ');
    const res = await this.db.write((em) =>
      em
        .createQueryBuilder()
        .update(UserEntity)
        .set({ [BINDING_PROP[kind]]: '' })
        .where(`id = :id AND ${col} <> '' AND (${methods}) > 1`, { id: userId })
        .execute(),
    );
    if (DatabaseService.affected(res) === 1) return 'ok';
    const u = await this.mustFind(userId);
    return u[BINDING_PROP[kind]] === '' ? 'not_bound' : 'last_method';
  }

  // ---- billing (holds and settlements are the ledger's own statements: billing/ledger-statements.ts) ----

  /** What billing reads outside its transactions: the trust bypass, reminders, sweeper logs. */
  async billingProfile(userId: number): Promise<{ username: string; email: string; quota: number } | null> {
    const u = await this.db.manager.findOne(UserEntity, { where: { id: userId }, select: { id: true, username: true, email: true, quota: true } });
    return u ? { username: u.username, email: u.email, quota: u.quota } : null;
  }

  /** Adds (or with a negative delta subtracts) quota; never below zero. One statement. */
  private async applyQuotaDelta(em: EntityManager, id: number, delta: number): Promise<void> {
    if (!Number.isSafeInteger(delta)) throw UsersError.of('user.invalid_quota');
    const qb = em.createQueryBuilder().update(UserEntity);
    const res =
      delta >= 0
        ? await qb.set({ quota: () => `quota + ${delta}` }).where('id = :id', { id }).execute()
        : await qb
            .set({ quota: () => `quota - ${-delta}` })
            .where('id = :id AND quota >= :need', { id, need: -delta })
            .execute();
    if (DatabaseService.affected(res) !== 1) throw UsersError.of('user.quota_would_be_negative');
  }

  private async softDelete(id: number): Promise<void> {
    await this.db.write((em) =>
      em
        .createQueryBuilder()
        .update(UserEntity)
        .set({ deletedAt: nowSeconds(), accessTokenHash: null, status: USER_DISABLED })
        .where('id = :id AND deleted_at IS NULL', { id })
        .execute(),
    );
    await this.changed(id);
  }

  /** An admin cannot touch an equal or higher role; root can touch anyone. */
  private assertCanTouch(actor: Principal, target: UserEntity): void {
    if (actor.role >= ROLE_ROOT) return;
    if (target.role >= actor.role) throw UsersError.of('user.cannot_manage_peer', {}, 403);
  }

  async mustFind(id: number): Promise<UserEntity> {
    const u = await this.db.manager.findOne(UserEntity, { where: { id } });
    if (!u) throw UsersError.of('user.not_found', {}, 404);
    return u;
  }

  private async changed(userId: number): Promise<void> {
    this.authCache.delete(userId);
    this.authReading.delete(userId);
    await this.bus.publish('users.changed', { userId });
  }
}

/** An argon2 hash of a random string, so unknown users cost the same as wrong passwords. */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2x1aWNlZHVtbXlzYWx0$0mX4Bz3pN7wYp4b9m1Qk2XkEw1m6m2y8m0cQ3e5c6aQ';

export function toInteger(v: unknown): number | null {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d{1,15}$/.test(v.trim())) return Number(v.trim());
  return null;
}

export { ROLE_ADMIN, ROLE_COMMON, ROLE_ROOT, USER_ENABLED };
