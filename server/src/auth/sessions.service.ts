import { Inject, Injectable } from '@nestjs/common';
import { LessThan } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DatabaseService } from '../database/database.service';
import { randomHex, sha256Hex } from '../common/secrets';
import { nowSeconds } from '../common/sql';
import { SessionEntity } from './session.entity';

export const SESSION_COOKIE = 'session';

/** Server-side sessions; the cookie holds 256 random bits, the table their hash. */
@Injectable()
export class SessionsService {
  constructor(
    private readonly db: DatabaseService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get maxAgeSeconds(): number {
    return this.config.sessionDays * 86_400;
  }

  async create(userId: number): Promise<string> {
    const id = randomHex(32);
    const now = nowSeconds();
    await this.db.write((em) =>
      em.insert(SessionEntity, { idHash: sha256Hex(id), userId, createdAt: now, expiresAt: now + this.maxAgeSeconds }),
    );
    return id;
  }

  async userIdOf(sessionId: string): Promise<number | null> {
    if (!/^[0-9a-f]{64}$/.test(sessionId)) return null;
    const row = await this.db.manager.findOne(SessionEntity, { where: { idHash: sha256Hex(sessionId) } });
    if (!row || row.expiresAt <= nowSeconds()) return null;
    return row.userId;
  }

  async destroy(sessionId: string): Promise<void> {
    await this.db.write((em) => em.delete(SessionEntity, { idHash: sha256Hex(sessionId) }));
  }

  async purgeExpired(): Promise<number> {
    const res = await this.db.write((em) => em.delete(SessionEntity, { expiresAt: LessThan(nowSeconds()) }));
    return res.affected ?? 0;
  }
}
