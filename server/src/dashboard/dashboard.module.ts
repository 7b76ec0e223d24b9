import { Module } from '@nestjs/common';
import { LogsModule } from '../logs/logs.module';
import { OptionsModule } from '../options/options.module';
import { DashboardController } from './dashboard.controller';
import { DashboardService } from './dashboard.service';

/** The data dashboard: hourly usage aggregates (quota_data) and their read API. */
@Module({
  imports: [LogsModule, OptionsModule],
  controllers: [DashboardController],
  providers: [DashboardService],
  exports: [DashboardService],
})
export class DashboardModule {}
