import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database/database.service';
import { DomainError } from '../common/domain-error';
import type { Principal } from '../common/request-context';
import { randomAlnum } from '../common/secrets';
import { UserEntity } from './user.entity';
import { UsersError } from './users.errors';
import { UsersService } from './users.service';

/** Invitations: the caller's invitation code and moving invitation earnings into the balance. */
@Injectable()
export class UserAffiliateService {
  constructor(
    private readonly db: DatabaseService,
    private readonly users: UsersService,
  ) {}

  /** The caller's invitation code, drawn on first use when the account has none. */
  async affCode(actor: Principal): Promise<string> {
    const user = await this.users.mustFind(actor.id);
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
        return (await this.users.mustFind(actor.id)).affCode ?? code;
      } catch {
        // unique clash: try a longer code
      }
    }
    throw new DomainError('internal', 'common.internal', 500);
  }

  /** Moves invitation earnings into the balance in one conditional statement; at least one unit (QuotaPerUnit). */
  async affTransfer(actor: Principal, quota: number, quotaPerUnit: number): Promise<void> {
    if (quota < quotaPerUnit) throw UsersError.of('aff.transfer_min', { min: quotaPerUnit });
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
}
