import request from 'supertest';
import type { TokenView } from '../../server/src/tokens/token.mapper';
import { DATABASES } from '../support/env';
import { apiSuite } from './support/api-suite';

/**
 * Issue 24: every management refusal carries a registered code beside the message, in the
 * envelope `{success: false, message, code}`, whatever threw it (guard, domain, Fastify, Nest).
 */
describe.each(DATABASES.slice(0, 1))('management error codes (%s)', (kind) => {
  const s = apiSuite(kind);

  it('names an anonymous call and a missing New-Api-User by code', async () => {
    const anon = await request(s.t.url).get('/api/token/').set('Accept-Language', 'en').expect(401);
    expect(anon.body).toEqual({ success: false, code: 'auth.not_logged_in', message: expect.any(String) });
    const noHeader = await s.alice.get('/api/token/').unset('New-Api-User').expect(401);
    expect(noHeader.body).toMatchObject({ success: false, code: 'auth.user_header_missing' });
    const notAdmin = await s.alice.get('/api/redemption/').expect(403);
    expect(notAdmin.body).toMatchObject({ success: false, code: 'auth.forbidden' });
  });

  it('codes a body that is not JSON, in either language', async () => {
    const zh = await s.alice.post('/api/token/').set('Content-Type', 'application/json').send('{"name":').expect(400);
    expect(zh.body).toEqual({ success: false, code: 'common.invalid_json', message: '请求体不是合法的 JSON' });
    const en = await s.alice.post('/api/token/').set('Content-Type', 'application/json').set('Accept-Language', 'en').send('{').expect(400);
    expect(en.body).toEqual({ success: false, code: 'common.invalid_json', message: 'The request body is not valid JSON' });
  });

  it('codes domain refusals: not found, conflict, forbidden group', async () => {
    const missing = await s.alice.get('/api/token/99999999').set('Accept-Language', 'en').expect(404);
    expect(missing.body).toEqual({ success: false, code: 'token.not_found', message: 'Token not found' });

    const made = await s.alice.post('/api/token/', { name: 'old', group: 'default', expired_time: Math.floor(Date.now() / 1000) + 3600 }).expect(200);
    const tok = (made.body.data as TokenView[])[0] as TokenView;
    await s.alice.put('/api/token/?status_only=true', { id: tok.id, status: 2 }).expect(200);
    await s.alice.put('/api/token/', { id: tok.id, remain_quota: 0 }).expect(200);
    const enable = await s.alice.put('/api/token/?status_only=true', { id: tok.id, status: 1 }).expect(409);
    expect(enable.body).toMatchObject({ success: false, code: 'token.exhausted_cannot_enable' });

    const group = await s.alice.post('/api/token/', { name: 'g', group: 'no-such-group' }).expect(403);
    expect(group.body).toMatchObject({ success: false, code: 'token.group_forbidden' });

    const codes = await s.root.post('/api/redemption/', { name: 'c', count: 1, quota: 10 }).expect(200);
    await s.alice.post('/api/user/topup', { key: (codes.body.data as string[])[0] }).expect(200);
    const again = await s.alice.post('/api/user/topup', { key: (codes.body.data as string[])[0] }).expect(409);
    expect(again.body).toMatchObject({ success: false, code: 'redemption.used' });
  });

  it('codes an unknown /api route', async () => {
    const res = await s.alice.get('/api/no-such-route').expect(404);
    expect(res.body).toMatchObject({ success: false, code: 'common.not_found' });
  });
});
