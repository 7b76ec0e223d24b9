import type { RedemptionView } from '../../server/src/redemptions/redemption.mapper';
import type { TokenView } from '../../server/src/tokens/token.mapper';
import { DATABASES } from '../support/env';
import { apiSuite, expectRefused as refused } from './support/api-suite';

type Case = [what: string, body: unknown, code: string, field: string];

/**
 * Issue 24: each converted route refuses a malformed body or query by name, with a registered
 * code, in the caller's language, and writes nothing. Unknown fields are ignored.
 */
describe.each(DATABASES.slice(0, 1))('management input validation (%s)', (kind) => {
  const s = apiSuite(kind);

  const tokens = async () => (await s.alice.get('/api/token/?size=100')).body.data as TokenView[];
  const codes = async () => (await s.root.get('/api/redemption/?page_size=100')).body.data.items as RedemptionView[];

  it.each<Case>([
    ['a wrong type', { group: 'default', name: 42 }, 'common.bad_request', 'name'],
    ['a string where a number goes', { group: 'default', remain_quota: 'lots' }, 'token.quota_invalid', 'remain_quota'],
    ['a number out of range', { group: 'default', rpm_limit: 2 ** 31 }, 'token.limit_invalid', 'rpm_limit'],
    ['a value outside the allowed set', { group: 'default', unlimited_quota: 'maybe' }, 'common.bad_request', 'unlimited_quota'],
    ['an over-long string', { group: 'default', name: 'n'.repeat(51) }, 'token.name_too_long', 'name'],
    ['a bad list item', { group: 'default', model_limits: ['ok', 'm'.repeat(129)] }, 'token.model_limits_invalid', 'model_limits[1]'],
    ['a bad count', { group: 'default', count: 1000 }, 'token.count_invalid', 'count'],
  ])('POST /api/token refuses %s', async (_what, body, code, field) => {
    const before = (await tokens()).length;
    refused(await s.alice.post('/api/token/', body as object), code, field);
    expect(await tokens()).toHaveLength(before);
  });

  it('PUT /api/token names the field, in either language, and changes nothing', async () => {
    const [tok] = (await s.alice.post('/api/token/', { name: 'keep', group: 'default' }).expect(200)).body.data as TokenView[];
    const en = await s.alice.put('/api/token/', { id: tok!.id, name: 'changed', expired_time: 'soon' }).set('Accept-Language', 'en');
    refused(en, 'token.expiry_format', 'expired_time');
    expect(en.body.message).toBe('Expiry time format error');
    const zh = await s.alice.put('/api/token/', { id: tok!.id, name: 'changed', expired_time: 'soon' });
    expect(zh.body.message).toBe('过期时间格式错误！');
    refused(await s.alice.put('/api/token/', { id: 'x', name: 'changed' }), 'common.invalid_id', 'id');
    refused(await s.alice.put('/api/token/?status_only=true', { id: tok!.id, status: 7 }), 'token.invalid_status', 'status');
    refused(await s.alice.post('/api/token/batch', { ids: [tok!.id, 'x'] }), 'common.invalid_id', 'ids[1]');
    expect((await s.alice.get(`/api/token/${tok!.id}`)).body.data).toMatchObject({ name: 'keep', status: 1 });
  });

  it('ignores unknown fields, as new-api clients send whole rows back', async () => {
    const res = await s.alice.post('/api/token/', { name: 'extra', group: 'default', user_id: 1, key: 'mine', used_quota: 99, whatever: { a: 1 } }).expect(200);
    const [tok] = res.body.data as TokenView[];
    expect(tok).toMatchObject({ name: 'extra', user_id: s.alice.userId, used_quota: 0 });
    expect(tok!.key).not.toBe('mine');
  });

  it('refuses malformed redemption bodies by name and writes nothing', async () => {
    const before = (await codes()).length;
    refused(await s.root.post('/api/redemption/', { name: 'x', quota: 0 }), 'redemption.quota_invalid', 'quota');
    refused(await s.root.post('/api/redemption/', { name: 'x', count: 'many' }), 'redemption.count_positive', 'count');
    refused(await s.root.post('/api/redemption/', { name: 'x', count: 101 }), 'redemption.count_max', 'count');
    refused(await s.root.post('/api/redemption/', { quota: 5 }), 'redemption.name_required', 'name');
    refused(await s.root.post('/api/redemption/', { name: 'n'.repeat(21) }), 'redemption.name_length', 'name');
    refused(await s.root.post('/api/redemption/', { name: 'x', expired_time: 1 }), 'redemption.expire_time_invalid', 'expired_time');
    refused(await s.root.post('/api/redemption/keys', { ids: ['1'] }), 'redemption.ids_invalid', 'ids[0]');
    expect(await codes()).toHaveLength(before);
    refused(await s.alice.post('/api/user/topup', { key: 5 }), 'redemption.key_required', 'key');
    refused(await s.alice.post('/api/user/topup', { key: 'k'.repeat(65) }), 'redemption.invalid', 'key');
  });

  it('refuses malformed user administration bodies by name and writes nothing', async () => {
    const before = (await s.root.get('/api/user/?page_size=100')).body.data.total as number;
    refused(await s.root.post('/api/user/', { username: 'u-short', password: 'short' }), 'user.password_too_short', 'password');
    refused(await s.root.post('/api/user/', { username: 'u'.repeat(21), password: 'long enough' }), 'user.username_too_long', 'username');
    refused(await s.root.post('/api/user/', { username: 'u-dn', password: 'long enough', display_name: 7 }), 'common.bad_request', 'display_name');
    expect((await s.root.get('/api/user/?page_size=100')).body.data.total).toBe(before);
    refused(await s.root.post('/api/user/manage', { id: s.alice.userId, action: 'explode' }), 'user.invalid_action', 'action');
    refused(await s.root.post('/api/user/manage', { id: s.alice.userId, action: 'add_quota', value: 'lots' }), 'user.invalid_quota', 'value');
    refused(await s.root.post('/api/user/manage', { id: 'me', action: 'disable' }), 'common.invalid_id', 'id');
    expect((await s.alice.get('/api/user/self').expect(200)).body.data.status).toBe(1);
  });

  it('keeps list queries lenient: a bad page number falls back to the first page', async () => {
    const res = await s.alice.get('/api/token/?p=abc&size=x&p=2').expect(200);
    expect(res.body.success).toBe(true);
  });
});
