import { Controller, Get, Query } from '@nestjs/common';
import { ok } from '../common/envelope';
import type { Principal } from '../common/request-context';
import { Access, Actor, MaybeActor } from '../auth/auth.decorators';
import { PricingService } from './pricing.service';

@Controller('api')
export class PricingController {
  constructor(private readonly pricing: PricingService) {}

  /** The reference shape: the list in data, group_ratio and usable_group beside it. */
  @Get('pricing')
  @Access('optional')
  list(@MaybeActor() actor: Principal | null) {
    const { items, group_ratio, usable_group, vendors } = this.pricing.pricing(actor);
    return { ...ok(items), group_ratio, usable_group, vendors };
  }

  @Get('model-info')
  @Access('public')
  modelInfo() {
    return ok(this.pricing.modelInfo());
  }

  @Get('user/models')
  @Access('user')
  userModels(@Actor() actor: Principal, @Query('group') group: unknown) {
    return ok(this.pricing.userModels(actor, group));
  }

  @Get('token-channel-description')
  @Access('user')
  tokenChannelDescription() {
    return ok(this.pricing.tokenChannelDescription());
  }

  @Get('debug-document')
  @Access('user')
  debugDocument() {
    return ok(this.pricing.debugDocument());
  }
}
