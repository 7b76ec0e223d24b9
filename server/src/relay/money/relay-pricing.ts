import { Injectable } from '@nestjs/common';
import { imagePriceMultiplier } from '../../billing/image-price';
import { pricingFor, type PricingTables } from '../../billing/pricing';
import type { ModelPricing } from '../../billing/quota';
import { GroupsService } from '../../options/groups.service';
import { OptionsService } from '../../options/options.service';
import { UNSET_MODEL_RATIO } from '../../pricing/model-lookup';
import type { CanonicalRequest } from '../../wire/canonical/request';
import { RelayError } from '../edge/relay-errors';

type Table = Readonly<Record<string, unknown>>;

/** (group, model) pairs remembered at once; past it the memo starts over. */
const MEMO_MAX = 10_000;

export interface ResolvedPricing {
  readonly pricing: ModelPricing;
  /** Image size/quality/n factor on a fixed price; 1 elsewhere. */
  readonly perCallMultiplier: number;
  /** Charged at the unset ratio because SelfUseModeEnabled allows unpriced models. */
  readonly unpriced: boolean;
}

/** Per-call factor of a request priced by a fixed model price (DALL·E sizes, qualities, n). */
export function perCallMultiplierFor(req: CanonicalRequest): number {
  if (req.endpoint === 'image_generation' || req.endpoint === 'image_edit') return imagePriceMultiplier(req.model, req.size, req.quality, req.n);
  return 1;
}

/**
 * Prices from the options (ModelRatio, ModelPrice, CompletionRatio, CacheRatio, CreateCacheRatio,
 * GroupRatio). The parsed tables are the OptionsService's cached objects, so a lookup costs a few
 * map reads; a changed option yields new objects and the tables follow.
 */
@Injectable()
export class RelayPricing {
  private cached: { refs: readonly Table[]; tables: PricingTables } | null = null;
  private memo: { tables: PricingTables | null; groups: Table | null; selfUse: string; hits: Map<string, { pricing: ModelPricing; unpriced: boolean } | null> } = {
    tables: null,
    groups: null,
    selfUse: '',
    hits: new Map(),
  };

  constructor(
    private readonly options: OptionsService,
    private readonly groups: GroupsService,
  ) {}

  tables(): PricingTables {
    const refs = [
      this.options.json<Table>('ModelRatio') ?? {},
      this.options.json<Table>('ModelPrice') ?? {},
      this.options.json<Table>('CompletionRatio') ?? {},
      this.options.json<Table>('CacheRatio') ?? {},
      this.options.json<Table>('CreateCacheRatio') ?? {},
      this.options.json<Table>('AudioRatio') ?? {},
      this.options.json<Table>('AudioCompletionRatio') ?? {},
    ] as const;
    const c = this.cached;
    if (c && c.refs.every((r, i) => r === refs[i])) return c.tables;
    const tables: PricingTables = {
      modelRatio: refs[0],
      modelPrice: refs[1],
      completionRatio: refs[2],
      cacheRatio: refs[3],
      createCacheRatio: refs[4],
      audioRatio: refs[5],
      audioCompletionRatio: refs[6],
    };
    this.cached = { refs, tables };
    return tables;
  }

  /** The model's pricing in a group, or null when it has no ratio or price (and self-use mode is off). */
  lookup(model: string, group: string): { pricing: ModelPricing; unpriced: boolean } | null {
    // Memoised per (group, model) until a pricing option changes (new parsed objects).
    const tables = this.tables();
    const groupRatios = this.options.json<Table>('GroupRatio');
    const selfUse = this.options.get('SelfUseModeEnabled');
    if (this.memo.tables !== tables || this.memo.groups !== groupRatios || this.memo.selfUse !== selfUse) {
      this.memo = { tables, groups: groupRatios, selfUse, hits: new Map() };
    }
    const key = `${group}\u0000${model}`;
    const hit = this.memo.hits.get(key);
    if (hit !== undefined) return hit;
    const value = this.compute(model, group);
    if (this.memo.hits.size >= MEMO_MAX) this.memo.hits.clear();
    this.memo.hits.set(key, value);
    return value;
  }

  private compute(model: string, group: string): { pricing: ModelPricing; unpriced: boolean } | null {
    const groupRatio = this.groups.ratio(group);
    const tables = this.tables();
    const pricing = pricingFor(model, tables, groupRatio);
    if (pricing) return { pricing, unpriced: false };
    if (!this.options.bool('SelfUseModeEnabled')) return null;
    // Self-use mode: an unpriced model is charged at the reference's unset ratio.
    const unset = pricingFor(model, tables, groupRatio, UNSET_MODEL_RATIO);
    return unset && { pricing: unset, unpriced: true };
  }

  /** Pricing of a parsed request: 400 `model_price_unset` when the model is not priced. */
  resolve(req: CanonicalRequest, group: string): ResolvedPricing {
    const hit = this.lookup(req.model, group);
    if (!hit) throw new RelayError('model_price_unset', 'relay.model_price_unset', 400, { model: req.model.slice(0, 128) });
    return { ...hit, perCallMultiplier: hit.pricing.modelPrice !== null ? perCallMultiplierFor(req) : 1 };
  }

  /** Whether /v1/models may list the model (priced, or self-use mode). */
  listable(model: string): boolean {
    return this.options.bool('SelfUseModeEnabled') || pricingFor(model, this.tables(), 1) !== null;
  }
}
