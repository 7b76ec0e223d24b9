import { Controller, Get, Query } from '@nestjs/common';
import { Contract } from '../../common/contract';
import { ok } from '../../common/envelope';
import { parseInput } from '../../common/validation';
import { Access } from '../../common/access';
import { perfQuerySchema, perfReportSchema } from './dto/perf.dto';
import { PerfService } from './perf.service';

@Controller('api/perf')
export class PerfController {
  constructor(private readonly perf: PerfService) {}

  /** Model speed merged across nodes: `?window=1h` (default) or `24h`. */
  @Get('models')
  @Access('admin')
  @Contract({ summary: 'Model speed (success rate, first-chunk latency, tokens/s, cache hits) merged across nodes', query: perfQuerySchema, data: perfReportSchema })
  async models(@Query() query: unknown) {
    return ok(await this.perf.report(parseInput(perfQuerySchema, query).window));
  }
}
