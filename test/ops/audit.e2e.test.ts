import { createHash, createHmac } from 'node:crypto';
import request from 'supertest';
import { AuditLogEntity } from '../../server/src/audit/audit-log.entity';
import { AuditRetentionService } from '../../server/src/audit/audit-retention.service';
import { DatabaseService } from '../../server/src/database/database.service';
import { QUEUE_DRIVER, type QueueDriver } from '../../server/src/queue/jobs';
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { FakeGitHub, type GitHubUser } from '../support/fakes/github';
import { SmtpListener, smtpOptions } from '../support/fakes/smtp';
import { Browser, setOptions } from '../oauth/oauth-kit';
import { apartFromField, Caller, loginRoot, newUser } from '../support/http';

interface AuditRow {
  id: number;
  created_at: number;
  action: string;
  outcome: string;
  actor_id: number | null;
  actor_name: string;
  ip: string;
  request_id: string;
  target_type: string;
  target_id: string;
  detail: Record<string, unknown>;
}

const SECRET_OPTION_VALUE = 'github-client-secret-0123456789';
const CHANNEL_KEY = 'sk-channel-secret-key-0123456789abcdef';
const NEW_CHANNEL_KEY = 'sk-channel-rotated-key-9876543210fedcba';
const BOT_TOKEN = '123456:telegram-bot-token-secret';

