import { Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Contract } from '../common/contract';
import { parseCookies, serializeCookie } from '../common/cookies';
import { AuthError } from '../common/domain-error';
import { done, ok } from '../common/envelope';
import type { Principal } from '../common/request-context';
import { parseInput } from '../common/validation';
import { Access, Actor, Critical, MaybeActor } from '../common/access';
import { USER_ID_HEADER } from '../auth/auth.guard';
import { loginViewSchema } from '../auth/dto/auth.dto';
import { SESSION_COOKIE, SessionsService } from '../auth/sessions.service';
import {
  redirectCallbackQuerySchema,
  redirectCallbackSchema,
  stateQuerySchema,
  telegramBindSchema,
  telegramLoginQuerySchema,
  telegramLoginSchema,
  wechatBindSchema,
  wechatLoginQuerySchema,
  wechatLoginSchema,
} from './dto/oauth.dto';
import { OAuthError } from './oauth.errors';
import { OAUTH_BINDING_COOKIE, STATE_TTL_SECONDS } from './oauth-state.service';
import { OAuthService, PROVIDER_NAMES, type CallbackOutcome, type RedirectProvider } from './oauth.service';

type Provider = keyof typeof PROVIDER_NAMES;

const SIGN_IN = 'sets the session cookie and data is the user (registering one first when registration is on)';
const REDIRECT_GET = `${SIGN_IN}; a state issued for a bind is refused with 405 (bind.use_post), unspent, for the page to POST`;
const REDIRECT_POST = `${SIGN_IN}; with a state issued to the signed-in caller it binds instead and answers message "bind" with no data`;

