// Parsing at the edge: server JSON is `unknown` until these functions have checked it. Every field
// the server documents is read by its schema in the document (conform.ts, openapi.schemas.gen.ts);
// what is handled here by hand is only what other servers of the new-api family send differently
// (reference §6): renamed fields, tags as one string, lists as pages, and fields the document lacks.
import { conform, documentedAnswer, documentedSchema, isRecord, propertyOf, readPicked, type JsonSchema, type Reading } from './conform';
import type {
  GroupOption,
  ModelInfoEntry,
  ModelInfoVendor,
  PricingItem,
  PricingResponse,
  PricingVendor,
  SiteStatus,
  Token,
  TokenStatus,
} from './types';

export class ApiShapeError extends Error {
  override readonly name = 'ApiShapeError';
}

function str(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

/** Tags arrive as a list or as a comma string depending on the server version. */
export function parseTags(value: unknown): string[] {
  const raw = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : str(value).split(',');
  return raw.map((t) => t.trim()).filter((t) => t !== '');
}

function optStr(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A reading that did not conform, as the kit's shape error. */
function read(reading: Reading, what: string): unknown {
  if (!reading.ok) throw new ApiShapeError(`${what}: ${reading.problem}`);
  return reading.value;
}

const PRICING_ITEM = documentedSchema('PricingItem');
const PRICING_ANSWER = documentedAnswer('GET /api/pricing');

/**
 * One price row, read by the documented `PricingItem`. Another server of the family may leave out
 * the ratios, the price and the groups (their neutral values stand in) and `owner_by`; it may add a
 * description and tags per row, which the document does not list and are read here by hand.
 */
export function parsePricingItem(value: unknown): PricingItem {
  const item = read(
    readPicked(PRICING_ITEM, value, {
      pick: ['model_name', 'quota_type', 'model_ratio', 'completion_ratio', 'model_price', 'enable_groups', 'owner_by', 'vendor_id'],
      defaults: { quota_type: 0, model_ratio: 0, completion_ratio: 1, model_price: 0, enable_groups: [] },
      optional: ['owner_by', 'vendor_id'],
    }),
    'pricing item',
  ) as PricingItem;
  if (item.owner_by === '') delete item.owner_by;
  if (isRecord(value)) {
    const description = optStr(value.description);
    if (description !== undefined) item.description = description;
    if (value.tags !== undefined) item.tags = parseTags(value.tags);
  }
  return item;
}

/** A vendor beside the price list: the documented `PricingVendor`, where older servers may omit id and icon. */
function parsePricingVendor(value: unknown): PricingVendor[] {
  const reading = readPicked(documentedSchema('PricingVendor'), value, { pick: ['name', 'id', 'icon'], optional: ['id', 'icon'] });
  if (!reading.ok) return [];
  const vendor = reading.value as PricingVendor;
  if (vendor.name === '') return [];
  if (vendor.icon === '') delete vendor.icon;
  const description = isRecord(value) ? optStr(value.description) : undefined;
  if (description !== undefined) vendor.description = description;
  return [vendor];
}

/**
 * `GET /api/pricing` keeps group_ratio, usable_group and vendors beside data, outside the usual
 * envelope; each is read by its part of the documented answer (a ratio that is not a number is
 * left out rather than guessed).
 */
export function parsePricingResponse(body: unknown): PricingResponse {
  if (!isRecord(body) || !Array.isArray(body.data)) throw new ApiShapeError('pricing response without data');
  const part = (name: string, fallback: unknown) => read(conform(propertyOf(PRICING_ANSWER, name), body[name] ?? fallback, name), 'pricing');
  return {
    items: body.data.map(parsePricingItem),
    groupRatio: part('group_ratio', {}) as Record<string, number>,
    usableGroup: part('usable_group', {}) as Record<string, string>,
    vendors: Array.isArray(body.vendors) ? body.vendors.flatMap(parsePricingVendor) : [],
  };
}

function parseModelInfoEntry(value: unknown): ModelInfoEntry[] {
  if (!isRecord(value) || typeof value.model_name !== 'string') return [];
  const entry: ModelInfoEntry = { model_name: value.model_name, tags: parseTags(value.type ?? value.tags) };
  const illustrate = optStr(value.illustrate);
  if (illustrate !== undefined) entry.illustrate = illustrate;
  return [entry];
}

/** `GET /api/model-info`: data is a JSON string (or, tolerated, the list itself). */
export function parseModelInfo(data: unknown): ModelInfoVendor[] {
  let list: unknown = data;
  if (typeof data === 'string') {
    if (data.trim() === '') return [];
    try {
      list = JSON.parse(data);
    } catch {
      throw new ApiShapeError('model-info is not valid JSON');
    }
  }
  if (!Array.isArray(list)) return [];
  return list.filter(isRecord).flatMap((v) => {
    const manufacturer = optStr(v.Manufacturer ?? v.manufacturer);
    if (manufacturer === undefined) return [];
    const vendor: ModelInfoVendor = {
      manufacturer,
      models: Array.isArray(v.models) ? v.models.flatMap(parseModelInfoEntry) : [],
    };
    const icon = optStr(v.icon);
    if (icon !== undefined) vendor.icon = icon;
    const description = optStr(v.description);
    if (description !== undefined) vendor.description = description;
    return [vendor];
  });
}

const STATUS_FIELDS = ['server_address', 'price', 'quota_per_unit', 'display_in_currency', 'chat_link', 'chat_link2', 'system_name'] as const;

/** The widgets' part of the documented `Status`: each field optional, one that does not conform left out, an empty text unset. */
export function parseStatus(data: unknown): SiteStatus {
  if (!isRecord(data)) return {};
  const status = read(readPicked(documentedSchema('Status'), data, { pick: STATUS_FIELDS, lenient: true }), 'status') as Record<string, unknown>;
  for (const [key, value] of Object.entries(status)) if (value === '') delete status[key];
  return status as SiteStatus;
}

/**
 * Groups come as `{group: {ratio, desc}}` (/api/user/self/groups) or as
 * `{group: label}` (/api/groups/token). Keys holding a yen sign are hidden (spec §5).
 */
export function parseGroups(data: unknown): GroupOption[] {
  if (!isRecord(data)) return [];
  const ratioEntry = documentedSchema('GroupRatios').additionalProperties as JsonSchema;
  const labelEntry = documentedSchema('GroupLabels').additionalProperties as JsonSchema;
  return Object.entries(data).flatMap(([value, v]) => {
    if (value.includes('¥') || value.includes('￥')) return [];
    const label = conform(labelEntry, v);
    if (label.ok) return [{ value, label: (label.value as string) || value }];
    const ratio = conform(ratioEntry, v);
    if (ratio.ok) {
      const entry = ratio.value as { ratio: number; desc: string };
      return [{ value, label: entry.desc || value, ratio: entry.ratio }];
    }
    // Neither documented form (another server's): the group is still offered, by its key.
    return [{ value, label: value }];
  });
}

/**
 * Model names from /api/user/models (the documented list of names) or /v1/models (the documented
 * `ModelList`, of which only each model's `id` is read: other servers send fewer fields).
 */
export function parseModelNames(data: unknown): string[] {
  if (isRecord(data) && Array.isArray(data.data)) {
    const model = documentedSchema('Model');
    return data.data.flatMap((m) => {
      const r = readPicked(model, m, { pick: ['id'] });
      return r.ok ? [(r.value as { id: string }).id] : [];
    });
  }
  return read(conform(propertyOf(documentedAnswer('GET /api/user/models'), 'data'), data ?? []), 'models') as string[];
}

function tokenStatus(value: number): TokenStatus {
  return value === 2 || value === 3 || value === 4 ? value : 1;
}

/** What a token the server leaves a field out of means (older servers send fewer fields). */
const TOKEN_DEFAULTS = {
  name: '',
  key: '',
  status: 1,
  remain_quota: 0,
  used_quota: 0,
  unlimited_quota: false,
  expired_time: -1,
  created_time: 0,
  group: '',
  model_limits_enabled: false,
  model_limits: '',
  ip_limits: '',
  rate_limit_enabled: false,
  rate_limit_interval: 1,
  rate_limit_count: 1,
  rpm_limit: 0,
  tpm_limit: 0,
  concurrency_limit: 0,
} satisfies Omit<Token, 'id'>;

const TOKEN_FIELDS = ['id', ...(Object.keys(TOKEN_DEFAULTS) as (keyof typeof TOKEN_DEFAULTS)[])];

/** A token, read by the documented `Token`: its id required, every other field typed as documented or absent. */
export function parseToken(value: unknown): Token {
  // Older servers call ip_limits allow_ips.
  const adapted = isRecord(value) && value.ip_limits === undefined && value.allow_ips !== undefined ? { ...value, ip_limits: value.allow_ips } : value;
  const token = read(readPicked(documentedSchema('Token'), adapted, { pick: TOKEN_FIELDS, defaults: TOKEN_DEFAULTS }), 'token') as Token;
  token.status = tokenStatus(token.status);
  return token;
}

export interface TokenPage {
  items: Token[];
  /** Unknown when the server returns a bare array (reference §6.3). */
  total?: number;
}

/** Token lists are a bare array on some versions and `{items,total}` on others. */
export function parseTokenPage(data: unknown): TokenPage {
  if (Array.isArray(data)) return { items: data.map(parseToken) };
  if (isRecord(data) && Array.isArray(data.items)) {
    const page: TokenPage = { items: data.items.map(parseToken) };
    if (typeof data.total === 'number') page.total = data.total;
    return page;
  }
  if (data === null || data === undefined) return { items: [] };
  throw new ApiShapeError('token list is neither a list nor a page');
}
