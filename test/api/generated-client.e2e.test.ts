import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../../ui-kit/src/api/openapi.gen';
import { startApp, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { ROOT_PASSWORD, newUser } from '../support/http';

type Api = Client<paths>;

/** Signs in through the generated client and answers a client that carries the session. */
async function signIn(url: string, username: string, password: string): Promise<{ api: Api; id: number }> {
  const anonymous = createClient<paths>({ baseUrl: url });
  const login = await anonymous.POST('/api/user/login', { body: { username, password } });
  expect(login.response.status).toBe(200);
  const id = login.data?.data?.id ?? 0;
  const cookie = login.response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  expect(cookie).toContain('session=');
  return { api: createClient<paths>({ baseUrl: url, headers: { Cookie: cookie, 'New-Api-User': String(id) } }), id };
}

/**
 * Issue 24, Done when: a client generated from the document (openapi-fetch over the generated
 * `paths`) logs in, creates a token and lists tokens (and logs) against the running server.
 */
describe.each(DATABASES.slice(0, 1))('a client generated from the document (%s)', (kind) => {
  let t: TestApp;
  let alice: Api;
  let root: Api;

  beforeAll(async () => {
    t = await startApp(kind);
    const user = await newUser(t.url);
    alice = (await signIn(t.url, user.username, user.password)).api;
    root = (await signIn(t.url, 'root', ROOT_PASSWORD)).api;
  });
  afterAll(async () => t.close());

  it('creates a token and finds it in the list, typed by the document', async () => {
    const created = await alice.POST('/api/token', { body: { name: 'generated-client', group: 'default', remain_quota: 5000, unlimited_quota: false, expired_time: -1 } });
    expect([created.response.status, created.error]).toEqual([200, undefined]);
    const [token] = created.data?.data ?? [];
    expect(token).toMatchObject({ name: 'generated-client', group: 'default', remain_quota: 5000, unlimited_quota: false, expired_time: -1, status: 1 });

    const listed = await alice.GET('/api/token', { params: { query: { p: '0', size: '10' } } });
    expect(listed.response.status).toBe(200);
    const tokens = listed.data?.data ?? [];
    expect(tokens.map((x) => [x.id, x.name, x.remain_quota])).toEqual([[token?.id, 'generated-client', 5000]]);

    const one = await alice.GET('/api/token/{id}', { params: { path: { id: token?.id ?? 0 } } });
    expect(one.data?.data.key).toBe(token?.key);
  });

  it('reads a refusal as the documented error envelope', async () => {
    const refused = await alice.POST('/api/token', { body: { name: 'x', group: 'default', remain_quota: -1 } });
    expect(refused.response.status).toBe(400);
    expect(refused.data).toBeUndefined();
    expect(refused.error).toMatchObject({ success: false, code: 'token.quota_negative', field: 'remain_quota' });
  });

  it('lists the log entry a redeemed code wrote', async () => {
    const codes = await root.POST('/api/redemption', { body: { name: 'generated', quota: 4321, count: 1 } });
    const key = codes.data?.data[0] ?? '';
    expect(key).not.toBe('');
    const redeemed = await alice.POST('/api/user/topup', { body: { key } });
    expect(redeemed.response.status).toBe(200);

    const logs = await alice.GET('/api/log/self', { params: { query: { p: '0', page_size: '10', type: '1' } } });
    expect(logs.response.status).toBe(200);
    const items = logs.data?.data?.items ?? [];
    expect(items).toEqual([expect.objectContaining({ type: 1, quota: 4321 })]);
  });
});
