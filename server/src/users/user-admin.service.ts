import { AuditService } from '../audit/audit.service';
import { Injectable } from '@nestjs/common';
import { Brackets, type EntityManager } from 'typeorm';
import { DatabaseService } from '../database/database.service';
import { parsePage, toPage, type Page } from '../common/pagination';
import { hashPassword } from '../common/password';
import type { Principal } from '../common/request-context';
import { boundKeyword, escapeLike } from '../common/sql';
import { ROLE_ADMIN, ROLE_COMMON, ROLE_ROOT, USER_DISABLED, USER_ENABLED, USER_LOCKED, UserEntity } from './user.entity';
import { emailSchema, parseField, usernameSchema, type AdminCreateInput, type AdminUpdateInput, type UserManageInput } from './dto/user.dto';
import { toAdminView, type AdminUserView } from './user.mapper';
import { UserRegistrationService } from './user-registration.service';
import { UsersError } from './users.errors';
import { UsersService } from './users.service';

export type ManageAction = UserManageInput['action'];

/** User administration (admin and root): list, read, create, edit, and the manage actions. */
@Injectable()
export class UserAdminService {
  constructor(
    private readonly db: DatabaseService,
    private readonly users: UsersService,
    private readonly registration: UserRegistrationService,
    private readonly audit: AuditService,
  ) {}

  async list(actor: Principal, p: string | undefined, size: string | undefined): Promise<Page<AdminUserView>> {
    return this.query(actor, {}, p, size);
  }

  async search(actor: Principal, keyword: string | undefined, group: string | undefined, p: string | undefined, size: string | undefined): Promise<Page<AdminUserView>> {
    return this.query(actor, { keyword: boundKeyword(keyword), group: boundKeyword(group, 64) }, p, size);
  }

  private async query(_actor: Principal, filter: { keyword?: string; group?: string }, p: unknown, size: unknown): Promise<Page<AdminUserView>> {
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
    const user = await this.users.mustFind(id);
    this.assertCanTouch(actor, user);
    return toAdminView(user);
  }

  async create(actor: Principal, input: AdminCreateInput): Promise<void> {
    const { username, password, display_name: displayName } = input;
    // Admins create regular users only; promotion is a separate, root-only action.
    void actor;
    await this.db.write(async (em) => {
      const u = await this.registration.insert(em, { username, password, displayName });
      await this.audit.recordIn(em, { action: 'user.create', target: { type: 'user', id: u.id }, subject: { id: u.id, role: u.role }, detail: { username } });
    });
  }

  /**
   * Admin edit. Writable fields are allowlisted by the schema; quota moves by the difference,
   * atomically. A username or e-mail is checked against its rule only when it changes.
   */
  async update(actor: Principal, input: AdminUpdateInput): Promise<AdminUserView> {
    const { id } = input;
    const user = await this.users.mustFind(id);
    this.assertCanTouch(actor, user);
    const patch: Partial<UserEntity> = {};
    if (input.username !== undefined && input.username !== user.username) {
      const username = parseField('username', usernameSchema, input.username);
      const clash = await this.db.manager.findOne(UserEntity, { where: { username }, select: { id: true } });
      if (clash && clash.id !== id) throw UsersError.of('user.username_taken');
      patch.username = username;
    }
    if (input.display_name !== undefined) patch.displayName = input.display_name;
    if (input.password !== undefined) patch.passwordHash = await hashPassword(input.password);
    if (input.email !== undefined && input.email !== user.email) {
      const email = input.email === '' ? '' : parseField('email', emailSchema, input.email);
      if (email !== '' && (await this.users.emailTaken(email, id))) throw UsersError.of('user.email_taken');
      patch.email = email;
    }
    if (input.group !== undefined) patch.group = input.group;
    const quotaDelta = input.quota === undefined ? 0 : input.quota - user.quota;
    await this.db.write(async (em) => {
      if (Object.keys(patch).length > 0) await em.update(UserEntity, { id }, patch);
      if (quotaDelta !== 0) await this.applyQuotaDelta(em, id, quotaDelta);
      // Field names only: never the password or the values.
      const fields = Object.keys(patch).map((k) => (k === 'passwordHash' ? 'password' : k));
      const subject = { id, role: user.role };
      if (fields.length > 0) await this.audit.recordIn(em, { action: 'user.update', target: { type: 'user', id }, subject, detail: { fields } });
      if (quotaDelta !== 0) await this.audit.recordIn(em, { action: 'user.quota_change', target: { type: 'user', id }, subject, detail: { delta: quotaDelta, before: user.quota } });
    });
    await this.users.changed(id);
    return toAdminView(await this.users.mustFind(id));
  }

  async manage(actor: Principal, input: UserManageInput): Promise<{ role: number; status: number; quota?: number }> {
    const { id, action } = input;
    const target = await this.users.mustFind(id);
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
        await this.users.softDelete(id);
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
    await this.users.changed(id);
    const after = await this.users.mustFind(id);
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

  /** An admin cannot touch an equal or higher role; root can touch anyone. */
  private assertCanTouch(actor: Principal, target: UserEntity): void {
    if (actor.role >= ROLE_ROOT) return;
    if (target.role >= actor.role) throw UsersError.of('user.cannot_manage_peer', {}, 403);
  }
}
