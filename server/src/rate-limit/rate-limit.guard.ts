import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RateLimitError } from '../common/domain-error';
import { CRITICAL_KEY } from '../common/access';
import { RateLimiter } from './rate-limiter.service';

/**
 * Per client IP (the socket address unless the peer is a trusted proxy): the global API limiter
 * on /api/* and the dashboard billing routes, and the critical limiter on @Critical() routes.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<FastifyRequest>();
    const path = req.url.split('?')[0] ?? '';
    const ip = req.ip;
    if (path.startsWith('/api/') || path.startsWith('/dashboard/') || path.startsWith('/v1/dashboard/')) {
      const d = await this.limiter.hit('api', ip, this.config.globalApiRateLimit);
      if (!d.allowed) throw new RateLimitError(d.retryAfter);
    }
    if (this.reflector.getAllAndOverride<boolean>(CRITICAL_KEY, [ctx.getHandler(), ctx.getClass()])) {
      const d = await this.limiter.hit('critical', ip, this.config.criticalRateLimit);
      if (!d.allowed) throw new RateLimitError(d.retryAfter);
    }
    return true;
  }
}
