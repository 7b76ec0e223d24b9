import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { MetricsService } from './metrics.service';

function digest(s: string): Buffer {
  return createHash('sha256').update(s, 'utf8').digest();
}

/** Whether an Authorization header carries `Bearer <token>`, compared in constant time (digests of equal length). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(.+)$/i.exec(header ?? '');
  const presented = m?.[1]?.trim() ?? '';
  const ok = timingSafeEqual(digest(presented), digest(token));
  return ok && presented !== '';
}

/**
 * `GET /metrics` on Fastify directly (like the relay: no Nest guard, no rate limiter, and
 * registered even when off so the console's SPA fallback never answers it). METRICS_TOKEN unset:
 * 404. Set: `Authorization: Bearer <METRICS_TOKEN>` or 401.
 */
@Injectable()
export class MetricsRoutes implements OnModuleInit {
  constructor(
    private readonly host: HttpAdapterHost,
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const fastify = (this.host.httpAdapter as { getInstance?: () => FastifyInstance } | undefined)?.getInstance?.();
    if (!fastify) return;
    void fastify.register(async (scope) => {
      scope.get('/metrics', (req, reply) => this.serve(req, reply));
    });
  }

  private async serve(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = this.config.metricsToken;
    if (token === null) {
      await reply.status(404).type('text/plain; charset=utf-8').send('Not Found\n');
      return;
    }
    if (!bearerMatches(req.headers.authorization, token)) {
      await reply.status(401).header('WWW-Authenticate', 'Bearer realm="metrics"').type('text/plain; charset=utf-8').send('Unauthorized\n');
      return;
    }
    const { contentType, body } = await this.metrics.scrape();
    await reply.status(200).header('Cache-Control', 'no-store').type(contentType).send(body);
  }
}
