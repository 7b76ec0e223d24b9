import { Injectable, OnModuleInit } from '@nestjs/common';
import { Brackets, type EntityManager } from 'typeorm';
import { DatabaseService } from '../database/database.service';
import type { Principal } from '../common/request-context';
import { sha256Hex } from '../common/secrets';
import { nowSeconds } from '../common/sql';
import { EventBus } from '../redis/event-bus.service';
import { ROLE_ADMIN, ROLE_COMMON, ROLE_ROOT, USER_DISABLED, USER_ENABLED, UserEntity } from './user.entity';
import { toSelfView, type SelfView } from './user.mapper';
import { UsersError } from './users.errors';

/**
 * The accounts every other domain reads: the guard's cached snapshot, lookups by login, e-mail
 * and invitation code, quota credits, soft deletion and the change notice that drops the caches.
 * The jobs on top live beside it: credentials (user-credentials.service.ts), registration,
 * self-service, affiliate, administration and bindings.
 */

/** The fields the guard needs, cached per node and dropped on every change (all nodes). */
export interface AuthSnapshot {
  id: number;
  username: string;
  role: number;
  status: number;
  group: string;
  deleted: boolean;
}

const AUTH_CACHE_MS = 60_000;

@Injectable()
export class UsersService implements OnModuleInit {
  private readonly authCache = new Map<number, { snap: AuthSnapshot; at: number }>();
  /** Snapshot reads in flight: an expired entry is read once, not once per waiting request. */
  private readonly authReading = new Map<number, Promise<UserEntity | null>>();

  constructor(
    private readonly db: DatabaseService,
    private readonly bus: EventBus,
  ) {}

  onModuleInit(): void {
    this.bus.on('users.changed', ({ userId }) => {
      this.authCache.delete(userId);
      this.authReading.delete(userId);
    });
  }

  // ---- lookups used by authentication ----

  /** The cached snapshot while it is fresh, without a promise (the relay's hot path); undefined when it must be read. */
  cachedAuthSnapshot(id: number): AuthSnapshot | undefined {
    const hit = this.authCache.get(id);
    return hit && Date.now() - hit.at < AUTH_CACHE_MS ? hit.snap : undefined;
  }

  async authSnapshot(id: number): Promise<AuthSnapshot | null> {
    const hit = this.cachedAuthSnapshot(id);
    if (hit) return hit;
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

  /** The bound e-mail (checked and verified by the caller: auth's e-mail binding; tests seed it). */
  async setEmail(userId: number, email: string): Promise<void> {
    await this.db.write((em) => em.update(UserEntity, { id: userId }, { email }));
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

  /** What the caller sees of themself (GET /api/user/self, the relay's info route). */
  async getSelf(actor: Principal): Promise<SelfView> {
    return toSelfView(await this.mustFind(actor.id));
  }

  /**
   * Credits quota inside the caller's transaction (top-ups, redemptions, check-in rewards, a failed
   * task's refund), in one statement. False when the user is gone. Nothing else takes quota here:
   * charges are the ledger's statements (billing/ledger-statements.ts) and admin edits go through
   * `UserAdminService.manage` / `update`.
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

  // ---- billing (holds and settlements are the ledger's own statements: billing/ledger-statements.ts) ----

  /** What billing reads outside its transactions: the trust bypass, reminders, sweeper logs. */
  async billingProfile(userId: number): Promise<{ username: string; email: string; quota: number } | null> {
    const u = await this.db.manager.findOne(UserEntity, { where: { id: userId }, select: { id: true, username: true, email: true, quota: true } });
    return u ? { username: u.username, email: u.email, quota: u.quota } : null;
  }

  // ---- shared by the jobs on top ----

  async mustFind(id: number): Promise<UserEntity> {
    const u = await this.db.manager.findOne(UserEntity, { where: { id } });
    if (!u) throw UsersError.of('user.not_found', {}, 404);
    return u;
  }

  /** Marks the account deleted (its username stays reserved), drops its access token, and tells every node. */
  async softDelete(id: number): Promise<void> {
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

  /** After a change the guard must see at once (role, status, group, deletion): drops the snapshot on every node. */
  async changed(userId: number): Promise<void> {
    this.authCache.delete(userId);
    this.authReading.delete(userId);
    await this.bus.publish('users.changed', { userId });
  }
}

export { ROLE_ADMIN, ROLE_COMMON, ROLE_ROOT, USER_ENABLED };
