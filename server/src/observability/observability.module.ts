import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { MetricsRoutes } from './metrics/metrics.routes';
import { MetricsService } from './metrics/metrics.service';
import { PerfController } from './perf/perf.controller';
import { PerfService } from './perf/perf.service';
import { RelayOutcomes } from './relay-outcomes.service';

/**
 * Operations surface (issue 25): Prometheus metrics (`GET /metrics`) and model speed
 * (`GET /api/perf/models`), both fed by the relay's one outcome hook (`RelayOutcomes`).
 */
@Module({
  imports: [ChannelsModule],
  controllers: [PerfController],
  providers: [MetricsService, MetricsRoutes, PerfService, RelayOutcomes],
  exports: [RelayOutcomes],
})
export class ObservabilityModule {}
