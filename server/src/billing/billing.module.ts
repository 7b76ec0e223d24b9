import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { LogsModule } from '../logs/logs.module';
import { MailModule } from '../mail/mail.module';
import { OptionsModule } from '../options/options.module';
import { TokensModule } from '../tokens/tokens.module';
import { UsersModule } from '../users/users.module';
import { BillingService } from './billing.service';

/** The relay's ledger (holds, settlement, refunds) and the sweeper of orphaned holds. */
@Module({
  imports: [OptionsModule, UsersModule, TokensModule, ChannelsModule, LogsModule, MailModule],
  providers: [BillingService],
  exports: [BillingService],
})
export class BillingModule {}
