import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { DatabaseService } from '../database/database.service';
import { RedisService } from '../redis/redis.service';

/** A dependency that does not answer within this long is down (a probe must answer quickly). */
const CHECK_TIMEOUT_MS = 2_000;

export type CheckState = 'up' | 'down' | 'disabled';

export interface Readiness {
  ready: boolean;
  checks: { database: CheckState; redis: CheckState };
  failing: ('database' | 'redis')[];
}

function within(p: Promise<boolean | null>, ms: number): Promise<boolean | null> {
  return new Promise((resolve) => {
    const t = setTimeout(() => resolve(false), ms);
    t.unref();
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      () => {
        clearTimeout(t);
        resolve(false);
      },
    );
  });
}

/** Database and, when REDIS_URL is set, Redis: both must answer. */
export async function readiness(db: DatabaseService, redis: RedisService): Promise<Readiness> {
  const [database, r] = await Promise.all([within(db.ping(), CHECK_TIMEOUT_MS), within(redis.ping(), CHECK_TIMEOUT_MS)]);
  const checks = { database: database ? 'up' : 'down', redis: r === null ? 'disabled' : r ? 'up' : 'down' } as const;
  const failing: Readiness['failing'] = [];
  if (checks.database === 'down') failing.push('database');
  if (checks.redis === 'down') failing.push('redis');
  return { ready: failing.length === 0, checks, failing };
}

/**
 * Probes for orchestrators, on Fastify directly (no guard, no rate limiter, never the SPA
 * fallback): `GET /healthz` answers 200 while the process serves HTTP (liveness);
 * `GET /readyz` answers 200 when the database and (if configured) Redis answer, else 503 naming
 * the failing one. `/api/health` (HealthController) stays for the console and scripts.
 */
@Injectable()
export class HealthRoutes implements OnModuleInit {
  constructor(
    private readonly host: HttpAdapterHost,
    private readonly db: DatabaseService,
    private readonly redis: RedisService,
  ) {}

  onModuleInit(): void {
    const fastify = (this.host.httpAdapter as { getInstance?: () => FastifyInstance } | undefined)?.getInstance?.();
    if (!fastify) return;
    void fastify.register(async (scope) => {
      scope.get('/healthz', async (_req, reply) => {
        await reply.header('Cache-Control', 'no-store').send({ status: 'ok' });
      });
      scope.get('/readyz', async (_req, reply) => {
        const r = await readiness(this.db, this.redis);
        await reply
          .status(r.ready ? 200 : 503)
          .header('Cache-Control', 'no-store')
          .send({ status: r.ready ? 'ready' : 'unavailable', checks: r.checks, failing: r.failing });
      });
    });
  }
}
