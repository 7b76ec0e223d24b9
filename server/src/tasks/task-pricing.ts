import { Injectable } from '@nestjs/common';
import { priceQuota } from '../billing/quota';
import { GroupsService } from '../options/groups.service';
import { lookupModelValue } from '../pricing/model-lookup';
import { DEFAULT_MODEL_PRICE } from '../pricing/default-ratios';
import { RelayPricing } from '../relay/money/relay-pricing';

/** new-api's price for a task model with no price anywhere. */
const FALLBACK_TASK_PRICE = 0.1;

export interface TaskPrice {
  modelPrice: number;
  groupRatio: number;
  quota: number;
}

/**
 * A task's price through the relay's price lookup (`RelayPricing.lookup`: the ModelPrice option
 * and the group ratio, memoised per option change) and the one quota formula (`priceQuota`).
 * Tasks are priced per call only: a model with a ratio but no price, or none at all, takes the
 * built-in task price (an admin's ModelPrice map that dropped the mj_* / suno_* entries), else $0.1.
 */
@Injectable()
export class TaskPricing {
  constructor(
    private readonly pricing: RelayPricing,
    private readonly groups: GroupsService,
  ) {}

  price(model: string, group: string, free = false): TaskPrice {
    const hit = this.pricing.lookup(model, group);
    const modelPrice = free ? 0 : (hit?.pricing.modelPrice ?? lookupModelValue(DEFAULT_MODEL_PRICE, model) ?? FALLBACK_TASK_PRICE);
    const groupRatio = hit?.pricing.groupRatio ?? this.groups.ratio(group);
    const quota = priceQuota({
      modelPrice,
      modelRatio: 0,
      completionRatio: 1,
      cacheRatio: 1,
      cacheCreationRatio: 1,
      imageRatio: 1,
      audioRatio: 1,
      audioCompletionRatio: 1,
      groupRatio,
    });
    return { modelPrice, groupRatio, quota };
  }
}
