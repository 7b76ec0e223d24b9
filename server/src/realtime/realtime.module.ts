import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { ChannelsModule } from '../channels/channels.module';
import { LogsModule } from '../logs/logs.module';
import { OptionsModule } from '../options/options.module';
import { RelayModule } from '../relay/relay.module';
import { RealtimeService } from './realtime.service';

/** OpenAI's realtime WebSocket API relayed (`GET /v1/realtime?model=`): see realtime.service.ts. */
@Module({
  imports: [RelayModule, ChannelsModule, BillingModule, LogsModule, OptionsModule],
  providers: [RealtimeService],
  exports: [RealtimeService],
})
export class RealtimeModule {}
