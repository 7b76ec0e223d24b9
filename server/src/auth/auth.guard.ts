import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { parseCookies } from '../common/cookies';
import { AuthError } from '../common/domain-error';
import { UsersService, USER_ENABLED } from '../users/users.service';
import { ACCESS_KEY, type AccessLevel } from '../common/access';
import { SESSION_COOKIE, SessionsService } from './sessions.service';

const ROLE_FOR: Record<'user' | 'admin' | 'root', number> = { user: 1, admin: 10, root: 100 };
export const USER_ID_HEADER = 'new-api-user';

/**
 * Management-API authentication. Reads the user's current state on every request (cached per
 * node, dropped on every change everywhere), so disabling, demoting or deleting applies at once.
 * Routes default to 'user': forgetting @Access never opens a route.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionsService,
    private readonly users: UsersService,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const level = this.reflector.getAllAndOverride<AccessLevel | undefined>(ACCESS_KEY, [ctx.getHandler(), ctx.getClass()]) ?? 'user';
    if (level === 'public') return true;
    const req = ctx.switchToHttp().getRequest<FastifyRequest>();
    const optional = level === 'optional';

    let userId: number | null = null;
    let via: 'session' | 'access_token' = 'session';
    const sessionId = parseCookies(req.headers.cookie)[SESSION_COOKIE];
    if (sessionId) {
      userId = await this.sessions.userIdOf(sessionId);
      if (userId !== null) req.sessionId = sessionId;
    }
    if (userId === null) {
      const header = req.headers.authorization;
      if (header && header.trim() !== '') {
        userId = await this.users.idByAccessToken(header.trim().replace(/^Bearer\s+/i, ''));
        via = 'access_token';
        if (userId === null && !optional) throw AuthError.of('auth.access_token_invalid', {}, 401);
      }
    }
    if (userId === null) {
      if (optional) return true;
      throw AuthError.of('auth.not_logged_in', {}, 401);
    }

    const snap = await this.users.authSnapshot(userId);
    if (!snap || snap.deleted) {
      if (optional) return true;
      throw AuthError.of('auth.not_logged_in', {}, 401);
    }
    if (snap.status !== USER_ENABLED) {
      if (optional) return true;
      throw AuthError.of('auth.banned', {}, 403);
    }

    if (!optional) {
      const raw = req.headers[USER_ID_HEADER];
      const value = Array.isArray(raw) ? raw[0] : raw;
      if (value === undefined || value === '') throw AuthError.of('auth.user_header_missing', {}, 401);
      if (!/^\d+$/.test(value)) throw AuthError.of('auth.user_header_invalid', {}, 401);
      if (Number(value) !== snap.id) throw AuthError.of('auth.user_header_mismatch', {}, 401);
      if (snap.role < ROLE_FOR[level]) throw AuthError.of('auth.forbidden', {}, 403);
    }

    req.principal = { id: snap.id, username: snap.username, role: snap.role, status: snap.status, group: snap.group, via };
    return true;
  }
}
