import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Query, StreamableFile } from '@nestjs/common';
import { createReadStream } from 'node:fs';
import { ok } from '../common/envelope';
import type { Principal } from '../common/request-context';
import { Access, Actor } from '../auth/auth.decorators';
import { ROLE_ADMIN } from '../users/user.entity';
import { EXPORT_FILE_NAME, LogExportService } from './log-export.service';
import { LogsService } from './logs.service';

type Params = Record<string, unknown>;

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
  async list(@Actor() actor: Principal, @Query() q: Params) {
    return ok(actor.role >= ROLE_ADMIN ? await this.logs.listAll(actor, q ?? {}) : await this.logs.listSelf(actor, q ?? {}));
  }

  @Delete()
  @Access('admin')
  async clean(@Actor() actor: Principal, @Query('target_timestamp') target: unknown) {
    return ok(await this.logs.clean(actor, target));
  }

  @Get('stat')
  @Access('admin')
  async stat(@Actor() actor: Principal, @Query() q: Params) {
    return ok(await this.logs.stat(actor, q ?? {}, 'admin'));
  }

  @Get('search')
  @Access('admin')
  async search(@Actor() actor: Principal, @Query() q: Params) {
    return ok(await this.logs.searchAll(actor, q ?? {}));
  }

  @Post('export')
  @Access('admin')
  async exportAll(@Actor() actor: Principal, @Query() q: Params, @Body() body: Params) {
    return ok(await this.exports.create(actor, 'admin', { ...(q ?? {}), ...(body ?? {}) }));
  }

  // ---- self ----

  @Get('self')
  @Access('user')
  async listSelf(@Actor() actor: Principal, @Query() q: Params) {
    return ok(await this.logs.listSelf(actor, q ?? {}));
  }

  @Get('self/stat')
  @Access('user')
  async statSelf(@Actor() actor: Principal, @Query() q: Params) {
    return ok(await this.logs.stat(actor, q ?? {}, 'self'));
  }

  @Get('self/search')
  @Access('user')
  async searchSelf(@Actor() actor: Principal, @Query() q: Params) {
    return ok(await this.logs.searchSelf(actor, q ?? {}));
  }

  @Post('self/export')
  @Access('user')
  async exportSelf(@Actor() actor: Principal, @Query() q: Params, @Body() body: Params) {
    return ok(await this.exports.create(actor, 'self', { ...(q ?? {}), ...(body ?? {}) }));
  }

  // ---- export status and file (owner or admin) ----

  @Get('export/:id')
  @Access('user')
  async exportStatus(@Actor() actor: Principal, @Param('id', ParseIntPipe) id: number) {
    return ok(await this.exports.status(actor, id));
  }

  @Get('export/:id/file')
  @Access('user')
  async exportFile(@Actor() actor: Principal, @Param('id', ParseIntPipe) id: number): Promise<StreamableFile> {
    const path = await this.exports.file(actor, id);
    return new StreamableFile(createReadStream(path), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${EXPORT_FILE_NAME}"`,
    });
  }
}
