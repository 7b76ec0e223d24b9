import { Module } from '@nestjs/common';
import { LogsModule } from '../logs/logs.module';
import { OptionsModule } from '../options/options.module';
import { UsersModule } from '../users/users.module';
import { CheckinController } from './checkin.controller';
import { CheckinService } from './checkin.service';

/** Daily check-in: a once-a-day quota reward. */
@Module({
  imports: [UsersModule, LogsModule, OptionsModule],
  controllers: [CheckinController],
  providers: [CheckinService],
  exports: [CheckinService],
})
export class CheckinModule {}
