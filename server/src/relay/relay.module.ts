import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { ChannelsModule } from '../channels/channels.module';
import { OptionsModule } from '../options/options.module';
import { ChannelProbeModule } from './probe/channel-probe.module';
import { ObservabilityModule } from '../observability/observability.module';
import { TokensModule } from '../tokens/tokens.module';
import { UsersModule } from '../users/users.module';
import { PlaygroundController } from './edge/playground.controller';
import { RelayAuthService } from './edge/relay-auth.service';
import { RelayInfoService } from './edge/relay-info.service';
import { RelayPricing } from './money/relay-pricing';
import { RelayRoutes } from './edge/relay-routes';
import { RelayService } from './pipeline/relay.service';
import { ChannelAffinity } from './admission/limits/channel-affinity.service';
import { RelayLimits } from './admission/limits/relay-limits.service';

/**
 * The OpenAI-compatible relay. Its /v1 and /dashboard routes are registered straight on Fastify
 * by RelayRoutes (no Nest pipeline on the hot path); the playground is a Nest controller because
 * it authenticates like the management API.
 */
@Module({
  imports: [OptionsModule, UsersModule, TokensModule, ChannelsModule, BillingModule, ChannelProbeModule, ObservabilityModule],
  controllers: [PlaygroundController],
  providers: [RelayService, RelayAuthService, RelayPricing, RelayInfoService, RelayRoutes, RelayLimits, ChannelAffinity],
  exports: [RelayService, RelayAuthService, RelayPricing, RelayLimits, ChannelAffinity],
})
export class RelayModule {}
