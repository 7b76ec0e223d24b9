import { Injectable } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { DatabaseService } from '../database/database.service';
import { t } from '../common/messages';
import type { Principal } from '../common/request-context';
import { nowSeconds } from '../common/sql';
import { LOG_REWARD } from '../logs/log.entity';
import { LogsService } from '../logs/logs.service';
import { OptionsService } from '../options/options.service';
import { UsersService } from '../users/users.service';
import { CheckinEntity } from './checkin.entity';
import { CheckinError } from './checkin.errors';
import type { CheckinResult, SignInDates } from './checkin.mapper';
import { checkinReward, monthRange, utcDay } from './checkin-rules';

/** PostgreSQL unique_violation, SQLite's UNIQUE constraint failure, or MySQL's duplicate entry. */
function isUniqueViolation(err: unknown): boolean {
  if (!(err instanceof QueryFailedError)) return false;
  const code = (err.driverError as { code?: unknown } | undefined)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'ER_DUP_ENTRY';
}

/**
 * Daily check-in. Days are UTC. The check-in row, the quota credit (one conditional statement)
 * and the reward log commit in one transaction; the UNIQUE (user_id, day) constraint lets only
 * one of any number of concurrent attempts commit, so the reward is paid once.
 */
@Injectable()
export class CheckinService {
  constructor(
    private readonly db: DatabaseService,
    private readonly users: UsersService,
    private readonly logs: LogsService,
    private readonly options: OptionsService,
  ) {}

  async signIn(actor: Principal): Promise<CheckinResult> {
    const now = nowSeconds();
    const day = utcDay(now);
    // Fast answer for the common repeat; the constraint below is what actually decides.
    if (await this.signedOn(actor.id, day)) throw CheckinError.of('checkin.already', {}, 409);
    const reward = checkinReward({
      minQuota: this.options.num('MinQuota'),
      maxQuota: this.options.num('MaxQuota'),
      bonusPerDay: this.options.num('BonusPerDay'),
    });
    try {
      await this.db.write(async (em) => {
        await em.insert(CheckinEntity, { userId: actor.id, day, quotaAwarded: reward, createdAt: now });
        // A user deleted meanwhile gets nothing: throwing rolls the check-in row back too.
        if (reward > 0 && !(await this.users.addQuota(em, actor.id, reward))) throw CheckinError.of('user.not_found', {}, 404);
        await this.logs.record(em, {
          userId: actor.id,
          type: LOG_REWARD,
          username: actor.username,
          quota: reward,
          content: t('checkin.reward_log', 'zh', { quota: reward }),
        });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw CheckinError.of('checkin.already', {}, 409);
      throw err;
    }
    return { checkin_date: day, quota_awarded: reward };
  }

  /** The days of a month (YYYY-MM, checked by the route's schema; default the current month, UTC) the user checked in. */
  async dates(actor: Principal, month: string | undefined): Promise<SignInDates> {
    const today = utcDay(nowSeconds());
    const range = monthRange(month ?? today.slice(0, 7));
    if (!range) throw new CheckinError('checkin.invalid_month', {}, 400, 'month');
    const rows = await this.db.manager
      .createQueryBuilder(CheckinEntity, 'c')
      .select('c.day', 'day')
      .where('c.user_id = :uid AND c.day >= :first AND c.day <= :last', { uid: actor.id, ...range })
      .orderBy('c.day', 'ASC')
      .getRawMany<{ day: string }>();
    return {
      sign_in_dates: rows.map((r) => r.day),
      status: { can_sign_in_today: !(await this.signedOn(actor.id, today)) },
    };
  }

  private async signedOn(userId: number, day: string): Promise<boolean> {
    const row = await this.db.manager.findOne(CheckinEntity, { where: { userId, day }, select: { id: true } });
    return row !== null;
  }
}
