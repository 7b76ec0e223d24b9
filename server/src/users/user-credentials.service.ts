import { AuditService } from '../audit/audit.service';
import { Injectable } from '@nestjs/common';
import { Brackets } from 'typeorm';
import { DatabaseService } from '../database/database.service';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from '../common/password';
import type { Principal } from '../common/request-context';
import { randomAlnum, sha256Hex } from '../common/secrets';
import { USER_ENABLED, UserEntity } from './user.entity';
import { UsersError } from './users.errors';

/** Passwords and the management access token: checking, setting, resetting. Hashing is common/password.ts. */
@Injectable()
export class UserCredentialsService {
  constructor(
    private readonly db: DatabaseService,
    private readonly audit: AuditService,
  ) {}

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

  /**
   * The caller changes their own password. When they give the current one it must match (the
   * reference's newer clients send it; older ones do not).
   */
  async changePassword(actor: Principal, password: string, original: string | undefined): Promise<void> {
    if (original !== undefined && original !== '') {
      const u = await this.db.manager.findOne(UserEntity, { where: { id: actor.id }, select: { id: true, passwordHash: true } });
      if (!u) throw UsersError.of('user.not_found', {}, 404);
      if (!(await verifyPassword(u.passwordHash, original))) throw UsersError.of('user.original_password_wrong');
    }
    const passwordHash = await hashPassword(password);
    await this.db.write((em) => em.update(UserEntity, { id: actor.id }, { passwordHash }));
    await this.audit.record({ action: 'user.password_change', target: { type: 'user', id: actor.id } });
  }

  /** Password reset: sets a new password for the account holding the e-mail. */
  async setPasswordByEmail(email: string, password: string): Promise<boolean> {
    const hash = await hashPassword(password);
    const res = await this.db.write((em) =>
      em.createQueryBuilder().update(UserEntity).set({ passwordHash: hash }).where('email = :email AND deleted_at IS NULL', { email }).execute(),
    );
    return DatabaseService.affected(res) > 0;
  }

  /** New management access token; only its hash is kept. */
  async resetAccessToken(actor: Principal): Promise<string> {
    const token = randomAlnum(32);
    await this.db.write((em) => em.update(UserEntity, { id: actor.id }, { accessTokenHash: sha256Hex(token) }));
    await this.audit.record({ action: 'user.access_token_reset', target: { type: 'user', id: actor.id } });
    return token;
  }
}
