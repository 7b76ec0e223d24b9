import { Module } from '@nestjs/common';
import { OptionsModule } from '../options/options.module';
import { RedemptionsModule } from '../redemptions/redemptions.module';
import { WalletController } from './wallet.controller';
import { WalletService } from './wallet.service';

@Module({
  imports: [OptionsModule, RedemptionsModule],
  controllers: [WalletController],
  providers: [WalletService],
  exports: [WalletService],
})
export class WalletModule {}
