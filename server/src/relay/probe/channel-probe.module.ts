import { Module } from '@nestjs/common';
import { OptionsModule } from '../../options/options.module';
import { ChannelProbeService } from './channel-probe.service';
import { ChannelTokens } from '../pipeline/channel-tokens.service';

/**
 * The relay's single-attempt seam for callers outside a client request (channel tests). Its own
 * module because the channels module cannot import RelayModule (which imports it): the relay's
 * attempt code is reached here without a cycle. It also owns the node's channel access tokens,
 * which the relay shares.
 */
@Module({
  imports: [OptionsModule],
  providers: [ChannelProbeService, ChannelTokens],
  exports: [ChannelProbeService, ChannelTokens],
})
export class ChannelProbeModule {}
