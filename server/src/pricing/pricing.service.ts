import { Injectable } from '@nestjs/common';
import { PricingError } from './pricing.errors';
import type { Principal } from '../common/request-context';
import { RoutingIndexService } from '../channels/routing-index.service';
import { GroupsService } from '../options/groups.service';
import { OptionsService } from '../options/options.service';
import { completionRatio } from './completion-ratio';
import { VENDORS, vendorOf, type VendorEntry } from '../catalogue/vendors';
import type { z } from 'zod';
import type { PricingItem, pricingVendorSchema } from './dto/pricing.dto';
import { lookupModelValue, UNSET_MODEL_RATIO } from './model-lookup';

export type PricingVendor = z.output<typeof pricingVendorSchema>;

export interface PricingList {
  items: PricingItem[];
  group_ratio: Record<string, number>;
  usable_group: Record<string, string>;
  /** The vendors of the listed models, in table order. */
  vendors: PricingVendor[];
}

/**
 * The public price list and the per-user model lists. Built from the routing index (enabled
 * channels' group/model pairs) and the ratio options, restricted to the groups the caller may
 * use, so groups hidden from them never appear.
 */
@Injectable()
export class PricingService {
  constructor(
    private readonly options: OptionsService,
    private readonly groups: GroupsService,
    private readonly routing: RoutingIndexService,
  ) {}

  pricing(actor: Principal | null): PricingList {
    const usable = this.groups.usable(actor?.group ?? null);
    const ratios = this.groups.ratios();
    const groupRatio: Record<string, number> = {};
    for (const g of Object.keys(usable)) {
      const r = ratios[g];
      if (r !== undefined) groupRatio[g] = r;
    }
    const groupsOf = new Map<string, string[]>();
    for (const [group, models] of this.routing.enabledModelsByGroup()) {
      if (!(group in groupRatio)) continue;
      for (const m of models) {
        const list = groupsOf.get(m);
        if (list) list.push(group);
        else groupsOf.set(m, [group]);
      }
    }
    const modelRatio = this.options.json<Record<string, unknown>>('ModelRatio') ?? {};
    const modelPrice = this.options.json<Record<string, unknown>>('ModelPrice') ?? {};
    const completion = this.options.json<Record<string, unknown>>('CompletionRatio') ?? {};
    const seen = new Set<VendorEntry>();
    const items = [...groupsOf.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([model, enableGroups]): PricingItem => {
        const price = lookupModelValue(modelPrice, model);
        const vendor = vendorOf(model);
        if (vendor) seen.add(vendor);
        return {
          model_name: model,
          quota_type: price !== null ? 1 : 0,
          model_ratio: price !== null ? 0 : (lookupModelValue(modelRatio, model) ?? UNSET_MODEL_RATIO),
          model_price: price ?? 0,
          owner_by: vendor?.key ?? '',
          completion_ratio: completionRatio(model, completion),
          enable_groups: enableGroups.sort(),
          ...(vendor ? { vendor_id: vendor.id } : {}),
        };
      });
    const vendors = VENDORS.filter((v) => seen.has(v)).map((v) => ({ id: v.id, name: v.name, icon: v.icon }));
    return { items, group_ratio: groupRatio, usable_group: usable, vendors };
  }

  /** Models the user can call: in `group` (which they must be allowed to use) or in all their usable groups. */
  userModels(actor: Principal, group: string | undefined): string[] {
    const usable = Object.keys(this.groups.usable(actor.group));
    let groups = usable;
    if (group !== undefined && group !== '') {
      if (!usable.includes(group)) throw PricingError.of('pricing.group_forbidden', { group }, 403);
      groups = [group];
    }
    const byGroup = this.routing.enabledModelsByGroup();
    const out = new Set<string>();
    for (const g of groups) for (const m of byGroup.get(g) ?? []) out.add(m);
    return [...out].sort();
  }

  /** The vendor catalogue for the price page, as the JSON text root stored. */
  modelInfo(): string {
    return this.options.get('Manufacturers');
  }

  tokenChannelDescription(): string {
    return this.options.get('TokenChannelDescription');
  }

  debugDocument(): string {
    return this.options.get('DebugDocument');
  }
}
