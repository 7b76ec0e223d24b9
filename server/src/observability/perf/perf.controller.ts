import { Controller, Get, Query } from '@nestjs/common';
import { ok } from '../../common/envelope';
import { Access } from '../../auth/auth.decorators';
import { PerfService } from './perf.service';

@Controller('api/perf')
export class PerfController {
  constructor(private readonly perf: PerfService) {}

  /** Model speed merged across nodes: `?window=1h` (default) or `24h`. */
  @Get('models')
  @Access('admin')
  async models(@Query('window') window: unknown) {
    return ok(await this.perf.report(this.perf.parseWindow(window)));
  }
}
