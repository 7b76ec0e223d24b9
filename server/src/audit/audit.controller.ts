import { Controller, Get, Query } from '@nestjs/common';
import { Contract } from '../common/contract';
import { ok } from '../common/envelope';
import type { Principal } from '../common/request-context';
import { parseInput } from '../common/validation';
import { Access, Actor } from '../common/access';
import { AuditService } from './audit.service';
import { auditPageSchema, auditQuerySchema } from './dto/audit.dto';

/** Read-only: no route writes, edits or deletes audit rows (the retention job prunes them). */
@Controller('api/audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @Access('admin')
  @Contract({ summary: 'Audit rows the caller may read (root: all), newest first', query: auditQuerySchema, data: auditPageSchema })
  async list(@Actor() actor: Principal, @Query() query: unknown) {
    return ok(await this.audit.list(actor, parseInput(auditQuerySchema, query)));
  }
}
