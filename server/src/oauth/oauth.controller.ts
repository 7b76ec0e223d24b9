import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseCookies, serializeCookie } from '../common/cookies';
import { AuthError } from '../common/domain-error';
import { done, ok } from '../common/envelope';
import type { Principal } from '../common/request-context';
import { Access, Actor, Critical, MaybeActor } from '../auth/auth.decorators';
import { USER_ID_HEADER } from '../auth/auth.guard';
import { SESSION_COOKIE, SessionsService } from '../auth/sessions.service';
import { OAuthError } from './oauth.errors';
import { OAUTH_BINDING_COOKIE, STATE_TTL_SECONDS } from './oauth-state.service';
import { OAuthService, type CallbackOutcome, type RedirectProvider } from './oauth.service';

type Json = Record<string, unknown>;

/**
 * `/api/oauth/*` (spec accounts §7). Sign-in callbacks answer like password login (session
 * cookie, `data` = the user); binds answer `{success: true, message: "bind"}` and change state
 * only through POST (security rule 14): the GET callbacks stay for the browser redirect.
 */
@Controller('api/oauth')
@Critical()
export class OAuthController {
  constructor(
    private readonly oauth: OAuthService,
    private readonly sessions: SessionsService,
  ) {}

  /** A single-use state for this browser (and the signed-in user, for a bind). */
  @Get('state')
  @Access('optional')
  async state(
    @MaybeActor() actor: Principal | null,
    @Query('aff') aff: unknown,
    @Query('provider') provider: unknown,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const issued = await this.oauth.issueState(actor, aff, provider, parseCookies(req.headers.cookie)[OAUTH_BINDING_COOKIE]);
    // Lax: the provider's redirect is a top-level navigation from its site.
    void reply.header(
      'set-cookie',
      serializeCookie(OAUTH_BINDING_COOKIE, issued.binding, {
        path: '/api/oauth',
        httpOnly: true,
        sameSite: 'Lax',
        secure: req.protocol === 'https',
        maxAge: STATE_TTL_SECONDS,
      }),
    );
    return issued.authorizeUrl ? { ...ok(issued.state), authorize_url: issued.authorizeUrl } : ok(issued.state);
  }

  @Get(['github', 'linuxdo'])
  @Access('optional')
  async redirectGet(
    @Query() query: Json,
    @MaybeActor() actor: Principal | null,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const provider = providerOf(req);
    if (typeof query.error === 'string' && query.error !== '') throw OAuthError.of('oauth.provider_failed', { provider: nameOf(provider) }, 400);
    const outcome = await this.oauth.redirectCallback(provider, query, actor, bindingOf(req), 'GET');
    return this.answer(outcome, req, reply);
  }

  @Post(['github', 'linuxdo'])
  @Access('optional')
  async redirectPost(
    @Body() body: Json,
    @MaybeActor() actor: Principal | null,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const provider = providerOf(req);
    if (actor) assertUserHeader(req, actor);
    const outcome = await this.oauth.redirectCallback(provider, body ?? {}, actor, bindingOf(req), 'POST');
    return this.answer(outcome, req, reply);
  }

  @Get('wechat')
  @Access('public')
  async wechatGet(@Query('code') code: unknown, @Query('aff') aff: unknown, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.answer(await this.oauth.wechatLogin(code, aff), req, reply);
  }

  @Post('wechat')
  @Access('public')
  async wechatPost(@Body() body: Json, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.answer(await this.oauth.wechatLogin(body?.code, body?.aff), req, reply);
  }

  @Post('wechat/bind')
  @Access('user')
  async wechatBind(@Actor() actor: Principal, @Body() body: Json) {
    await this.oauth.wechatBind(actor, body?.code);
    return done('bind');
  }

  @Get('telegram/login')
  @Access('public')
  async telegramGet(@Query() query: Json, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.answer(await this.oauth.telegramLogin(query, query.aff), req, reply);
  }

  @Post('telegram/login')
  @Access('public')
  async telegramPost(@Body() body: Json, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.answer(await this.oauth.telegramLogin(body ?? {}, body?.aff), req, reply);
  }

  @Post('telegram/bind')
  @Access('user')
  async telegramBind(@Actor() actor: Principal, @Body() body: Json) {
    await this.oauth.telegramBind(actor, body ?? {});
    return done('bind');
  }

  /** Binding changes state, so the GET forms of the bind calls only say to use POST. */
  @Get(['wechat/bind', 'telegram/bind'])
  @Access('public')
  bindGet() {
    throw OAuthError.of('bind.use_post', {}, 405);
  }

  @Post(':provider/unbind')
  @Access('user')
  async unbind(@Actor() actor: Principal, @Param('provider') provider: string) {
    await this.oauth.unbind(actor, provider);
    return done();
  }

  private answer(outcome: CallbackOutcome, req: FastifyRequest, reply: FastifyReply) {
    if (outcome.kind === 'bind') return done('bind');
    void reply.header(
      'set-cookie',
      serializeCookie(SESSION_COOKIE, outcome.sessionId, {
        path: '/',
        httpOnly: true,
        sameSite: 'Strict',
        secure: req.protocol === 'https',
        maxAge: this.sessions.maxAgeSeconds,
      }),
    );
    return ok(outcome.user);
  }
}

function bindingOf(req: FastifyRequest): string | undefined {
  return parseCookies(req.headers.cookie)[OAUTH_BINDING_COOKIE];
}

function providerOf(req: FastifyRequest): RedirectProvider {
  return (req.url.split('?')[0] ?? '').replace(/\/+$/, '').endsWith('/linuxdo') ? 'linuxdo' : 'github';
}

function nameOf(provider: RedirectProvider): string {
  return provider === 'github' ? 'GitHub' : 'LinuxDO';
}

/** A signed-in POST to an optional route still proves it comes from the console (New-Api-User). */
function assertUserHeader(req: FastifyRequest, actor: Principal): void {
  const raw = req.headers[USER_ID_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '') throw AuthError.of('auth.user_header_missing', {}, 401);
  if (value !== String(actor.id)) throw AuthError.of('auth.user_header_mismatch', {}, 401);
}
