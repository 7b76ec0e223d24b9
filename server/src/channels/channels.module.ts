import { AuditModule } from '../audit/audit.module';
import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { OptionsModule } from '../options/options.module';
import { ChannelProbeModule } from '../relay/probe/channel-probe.module';
import { UsersModule } from '../users/users.module';
import { ChannelBalanceService } from './channel-balance.service';
import { ChannelHealthController } from './channel-health.controller';
import { ChannelHealthService } from './channel-health.service';
import { ChannelScheduleService } from './channel-schedule.service';
import { ChannelTestService } from './channel-test.service';
import { ChannelsController, ModelCatalogueController } from './channels.controller';
import { ChannelsService } from './channels.service';
import { ModelListFetcher } from './model-list.fetcher';
import { RoutingIndexService } from './routing-index.service';
import { RunGate } from './run-gate';
import { RunProgress } from './run-progress';

/**
 * Channels and the routing index. The relay reads RoutingIndexService (which channel) and
 * ChannelsService.getForRelay (how to call it), and reports failed attempts to
 * ChannelHealthService (auto-disable); all three are exported for that. Channel tests and
 * balance refreshes run as queue jobs (clicked or scheduled), so the module sits in the worker's
 * core modules.
 */
@Module({
  imports: [OptionsModule, MailModule, UsersModule, ChannelProbeModule, AuditModule],
  controllers: [ChannelsController, ModelCatalogueController, ChannelHealthController],
  providers: [ChannelsService, RoutingIndexService, ModelListFetcher, ChannelHealthService, ChannelTestService, ChannelBalanceService, ChannelScheduleService, RunGate, RunProgress],
  exports: [ChannelsService, RoutingIndexService, ChannelHealthService],
})
export class ChannelsModule {}
