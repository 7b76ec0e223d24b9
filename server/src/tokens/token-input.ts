import { isIP } from 'node:net';
import { TokensError } from './tokens.errors';
import { NEVER_EXPIRES } from './token.entity';

/** Reference limits (NA-2602): name length, tokens created per call, tokens per user. */
export const TOKEN_NAME_MAX = 50;
export const TOKEN_CREATE_MAX = 100;
export const TOKENS_PER_USER_MAX = 1000;
export const TOKEN_DEFAULT_QUOTA = 500_000;
export const TOKEN_NAME_SUFFIX_LENGTH = 6;
/** Names that mean "no name given": each gets a random suffix so a list never shows twins. */
export const DEFAULT_TOKEN_NAMES: readonly string[] = ['默认令牌', 'unnamed token'];
const MODEL_NAME_MAX = 128;
const LIST_ITEMS_MAX = 500;
const INT32_MAX = 2_147_483_647;

/** The writable fields of a token, validated. `undefined` means "not sent" (keep on update). */
export interface TokenFields {
  name?: string;
  remainQuota?: number;
  unlimitedQuota?: boolean;
  expiredTime?: number;
  modelLimitsEnabled?: boolean;
  modelLimits?: string;
  ipLimits?: string;
  rateLimitEnabled?: boolean;
  rateLimitInterval?: number;
  rateLimitCount?: number;
  rpmLimit?: number;
  tpmLimit?: number;
  concurrencyLimit?: number;
  group?: string;
}

type Body = Record<string, unknown>;

export function toInt(v: unknown): number | null {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d{1,16}$/.test(v.trim())) {
    const n = Number(v.trim());
    return Number.isSafeInteger(n) ? n : null;
  }
  return null;
}

function toBool(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === 'true' || v === '1') return true;
  if (v === 0 || v === 'false' || v === '0' || v === '' || v === null) return false;
  throw TokensError.of('common.bad_request');
}

/** Splits a comma list (also full-width commas and new lines, as people paste them). */
export function splitList(v: unknown): string[] {
  const parts = Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x : '')) : typeof v === 'string' ? v.split(/[,，\n\r]/) : null;
  if (parts === null) throw TokensError.of('common.bad_request');
  const out: string[] = [];
  for (const p of parts) {
    const s = p.trim();
    if (s !== '' && !out.includes(s)) out.push(s);
  }
  return out;
}

