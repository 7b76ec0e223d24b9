import { Module } from '@nestjs/common';
import { OptionsModule } from '../options/options.module';
import { ChannelProbeService } from './channel-probe.service';

/**
 * The relay's single-attempt seam for callers outside a client request (channel tests). Its own
 * module because the channels module cannot import RelayModule (which imports it): the relay's
 * attempt code is reached here without a cycle.
 */
@Module({
  imports: [OptionsModule],
  providers: [ChannelProbeService],
  exports: [ChannelProbeService],
})
export class ChannelProbeModule {}
