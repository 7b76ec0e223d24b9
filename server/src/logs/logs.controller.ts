import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Query, StreamableFile } from '@nestjs/common';
import { createReadStream } from 'node:fs';
import { z } from 'zod';
import { Contract } from '../common/contract';
import { ok } from '../common/envelope';
import type { Principal } from '../common/request-context';
import { parseInput } from '../common/validation';
import { Access, Actor } from '../common/access';
import { ROLE_ADMIN } from '../users/user.entity';
import {
  adminLogPageSchema,
  logAdminFilterSchema,
  logAdminListQuerySchema,
  logCleanQuerySchema,
  logExportViewSchema,
  logSearchQuerySchema,
  logSelfFilterSchema,
  logSelfListQuerySchema,
  logStatSchema,
  selfLogPageSchema,
} from './dto/log.dto';
import { EXPORT_FILE_NAME, LogExportService } from './log-export.service';
import { LogsService } from './logs.service';

/** An export's filters come in the body, the query, or both (the body wins a name sent twice). */
function exportInput(query: unknown, body: unknown): Record<string, unknown> {
  const obj = (v: unknown) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  return { ...obj(query), ...obj(body) };
}

@Controller('api/log')
export class LogsController {
  constructor(
    private readonly logs: LogsService,
    private readonly exports: LogExportService,
  ) {}

  // ---- admin: every user's logs ----

  /**
   * Admins list every user's logs. The spec's wallet page reads its top-up records from this same
   * path as a regular user, so a non-admin gets their own logs here (the self view, nothing more).
   */
  @Get()
  @Access('user')
  @Contract({
    summary: "Every user's logs, newest first (a non-admin gets their own, as GET /api/log/self)",
    query: logAdminListQuerySchema,
    data: z.union([adminLogPageSchema, selfLogPageSchema]),
  })
  async list(@Actor() actor: Principal, @Query() query: unknown) {
    if (actor.role < ROLE_ADMIN) {
      const q = parseInput(logSelfListQuerySchema, query);
      return ok(await this.logs.listSelf(actor, q.filter, q.p, q.page_size));
    }
    const q = parseInput(logAdminListQuerySchema, query);
    return ok(await this.logs.listAll(actor, q.filter, q.p, q.page_size));
  }

  @Delete()
  @Access('admin')
  @Contract({ summary: 'Delete the logs created before target_timestamp; data is how many went', query: logCleanQuerySchema, data: z.int() })
  async clean(@Actor() actor: Principal, @Query() query: unknown) {
    return ok(await this.logs.clean(actor, parseInput(logCleanQuerySchema, query).target_timestamp));
  }

  @Get('stat')
  @Access('admin')
  @Contract({ summary: 'Consume totals of the filtered logs, and tokens and requests of the last minute', query: logAdminFilterSchema, data: logStatSchema })
  async stat(@Actor() actor: Principal, @Query() query: unknown) {
    return ok(await this.logs.stat(actor, parseInput(logAdminFilterSchema, query), 'admin'));
  }

  @Get('search')
  @Access('admin')
  @Contract({ summary: "Search every user's logs by keyword", query: logSearchQuerySchema, data: adminLogPageSchema })
  async search(@Actor() actor: Principal, @Query() query: unknown) {
    const q = parseInput(logSearchQuerySchema, query);
    return ok(await this.logs.searchAll(actor, q.keyword, q.p, q.page_size));
  }

  @Post('export')
  @Access('admin')
  @Contract({ summary: "Start a CSV export of every user's filtered logs (filters in the body or the query)", body: logAdminFilterSchema, data: logExportViewSchema })
  async exportAll(@Actor() actor: Principal, @Query() query: unknown, @Body() body: unknown) {
    return ok(await this.exports.create(actor, 'admin', parseInput(logAdminFilterSchema, exportInput(query, body))));
  }

  // ---- self ----

  @Get('self')
  @Access('user')
  @Contract({ summary: "The caller's own logs, newest first", query: logSelfListQuerySchema, data: selfLogPageSchema })
  async listSelf(@Actor() actor: Principal, @Query() query: unknown) {
    const q = parseInput(logSelfListQuerySchema, query);
    return ok(await this.logs.listSelf(actor, q.filter, q.p, q.page_size));
  }

  @Get('self/stat')
  @Access('user')
  @Contract({ summary: "Consume totals of the caller's filtered logs, and of the last minute", query: logSelfFilterSchema, data: logStatSchema })
  async statSelf(@Actor() actor: Principal, @Query() query: unknown) {
    return ok(await this.logs.stat(actor, parseInput(logSelfFilterSchema, query), 'self'));
  }

  @Get('self/search')
  @Access('user')
  @Contract({ summary: "Search the caller's own logs by keyword", query: logSearchQuerySchema, data: selfLogPageSchema })
  async searchSelf(@Actor() actor: Principal, @Query() query: unknown) {
    const q = parseInput(logSearchQuerySchema, query);
    return ok(await this.logs.searchSelf(actor, q.keyword, q.p, q.page_size));
  }

  @Post('self/export')
  @Access('user')
  @Contract({ summary: "Start a CSV export of the caller's filtered logs (filters in the body or the query)", body: logSelfFilterSchema, data: logExportViewSchema })
  async exportSelf(@Actor() actor: Principal, @Query() query: unknown, @Body() body: unknown) {
    return ok(await this.exports.create(actor, 'self', parseInput(logSelfFilterSchema, exportInput(query, body))));
  }

  // ---- export status and file (owner or admin) ----

  @Get('export/:id')
  @Access('user')
  @Contract({ summary: 'An export of the caller (or, for an admin, anyone): its status and row count', data: logExportViewSchema })
  async exportStatus(@Actor() actor: Principal, @Param('id', ParseIntPipe) id: number) {
    return ok(await this.exports.status(actor, id));
  }

  /** Not the envelope: the CSV file itself once the export is done. */
  @Get('export/:id/file')
  @Access('user')
  @Contract({ summary: 'The finished export as a CSV file', raw: { contentType: 'text/csv; charset=utf-8', description: 'The CSV file (a header line, then one line per log row), as a download' } })
  async exportFile(@Actor() actor: Principal, @Param('id', ParseIntPipe) id: number): Promise<StreamableFile> {
    const path = await this.exports.file(actor, id);
    return new StreamableFile(createReadStream(path), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${EXPORT_FILE_NAME}"`,
    });
  }
}
