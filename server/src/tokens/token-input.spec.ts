import { TokensError } from './tokens.errors';
import {
  isIpOrCidr,
  normalizeIpLimits,
  normalizeModelLimits,
  parseTokenFields,
  splitList,
  tokenNames,
  validateCount,
  validateExpiry,
  validateQuota,
} from './token-input';

const keyOf = (fn: () => unknown): string | null => {
  try {
    fn();
    return null;
  } catch (err) {
    return err instanceof TokensError ? err.messageKey : 'not a TokensError';
  }
};

describe('token input rules', () => {
  it('accepts IPv4, IPv6 and CIDRs whose prefix fits the family', () => {
    for (const ok of ['1.2.3.4', '10.0.0.0/8', '0.0.0.0/0', '::1', '2001:db8::/32', 'fe80::/128']) expect(isIpOrCidr(ok)).toBe(true);
    for (const bad of ['1.2.3', '1.2.3.256', '10.0.0.0/33', '::1/129', '1.2.3.4/', '/8', 'host.example', '1.2.3.4/x', '']) {
      expect(isIpOrCidr(bad)).toBe(false);
    }
  });

  it('splits comma lists on ASCII and full-width commas and new lines, trimming and de-duplicating', () => {
    expect(splitList(' a, b ，c\nd,,a ')).toEqual(['a', 'b', 'c', 'd']);
    expect(splitList(['x', ' y ', 'x', ''])).toEqual(['x', 'y']);
    expect(normalizeIpLimits('1.1.1.1 , 2.2.2.0/24')).toBe('1.1.1.1,2.2.2.0/24');
    expect(normalizeModelLimits(['gpt-4o', 'gpt-4o'])).toBe('gpt-4o');
    expect(keyOf(() => normalizeIpLimits('1.1.1.1,nope'))).toBe('token.ip_invalid');
    expect(keyOf(() => normalizeModelLimits('m'.repeat(129)))).toBe('token.model_limits_invalid');
    expect(keyOf(() => splitList(42))).toBe('common.bad_request');
  });

  it('bounds quota, count and expiry', () => {
    expect(validateQuota('500000', 500000)).toBe(500000);
    expect(keyOf(() => validateQuota(-1, 500000))).toBe('token.quota_negative');
    expect(keyOf(() => validateQuota(500000 * 1e9 + 1, 500000))).toBe('token.quota_exceed_max');
    expect(keyOf(() => validateQuota('1e3', 500000))).toBe('token.quota_invalid');
    expect(validateCount(undefined)).toBe(1);
    expect(validateCount('100')).toBe(100);
    for (const bad of [0, 101, 1.5, 'x', -1]) expect(keyOf(() => validateCount(bad))).toBe('token.count_invalid');
    expect(validateExpiry(-1)).toBe(-1);
    expect(validateExpiry('1900000000')).toBe(1900000000);
    for (const bad of [0, -2, 'soon', 1.5, null, 1e15]) expect(keyOf(() => validateExpiry(bad))).toBe('token.expiry_format');
  });

  it('reads only the fields that were sent', () => {
    expect(parseTokenFields({}, 500000)).toEqual({});
    expect(parseTokenFields({ name: ' n ', unlimited_quota: 'true', rate_limit_count: '3', group: ' vip ' }, 500000)).toEqual({
      name: 'n',
      unlimitedQuota: true,
      rateLimitCount: 3,
      group: 'vip',
    });
    expect(keyOf(() => parseTokenFields({ unlimited_quota: 'maybe' }, 500000))).toBe('common.bad_request');
    expect(keyOf(() => parseTokenFields({ group: 5 }, 500000))).toBe('token.group_required');
  });

  it('names several tokens: first as given, later ones and default names suffixed, all within 50 characters', () => {
    let n = 0;
    const suffix = () => String(++n).padStart(6, '0');
    expect(tokenNames('api', 3, suffix)).toEqual(['api', 'api-000001', 'api-000002']);
    expect(tokenNames('', 2, suffix)).toEqual(['默认令牌-000003', '默认令牌-000004']);
    expect(tokenNames('unnamed token', 1, suffix)).toEqual(['unnamed token-000005']);
    const long = tokenNames('长'.repeat(50), 2, suffix);
    expect(long[0]).toBe('长'.repeat(50));
    expect([...(long[1] as string)]).toHaveLength(50);
  });
});