/** An IPv4/IPv6 address or a CIDR block with a prefix length that fits the family. */
export function isIpOrCidr(s: string): boolean {
  const slash = s.indexOf('/');
  if (slash < 0) return isIP(s) !== 0;
  const addr = s.slice(0, slash);
  const bits = s.slice(slash + 1);
  const family = isIP(addr);
  if (family === 0 || !/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

export function normalizeIpLimits(v: unknown): string {
  const ips = splitList(v);
  if (ips.length > LIST_ITEMS_MAX) throw TokensError.of('common.bad_request');
  for (const ip of ips) {
    if (!isIpOrCidr(ip)) throw TokensError.of('token.ip_invalid', { ip: ip.slice(0, 64) });
  }
  return ips.join(',');
}

export function normalizeModelLimits(v: unknown): string {
  const models = splitList(v);
  if (models.length > LIST_ITEMS_MAX || models.some((m) => m.length > MODEL_NAME_MAX)) throw TokensError.of('token.model_limits_invalid');
  return models.join(',');
}

export function validateName(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') throw TokensError.of('common.bad_request');
  const name = v.trim();
  if ([...name].length > TOKEN_NAME_MAX) throw TokensError.of('token.name_too_long');
  return name;
}

/** -1 (never) or a positive unix time in seconds; anything else is a format error. */
export function validateExpiry(v: unknown): number {
  const n = toInt(v);
  if (n === null || (n !== NEVER_EXPIRES && n <= 0) || n > 253_402_300_799) throw TokensError.of('token.expiry_format');
  return n;
}

/** 0 .. 1e9 units of quota (NA-2602's bound), integer. */
export function validateQuota(v: unknown, quotaPerUnit: number): number {
  const n = toInt(v);
  if (n === null) throw TokensError.of('token.quota_invalid');
  if (n < 0) throw TokensError.of('token.quota_negative');
  const max = Math.min(Math.floor(1e9 * quotaPerUnit), Number.MAX_SAFE_INTEGER);
  if (n > max) throw TokensError.of('token.quota_exceed_max', { max });
  return n;
}

function validateRate(v: unknown): number {
  const n = toInt(v);
  if (n === null || n < 1 || n > INT32_MAX) throw TokensError.of('token.rate_limit_invalid');
  return n;
}

/** rpm_limit / tpm_limit / concurrency_limit: an integer 0 (no limit) .. 2^31-1, refused by name. */
function validateLimit(field: string, v: unknown): number {
  const n = typeof v === 'number' ? (Number.isInteger(v) ? v : null) : toInt(v);
  if (n === null || n < 0 || n > INT32_MAX) throw TokensError.of('token.limit_invalid', { field });
  return n;
}

/**
 * Reads the writable token fields from a body. Fields that are absent stay undefined;
 * `ip_limits` also accepts the reference's `allow_ips`. Group rules need the user and live in
 * the service.
 */
export function parseTokenFields(body: Body, quotaPerUnit: number): TokenFields {
  const f: TokenFields = {};
  if (body.name !== undefined) f.name = validateName(body.name);
  if (body.remain_quota !== undefined) f.remainQuota = validateQuota(body.remain_quota, quotaPerUnit);
  if (body.unlimited_quota !== undefined) f.unlimitedQuota = toBool(body.unlimited_quota);
  if (body.expired_time !== undefined) f.expiredTime = validateExpiry(body.expired_time);
  if (body.model_limits_enabled !== undefined) f.modelLimitsEnabled = toBool(body.model_limits_enabled);
  if (body.model_limits !== undefined && body.model_limits !== null) f.modelLimits = normalizeModelLimits(body.model_limits);
  const ips = body.ip_limits ?? body.allow_ips;
  if (ips !== undefined && ips !== null) f.ipLimits = normalizeIpLimits(ips);
  if (body.rate_limit_enabled !== undefined) f.rateLimitEnabled = toBool(body.rate_limit_enabled);
  if (body.rate_limit_interval !== undefined) f.rateLimitInterval = validateRate(body.rate_limit_interval);
  if (body.rate_limit_count !== undefined) f.rateLimitCount = validateRate(body.rate_limit_count);
  if (body.rpm_limit !== undefined) f.rpmLimit = validateLimit('rpm_limit', body.rpm_limit);
  if (body.tpm_limit !== undefined) f.tpmLimit = validateLimit('tpm_limit', body.tpm_limit);
  if (body.concurrency_limit !== undefined) f.concurrencyLimit = validateLimit('concurrency_limit', body.concurrency_limit);
  if (body.group !== undefined) {
    if (body.group !== null && typeof body.group !== 'string') throw TokensError.of('token.group_required');
    f.group = (body.group ?? '').trim();
  }
  return f;
}

/** `count` of a create call: a positive integer of at most 100 (absent means 1). */
export function validateCount(v: unknown): number {
  if (v === undefined || v === null || v === '') return 1;
  const n = toInt(v);
  if (n === null || n < 1 || n > TOKEN_CREATE_MAX) throw TokensError.of('token.count_invalid', { max: TOKEN_CREATE_MAX });
  return n;
}

/**
 * Names for `count` new tokens: an empty or default name gets a random suffix, and so does every
 * name after the first. The stem is shortened so a suffixed name still fits the 50-character rule.
 */
export function tokenNames(name: string, count: number, suffix: () => string): string[] {
  const unnamed = name === '' || DEFAULT_TOKEN_NAMES.includes(name);
  const stem = [...(name === '' ? (DEFAULT_TOKEN_NAMES[0] as string) : name)]
    .slice(0, TOKEN_NAME_MAX - TOKEN_NAME_SUFFIX_LENGTH - 1)
    .join('');
  const names: string[] = [];
  for (let i = 0; i < count; i++) names.push(unnamed || i > 0 ? `${stem}-${suffix()}` : name);
  return names;
}

/** The bare key: an optional `sk-` prefix removed. */
export function bareKey(raw: string): string {
  const s = raw.trim();
  return s.startsWith('sk-') ? s.slice(3) : s;
}

/**
 * Relay credentials may pin a channel: `sk-<key>-<channelId>` (admins only; the relay decides).
 * Keys are alphanumeric, so the first dash ends the key.
 */
export function splitTokenKey(raw: string): { key: string; channelId: number | null } {
  const bare = bareKey(raw);
  const dash = bare.indexOf('-');
  if (dash < 0) return { key: bare, channelId: null };
  const tail = bare.slice(dash + 1);
  // A tail that is not a channel id keeps the dash in the key, so the lookup fails.
  if (!/^\d{1,9}$/.test(tail)) return { key: bare, channelId: null };
  return { key: bare.slice(0, dash), channelId: Number(tail) };
}
