import { Injectable } from '@nestjs/common';
import { MetricsService } from './metrics/metrics.service';
import { PerfService } from './perf/perf.service';
import type { RelayOutcome, RelayOutcomeSink } from './relay-outcome';

/** The relay's one hook: every finished request goes to the metrics and to model speed. */
@Injectable()
export class RelayOutcomes implements RelayOutcomeSink {
  constructor(
    private readonly metrics: MetricsService,
    private readonly perf: PerfService,
  ) {}

  record(o: RelayOutcome): void {
    this.metrics.record(o);
    this.perf.record(o);
  }
}
