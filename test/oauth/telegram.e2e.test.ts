import { createHash, createHmac } from 'node:crypto';
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { loginRoot, newUser, type Caller } from '../support/http';
import { Browser, allLogText, sessionCount, setOptions, userCount } from './oauth-kit';

const BOT_TOKEN = '7000000001:AAF-telegram-bot-token-secret';

/** core.telegram.org/widgets/login: HMAC-SHA-256 of the sorted k=v lines, key SHA-256(bot token). */
const signTelegramLogin = (fields: Record<string, string>, token: string): string =>
  createHmac('sha256', createHash('sha256').update(token).digest())
    .update(
      Object.keys(fields)
        .sort()
        .map((k) => `${k}=${fields[k]}`)
        .join('\n'),
    )
    .digest('hex');

let nextId = 600_000_000;
/** What the Login Widget hands the page, signed as Telegram signs it. */
const widget = (extra: Record<string, string> = {}, token = BOT_TOKEN, age = 5): Record<string, string> => {
  nextId += 1;
  const fields: Record<string, string> = { id: String(nextId), first_name: 'Tele', username: `tg${nextId}`, auth_date: String(Math.floor(Date.now() / 1000) - age), ...extra };
  return { ...fields, hash: signTelegramLogin(fields, token) };
};
const qs = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** Issue 17, Telegram: the widget's hash under SHA-256(bot token), constant time, auth_date window. */
describe.each(DATABASES)('Telegram sign-in (%s)', (kind) => {
  let t: TestApp;
  let root: Caller;

  beforeAll(async () => {
    t = await startApp(kind, matrixOptions(kind));
    root = await loginRoot(t.url);
    await setOptions(root, { TelegramOAuthEnabled: 'true', TelegramBotToken: BOT_TOKEN, TelegramBotName: 'sluice_bot', QuotaForNewUser: '77' });
  });
  afterAll(async () => t.close());

  it('signs in (registering first) from the widget fields, GET as the spec calls it or POST', async () => {
    const fields = widget();
    const b = new Browser(t.url);
    const res = await b.get(`/api/oauth/telegram/login?${qs({ ...fields, lang: 'zh' })}`);
    expect(res.body.success).toBe(true);
    expect(res.body.data.username).toMatch(/^telegram_/);
    b.userId = res.body.data.id as number;
    expect(await b.self()).toMatchObject({ telegram_id: fields.id, quota: 77 });
    // The same Telegram id (a fresh widget login) is the same account.
    const again = await new Browser(t.url).post('/api/oauth/telegram/login', { ...widget({ id: fields.id ?? '' }) });
    expect(again.body.data.id).toBe(res.body.data.id);
  });

  it('a forged hash, an old auth_date, another bot token: refused, no session, no account', async () => {
    const users = await userCount(t);
    const sessions = await sessionCount(t);
    const forged = { ...widget(), id: '1' };
    const r1 = await new Browser(t.url).get(`/api/oauth/telegram/login?${qs(forged)}`);
    expect(r1.status).toBe(403);
    expect(r1.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'The Telegram sign-in data failed verification' });
    const r2 = await new Browser(t.url).get(`/api/oauth/telegram/login?${qs(widget({}, BOT_TOKEN, 3600))}`);
    expect(r2.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'The Telegram sign-in data has expired, please retry' });
    const r3 = await new Browser(t.url).get(`/api/oauth/telegram/login?${qs(widget({}, 'another-bot:token'))}`);
    expect(r3.body.success).toBe(false);
    const r4 = await new Browser(t.url).get(`/api/oauth/telegram/login?${qs({ ...widget(), hash: '' })}`);
    expect(r4.body.success).toBe(false);
    expect(await userCount(t)).toBe(users);
    expect(await sessionCount(t)).toBe(sessions);
  });

  it('an empty bot token refuses everything, even data signed with the empty token', async () => {
    await setOptions(root, { TelegramBotToken: '' });
    try {
      const res = await new Browser(t.url).get(`/api/oauth/telegram/login?${qs(widget({}, ''))}`);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'The administrator has not enabled sign-in with Telegram' });
    } finally {
      await setOptions(root, { TelegramBotToken: BOT_TOKEN });
    }
  });

  it('binds by POST only; an id bound elsewhere is refused; the token stays secret', async () => {
    const b = Browser.from((await newUser(t.url)).caller, t.url);
    const fields = widget();
    const viaGet = await b.get(`/api/oauth/telegram/bind?${qs(fields)}`);
    expect(viaGet.status).toBe(405);
    expect((await b.self()).telegram_id).toBe('');
    expect((await b.post('/api/oauth/telegram/bind', fields)).body).toEqual({ success: true, message: 'bind' });
    expect((await b.self()).telegram_id).toBe(fields.id);
    const other = Browser.from((await newUser(t.url)).caller, t.url);
    const refused = await other.post('/api/oauth/telegram/bind', widget({ id: fields.id ?? '' }));
    expect(refused.status).toBe(409);
    expect((await other.self()).telegram_id).toBe('');
    // Anonymous binds are refused.
    expect((await new Browser(t.url).post('/api/oauth/telegram/bind', widget())).status).toBe(401);

    expect(JSON.stringify((await root.get('/api/option/')).body)).not.toContain(BOT_TOKEN);
    expect(await allLogText(t)).not.toContain(BOT_TOKEN);
  });
});
