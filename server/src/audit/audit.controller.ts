import { Controller, Get, Query } from '@nestjs/common';
import { ok } from '../common/envelope';
import type { Principal } from '../common/request-context';
import { Access, Actor } from '../auth/auth.decorators';
import { parseAuditFilter } from './audit-filter';
import { AuditService } from './audit.service';

/** Read-only: no route writes, edits or deletes audit rows (the retention job prunes them). */
@Controller('api/audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @Access('admin')
  async list(@Actor() actor: Principal, @Query() q: Record<string, unknown>) {
    return ok(await this.audit.list(actor, parseAuditFilter(q ?? {})));
  }
}
