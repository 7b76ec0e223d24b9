import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { TurnstileService } from '../turnstile/turnstile.service';

/** Requires `?turnstile=<token>` on the route when the human check is on. */
@Injectable()
export class TurnstileGuard implements CanActivate {
  constructor(private readonly turnstile: TurnstileService) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<FastifyRequest>();
    const query = req.query as Record<string, unknown> | undefined;
    await this.turnstile.check(query?.turnstile, req.ip);
    return true;
  }
}
