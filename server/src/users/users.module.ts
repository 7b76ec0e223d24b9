import { AuditModule } from '../audit/audit.module';
import { Module } from '@nestjs/common';
import { OptionsModule } from '../options/options.module';
import { UserAdminService } from './user-admin.service';
import { UserAffiliateService } from './user-affiliate.service';
import { UserBindingsService } from './user-bindings.service';
import { UserCredentialsService } from './user-credentials.service';
import { UserRegistrationService } from './user-registration.service';
import { UserSelfService } from './user-self.service';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

/**
 * Accounts, split by job: `UsersService` (lookups, quota credits, the guard's snapshot) and, on
 * top of it, credentials, registration and bindings (which auth and oauth use), self-service,
 * affiliate and administration (this module's own routes).
 */
@Module({
  imports: [OptionsModule, AuditModule],
  controllers: [UsersController],
  providers: [UsersService, UserCredentialsService, UserRegistrationService, UserBindingsService, UserSelfService, UserAffiliateService, UserAdminService],
  exports: [UsersService, UserCredentialsService, UserRegistrationService, UserBindingsService],
})
export class UsersModule {}
