// Parsing at the edge: server JSON is `unknown` until these functions have checked it.
// They are lenient about extra fields and about the older/newer server variants
// (reference §6), and strict about the fields the widgets rely on.
import type {
  GroupOption,
  ModelInfoEntry,
  ModelInfoVendor,
  PricingItem,
  PricingResponse,
  PricingVendor,
  QuotaType,
  SiteStatus,
  Token,
  TokenStatus,
} from './types';

export class ApiShapeError extends Error {
  override readonly name = 'ApiShapeError';
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function num(value: unknown, fallback = 0): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return fallback;
}

function str(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

function bool(value: unknown): boolean {
  return value === true || value === 1 || value === 'true';
}

/** Tags arrive as a list or as a comma string depending on the server version. */
export function parseTags(value: unknown): string[] {
  const raw = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : str(value).split(',');
  return raw.map((t) => t.trim()).filter((t) => t !== '');
}

function optStr(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function parsePricingItem(value: unknown): PricingItem {
  if (!isRecord(value) || typeof value.model_name !== 'string') {
    throw new ApiShapeError('pricing item without model_name');
  }
  const quotaType: QuotaType = num(value.quota_type) === 1 ? 1 : 0;
  const item: PricingItem = {
    model_name: value.model_name,
    quota_type: quotaType,
    model_ratio: num(value.model_ratio),
    completion_ratio: num(value.completion_ratio, 1),
    model_price: num(value.model_price),
    enable_groups: Array.isArray(value.enable_groups)
      ? value.enable_groups.filter((g): g is string => typeof g === 'string')
      : [],
  };
  const owner = optStr(value.owner_by);
  if (owner !== undefined) item.owner_by = owner;
  const description = optStr(value.description);
  if (description !== undefined) item.description = description;
  if (value.tags !== undefined) item.tags = parseTags(value.tags);
  if (typeof value.vendor_id === 'number') item.vendor_id = value.vendor_id;
  return item;
}

function numberMap(value: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (!isRecord(value)) return out;
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === 'number' && Number.isFinite(v)) out[k] = v;
  }
  return out;
}

function stringMap(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isRecord(value)) return out;
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === 'string') out[k] = v;
  }
  return out;
}

/** `GET /api/pricing` keeps group_ratio etc. beside data, outside the usual envelope. */
export function parsePricingResponse(body: unknown): PricingResponse {
  if (!isRecord(body) || !Array.isArray(body.data)) throw new ApiShapeError('pricing response without data');
  const vendors: PricingVendor[] = Array.isArray(body.vendors)
    ? body.vendors.filter(isRecord).flatMap((v) => {
        const name = optStr(v.name);
        if (name === undefined) return [];
        const vendor: PricingVendor = { name };
        if (typeof v.id === 'number') vendor.id = v.id;
        const description = optStr(v.description);
        if (description !== undefined) vendor.description = description;
        const icon = optStr(v.icon);
        if (icon !== undefined) vendor.icon = icon;
        return [vendor];
      })
    : [];
  return {
    items: body.data.map(parsePricingItem),
    groupRatio: numberMap(body.group_ratio),
    usableGroup: stringMap(body.usable_group),
    vendors,
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

export function parseStatus(data: unknown): SiteStatus {
  if (!isRecord(data)) return {};
  const status: SiteStatus = {};
  const address = optStr(data.server_address);
  if (address !== undefined) status.server_address = address;
  if (data.price !== undefined) status.price = num(data.price, 7.3);
  if (data.quota_per_unit !== undefined) status.quota_per_unit = num(data.quota_per_unit, 500000);
  if (data.display_in_currency !== undefined) status.display_in_currency = bool(data.display_in_currency);
  const chat = optStr(data.chat_link);
  if (chat !== undefined) status.chat_link = chat;
  const chat2 = optStr(data.chat_link2);
  if (chat2 !== undefined) status.chat_link2 = chat2;
  const name = optStr(data.system_name);
  if (name !== undefined) status.system_name = name;
  return status;
}

/**
 * Groups come as `{group: {ratio, desc}}` (/api/user/self/groups) or as
 * `{group: label}` (/api/groups/token). Keys holding a yen sign are hidden (spec §5).
 */
export function parseGroups(data: unknown): GroupOption[] {
  if (!isRecord(data)) return [];
  return Object.entries(data).flatMap(([value, v]) => {
    if (value.includes('¥') || value.includes('￥')) return [];
    if (typeof v === 'string') return [{ value, label: v || value }];
    if (isRecord(v)) {
      const option: GroupOption = { value, label: optStr(v.desc) ?? value };
      if (typeof v.ratio === 'number') option.ratio = v.ratio;
      return [option];
    }
    return [{ value, label: value }];
  });
}

/** Model names from /api/user/models (a list) or /v1/models (OpenAI `{data:[{id}]}`). */
export function parseModelNames(data: unknown): string[] {
  const list = isRecord(data) && Array.isArray(data.data) ? data.data : data;
  if (!Array.isArray(list)) return [];
  return list.flatMap((m) => {
    if (typeof m === 'string') return [m];
    if (isRecord(m) && typeof m.id === 'string') return [m.id];
    return [];
  });
}

function tokenStatus(value: unknown): TokenStatus {
  const n = num(value, 1);
  return n === 2 || n === 3 || n === 4 ? n : 1;
}

export function parseToken(value: unknown): Token {
  if (!isRecord(value) || typeof value.id !== 'number') throw new ApiShapeError('token without id');
  return {
    id: value.id,
    name: str(value.name),
    key: str(value.key),
    status: tokenStatus(value.status),
    remain_quota: num(value.remain_quota),
    used_quota: num(value.used_quota),
    unlimited_quota: bool(value.unlimited_quota),
    expired_time: num(value.expired_time, -1),
    created_time: num(value.created_time),
    group: str(value.group),
    model_limits_enabled: bool(value.model_limits_enabled),
    model_limits: str(value.model_limits),
    // Older servers call the field allow_ips.
    ip_limits: str(value.ip_limits ?? value.allow_ips),
    rate_limit_enabled: bool(value.rate_limit_enabled),
    rate_limit_interval: num(value.rate_limit_interval, 1),
    rate_limit_count: num(value.rate_limit_count, 1),
    rpm_limit: num(value.rpm_limit),
    tpm_limit: num(value.tpm_limit),
    concurrency_limit: num(value.concurrency_limit),
  };
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
