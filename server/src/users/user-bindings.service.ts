import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DatabaseService } from '../database/database.service';
import { UserEntity } from './user.entity';
import { UsersService } from './users.service';

export type BindingKind = 'github' | 'linuxdo' | 'wechat' | 'telegram';
const BINDING_COLUMN: Record<BindingKind, string> = { github: 'github_id', linuxdo: 'linuxdo_id', wechat: 'wechat_id', telegram: 'telegram_id' };
const BINDING_PROP: Record<BindingKind, 'githubId' | 'linuxdoId' | 'wechatId' | 'telegramId'> = {
  github: 'githubId',
  linuxdo: 'linuxdoId',
  wechat: 'wechatId',
  telegram: 'telegramId',
};

/** Third-party sign-in ids (the oauth module's writes to an account). */
@Injectable()
export class UserBindingsService {
  constructor(
    private readonly db: DatabaseService,
    private readonly users: UsersService,
  ) {}

  /** The account bound to a provider id, deleted ones included (their ids stay taken). */
  async findByBinding(kind: BindingKind, value: string): Promise<UserEntity | null> {
    if (value === '') return null;
    return this.db.manager.findOne(UserEntity, { where: { [BINDING_PROP[kind]]: value } });
  }

  /**
   * The users table as the subquery of an UPDATE of users: MySQL 8 refuses the target table there
   * (error 1093) unless it is a derived table it must materialise (a LIMIT keeps it from merging).
   */
  private otherHolders(col: string): string {
    // At most one account holds a value (the unique index): two rows cover it and this user.
    return this.db.kind === 'mysql' ? `(SELECT id, ${col} FROM users WHERE ${col} = :v LIMIT 2)` : 'users';
  }

  /**
   * Binds a provider id to the user inside the caller's transaction, in one conditional statement:
   * false when another account holds it (the partial unique index settles a race) or the user is gone.
   */
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
    const u = await this.users.mustFind(userId);
    return u[BINDING_PROP[kind]] === '' ? 'not_bound' : 'last_method';
  }
}
