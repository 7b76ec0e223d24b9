import { isIP } from 'node:net';
import { z } from 'zod';
import { pageQueryFields } from '../../common/pagination';
import { boolLike, coded, idLike, intLike, listLike } from '../../common/validation';
import { NEVER_EXPIRES, TOKEN_DISABLED, TOKEN_ENABLED } from '../token.entity';

/** Reference limits (NA-2602): name length, tokens created per call, tokens per user. */
export const TOKEN_NAME_MAX = 50;
export const TOKEN_CREATE_MAX = 100;
export const TOKENS_PER_USER_MAX = 1000;
const MODEL_NAME_MAX = 128;
const LIST_ITEMS_MAX = 500;
const INT32_MAX = 2_147_483_647;
/** 9999-12-31T23:59:59Z: the latest expiry a client can set. */
const EXPIRY_MAX = 253_402_300_799;

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

const badRequest = coded('common.bad_request');

/** Trimmed, at most 50 characters (code points); null is "no name". */
const name = z
  .union([z.string(badRequest), z.null(badRequest)], badRequest)
  .transform((v) => (v ?? '').trim())
  .refine((v) => [...v].length <= TOKEN_NAME_MAX, coded('token.name_too_long'))
  .meta({ description: `At most ${TOKEN_NAME_MAX} characters; empty or a default name gets a random suffix.` });

/** 0 .. 1e9 units of quota (NA-2602's bound), integer. */
function remainQuota(quotaPerUnit: number) {
  const max = Math.min(Math.floor(1e9 * quotaPerUnit), Number.MAX_SAFE_INTEGER);
  const notInt = coded('token.quota_invalid');
  return intLike(z.int(notInt).min(0, coded('token.quota_negative')).max(max, coded('token.quota_exceed_max', { max })), notInt).meta({
    description: `Quota units, an integer 0 .. ${max} (1e9 x QuotaPerUnit)`,
  });
}

/** -1 (never) or a positive unix time in seconds. */
const expiry = (() => {
  const bad = coded('token.expiry_format');
  return intLike(z.int(bad).max(EXPIRY_MAX, bad).refine((n) => n === NEVER_EXPIRES || n > 0, bad), bad);
})();

const modelLimits = listLike(badRequest).pipe(
  z.array(z.string().max(MODEL_NAME_MAX, coded('token.model_limits_invalid'))).max(LIST_ITEMS_MAX, coded('token.model_limits_invalid')),
);

const ipLimits = listLike(badRequest)
  .pipe(z.array(z.string()).max(LIST_ITEMS_MAX, badRequest))
  .superRefine((ips, ctx) => {
    const bad = ips.find((ip) => !isIpOrCidr(ip));
    if (bad !== undefined) ctx.addIssue({ code: 'custom', message: coded('token.ip_invalid', { ip: bad.slice(0, 64) }).error });
  });

const rate = (() => {
  const bad = coded('token.rate_limit_invalid');
  return intLike(z.int(bad).min(1, bad).max(INT32_MAX, bad), bad);
})();

/** rpm_limit / tpm_limit / concurrency_limit: 0 (no limit) .. 2^31-1. */
function limit(field: string) {
  const bad = coded('token.limit_invalid', { field });
  return intLike(z.int(bad).min(0, bad).max(INT32_MAX, bad), bad);
}

const group = z
  .union([z.string(coded('token.group_required')), z.null(coded('token.group_required'))], coded('token.group_required'))
  .transform((v) => (v ?? '').trim());

/**
 * The writable fields of a token. Absent fields stay undefined (kept on edit); `ip_limits` also
 * comes as the reference's `allow_ips`. The quota bound follows the `QuotaPerUnit` option.
 */
