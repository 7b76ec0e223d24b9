import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { ChannelsModule } from '../channels/channels.module';
import { LogsModule } from '../logs/logs.module';
import { OptionsModule } from '../options/options.module';
import { OutboundModule } from '../outbound/outbound.module';
import { TokensModule } from '../tokens/tokens.module';
import { UsersModule } from '../users/users.module';
import { MjUrls } from './mj/mj-urls';
import { TaskBillingService } from './task-billing.service';
import { TaskPollerService } from './task-poller.service';
import { TaskUpstream } from './task-upstream';
import { TasksController } from './tasks.controller';
import { TasksListService } from './tasks-list.service';

/**
 * Async tasks (Midjourney, Suno): the task rows, their money (TaskBillingService), the polling
 * jobs and the management lists. In the worker's modules too (the polling processors); the
 * relay routes are TaskRelayModule's (HTTP role only).
 */
@Module({
  imports: [OptionsModule, UsersModule, TokensModule, ChannelsModule, BillingModule, LogsModule, OutboundModule],
  controllers: [TasksController],
  providers: [TasksListService, MjUrls, TaskBillingService, TaskPollerService, TaskUpstream],
  exports: [TaskBillingService, TaskUpstream, MjUrls],
})
export class TasksModule {}
