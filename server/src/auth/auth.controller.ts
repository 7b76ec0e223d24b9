import { Body, Controller, Get, Headers, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseCookies, serializeCookie } from '../common/cookies';
import { RequestError } from '../common/domain-error';
import { done, ok } from '../common/envelope';
import { langOf, t } from '../common/messages';
import type { Principal } from '../common/request-context';
import { Access, Actor, Critical } from './auth.decorators';
import { AuthService } from './auth.service';
import { SESSION_COOKIE, SessionsService } from './sessions.service';
import { TurnstileGuard } from './turnstile.guard';

type Body = Record<string, unknown>;

@Controller('api')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionsService,
  ) {}

  @Post('user/login')
  @Access('public')
  @Critical()
  @UseGuards(TurnstileGuard)
  async login(@Body() body: Body, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { sessionId, user } = await this.auth.login(body ?? {});
    void reply.header(
      'set-cookie',
      serializeCookie(SESSION_COOKIE, sessionId, {
        path: '/',
        httpOnly: true,
        sameSite: 'Strict',
        secure: req.protocol === 'https',
        maxAge: this.sessions.maxAgeSeconds,
      }),
    );
    return ok(user);
  }

  @Get('user/logout')
  @Access('optional')
  async logout(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.auth.logout(parseCookies(req.headers.cookie)[SESSION_COOKIE]);
    void reply.header('set-cookie', serializeCookie(SESSION_COOKIE, '', { path: '/', httpOnly: true, sameSite: 'Strict', maxAge: 0 }));
    return done();
  }

  @Post('user/register')
  @Access('public')
  @Critical()
  @UseGuards(TurnstileGuard)
  async register(@Body() body: Body) {
    await this.auth.register(body ?? {});
    return done();
  }

  @Get('verification')
  @Access('public')
  @Critical()
  @UseGuards(TurnstileGuard)
  async verification(@Query('email') email: unknown, @Headers('accept-language') al: string | undefined) {
    await this.auth.sendVerification(email, langOf(al));
    return done(t('mail.code_sent', langOf(al)));
  }

  @Get('reset_password')
  @Access('public')
  @Critical()
  @UseGuards(TurnstileGuard)
  async resetPassword(@Query('email') email: unknown, @Headers('accept-language') al: string | undefined) {
    await this.auth.sendReset(email, langOf(al));
    return done(t('mail.reset_sent', langOf(al)));
  }

  @Post('user/reset')
  @Access('public')
  @Critical()
  async confirmReset(@Body() body: Body) {
    return ok(await this.auth.confirmReset(body ?? {}));
  }

  /** Binding changes state, so only POST does it (security rule 14). */
  @Post('oauth/email/bind')
  @Access('user')
  @Critical()
  async bindEmail(@Actor() actor: Principal, @Body() body: Body) {
    await this.auth.bindEmail(actor, body ?? {});
    return done();
  }

  @Get('oauth/email/bind')
  @Access('public')
  bindEmailGet() {
    throw RequestError.of('bind.use_post', {}, 405);
  }
}
