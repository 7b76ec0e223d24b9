import { Body, Controller, Get, Headers, Post, Put } from '@nestjs/common';
import { z } from 'zod';
import { Contract } from '../common/contract';
import { done, ok } from '../common/envelope';
import { langOf, t } from '../common/messages';
import type { Principal } from '../common/request-context';
import { parseInput } from '../common/validation';
import { Access, Actor } from '../common/access';
import { optionEntrySchema, optionUpdateSchema } from './dto/option.dto';
import { OptionsService } from './options.service';

@Controller('api/option')
export class OptionsController {
  constructor(private readonly options: OptionsService) {}

  @Get()
  @Access('admin')
  @Contract({ summary: 'Every option but the secrets, as key/value text', data: z.array(optionEntrySchema) })
  list() {
    return ok(this.options.listVisible());
  }

  @Put()
  @Access('admin')
  @Contract({ summary: 'Set one option (root-only keys need root); the value is checked by the key\'s own rules', body: optionUpdateSchema })
  async update(@Actor() actor: Principal, @Body() body: unknown) {
    const { key, value } = parseInput(optionUpdateSchema, body);
    await this.options.set(actor.role, key, value);
    return done();
  }

  @Post('rest_model_ratio')
  @Access('root')
  @Contract({ summary: 'Reset ModelRatio to the built-in defaults (the message says so)' })
  async resetModelRatio(@Headers('accept-language') al: string | undefined) {
    await this.options.resetToDefault('ModelRatio');
    return done(t('option.model_ratio_reset', langOf(al)));
  }
}
