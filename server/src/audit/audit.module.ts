import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AuditContextInterceptor } from './audit-context';
import { AuditService } from './audit.service';

/**
 * The audit log writer, imported by every module whose actions are audited. It depends on no
 * domain module (the database is global), so any of them may import it.
 */
@Module({
  providers: [AuditService, { provide: APP_INTERCEPTOR, useClass: AuditContextInterceptor }],
  exports: [AuditService],
})
export class AuditModule {}
