import { Body, Controller, Get, Headers, Post, Put } from '@nestjs/common';
import { done, ok } from '../common/envelope';
import { langOf, t } from '../common/messages';
import type { Principal } from '../common/request-context';
import { Access, Actor } from '../auth/auth.decorators';
import { OptionsService } from './options.service';

@Controller('api/option')
export class OptionsController {
  constructor(private readonly options: OptionsService) {}

  @Get()
  @Access('admin')
  list() {
    return ok(this.options.listVisible());
  }

  @Put()
  @Access('admin')
  async update(@Actor() actor: Principal, @Body() body: Record<string, unknown>) {
    const key = typeof body?.key === 'string' ? body.key : '';
    await this.options.set(actor.role, key, body?.value);
    return done();
  }

  @Post('rest_model_ratio')
  @Access('root')
  async resetModelRatio(@Headers('accept-language') al: string | undefined) {
    await this.options.resetToDefault('ModelRatio');
    return done(t('option.model_ratio_reset', langOf(al)));
  }
}
