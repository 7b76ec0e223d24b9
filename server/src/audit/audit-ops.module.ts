import { Module } from '@nestjs/common';
import { OptionsModule } from '../options/options.module';
import { AuditController } from './audit.controller';
import { AuditModule } from './audit.module';
import { AuditRetentionService } from './audit-retention.service';

/** The audit log's reader (GET /api/audit) and its retention job. */
@Module({
  imports: [AuditModule, OptionsModule],
  controllers: [AuditController],
  providers: [AuditRetentionService],
})
export class AuditOpsModule {}
