// The token side panel's rules (spec §2.5, §3 token, §5 token, §9 defaults) as pure
// functions: defaults, presets, validation and the request bodies sent to the server.
import type { Token, TokenInput } from '../../api/types';

/** One dollar of quota (spec §1, §9). */
export const QUOTA_PER_UNIT = 500000;

/** Quota presets: 1, 10, 50, 100, 500, 1000 dollars. */
export const QUOTA_PRESETS: readonly number[] = [1, 10, 50, 100, 500, 1000].map((d) => d * QUOTA_PER_UNIT);

export const COUNT_PRESETS: readonly number[] = [10, 20, 30, 100];

export const EXPIRY_PRESETS = ['never', 'hour', 'day', 'month'] as const;
export type ExpiryPreset = (typeof EXPIRY_PRESETS)[number];

const PRESET_SECONDS: Record<Exclude<ExpiryPreset, 'never'>, number> = {
  hour: 3600,
  day: 86400,
  month: 30 * 86400,
};

export const NAME_SUFFIX_LENGTH = 6;
export const NAME_MAX_LENGTH = 50;

export interface TokenFormValues {
  name: string;
  /** Epoch seconds, or -1 for never. */
  expiredTime: number;
  remainQuota: number;
  unlimitedQuota: boolean;
  /** How many tokens to create (create only). */
  count: number;
  group: string;
  /** Free text, comma separated. */
  ipLimits: string;
  rateLimitEnabled: boolean;
  rateLimitInterval: number;
  rateLimitCount: number;
  /** Requests / tokens per minute, requests at once; 0 = none. */
  rpmLimit: number;
  tpmLimit: number;
  concurrencyLimit: number;
  modelLimitsEnabled: boolean;
  modelLimits: string[];
}

/** New token defaults (§9): $1 of quota, never expires, 1 request per 1 second when limited. */
export function emptyTokenForm(group = ''): TokenFormValues {
  return {
    name: '',
    expiredTime: -1,
    remainQuota: QUOTA_PER_UNIT,
    unlimitedQuota: false,
    count: 1,
    group,
    ipLimits: '',
    rateLimitEnabled: false,
    rateLimitInterval: 1,
    rateLimitCount: 1,
    rpmLimit: 0,
    tpmLimit: 0,
    concurrencyLimit: 0,
    modelLimitsEnabled: false,
    modelLimits: [],
  };
}

export function splitList(text: string): string[] {
  return text
    .split(/[,，\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

export function tokenToForm(token: Token): TokenFormValues {
  return {
    name: token.name,
    expiredTime: token.expired_time,
    remainQuota: token.remain_quota,
    unlimitedQuota: token.unlimited_quota,
    count: 1,
    group: token.group,
    ipLimits: splitList(token.ip_limits).join(', '),
    rateLimitEnabled: token.rate_limit_enabled,
    rateLimitInterval: token.rate_limit_interval,
    rateLimitCount: token.rate_limit_count,
    rpmLimit: token.rpm_limit,
    tpmLimit: token.tpm_limit,
    concurrencyLimit: token.concurrency_limit,
    modelLimitsEnabled: token.model_limits_enabled,
    modelLimits: splitList(token.model_limits),
  };
}

/** Expiry quick buttons, relative to `nowSeconds`. */
export function expiryFromPreset(preset: ExpiryPreset, nowSeconds: number): number {
  return preset === 'never' ? -1 : nowSeconds + PRESET_SECONDS[preset];
}

/** The error messages of §5 and §8, as i18n keys under tokens.errors. */
export type TokenFormError =
  | 'groupRequired'
  | 'expiryFormat'
  | 'countInvalid'
  | 'rateLimitInvalid'
  | 'limitInvalid'
  | 'quotaInvalid'
  | 'nameTooLong';

export type TokenFormField = 'group' | 'expiredTime' | 'count' | 'rateLimit' | 'limits' | 'remainQuota' | 'name';

export interface TokenFormProblem {
  field: TokenFormField;
  error: TokenFormError;
}

export type TokenFormMode = 'create' | 'edit';

function isPositiveInteger(n: number): boolean {
  return Number.isInteger(n) && n >= 1;
}

/** All problems of the form, first one first; empty when it can be sent. */
export function validateTokenForm(values: TokenFormValues, mode: TokenFormMode): TokenFormProblem[] {
  const problems: TokenFormProblem[] = [];
  if ([...values.name].length > NAME_MAX_LENGTH) problems.push({ field: 'name', error: 'nameTooLong' });
  if (values.group.trim() === '') problems.push({ field: 'group', error: 'groupRequired' });
  if (!(values.expiredTime === -1 || (Number.isInteger(values.expiredTime) && values.expiredTime > 0))) {
    problems.push({ field: 'expiredTime', error: 'expiryFormat' });
  }
  if (!values.unlimitedQuota && !(Number.isInteger(values.remainQuota) && values.remainQuota >= 0)) {
    problems.push({ field: 'remainQuota', error: 'quotaInvalid' });
  }
  if (mode === 'create' && !isPositiveInteger(values.count)) problems.push({ field: 'count', error: 'countInvalid' });
  if (values.rateLimitEnabled && !(isPositiveInteger(values.rateLimitInterval) && isPositiveInteger(values.rateLimitCount))) {
    problems.push({ field: 'rateLimit', error: 'rateLimitInvalid' });
  }
  if (![values.rpmLimit, values.tpmLimit, values.concurrencyLimit].every((n) => Number.isInteger(n) && n >= 0)) {
    problems.push({ field: 'limits', error: 'limitInvalid' });
  }
  return problems;
}

const SUFFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function randomSuffix(random: () => number = Math.random): string {
  let out = '';
  for (let i = 0; i < NAME_SUFFIX_LENGTH; i += 1) {
    out += SUFFIX_ALPHABET.charAt(Math.floor(random() * SUFFIX_ALPHABET.length));
  }
  return out;
}

function toInput(values: TokenFormValues, name: string): TokenInput {
  return {
    name,
    remain_quota: values.remainQuota,
    unlimited_quota: values.unlimitedQuota,
    expired_time: values.expiredTime,
    group: values.group,
    model_limits_enabled: values.modelLimitsEnabled,
    model_limits: values.modelLimitsEnabled ? values.modelLimits.join(',') : '',
    ip_limits: splitList(values.ipLimits).join(','),
    rate_limit_enabled: values.rateLimitEnabled,
    rate_limit_interval: values.rateLimitInterval,
    rate_limit_count: values.rateLimitCount,
    rpm_limit: values.rpmLimit,
    tpm_limit: values.tpmLimit,
    concurrency_limit: values.concurrencyLimit,
  };
}

/**
 * Bodies for creating `count` tokens (§4, §5): an empty or default name gets a random
 * suffix, and so does every name after the first, so a batch never repeats a name.
 */
export function buildCreateInputs(
  values: TokenFormValues,
  defaultName: string,
  random: () => number = Math.random,
): TokenInput[] {
  const base = values.name.trim();
  const unnamed = base === '' || base === defaultName;
  const stem = unnamed ? defaultName : base;
  const inputs: TokenInput[] = [];
  for (let i = 0; i < values.count; i += 1) {
    const name = unnamed || i > 0 ? `${stem}-${randomSuffix(random)}` : stem;
    inputs.push(toInput(values, name));
  }
  return inputs;
}

export function buildUpdateInput(values: TokenFormValues): TokenInput {
  return toInput(values, values.name.trim());
}