/**
 * `/api/oauth/*` (spec accounts §7). Sign-in callbacks answer like password login (session
 * cookie, `data` = the user); binds answer `{success: true, message: "bind"}` and change state
 * only through POST (security rule 14): the GET callbacks stay for the browser redirect.
 * The sign-in routes are public (state, GitHub and LinuxDO also read a session when there is one).
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
  @Contract({
    summary: 'A single-use state (10 minutes) bound to this browser by the oauth_binding cookie, and to the caller if signed in (a bind); with ?provider= the answer also carries authorize_url beside data',
    query: stateQuerySchema,
    data: z.string().meta({ description: 'The state, 32 hex characters' }),
    beside: z.object({ authorize_url: z.string().optional().meta({ description: "With ?provider=: the provider's authorization address, the state in it" }) }),
  })
  async state(@MaybeActor() actor: Principal | null, @Query() query: unknown, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const q = parseInput(stateQuerySchema, query);
    const issued = await this.oauth.issueState(actor, q.aff, q.provider, bindingOf(req));
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

  @Get('github')
  @Access('optional')
  @Contract({ summary: `GitHub's redirect back: ${REDIRECT_GET}`, query: redirectCallbackQuerySchema, data: loginViewSchema })
  async githubGet(@Query() query: unknown, @MaybeActor() actor: Principal | null, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.redirectGet('github', query, actor, req, reply);
  }

  @Get('linuxdo')
  @Access('optional')
  @Contract({ summary: `LinuxDO's redirect back: ${REDIRECT_GET}`, query: redirectCallbackQuerySchema, data: loginViewSchema })
  async linuxdoGet(@Query() query: unknown, @MaybeActor() actor: Principal | null, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.redirectGet('linuxdo', query, actor, req, reply);
  }

  @Post('github')
  @Access('optional')
  @Contract({ summary: `Complete a GitHub sign-in or bind: ${REDIRECT_POST}`, body: redirectCallbackSchema, data: loginViewSchema })
  async githubPost(@Body() body: unknown, @MaybeActor() actor: Principal | null, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.redirectPost('github', body, actor, req, reply);
  }

  @Post('linuxdo')
  @Access('optional')
  @Contract({ summary: `Complete a LinuxDO sign-in or bind: ${REDIRECT_POST}`, body: redirectCallbackSchema, data: loginViewSchema })
  async linuxdoPost(@Body() body: unknown, @MaybeActor() actor: Principal | null, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.redirectPost('linuxdo', body, actor, req, reply);
  }

  @Get('wechat')
  @Access('public')
  @Contract({ summary: `Sign in with the WeChat official account's code: ${SIGN_IN}`, query: wechatLoginQuerySchema, data: loginViewSchema })
  async wechatGet(@Query() query: unknown, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const q = parseInput(wechatLoginQuerySchema, query);
    return this.answer(await this.oauth.wechatLogin(q.code, q.aff), req, reply);
  }

  @Post('wechat')
  @Access('public')
  @Contract({ summary: `Sign in with the WeChat official account's code: ${SIGN_IN}`, body: wechatLoginSchema, data: loginViewSchema })
  async wechatPost(@Body() body: unknown, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const b = parseInput(wechatLoginSchema, body);
    return this.answer(await this.oauth.wechatLogin(b.code, b.aff), req, reply);
  }

  @Post('wechat/bind')
  @Access('user')
  @Contract({ summary: 'Bind the WeChat account of the code to the caller; answers message "bind"', body: wechatBindSchema })
  async wechatBind(@Actor() actor: Principal, @Body() body: unknown) {
    await this.oauth.wechatBind(actor, parseInput(wechatBindSchema, body).code);
    return done('bind');
  }

  @Get('telegram/login')
  @Access('public')
  @Contract({ summary: `Sign in with the Telegram Login Widget's signed fields: ${SIGN_IN}`, query: telegramLoginQuerySchema, data: loginViewSchema })
  async telegramGet(@Query() query: unknown, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const q = parseInput(telegramLoginQuerySchema, query);
    return this.answer(await this.oauth.telegramLogin(q, q.aff), req, reply);
  }

  @Post('telegram/login')
  @Access('public')
  @Contract({ summary: `Sign in with the Telegram Login Widget's signed fields: ${SIGN_IN}`, body: telegramLoginSchema, data: loginViewSchema })
  async telegramPost(@Body() body: unknown, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const b = parseInput(telegramLoginSchema, body);
    return this.answer(await this.oauth.telegramLogin(b, b.aff), req, reply);
  }

  @Post('telegram/bind')
  @Access('user')
  @Contract({ summary: "Bind the Telegram account of the widget's signed fields to the caller; answers message \"bind\"", body: telegramBindSchema })
  async telegramBind(@Actor() actor: Principal, @Body() body: unknown) {
    await this.oauth.telegramBind(actor, parseInput(telegramBindSchema, body));
    return done('bind');
  }

  /** Binding changes state, so the GET forms of the bind calls only say to use POST. */
  @Get('wechat/bind')
  @Access('public')
  @Contract({ summary: 'Always refused with 405 (bind.use_post): binding changes state, so only POST does it' })
  wechatBindGet() {
    throw OAuthError.of('bind.use_post', {}, 405);
  }

  @Get('telegram/bind')
  @Access('public')
  @Contract({ summary: 'Always refused with 405 (bind.use_post): binding changes state, so only POST does it' })
  telegramBindGet() {
    throw OAuthError.of('bind.use_post', {}, 405);
  }

  @Post('github/unbind')
  @Access('user')
  @Contract({ summary: "Remove the caller's GitHub binding (refused when it is the last way to sign in)" })
  async githubUnbind(@Actor() actor: Principal) {
    return this.unbind(actor, 'github');
  }

  @Post('linuxdo/unbind')
  @Access('user')
  @Contract({ summary: "Remove the caller's LinuxDO binding (refused when it is the last way to sign in)" })
  async linuxdoUnbind(@Actor() actor: Principal) {
    return this.unbind(actor, 'linuxdo');
  }

  @Post('wechat/unbind')
  @Access('user')
  @Contract({ summary: "Remove the caller's WeChat binding (refused when it is the last way to sign in)" })
  async wechatUnbind(@Actor() actor: Principal) {
    return this.unbind(actor, 'wechat');
  }

  @Post('telegram/unbind')
  @Access('user')
  @Contract({ summary: "Remove the caller's Telegram binding (refused when it is the last way to sign in)" })
  async telegramUnbind(@Actor() actor: Principal) {
    return this.unbind(actor, 'telegram');
  }

  private async redirectGet(provider: RedirectProvider, query: unknown, actor: Principal | null, req: FastifyRequest, reply: FastifyReply) {
    const q = parseInput(redirectCallbackQuerySchema, query);
    if (q.error !== undefined && q.error !== '') throw OAuthError.of('oauth.provider_failed', { provider: PROVIDER_NAMES[provider] }, 400);
    return this.answer(await this.oauth.redirectCallback(provider, q, actor, bindingOf(req), 'GET'), req, reply);
  }

  private async redirectPost(provider: RedirectProvider, body: unknown, actor: Principal | null, req: FastifyRequest, reply: FastifyReply) {
    if (actor) assertUserHeader(req, actor);
    const b = parseInput(redirectCallbackSchema, body);
    return this.answer(await this.oauth.redirectCallback(provider, b, actor, bindingOf(req), 'POST'), req, reply);
  }

  private async unbind(actor: Principal, provider: Provider) {
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

/** A signed-in POST to an optional route still proves it comes from the console (New-Api-User). */
function assertUserHeader(req: FastifyRequest, actor: Principal): void {
  const raw = req.headers[USER_ID_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '') throw AuthError.of('auth.user_header_missing', {}, 401);
  if (value !== String(actor.id)) throw AuthError.of('auth.user_header_mismatch', {}, 401);
}
