import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { OptionsService } from '../options/options.service';
import { QUEUE_DRIVER, type QueueDriver } from '../queue/jobs';
import { AuditService } from './audit.service';

/** How often the prune job runs; a repeat job, so one node runs each period. */
export const AUDIT_PRUNE_EVERY_MS = 6 * 60 * 60 * 1000;

/** Removes audit rows older than the `AuditRetentionDays` option (the `audit.prune` job). */
@Injectable()
export class AuditRetentionService implements OnModuleInit {
  private readonly logger = new Logger('Audit');

  constructor(
    private readonly audit: AuditService,
    private readonly options: OptionsService,
    @Inject(QUEUE_DRIVER) private readonly queue: QueueDriver,
  ) {}

  async onModuleInit(): Promise<void> {
    this.queue.register('audit.prune', () => this.prune());
    await this.queue.repeat('audit.prune', {}, AUDIT_PRUNE_EVERY_MS);
  }

  async prune(now?: number): Promise<number> {
    const n = await this.audit.prune(this.options.num('AuditRetentionDays'), now);
    if (n > 0) this.logger.log(`pruned ${n} audit row(s) past ${this.options.num('AuditRetentionDays')} days`);
    return n;
  }
}
