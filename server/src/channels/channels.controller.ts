import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { done, ok } from '../common/envelope';
import type { Principal } from '../common/request-context';
import { Access, Actor } from '../common/access';
import { channelTypesView, defaultModelsByType } from '../catalogue/catalogue';
import { ChannelsService } from './channels.service';

type Body = Record<string, unknown>;

/** Channel administration (admins; keys only for root asking with include_key=true). */
@Controller('api/channel')
export class ChannelsController {
  constructor(private readonly channels: ChannelsService) {}

  @Get()
  @Access('admin')
  async list(
    @Actor() actor: Principal,
    @Query('p') p: unknown,
    @Query('page_size') pageSize: unknown,
    @Query('id_sort') idSort: unknown,
    @Query('include_key') includeKey: unknown,
  ) {
    return ok(await this.channels.list(actor, { p, page_size: pageSize, id_sort: idSort, include_key: includeKey }));
  }

  @Get('search')
  @Access('admin')
  async search(@Actor() actor: Principal, @Query() q: Record<string, unknown>) {
    return ok(
      await this.channels.search(actor, {
        keyword: q.keyword,
        group: q.group,
        model: q.model,
        id_sort: q.id_sort,
        include_key: q.include_key,
        p: q.p,
        page_size: q.page_size,
      }),
    );
  }

  @Get('models')
  @Access('admin')
  models() {
    return ok(defaultModelsByType());
  }

  /** The channel type catalogue (catalogue/channel-types.ts): the console builds its channel form from it. */
  @Get('types')
  @Access('admin')
  types() {
    return ok(channelTypesView());
  }

  @Get('fetch_models/:id')
  @Access('admin')
  async fetchModelsOf(@Actor() actor: Principal, @Param('id', ParseIntPipe) id: number) {
    return ok(await this.channels.fetchModelsOf(actor, id));
  }

  @Post('fetch_models')
  @Access('admin')
  async fetchModels(@Actor() actor: Principal, @Body() body: Body) {
    return ok(await this.channels.fetchModels(actor, body ?? {}));
  }

  @Get(':id')
  @Access('admin')
  async get(@Actor() actor: Principal, @Param('id', ParseIntPipe) id: number, @Query('include_key') includeKey: unknown) {
    return ok(await this.channels.get(actor, id, includeKey));
  }

  @Post()
  @Access('admin')
  async create(@Actor() actor: Principal, @Body() body: Body) {
    return ok(await this.channels.create(actor, body ?? {}));
  }

  @Post('copy/:id')
  @Access('admin')
  async copy(
    @Actor() actor: Principal,
    @Param('id', ParseIntPipe) id: number,
    @Query('suffix') suffix: unknown,
    @Query('reset_balance') resetBalance: unknown,
  ) {
    return ok(await this.channels.copy(actor, id, suffix, resetBalance));
  }

  @Put()
  @Access('admin')
  async update(@Actor() actor: Principal, @Body() body: Body) {
    return ok(await this.channels.update(actor, body ?? {}));
  }

  @Delete('disabled')
  @Access('admin')
  async removeDisabled(@Actor() actor: Principal) {
    return ok(await this.channels.removeDisabled(actor));
  }

  @Delete(':id')
  @Access('admin')
  async remove(@Actor() actor: Principal, @Param('id', ParseIntPipe) id: number) {
    await this.channels.remove(actor, id);
    return done();
  }

  @Post('batch')
  @Access('admin')
  async removeBatch(@Actor() actor: Principal, @Body() body: Body) {
    return ok(await this.channels.removeBatch(actor, body?.ids));
  }

  @Post('fix')
  @Access('admin')
  async fix(@Actor() actor: Principal) {
    return ok(await this.channels.fix(actor));
  }
}

/** GET /api/models: the model catalogue by channel type, for any logged-in user. */
@Controller('api')
export class ModelCatalogueController {
  @Get('models')
  @Access('user')
  models() {
    return ok(defaultModelsByType());
  }
}
