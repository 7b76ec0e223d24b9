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
  /**
   * (group, model) -> pricing (as resolved with no per-call factor), for the options of `generation`
   * (checked first: while no option changed, nothing else is compared).
   */
  private memo: { generation: number; tables: PricingTables | null; groups: Table | null; selfUse: string; hits: Map<string, Map<string, ResolvedPricing | null>>; size: number } = {
    generation: -1,
    tables: null,
    groups: null,
    selfUse: '',
    hits: new Map(),
    size: 0,
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
    return this.memoised(model, group);
  }

  /** `lookup`, memoised per (group, model) until a pricing option changes (new parsed objects). */
  private memoised(model: string, group: string): ResolvedPricing | null {
    const generation = this.options.generation;
    if (this.memo.generation !== generation) {
      const tables = this.tables();
      const groupRatios = this.options.json<Table>('GroupRatio');
      const selfUse = this.options.get('SelfUseModeEnabled');
      if (this.memo.tables !== tables || this.memo.groups !== groupRatios || this.memo.selfUse !== selfUse) {
        this.memo = { generation, tables, groups: groupRatios, selfUse, hits: new Map(), size: 0 };
      } else this.memo.generation = generation;
    }
    let byModel = this.memo.hits.get(group);
    const hit = byModel?.get(model);
    if (hit !== undefined) return hit;
    const value = this.compute(model, group);
    if (this.memo.size >= MEMO_MAX) {
      this.memo.hits.clear();
      this.memo.size = 0;
      byModel = undefined;
    }
    if (!byModel) {
      byModel = new Map();
      this.memo.hits.set(group, byModel);
    }
    byModel.set(model, value);
    this.memo.size += 1;
    return value;
  }

  private compute(model: string, group: string): ResolvedPricing | null {
    const groupRatio = this.groups.ratio(group);
    const tables = this.tables();
    const pricing = pricingFor(model, tables, groupRatio);
    if (pricing) return { pricing, unpriced: false, perCallMultiplier: 1 };
    if (!this.options.bool('SelfUseModeEnabled')) return null;
    // Self-use mode: an unpriced model is charged at the reference's unset ratio.
    const unset = pricingFor(model, tables, groupRatio, UNSET_MODEL_RATIO);
    return unset && { pricing: unset, unpriced: true, perCallMultiplier: 1 };
  }

  /** Pricing of a parsed request: 400 `model_price_unset` when the model is not priced. */
  resolve(req: CanonicalRequest, group: string): ResolvedPricing {
    const hit = this.memoised(req.model, group);
    if (!hit) throw new RelayError('model_price_unset', 'relay.model_price_unset', 400, { model: req.model.slice(0, 128) });
    // Without a fixed price the factor is 1: the memoised object itself (never changed, shared).
    return hit.pricing.modelPrice !== null ? { ...hit, perCallMultiplier: perCallMultiplierFor(req) } : hit;
  }

  /** Whether /v1/models may list the model (priced, or self-use mode). */
  listable(model: string): boolean {
    return this.options.bool('SelfUseModeEnabled') || pricingFor(model, this.tables(), 1) !== null;
  }
}
