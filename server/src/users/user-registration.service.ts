import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DatabaseService } from '../database/database.service';
import { hashPassword } from '../common/password';
import { randomAlnum } from '../common/secrets';
import { nowSeconds } from '../common/sql';
import { ROLE_COMMON, ROLE_ROOT, USER_ENABLED, UserEntity } from './user.entity';
import { UsersError } from './users.errors';

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

/** New accounts: sign-up, third-party sign-in, admin creation and the first start's root. */
@Injectable()
export class UserRegistrationService {
  private readonly logger = new Logger('Users');

  constructor(private readonly db: DatabaseService) {}

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
      if ((await this.db.manager.count(UserEntity)) > 0) return false;
      throw err;
    }
  }
}
