import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { OptionsModule } from '../options/options.module';
import { PricingController } from './pricing.controller';
import { PricingService } from './pricing.service';

/** The price list, model lists per user group, and the model/vendor documents. */
@Module({
  imports: [OptionsModule, ChannelsModule],
  controllers: [PricingController],
  providers: [PricingService],
  exports: [PricingService],
})
export class PricingModule {}
