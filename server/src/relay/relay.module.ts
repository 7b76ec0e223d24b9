import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { ChannelsModule } from '../channels/channels.module';
import { OptionsModule } from '../options/options.module';
import { ChannelProbeModule } from './channel-probe.module';
import { TokensModule } from '../tokens/tokens.module';
import { UsersModule } from '../users/users.module';
import { PlaygroundController } from './playground.controller';
import { RelayAuthService } from './relay-auth.service';
import { RelayInfoService } from './relay-info.service';
import { RelayPricing } from './relay-pricing';
import { RelayRoutes } from './relay-routes';
import { RelayService } from './relay.service';
import { ChannelAffinity } from './limits/channel-affinity.service';
import { RelayLimits } from './limits/relay-limits.service';

/**
 * The OpenAI-compatible relay. Its /v1 and /dashboard routes are registered straight on Fastify
 * by RelayRoutes (no Nest pipeline on the hot path); the playground is a Nest controller because
 * it authenticates like the management API.
 */
@Module({
  imports: [OptionsModule, UsersModule, TokensModule, ChannelsModule, BillingModule, ChannelProbeModule],
  controllers: [PlaygroundController],
  providers: [RelayService, RelayAuthService, RelayPricing, RelayInfoService, RelayRoutes, RelayLimits, ChannelAffinity],
  exports: [RelayService, RelayAuthService, RelayPricing, RelayLimits, ChannelAffinity],
})
export class RelayModule {}
