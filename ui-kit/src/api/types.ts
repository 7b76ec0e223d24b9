// Wire shapes of the Sluice management API as the widgets read them (spec §3, §7;
// reference §6). Fields the widgets do not read are left out on purpose: the parsers in
// parse.ts accept any extra keys and check only what is listed here. Shapes the server documents
// are taken from its OpenAPI document (schema.ts, openapi.gen.ts) rather than written again.
import type { ApiSchema } from './schema';

/** Every management response: `{ success, message, data }` (HTTP 200 even on failure). */
export interface ApiEnvelope<T> {
  success: boolean;
  message: string;
  data?: T;
}

/** 0 pays per token (ratio based), 1 pays a fixed price per call. */
export type QuotaType = 0 | 1;

/**
 * One row of GET /api/pricing: the server's documented `PricingItem`, plus what other servers of
 * the new-api family send (a widget may be pointed at one): per-item descriptions and tags, and
 * no `owner_by` at all.
 */
export type PricingItem = Omit<ApiSchema<'PricingItem'>, 'owner_by'> & {
  owner_by?: string;
  /** Newer servers send these per item; older ones leave them to /api/model-info. */
  description?: string;
  tags?: string[];
};

/** A vendor beside the price list's `data` (the documented `PricingVendor`; older servers may omit id and icon, some add a description). */
export type PricingVendor = Pick<ApiSchema<'PricingVendor'>, 'name'> & Partial<Pick<ApiSchema<'PricingVendor'>, 'id' | 'icon'>> & { description?: string };

export interface PricingResponse {
  items: PricingItem[];
  /** Group name to ratio, only groups usable by the caller. */
  groupRatio: Record<string, number>;
  /** Group name to description, when the server sends it. */
  usableGroup: Record<string, string>;
  vendors: PricingVendor[];
}

/** One vendor of `GET /api/model-info` (data arrives as a JSON string). */
export interface ModelInfoVendor {
  manufacturer: string;
  icon?: string;
  description?: string;
  models: ModelInfoEntry[];
}

export interface ModelInfoEntry {
  model_name: string;
  tags: string[];
  /** Description HTML. */
  illustrate?: string;
}

/**
 * The subset of `GET /api/status` the widgets use: fields of the documented `Status` schema, each
 * optional because parseStatus keeps only what the server sent (older servers leave some out).
 * `price` is yuan per US dollar.
 */
export type SiteStatus = Partial<
  Pick<
    ApiSchema<'Status'>,
    'server_address' | 'price' | 'quota_per_unit' | 'display_in_currency' | 'chat_link' | 'chat_link2' | 'system_name'
  >
>;

/**
 * One group a caller may pick, read from either documented group answer: `GroupRatios` of
 * GET /api/user/self/groups (`{group: {ratio, desc}}`) or `GroupLabels` of GET /api/groups/token
 * (`{group: label}`). The key becomes `value`, the description or label becomes `label`, and the
 * ratio comes only from the first.
 */
export interface GroupOption {
  /** Group key sent to the server (a key of either answer). */
  value: Extract<keyof ApiSchema<'GroupRatios'> & keyof ApiSchema<'GroupLabels'>, string>;
  /** Display name or description. */
  label: ApiSchema<'GroupRatios'>[string]['desc'] & ApiSchema<'GroupLabels'>[string];
  ratio?: ApiSchema<'GroupRatios'>[string]['ratio'];
}

export type TokenStatus = 1 | 2 | 3 | 4;

/**
 * A token as the widgets read it: the fields of the server's documented `Token` schema
 * (openapi.gen.ts) the token manager shows, with the status narrowed to its four values.
 * A field the server renames, drops or retypes fails the kit's typecheck here.
 */
export interface Token
  extends Pick<
    ApiSchema<'Token'>,
    | 'id'
    | 'name'
    | 'key'
    | 'remain_quota'
    | 'used_quota'
    | 'unlimited_quota'
    | 'expired_time'
    | 'created_time'
    | 'group'
    | 'model_limits_enabled'
    | 'model_limits'
    | 'ip_limits'
    | 'rate_limit_enabled'
    | 'rate_limit_interval'
    | 'rate_limit_count'
    | 'rpm_limit'
    | 'tpm_limit'
    | 'concurrency_limit'
  > {
  status: TokenStatus;
}

/**
 * Body of POST /api/token/ (and of PUT with an id): what the token form sends, a narrower type
 * than the documented `TokenCreate` / `TokenUpdate` it is checked against in client.ts.
 */
export interface TokenInput {
  name: string;
  remain_quota: number;
  unlimited_quota: boolean;
  expired_time: number;
  group: string;
  model_limits_enabled: boolean;
  model_limits: string;
  ip_limits: string;
  rate_limit_enabled: boolean;
  rate_limit_interval: number;
  rate_limit_count: number;
  /** Requests / tokens per minute, requests at once; 0 = none (the server's default when absent). */
  rpm_limit?: number;
  tpm_limit?: number;
  concurrency_limit?: number;
}

export type ChatRole = 'system' | 'user' | 'assistant';

export interface ChatRequestMessage {
  role: ChatRole;
  content: string;
}

export interface ChatCompletionRequest {
  model: string;
  group?: string;
  messages: ChatRequestMessage[];
  temperature?: number;
  max_tokens?: number;
}

/** What the playground receives while a reply streams. */
export type ChatStreamEvent =
  | { type: 'delta'; content: string }
  | { type: 'done' };
