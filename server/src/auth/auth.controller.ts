import { Body, Controller, Get, Headers, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Contract } from '../common/contract';
import { parseCookies, serializeCookie } from '../common/cookies';
import { done, ok } from '../common/envelope';
import { langOf, t } from '../common/messages';
import type { Principal } from '../common/request-context';
import { parseInput } from '../common/validation';
import { Access, Actor, Critical } from '../common/access';
import { AccountsError } from './auth.errors';
import { AuthService } from './auth.service';
import {
  emailBindSchema,
  humanCheckQuerySchema,
  loginSchema,
  loginViewSchema,
  mailQuerySchema,
  registerSchema,
  resetConfirmSchema,
} from './dto/auth.dto';
import { SESSION_COOKIE, SessionsService } from './sessions.service';
import { TurnstileGuard } from './turnstile.guard';

/**
 * Password sign-in, registration and the mailed flows (spec accounts §5, §7). All but logout and
 * the e-mail bind are public; those behind the human check take `?turnstile=` when it is on.
 */
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
  @Contract({
    summary: 'Sign in with username (or e-mail) and password; sets the session cookie, data is the user',
    query: humanCheckQuerySchema,
    body: loginSchema,
    data: loginViewSchema,
  })
  async login(@Body() body: unknown, @Query() query: unknown, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    parseInput(humanCheckQuerySchema, query);
    const { sessionId, user } = await this.auth.login(parseInput(loginSchema, body));
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
  @Contract({ summary: 'Sign out: ends the session (if any) and clears its cookie' })
  async logout(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.auth.logout(parseCookies(req.headers.cookie)[SESSION_COOKIE]);
    void reply.header('set-cookie', serializeCookie(SESSION_COOKIE, '', { path: '/', httpOnly: true, sameSite: 'Strict', maxAge: 0 }));
    return done();
  }

  @Post('user/register')
  @Access('public')
  @Critical()
  @UseGuards(TurnstileGuard)
  @Contract({ summary: 'Register with username and password (plus e-mail and code when verification is on)', query: humanCheckQuerySchema, body: registerSchema })
  async register(@Body() body: unknown, @Query() query: unknown) {
    parseInput(humanCheckQuerySchema, query);
    await this.auth.register(parseInput(registerSchema, body));
    return done();
  }

  @Get('verification')
  @Access('public')
  @Critical()
  @UseGuards(TurnstileGuard)
  @Contract({ summary: 'Mail a verification code (registration, e-mail bind); the answer is the same whether or not the address is in use', query: mailQuerySchema })
  async verification(@Query() query: unknown, @Headers('accept-language') al: string | undefined) {
    await this.auth.sendVerification(parseInput(mailQuerySchema, query).email, langOf(al));
    return done(t('mail.code_sent', langOf(al)));
  }

  @Get('reset_password')
  @Access('public')
  @Critical()
  @UseGuards(TurnstileGuard)
  @Contract({ summary: 'Mail a password reset link; the answer is the same whether or not an account holds the address', query: mailQuerySchema })
  async resetPassword(@Query() query: unknown, @Headers('accept-language') al: string | undefined) {
    await this.auth.sendReset(parseInput(mailQuerySchema, query).email, langOf(al));
    return done(t('mail.reset_sent', langOf(al)));
  }

  @Post('user/reset')
  @Access('public')
  @Critical()
  @Contract({
    summary: 'Spend the mailed reset token; data is the new random password (12 hex characters)',
    body: resetConfirmSchema,
    data: z.string().meta({ description: 'The new password' }),
  })
  async confirmReset(@Body() body: unknown) {
    return ok(await this.auth.confirmReset(parseInput(resetConfirmSchema, body)));
  }

  /** Binding changes state, so only POST does it (security rule 14). */
  @Post('oauth/email/bind')
  @Access('user')
  @Critical()
  @Contract({ summary: "Bind an e-mail address to the caller's account with the code mailed to it", body: emailBindSchema })
  async bindEmail(@Actor() actor: Principal, @Body() body: unknown) {
    await this.auth.bindEmail(actor, parseInput(emailBindSchema, body));
    return done();
  }

  @Get('oauth/email/bind')
  @Access('public')
  @Contract({ summary: 'Always refused with 405 (bind.use_post): binding changes state, so only POST does it' })
  bindEmailGet() {
    throw AccountsError.of('bind.use_post', {}, 405);
  }
}
