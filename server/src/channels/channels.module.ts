import { Module } from '@nestjs/common';
import { OptionsModule } from '../options/options.module';
import { ChannelsController, ModelCatalogueController } from './channels.controller';
import { ChannelsService } from './channels.service';
import { ModelListFetcher } from './model-list.fetcher';
import { RoutingIndexService } from './routing-index.service';

/**
 * Channels and the routing index. The relay reads RoutingIndexService (which channel) and
 * ChannelsService.getForRelay (how to call it); both are exported for that.
 */
@Module({
  imports: [OptionsModule],
  controllers: [ChannelsController, ModelCatalogueController],
  providers: [ChannelsService, RoutingIndexService, ModelListFetcher],
  exports: [ChannelsService, RoutingIndexService],
})
export class ChannelsModule {}