export function tokenFieldsSchema(quotaPerUnit: number) {
  return z.object({
    name: name.optional(),
    remain_quota: remainQuota(quotaPerUnit).optional(),
    unlimited_quota: boolLike(badRequest).optional(),
    expired_time: expiry.optional().meta({ description: '-1 never expires, else a unix time in seconds' }),
    model_limits_enabled: boolLike(badRequest).optional(),
    model_limits: modelLimits.nullish().meta({ description: 'Model names, an array or one comma-separated string' }),
    ip_limits: ipLimits.nullish().meta({ description: 'IPs or CIDR blocks, an array or one comma-separated string' }),
    allow_ips: ipLimits.nullish().meta({ description: 'The reference name of ip_limits' }),
    rate_limit_enabled: boolLike(badRequest).optional(),
    rate_limit_interval: rate.optional(),
    rate_limit_count: rate.optional(),
    rpm_limit: limit('rpm_limit').optional(),
    tpm_limit: limit('tpm_limit').optional(),
    concurrency_limit: limit('concurrency_limit').optional(),
    group: group.optional(),
  });
}

/** POST /api/token: the fields plus how many tokens to make (1 .. 100, absent = 1). */
export function tokenCreateSchema(quotaPerUnit: number) {
  const bad = coded('token.count_invalid', { max: TOKEN_CREATE_MAX });
  const count = z
    .union([z.literal(''), z.null(), intLike(z.int(bad).min(1, bad).max(TOKEN_CREATE_MAX, bad), bad)], bad)
    .transform((v) => (typeof v === 'number' ? v : 1));
  return tokenFieldsSchema(quotaPerUnit)
    .extend({ count: count.optional().transform((v) => v ?? 1) })
    .meta({ id: 'TokenCreate' });
}

/** PUT /api/token: a full edit of the token `id`. */
export function tokenUpdateSchema(quotaPerUnit: number) {
  return tokenFieldsSchema(quotaPerUnit).extend({ id: idLike() }).meta({ id: 'TokenUpdate' });
}

/** PUT /api/token?status_only=true: enable (1) or disable (2). */
export const tokenStatusSchema = z
  .object({
    id: idLike(),
    status: intLike(
      z.union([z.literal(TOKEN_ENABLED), z.literal(TOKEN_DISABLED)], coded('token.invalid_status')),
      coded('token.invalid_status'),
    ),
  })
  .meta({ id: 'TokenStatus' });

/** POST /api/token/batch: delete these ids (the caller's own; others are skipped). */
export const tokenBatchSchema = z
  .object({
    ids: z
      .array(idLike(), coded('token.batch_empty'))
      .min(1, coded('token.batch_empty'))
      .transform((ids) => [...new Set(ids)])
      .pipe(z.array(z.int()).max(TOKENS_PER_USER_MAX, coded('token.batch_too_many', { max: TOKENS_PER_USER_MAX }))),
  })
  .meta({ id: 'TokenBatch' });

/** GET /api/token and /api/token/search: 0-based page; `size` or the reference's `page_size`. */
export const tokenListQuerySchema = z.object(pageQueryFields);

export const tokenSearchQuerySchema = tokenListQuerySchema.extend({
  keyword: z.string().optional().catch(undefined).meta({ description: 'Part of the name' }),
  token: z.string().optional().catch(undefined).meta({ description: 'A whole key, with or without sk-' }),
});

export type TokenFieldsInput = z.output<ReturnType<typeof tokenFieldsSchema>>;
export type TokenCreateInput = z.output<ReturnType<typeof tokenCreateSchema>>;
export type TokenUpdateInput = z.output<ReturnType<typeof tokenUpdateSchema>>;

/** A token as its owner sees it (the mapper's allowlist, `token.mapper.ts`). */
export const tokenViewSchema = z
  .object({
    id: z.int(),
    user_id: z.int(),
    name: z.string(),
    key: z.string().meta({ description: 'The whole key without sk- (the owner only)' }),
    status: z.int().meta({ description: '1 enabled, 2 disabled, 3 expired, 4 exhausted' }),
    remain_quota: z.int(),
    used_quota: z.int(),
    unlimited_quota: z.boolean(),
    expired_time: z.int().meta({ description: 'Unix seconds, -1 never' }),
    created_time: z.int(),
    accessed_time: z.int(),
    model_limits_enabled: z.boolean(),
    model_limits: z.string(),
    ip_limits: z.string(),
    rate_limit_enabled: z.boolean(),
    rate_limit_interval: z.int(),
    rate_limit_count: z.int(),
    rpm_limit: z.int(),
    tpm_limit: z.int(),
    concurrency_limit: z.int(),
    group: z.string(),
  })
  .meta({ id: 'Token' });
