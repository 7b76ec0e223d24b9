import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { OptionsModule } from '../options/options.module';
import { OutboundModule } from '../outbound/outbound.module';
import { RelayModule } from '../relay/relay.module';
import { MjImageProxy } from './mj/mj-image-proxy';
import { MjRelayService } from './mj/mj-relay.service';
import { SunoRelayService } from './suno/suno-relay.service';
import { TaskPricing } from './task-pricing';
import { TaskRoutes } from './task-routes';
import { TaskSubmitter } from './task-submit';
import { TasksModule } from './tasks.module';

/** The Midjourney and Suno relay routes (HTTP role): tokens admitted by the relay's RelayAuthService. */
@Module({
  imports: [TasksModule, RelayModule, ChannelsModule, OptionsModule, OutboundModule],
  providers: [MjRelayService, SunoRelayService, MjImageProxy, TaskPricing, TaskRoutes, TaskSubmitter],
})
export class TaskRelayModule {}