function telegramFields(id: number): Record<string, string | number> {
  const fields: Record<string, string | number> = { auth_date: Math.floor(Date.now() / 1000), first_name: 'Tg', id };
  const lines = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`);
  const secret = createHash('sha256').update(BOT_TOKEN).digest();
  return { ...fields, hash: createHmac('sha256', secret).update(lines.join('\n')).digest('hex') };
}

/**
 * The audit log (issue 25 part 5): who did what, from where, to what, with what outcome, for
 * every listed action; read by admins within their reach; never changed through the API.
 */
describe.each(DATABASES)('audit log (%s)', (kind) => {
  let t: TestApp;
  let root: Caller;
  let alice: { caller: Caller; username: string; password: string };
  let adminB: { caller: Caller; username: string; password: string };
  let adminC: { caller: Caller; username: string; password: string };
  let channelId: number;
  let tokenId: number;
  let startedAt: number;
  let aliceEmail: string;
  let resetPassword: string;
  let deletedChannelId: number;
  const smtp = new SmtpListener();

  const rows = async (viewer: Caller, query: string): Promise<AuditRow[]> => {
    const res = await viewer.get(`/api/audit?page_size=100&${query}`).expect(200);
    expect(res.body.success).toBe(true);
    return res.body.data.items as AuditRow[];
  };

  beforeAll(async () => {
    startedAt = Math.floor(Date.now() / 1000);
    await smtp.start();
    t = await startApp(kind, matrixOptions(kind));
    root = await loginRoot(t.url);
    for (const [key, value] of [...smtpOptions(smtp), ['ServerAddress', 'https://gw.sluice.test']]) await root.put('/api/option/', { key, value }).expect(200);
    alice = await newUser(t.url);
    adminB = await newUser(t.url);
    adminC = await newUser(t.url);
    for (const a of [adminB, adminC]) {
      await root.post('/api/user/manage', { id: a.caller.userId, action: 'promote' }).expect(200);
    }

    // A failed password sign-in on root's account, and one naming no account.
    await request(t.url).post('/api/user/login').send({ username: 'root', password: 'wrong-password-1' }).expect(401);
    await request(t.url).post('/api/user/login').send({ username: 'nobody-here', password: 'wrong-password-2' }).expect(401);

    // Alice changes her password, makes a token and views its key.
    await alice.caller.put('/api/user/self', { password: 'newpassword456', original_password: alice.password }).expect(200);
    const tok = await alice.caller.post('/api/token/', { name: 'audit', group: 'default', unlimited_quota: true, expired_time: -1 }).expect(200);
    tokenId = tok.body.data[0].id as number;
    await alice.caller.get(`/api/token/${tokenId}`).expect(200);

    // Root: options (a secret and a payment setting), users, channels, redemption codes.
    await root.put('/api/option/', { key: 'GitHubClientSecret', value: SECRET_OPTION_VALUE }).expect(200);
    await root.put('/api/option/', { key: 'Price', value: '7.5' }).expect(200);
    await root.put('/api/option/', { key: 'TelegramBotToken', value: BOT_TOKEN }).expect(200);
    await root.put('/api/option/', { key: 'TelegramOAuthEnabled', value: 'true' }).expect(200);
    await root.post('/api/user/manage', { id: alice.caller.userId, action: 'add_quota', value: 5000 }).expect(200);
    await root.post('/api/user/manage', { id: alice.caller.userId, action: 'disable' }).expect(200);
    await root.post('/api/user/manage', { id: alice.caller.userId, action: 'enable' }).expect(200);
    await root.post('/api/user/manage', { id: adminC.caller.userId, action: 'add_quota', value: 777 }).expect(200);
    const ch = await root.post('/api/channel/', { name: 'audited', type: 1, group: 'default', key: CHANNEL_KEY, base_url: 'https://api.example.com', models: 'gpt-4o-mini' }).expect(200);
    channelId = ch.body.data[0].id as number;
    await root.get(`/api/channel/${channelId}?include_key=true`).expect(200);
    await root.put('/api/channel/', { id: channelId, priority: 5 }).expect(200);
    await root.put('/api/channel/', { id: channelId, key: NEW_CHANNEL_KEY }).expect(200);
    await root.post('/api/redemption/', { name: 'audit-codes', count: 2, quota: 1000 }).expect(200);

    // Admin B, within reach: alice's quota; out of reach: a root-only option.
    await adminB.caller.post('/api/user/manage', { id: alice.caller.userId, action: 'add_quota', value: 1 }).expect(200);
    await adminB.caller.put('/api/option/', { key: 'EpayId', value: 'b-tries-this' }).expect(403);

    // Alice binds Telegram, then signs in with it; and one forged Telegram sign-in.
    await alice.caller.post('/api/oauth/telegram/bind', telegramFields(424242)).expect(200);
    await request(t.url).post('/api/oauth/telegram/login').send(telegramFields(424242)).expect(200);
    await request(t.url).post('/api/oauth/telegram/login').send({ ...telegramFields(424242), first_name: 'forged' }).expect(403);
    await alice.caller.post('/api/oauth/telegram/unbind').expect(200);

    // Alice binds an e-mail with a mailed code, then resets her password through the mailed link.
    aliceEmail = `alice${Date.now().toString(36)}@example.com`;
    await request(t.url).get(`/api/verification?email=${encodeURIComponent(aliceEmail)}`).expect(200);
    const code = /<strong>([0-9a-f]{6})<\/strong>/.exec((await smtp.next(aliceEmail)).text)?.[1] as string;
    await alice.caller.post('/api/oauth/email/bind', { email: aliceEmail, code }).expect(200);
    await request(t.url).get(`/api/reset_password?email=${encodeURIComponent(aliceEmail)}`).expect(200);
    const link = /token=([0-9a-f]{32})/.exec((await smtp.next(aliceEmail)).text)?.[1] as string;
    resetPassword = (await request(t.url).post('/api/user/reset').send({ email: aliceEmail, token: link }).expect(200)).body.data as string;

    // Root edits alice (display name and password) and deletes a channel.
    await root.put('/api/user/', { id: alice.caller.userId, display_name: 'Alice A', password: 'admin-set-password-9' }).expect(200);
    const gone = await root.post('/api/channel/', { name: 'to-delete', type: 1, group: 'default', key: 'sk-delete-me-0123456789abcdef', base_url: 'https://api.example.com', models: 'gpt-4o-mini' }).expect(200);
    deletedChannelId = gone.body.data[0].id as number;
    await root.delete(`/api/channel/${deletedChannelId}`).expect(200);
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('writes a row for each listed action with actor, IP, target and outcome', async () => {
    const all = await rows(root, '');
    const find = (action: string, pred: (r: AuditRow) => boolean = () => true): AuditRow => {
      const r = all.find((x) => x.action === action && pred(x));
      if (!r) throw new Error(`no ${action} row in ${JSON.stringify(all.map((x) => x.action))}`);
      expect(r.ip).toBe('127.0.0.1');
      expect(r.created_at).toBeGreaterThanOrEqual(startedAt);
      expect(r.request_id).toMatch(/^\d{17}[0-9A-Za-z]{8}$/);
      return r;
    };
    const aliceId = String(alice.caller.userId);

    expect(find('auth.sign_in', (r) => r.outcome === 'success' && r.detail.method === 'password' && r.actor_name === 'root')).toMatchObject({ target_type: 'user', target_id: '1' });
    expect(find('auth.sign_in', (r) => r.outcome === 'failure' && r.actor_id === 1)).toMatchObject({ detail: { method: 'password', known_account: true } });
    const unknown = find('auth.sign_in', (r) => r.outcome === 'failure' && r.actor_id === null && r.detail.method === 'password');
    expect(JSON.stringify(unknown)).not.toContain('nobody-here');
    expect(find('auth.sign_in', (r) => r.outcome === 'success' && r.detail.method === 'telegram')).toMatchObject({ actor_id: alice.caller.userId, target_id: aliceId });
    expect(find('auth.sign_in', (r) => r.outcome === 'failure' && r.detail.method === 'telegram')).toMatchObject({ detail: { reason: 'oauth.telegram_invalid' } });
    expect(find('user.binding_add')).toMatchObject({ actor_id: alice.caller.userId, target_type: 'user', target_id: aliceId, detail: { provider: 'telegram' } });
    expect(find('user.password_change')).toMatchObject({ actor_id: alice.caller.userId, target_id: aliceId, outcome: 'success' });
    expect(find('token.create')).toMatchObject({ actor_id: alice.caller.userId, target_type: 'token', target_id: String(tokenId) });
    expect(find('token.key_view')).toMatchObject({ actor_id: alice.caller.userId, target_type: 'token', target_id: String(tokenId) });
    expect(find('option.change', (r) => r.target_id === 'SMTPToken')).toMatchObject({ actor_id: 1, detail: { keys: ['SMTPToken'], secret: true, payment: false } });
    expect(find('option.change', (r) => r.target_id === 'Price')).toMatchObject({ detail: { keys: ['Price'], payment: true } });
    expect(find('option.change', (r) => r.outcome === 'failure')).toMatchObject({ actor_id: adminB.caller.userId, target_id: 'EpayId', detail: { reason: 'root_only', payment: true } });
    expect(find('user.role_change', (r) => r.target_id === String(adminB.caller.userId))).toMatchObject({ actor_id: 1, detail: { op: 'promote', role_before: 1, role_after: 10 } });
    expect(find('user.quota_change', (r) => r.target_id === aliceId && r.actor_id === 1)).toMatchObject({ detail: { op: 'add_quota', after: expect.any(Number) } });
    expect(find('user.status_change', (r) => r.detail.op === 'disable')).toMatchObject({ target_id: aliceId, detail: { status_before: 1, status_after: 2 } });
    expect(find('user.status_change', (r) => r.detail.op === 'enable')).toMatchObject({ target_id: aliceId, detail: { status_after: 1 } });
    expect(find('channel.create', (r) => r.target_id === String(channelId))).toMatchObject({ actor_id: 1, target_type: 'channel', detail: { name: 'audited', type: 1 } });
    expect(find('channel.key_view')).toMatchObject({ actor_id: 1, target_type: 'channel', target_id: String(channelId) });
    expect(find('channel.update', (r) => r.detail.key_changed === false)).toMatchObject({ target_id: String(channelId), detail: { fields: ['priority'], key_changed: false } });
    expect(find('channel.update', (r) => r.detail.key_changed === true)).toMatchObject({ actor_id: 1, target_type: 'channel', target_id: String(channelId), outcome: 'success' });
    expect(find('redemption.create')).toMatchObject({ actor_id: 1, detail: { name: 'audit-codes', count: 2, quota: 1000 } });
    expect(find('user.binding_remove')).toMatchObject({ actor_id: alice.caller.userId, target_id: aliceId, detail: { provider: 'telegram' } });
    expect(find('user.email_change')).toMatchObject({ actor_id: alice.caller.userId, target_id: aliceId, outcome: 'success' });
    expect(find('user.password_reset')).toMatchObject({ actor_id: alice.caller.userId, target_id: aliceId, detail: { via: 'email' } });
    expect(find('user.update')).toMatchObject({ actor_id: 1, target_id: aliceId, detail: { fields: expect.arrayContaining(['displayName', 'password']) } });
    expect(find('channel.delete')).toMatchObject({ actor_id: 1, target_id: String(deletedChannelId) });

    // Never the secret itself.
    const text = JSON.stringify(all);
    for (const secret of ['b-tries-this', SECRET_OPTION_VALUE, CHANNEL_KEY, NEW_CHANNEL_KEY, BOT_TOKEN, 'newpassword456', 'wrong-password-1', alice.password, resetPassword, 'admin-set-password-9', smtp.pass, aliceEmail]) {
      expect(text).not.toContain(secret);
    }
  });

  it('filters by action, actor, target user, outcome and time, paged in SQL', async () => {
    const failures = await rows(root, 'outcome=failure');
    expect(failures.length).toBeGreaterThanOrEqual(3);
    expect(failures.every((r) => r.outcome === 'failure')).toBe(true);
    const byActor = await rows(root, `actor_id=${alice.caller.userId}`);
    expect(byActor.length).toBeGreaterThan(0);
    expect(byActor.every((r) => r.actor_id === alice.caller.userId)).toBe(true);
    const aboutAlice = await rows(root, `target_user_id=${alice.caller.userId}&action=user.quota_change`);
    expect(aboutAlice.map((r) => r.actor_id).sort()).toEqual([1, adminB.caller.userId].sort());
    const future = Math.floor(Date.now() / 1000) + 3600;
    expect(await rows(root, `start_timestamp=${future}`)).toEqual([]);
    const page0 = await root.get('/api/audit?page_size=2&p=0').expect(200);
    const page1 = await root.get('/api/audit?page_size=2&p=1').expect(200);
    expect(page0.body.data.items).toHaveLength(2);
    expect(page0.body.data.total).toBeGreaterThan(4);
    expect(page1.body.data.items[0].id).toBeLessThan(page0.body.data.items[1].id);
  });

  it('answers a malformed filter with a 400 naming it', async () => {
    for (const [q, field] of [
      ['action=drop_table', 'action'],
      ['outcome=maybe', 'outcome'],
      ['actor_id=abc', 'actor_id'],
      ['target_user_id=-3', 'target_user_id'],
      ['start_timestamp=yesterday', 'start_timestamp'],
      ['start_timestamp=200&end_timestamp=100', 'start_timestamp'],
      ['p=x', 'p'],
    ] as const) {
      const zh = await root.get(`/api/audit?${q}`).expect(400);
      expect(apartFromField(zh.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: `无效的筛选条件：${field}` });
      const en = await root.get(`/api/audit?${q}`).set('Accept-Language', 'en').expect(400);
      expect(apartFromField(en.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: `Invalid filter: ${field}` });
    }
  });

  it('is for admins only: a regular user gets 403', async () => {
    const res = await alice.caller.get('/api/audit').expect(403);
    expect(res.body.success).toBe(false);
    await request(t.url).get('/api/audit').expect(401);
  });

  it("shows an admin their own rows and rows about lower roles, never root's rows about other admins", async () => {
    const seen = await rows(adminB.caller, '');
    const adminC_ = String(adminC.caller.userId);
    // Root's promotion of and quota change on admin C, root's option changes and channel reads: not B's to see.
    // (C's own sign-in from before the promotion, as a regular user, is.)
    expect(seen.filter((r) => r.target_id === adminC_ && r.actor_id === 1)).toEqual([]);
    expect(seen.filter((r) => r.action === 'option.change').map((r) => r.actor_id)).toEqual([adminB.caller.userId]);
    expect(seen.find((r) => r.action === 'channel.key_view')).toBeUndefined();
    expect(seen.find((r) => r.actor_id === 1 && r.action === 'auth.sign_in')).toBeUndefined();
    // About alice (a regular user): root's and B's own actions.
    expect(seen.find((r) => r.action === 'user.status_change' && r.actor_id === 1)).toBeDefined();
    expect(seen.find((r) => r.action === 'user.quota_change' && r.actor_id === adminB.caller.userId)).toBeDefined();
    expect(seen.find((r) => r.action === 'token.key_view' && r.actor_id === alice.caller.userId)).toBeDefined();
    // About B: root's promotion of B.
    expect(seen.find((r) => r.action === 'user.role_change' && r.target_id === String(adminB.caller.userId))).toBeDefined();
    // Root sees all of it.
    expect((await rows(root, `target_user_id=${adminC.caller.userId}`)).length).toBeGreaterThan(0);
  });

  it('offers no route that writes, edits or deletes audit rows', async () => {
    const before = (await root.get('/api/audit?page_size=1').expect(200)).body.data.total as number;
    const id = (await rows(root, ''))[0]?.id as number;
    for (const res of [
      await root.post('/api/audit', { action: 'auth.sign_in' }),
      await root.put('/api/audit', { id, outcome: 'success' }),
      await root.delete('/api/audit'),
      await root.delete(`/api/audit/${id}`),
      await root.put(`/api/audit/${id}`, { outcome: 'success' }),
      await root.post(`/api/audit/${id}`, {}),
    ]) {
      expect([404, 405]).toContain(res.status);
      expect(res.body.success).toBe(false);
    }
    const after = (await root.get('/api/audit?page_size=1').expect(200)).body.data.total as number;
    // The reads above added no row; the count only moved by what the calls wrote (nothing).
    expect(after).toBe(before);
  });

  it('prunes rows older than AuditRetentionDays with the retention job', async () => {
    const db = t.app.get(DatabaseService);
    const now = Math.floor(Date.now() / 1000);
    await db.write((em) =>
      em.insert(AuditLogEntity, [
        { createdAt: now - 40 * 86_400, action: 'option.change', outcome: 'success', actorId: 1, actorName: 'root', detail: '{"marker":"old"}' },
        { createdAt: now - 20 * 86_400, action: 'option.change', outcome: 'success', actorId: 1, actorName: 'root', detail: '{"marker":"kept"}' },
      ]),
    );
    await root.put('/api/option/', { key: 'AuditRetentionDays', value: '30' }).expect(200);
    // The audit.prune job, as the queue runs it (registered on start, repeating).
    const queue = t.app.get<QueueDriver>(QUEUE_DRIVER);
    expect((await queue.counts()).map((c) => c.name)).toContain('audit.prune');
    await queue.enqueue('audit.prune', {});
    await queue.idle();
    const left = await db.manager.find(AuditLogEntity, {});
    expect(left.find((r) => r.detail.includes('"old"'))).toBeUndefined();
    expect(left.find((r) => r.detail.includes('"kept"'))).toBeDefined();
    expect(left.filter((r) => r.createdAt >= now - 3600).length).toBeGreaterThan(10);
    // Nothing more to prune.
    expect(await t.app.get(AuditRetentionService).prune()).toBe(0);
    const bad = await root.put('/api/option/', { key: 'AuditRetentionDays', value: '0' });
    expect(bad.body.success).toBe(false);
  });
});

/** GitHub sign-ins through the fake provider: a success names the account, a refused code is a failure row. */
describe.each(DATABASES)('audit log: GitHub sign-in (%s)', (kind) => {
  const CLIENT_ID = 'Iv1.auditclient0001';
  const CLIENT_SECRET = 'gh-audit-client-secret-4b3a';
  let t: TestApp;
  let gh: FakeGitHub;
  let root: Caller;

  beforeAll(async () => {
    gh = new FakeGitHub(CLIENT_ID, CLIENT_SECRET);
    await gh.start();
    t = await startApp(kind, { ...matrixOptions(kind), env: { GITHUB_OAUTH_URL: gh.url, GITHUB_API_URL: gh.url } });
    root = await loginRoot(t.url);
    await setOptions(root, { GitHubOAuthEnabled: 'true', GitHubClientId: CLIENT_ID, GitHubClientSecret: CLIENT_SECRET });
  });
  afterAll(async () => {
    await t.close();
    await gh.stop();
  });

  it('writes a success row with method github and a failure row for a refused code', async () => {
    const user: GitHubUser = { id: 7_100_001, login: 'auditocto', name: 'Audit Octo', email: null, emails: [{ email: 'auditocto@users.example.com', primary: true, verified: true }] };
    const b = new Browser(t.url);
    const st = await b.state('?provider=github');
    const ok = await b.get(`/api/oauth/github?code=${gh.codeFor(user)}&state=${st.body.data as string}`);
    expect(ok.body.success).toBe(true);
    const signedIn = ok.body.data.id as number;
    // A new browser (not signed in): a sign-in attempt with a code GitHub refuses.
    const b2 = new Browser(t.url);
    const st2 = await b2.state('?provider=github');
    const bad = await b2.get(`/api/oauth/github?code=not-a-code&state=${st2.body.data as string}`);
    expect(bad.body.success).toBe(false);

    const rows = (await root.get('/api/audit?action=auth.sign_in&page_size=50').expect(200)).body.data.items as AuditRow[];
    const github = rows.filter((r) => r.detail.method === 'github');
    expect(github.find((r) => r.outcome === 'success')).toMatchObject({ actor_id: signedIn, target_type: 'user', target_id: String(signedIn), ip: '127.0.0.1' });
    expect(github.find((r) => r.outcome === 'failure')).toMatchObject({ actor_id: null, ip: '127.0.0.1', detail: { method: 'github', reason: expect.any(String) } });
    expect(JSON.stringify(rows)).not.toContain(CLIENT_SECRET);
    expect(JSON.stringify(rows)).not.toContain('not-a-code');
  });
});
