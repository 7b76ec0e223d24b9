import { AuditModule } from '../audit/audit.module';
import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { MailModule } from '../mail/mail.module';
import { OptionsModule } from '../options/options.module';
import { RateLimitGuard } from '../rate-limit/rate-limit.guard';
import { TurnstileModule } from '../turnstile/turnstile.module';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthGuard } from './auth.guard';
import { AuthService } from './auth.service';
import { SessionsService } from './sessions.service';
import { TurnstileGuard } from './turnstile.guard';

@Module({
  imports: [UsersModule, OptionsModule, MailModule, TurnstileModule, AuditModule],
  controllers: [AuthController],
  providers: [
    AuthService,
    SessionsService,
    TurnstileGuard,
    // Order matters: limit first, then authenticate.
    { provide: APP_GUARD, useExisting: RateLimitGuard },
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [AuthService, SessionsService],
})
export class AuthModule {}
