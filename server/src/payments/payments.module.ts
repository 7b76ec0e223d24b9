import { Module } from '@nestjs/common';
import { LogsModule } from '../logs/logs.module';
import { OptionsModule } from '../options/options.module';
import { UsersModule } from '../users/users.module';
import { WalletModule } from '../wallet/wallet.module';
import { EpayNotifyRoutes } from './epay-notify.routes';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';

/** Online top-up through an epay merchant: orders, the notify and return calls, expiry, admin. */
@Module({
  imports: [OptionsModule, UsersModule, LogsModule, WalletModule],
  controllers: [PaymentsController],
  providers: [PaymentsService, EpayNotifyRoutes],
  exports: [PaymentsService],
})
export class PaymentsModule {}
