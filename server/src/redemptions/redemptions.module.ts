import { AuditModule } from '../audit/audit.module';
import { Module } from '@nestjs/common';
import { LogsModule } from '../logs/logs.module';
import { OptionsModule } from '../options/options.module';
import { UsersModule } from '../users/users.module';
import { RedemptionsController } from './redemptions.controller';
import { RedemptionsService } from './redemptions.service';

/** Redemption codes; the wallet redeems through the exported service. */
@Module({
  imports: [OptionsModule, UsersModule, LogsModule, AuditModule],
  controllers: [RedemptionsController],
  providers: [RedemptionsService],
  exports: [RedemptionsService],
})
export class RedemptionsModule {}
