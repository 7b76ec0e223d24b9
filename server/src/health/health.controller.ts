import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { DatabaseService } from '../database/database.service';
import { RedisService } from '../redis/redis.service';
import { Access } from '../common/access';
import { Contract } from '../common/contract';
import { healthSchema, type HealthView } from './dto/health.dto';

@Controller('api')
export class HealthController {
  constructor(
    private readonly db: DatabaseService,
    private readonly redis: RedisService,
  ) {}

  /** 200 when the database answers; Redis is reported (a Redis outage degrades, it does not stop). */
  @Get('health')
  @Access('public')
  @Contract({ summary: 'Liveness: 200 while the database answers, 503 (success false) when it does not; Redis is reported', data: healthSchema })
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const [database, redis] = await Promise.all([this.db.ping(), this.redis.ping()]);
    const data: HealthView = {
      database: database ? 'up' : 'down',
      database_type: this.db.kind,
      redis: redis === null ? 'disabled' : redis ? 'up' : 'down',
    };
    if (!database) void reply.status(503);
    return { success: database, message: '', data };
  }
}
