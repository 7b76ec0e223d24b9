/*
 * Route access for every controller (the guard in auth/ reads them; users, tokens and every other
 * domain mark their routes): kept below all of them, beside the request context they read.
 */
import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Principal } from './request-context';

/** Who may call a route: anyone, anyone (user attached when known), or a minimum role. */
export type AccessLevel = 'public' | 'optional' | 'user' | 'admin' | 'root';
export const ACCESS_KEY = 'sluice:access';
export const Access = (level: AccessLevel) => SetMetadata(ACCESS_KEY, level);

/** Routes under the critical limiter (login, register, verification, reset, OAuth). */
export const CRITICAL_KEY = 'sluice:critical';
export const Critical = () => SetMetadata(CRITICAL_KEY, true);

/** The authenticated principal (guaranteed by a user/admin/root route). */
export const Actor = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  const req = ctx.switchToHttp().getRequest<FastifyRequest>();
  if (!req.principal) throw new Error('Actor used on a route without authentication');
  return req.principal;
});

/** The principal if any (optional routes). */
export const MaybeActor = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal | null => {
  return ctx.switchToHttp().getRequest<FastifyRequest>().principal ?? null;
});
