import { Controller, Get, Query } from '@nestjs/common';
import { z } from 'zod';
import { Contract } from '../common/contract';
import { ok } from '../common/envelope';
import type { Principal } from '../common/request-context';
import { parseInput } from '../common/validation';
import { Access, Actor, MaybeActor } from '../common/access';
import { modelNamesSchema, pricingBesideSchema, pricingItemSchema, userModelsQuerySchema } from './dto/pricing.dto';
import { PricingService } from './pricing.service';

@Controller('api')
export class PricingController {
  constructor(private readonly pricing: PricingService) {}

  /** The reference shape: the list in data, group_ratio and usable_group beside it. */
  @Get('pricing')
  @Access('optional')
  @Contract({
    summary: 'The price list of the models in the groups the caller may use; group_ratio, usable_group and vendors beside data',
    data: z.array(pricingItemSchema),
    beside: pricingBesideSchema,
  })
  list(@MaybeActor() actor: Principal | null) {
    const { items, group_ratio, usable_group, vendors } = this.pricing.pricing(actor);
    return { ...ok(items), group_ratio, usable_group, vendors };
  }

  @Get('model-info')
  @Access('public')
  @Contract({ summary: 'The vendor catalogue of the price page, as the JSON text root stored (option Manufacturers)', data: z.string() })
  modelInfo() {
    return ok(this.pricing.modelInfo());
  }

  @Get('user/models')
  @Access('user')
  @Contract({ summary: 'The models the caller can call, in one usable group or all of them', query: userModelsQuerySchema, data: modelNamesSchema })
  userModels(@Actor() actor: Principal, @Query() query: unknown) {
    return ok(this.pricing.userModels(actor, parseInput(userModelsQuerySchema, query).group));
  }

  @Get('token-channel-description')
  @Access('user')
  @Contract({ summary: 'The token page note on channels (option TokenChannelDescription)', data: z.string() })
  tokenChannelDescription() {
    return ok(this.pricing.tokenChannelDescription());
  }

  @Get('debug-document')
  @Access('user')
  @Contract({ summary: 'The debugging guide text (option DebugDocument)', data: z.string() })
  debugDocument() {
    return ok(this.pricing.debugDocument());
  }
}
