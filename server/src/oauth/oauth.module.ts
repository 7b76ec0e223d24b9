import { AuditModule } from '../audit/audit.module';
import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { OptionsModule } from '../options/options.module';
import { UsersModule } from '../users/users.module';
import { OAuthController } from './oauth.controller';
import { OAuthStateService } from './oauth-state.service';
import { OAuthService } from './oauth.service';
import { GitHubProvider } from './providers/github.provider';
import { LinuxDoProvider } from './providers/linuxdo.provider';
import { WeChatProvider } from './providers/wechat.provider';

/** Third-party sign-in and binding: GitHub, LinuxDO, WeChat (QR-code server) and Telegram. */
@Module({
  imports: [AuthModule, UsersModule, OptionsModule, AuditModule],
  controllers: [OAuthController],
  providers: [OAuthService, OAuthStateService, GitHubProvider, LinuxDoProvider, WeChatProvider],
  exports: [OAuthService],
})
export class OAuthModule {}
