import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { z } from 'zod';
import { Contract } from '../common/contract';
import { done, ok } from '../common/envelope';
import type { Principal } from '../common/request-context';
import { parseInput } from '../common/validation';
import { Access, Actor } from '../common/access';
import { channelTypesView, defaultModelsByType } from '../catalogue/catalogue';
import {
  channelBatchSchema,
  channelCopyQuerySchema,
  channelCreateSchema,
  channelGetQuerySchema,
  channelListQuerySchema,
  channelQuickSchema,
  channelSearchQuerySchema,
  channelTypeViewSchema,
  channelUpdateSchema,
  channelViewSchema,
  fetchModelsSchema,
  isQuickUpdate,
  modelsByTypeSchema,
} from './dto/channel.dto';
import { ChannelsService } from './channels.service';

const channelList = z.array(channelViewSchema);

/** Channel administration (admins; keys only for root asking with include_key=true). */
@Controller('api/channel')
export class ChannelsController {
  constructor(private readonly channels: ChannelsService) {}

  @Get()
  @Access('admin')
  @Contract({ summary: 'Channels, highest priority first (or newest with id_sort)', query: channelListQuerySchema, data: channelList })
  async list(@Actor() actor: Principal, @Query() query: unknown) {
    return ok(await this.channels.list(actor, parseInput(channelListQuerySchema, query)));
  }

  @Get('search')
  @Access('admin')
  @Contract({ summary: 'Search channels by id, name or whole key, group and model', query: channelSearchQuerySchema, data: channelList })
  async search(@Actor() actor: Principal, @Query() query: unknown) {
    return ok(await this.channels.search(actor, parseInput(channelSearchQuerySchema, query)));
  }

  @Get('models')
  @Access('admin')
  @Contract({ summary: 'The default model names of each channel type', data: modelsByTypeSchema })
  models() {
    return ok(defaultModelsByType());
  }

  /** The channel type catalogue (catalogue/channel-types.ts): the console builds its channel form from it. */
  @Get('types')
  @Access('admin')
  @Contract({ summary: 'The channel type catalogue (labels, key format, form fields)', data: z.array(channelTypeViewSchema) })
  types() {
    return ok(channelTypesView());
  }

  @Get('fetch_models/:id')
  @Access('admin')
  @Contract({ summary: "Ask a saved channel's upstream for its model list", data: z.array(z.string()) })
  async fetchModelsOf(@Actor() actor: Principal, @Param('id', ParseIntPipe) id: number) {
    return ok(await this.channels.fetchModelsOf(actor, id));
  }

  @Post('fetch_models')
  @Access('admin')
  @Contract({ summary: "Ask an unsaved channel's upstream (base_url, type, key) for its model list", body: fetchModelsSchema, data: z.array(z.string()) })
  async fetchModels(@Actor() actor: Principal, @Body() body: unknown) {
    return ok(await this.channels.fetchModels(actor, parseInput(fetchModelsSchema, body)));
  }

  @Get(':id')
  @Access('admin')
  @Contract({ summary: 'One channel (with its key for root asking with include_key=true)', query: channelGetQuerySchema, data: channelViewSchema })
  async get(@Actor() actor: Principal, @Param('id', ParseIntPipe) id: number, @Query() query: unknown) {
    const q = parseInput(channelGetQuerySchema, query);
    return ok(await this.channels.get(actor, id, q.include_key === true));
  }

  @Post()
  @Access('admin')
  @Contract({ summary: 'Create a channel, or with mode "batch" one per key line; data holds them', body: channelCreateSchema, data: channelList })
  async create(@Actor() actor: Principal, @Body() body: unknown) {
    return ok(await this.channels.create(actor, parseInput(channelCreateSchema, body)));
  }

  @Post('copy/:id')
  @Access('admin')
  @Contract({ summary: 'Copy a channel server-side, key included', query: channelCopyQuerySchema, data: channelViewSchema })
  async copy(@Actor() actor: Principal, @Param('id', ParseIntPipe) id: number, @Query() query: unknown) {
    return ok(await this.channels.copy(actor, id, parseInput(channelCopyQuerySchema, query)));
  }

  /** A whole edit, or a quick action: a body of only id plus status, priority and/or weight. */
  @Put()
  @Access('admin')
  @Contract({
    summary: 'Edit a channel, or with only {id, status, priority, weight} enable, disable or reorder it',
    body: z.union([channelUpdateSchema, channelQuickSchema]),
    data: channelViewSchema,
  })
  async update(@Actor() actor: Principal, @Body() body: unknown) {
    const quick = isQuickUpdate(body);
    return ok(await this.channels.update(actor, parseInput(quick ? channelQuickSchema : channelUpdateSchema, body), quick));
  }

  @Delete('disabled')
  @Access('admin')
  @Contract({ summary: 'Delete every disabled channel (manual and automatic); data is how many went', data: z.int() })
  async removeDisabled(@Actor() actor: Principal) {
    return ok(await this.channels.removeDisabled(actor));
  }

  @Delete(':id')
  @Access('admin')
  @Contract({ summary: 'Delete one channel' })
  async remove(@Actor() actor: Principal, @Param('id', ParseIntPipe) id: number) {
    await this.channels.remove(actor, id);
    return done();
  }

  @Post('batch')
  @Access('admin')
  @Contract({ summary: 'Delete several channels; data is how many went', body: channelBatchSchema, data: z.int() })
  async removeBatch(@Actor() actor: Principal, @Body() body: unknown) {
    return ok(await this.channels.removeBatch(actor, parseInput(channelBatchSchema, body).ids));
  }

  @Post('fix')
  @Access('admin')
  @Contract({ summary: 'Normalize group and model lists and rebuild the routing index; data is the enabled channels indexed', data: z.int() })
  async fix(@Actor() actor: Principal) {
    return ok(await this.channels.fix(actor));
  }
}

/** GET /api/models: the model catalogue by channel type, for any logged-in user. */
@Controller('api')
export class ModelCatalogueController {
  @Get('models')
  @Access('user')
  @Contract({ summary: 'The default model names of each channel type', data: modelsByTypeSchema })
  models() {
    return ok(defaultModelsByType());
  }
}
