import { RequestError } from '../common/domain-error';
import { parseInput } from '../common/validation';
import { isIpOrCidr, tokenBatchSchema, tokenCreateSchema, tokenStatusSchema, tokenUpdateSchema } from './dto/token.dto';
import { tokenNames } from './token-key';

const create = tokenCreateSchema(500000);

/** The code and field a body is refused with, or null when it parses. */
const refusal = (schema: Parameters<typeof parseInput>[0], body: unknown): { code: string; field?: string } | null => {
  try {
    parseInput(schema, body);
    return null;
  } catch (err) {
    if (!(err instanceof RequestError)) throw err;
    return err.field === undefined ? { code: err.code } : { code: err.code, field: err.field };
  }
};

describe('token input schemas', () => {
  it('accepts IPv4, IPv6 and CIDRs whose prefix fits the family', () => {
    for (const ok of ['1.2.3.4', '10.0.0.0/8', '0.0.0.0/0', '::1', '2001:db8::/32', 'fe80::/128']) expect(isIpOrCidr(ok)).toBe(true);
    for (const bad of ['1.2.3', '1.2.3.256', '10.0.0.0/33', '::1/129', '1.2.3.4/', '/8', 'host.example', '1.2.3.4/x', '']) {
      expect(isIpOrCidr(bad)).toBe(false);
    }
  });

  it('splits comma lists on ASCII and full-width commas and new lines, trimming and de-duplicating', () => {
    expect(parseInput(create, { model_limits: ' a, b ，c\nd,,a ' }).model_limits).toEqual(['a', 'b', 'c', 'd']);
    expect(parseInput(create, { model_limits: ['x', ' y ', 'x', '', 3] }).model_limits).toEqual(['x', 'y']);
    expect(parseInput(create, { allow_ips: '1.1.1.1 , 2.2.2.0/24' }).allow_ips).toEqual(['1.1.1.1', '2.2.2.0/24']);
    expect(refusal(create, { ip_limits: '1.1.1.1,nope' })).toEqual({ code: 'token.ip_invalid', field: 'ip_limits' });
    expect(refusal(create, { model_limits: 'm'.repeat(129) })).toEqual({ code: 'token.model_limits_invalid', field: 'model_limits[0]' });
    expect(refusal(create, { model_limits: 42 })).toEqual({ code: 'common.bad_request', field: 'model_limits' });
  });

  it('bounds quota, count and expiry', () => {
    expect(parseInput(create, { remain_quota: '500000' }).remain_quota).toBe(500000);
    expect(refusal(create, { remain_quota: -1 })).toEqual({ code: 'token.quota_negative', field: 'remain_quota' });
    expect(refusal(create, { remain_quota: 500000 * 1e9 + 1 })).toEqual({ code: 'token.quota_exceed_max', field: 'remain_quota' });
    for (const bad of ['1e3', 1.5, 'lots', null, true]) expect(refusal(create, { remain_quota: bad })).toEqual({ code: 'token.quota_invalid', field: 'remain_quota' });
    expect(parseInput(create, {}).count).toBe(1);
    expect(parseInput(create, { count: '' }).count).toBe(1);
    expect(parseInput(create, { count: '100' }).count).toBe(100);
    for (const bad of [0, 101, 1.5, 'x', -1]) expect(refusal(create, { count: bad })).toEqual({ code: 'token.count_invalid', field: 'count' });
    expect(parseInput(create, { expired_time: -1 }).expired_time).toBe(-1);
    expect(parseInput(create, { expired_time: '1900000000' }).expired_time).toBe(1900000000);
    for (const bad of [0, -2, 'soon', 1.5, null, 1e15]) expect(refusal(create, { expired_time: bad })).toEqual({ code: 'token.expiry_format', field: 'expired_time' });
  });

  it('reads only the fields that were sent, ignoring unknown ones', () => {
    expect(parseInput(create, {})).toEqual({ count: 1 });
    expect(parseInput(create, { name: ' n ', unlimited_quota: 'true', rate_limit_count: '3', group: ' vip ', status: 9, key: 'x' })).toEqual({
      count: 1,
      name: 'n',
      unlimited_quota: true,
      rate_limit_count: 3,
      group: 'vip',
    });
    expect(refusal(create, { unlimited_quota: 'maybe' })).toEqual({ code: 'common.bad_request', field: 'unlimited_quota' });
    expect(refusal(create, { group: 5 })).toEqual({ code: 'token.group_required', field: 'group' });
    expect(refusal(create, { rpm_limit: -1 })).toEqual({ code: 'token.limit_invalid', field: 'rpm_limit' });
    expect(refusal(create, [])).toEqual({ code: 'common.bad_request' });
  });

  it('refuses a bad id, status or batch by name', () => {
    expect(refusal(tokenUpdateSchema(500000), { name: 'x' })).toEqual({ code: 'common.invalid_id', field: 'id' });
    expect(refusal(tokenStatusSchema, { id: 1, status: 3 })).toEqual({ code: 'token.invalid_status', field: 'status' });
    expect(parseInput(tokenStatusSchema, { id: '7', status: '2' })).toEqual({ id: 7, status: 2 });
    expect(refusal(tokenBatchSchema, {})).toEqual({ code: 'token.batch_empty', field: 'ids' });
    expect(refusal(tokenBatchSchema, { ids: [] })).toEqual({ code: 'token.batch_empty', field: 'ids' });
    expect(refusal(tokenBatchSchema, { ids: ['x'] })).toEqual({ code: 'common.invalid_id', field: 'ids[0]' });
    expect(parseInput(tokenBatchSchema, { ids: [3, '3', 4] })).toEqual({ ids: [3, 4] });
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
