import { Injectable } from '@nestjs/common';
import { RoutingIndexService } from '../../channels/routing-index.service';
import { OptionsService } from '../../options/options.service';
import { vendorOf } from '../../catalogue/vendors';
import { UsersService } from '../../users/users.service';
import type { RelayCaller } from './relay-auth.service';
import { RelayError } from './relay-errors';
import { RelayPricing } from '../money/relay-pricing';

/** `created` of listed models (the reference answers a fixed date, 2021-07-25). */
const MODEL_CREATED = 1_626_777_600;
/** What an unlimited token reports as its hard limit in the legacy billing routes. */
const UNLIMITED_USD = 100_000_000;

export interface ModelObject {
  id: string;
  object: 'model';
  created: number;
  owned_by: string;
  supported_endpoint_types: string[];
}

export interface GeminiModel {
  name: string;
  baseModelId: string;
  version: string;
  displayName: string;
  supportedGenerationMethods: string[];
}

function geminiModel(id: string): GeminiModel {
  return { name: `models/${id}`, baseModelId: id, version: '', displayName: id, supportedGenerationMethods: ['generateContent', 'streamGenerateContent', 'countTokens', 'embedContent', 'batchEmbedContents'] };
}

/**
 * GET /v1/models (only what the caller may use: models enabled in its group, within the token's
 * model limits, and priced unless self-use mode), and the legacy OpenAI dashboard billing routes.
 */
@Injectable()
export class RelayInfoService {
  constructor(
    private readonly routing: RoutingIndexService,
    private readonly pricing: RelayPricing,
    private readonly options: OptionsService,
    private readonly users: UsersService,
  ) {}

  models(caller: RelayCaller): ModelObject[] {
    const enabled = this.routing.enabledModelsByGroup().get(caller.group) ?? new Set<string>();
    const out: ModelObject[] = [];
    for (const id of [...enabled].sort()) {
      if (caller.allowedModels && !caller.allowedModels.has(id)) continue;
      if (!this.pricing.listable(id)) continue;
      out.push({ id, object: 'model', created: MODEL_CREATED, owned_by: vendorOf(id)?.key ?? 'custom', supported_endpoint_types: ['openai'] });
    }
    return out;
  }

  list(caller: RelayCaller): { success: true; object: 'list'; data: ModelObject[] } {
    return { success: true, object: 'list', data: this.models(caller) };
  }

  /**
   * The same models in Anthropic's list shape (reference §1.1: asked with `anthropic-version`, as
   * Claude clients do), one page with all of them.
   */
  anthropicList(caller: RelayCaller): { data: { id: string; created_at: string; display_name: string; type: 'model' }[]; first_id: string | null; has_more: false; last_id: string | null } {
    const createdAt = new Date(MODEL_CREATED * 1000).toISOString();
    const data = this.models(caller).map((m) => ({ id: m.id, created_at: createdAt, display_name: m.id, type: 'model' as const }));
    return { data, first_id: data[0]?.id ?? null, has_more: false, last_id: data.at(-1)?.id ?? null };
  }

  /**
   * The same models in Gemini's list shape (`GET /v1beta/models`), one page with all of them.
   * The methods are the ones the gateway serves on `/v1beta` for every channel type. The last
   * page has no `nextPageToken` (Google omits it; @google/genai asks again for any value, null too).
   */
  geminiList(caller: RelayCaller): { models: GeminiModel[] } {
    return { models: this.models(caller).map((m) => geminiModel(m.id)) };
  }

  /** `GET /v1beta/models/{model}`; the `models/` prefix is optional. */
  geminiModel(caller: RelayCaller, name: string): GeminiModel {
    const id = name.startsWith('models/') ? name.slice('models/'.length) : name;
    return geminiModel(this.model(caller, id).id);
  }

  model(caller: RelayCaller, id: string): ModelObject {
    const hit = this.models(caller).find((m) => m.id === id);
    if (!hit) throw new RelayError('model_not_found', 'relay.model_not_found', 404, { model: id.slice(0, 128) }, {}, 'invalid_request_error');
    return hit;
  }

  /** remain + used, in quota units; the token's when DisplayTokenStatEnabled, else the user's. */
  private async amounts(caller: RelayCaller): Promise<{ granted: number; used: number; unlimited: boolean; expires: number }> {
    const t = caller.token;
    if (this.options.bool('DisplayTokenStatEnabled') && t) {
      return { granted: t.remainQuota + t.usedQuota, used: t.usedQuota, unlimited: t.unlimitedQuota, expires: t.expiredTime };
    }
    const self = await this.users.getSelf({ id: caller.userId, username: caller.username, role: caller.role, status: 1, group: caller.group, via: 'access_token' });
    return { granted: self.quota + self.used_quota, used: self.used_quota, unlimited: false, expires: t?.expiredTime ?? -1 };
  }

  async subscription(caller: RelayCaller): Promise<Record<string, unknown>> {
    const a = await this.amounts(caller);
    const perUnit = this.options.num('QuotaPerUnit');
    const limit = a.unlimited ? UNLIMITED_USD : a.granted / perUnit;
    return {
      object: 'billing_subscription',
      has_payment_method: true,
      soft_limit_usd: limit,
      hard_limit_usd: limit,
      system_hard_limit_usd: limit,
      access_until: a.expires > 0 ? a.expires : 0,
    };
  }

  async usage(caller: RelayCaller): Promise<Record<string, unknown>> {
    const a = await this.amounts(caller);
    // OpenAI reports cents.
    return { object: 'list', total_usage: (a.used / this.options.num('QuotaPerUnit')) * 100 };
  }
}
