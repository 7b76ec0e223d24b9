import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { FakeWeChatServer } from '../support/fakes/wechat';
import { loginRoot, newUser, type Caller } from '../support/http';
import { Browser, allLogText, sessionCount, setOptions, userCount } from './oauth-kit';

const SERVER_TOKEN = 'wechat-server-token-0e6c4d';
let nextOpenId = 0;
const openId = () => `oX9fz${Date.now().toString(36)}${(nextOpenId += 1)}`;

/** Issue 17, WeChat: sign-in and bind with the code the WeChat server hands out, asked with its token. */
describe.each(DATABASES)('WeChat sign-in (%s)', (kind) => {
  let t: TestApp;
  let wx: FakeWeChatServer;
  let root: Caller;

  beforeAll(async () => {
    wx = new FakeWeChatServer(SERVER_TOKEN);
    await wx.start();
    t = await startApp(kind, matrixOptions(kind));
    root = await loginRoot(t.url);
    await setOptions(root, {
      // The WeChat server runs on loopback here: an admin option may reach a private address only when root allows it.
      AllowPrivateUpstreamEnabled: 'true',
      WeChatAuthEnabled: 'true',
      WeChatServerAddress: wx.url,
      WeChatServerToken: SERVER_TOKEN,
      WeChatAccountQRCodeImageURL: 'https://img.example.com/qr.png',
    });
  });
  afterAll(async () => {
    await t.close();
    await wx.stop();
  });

  it('signs in with the code (registering first), the server asked with its token', async () => {
    const id = openId();
    const b = new Browser(t.url);
    const res = await b.get(`/api/oauth/wechat?code=${wx.issueCode(id)}`);
    expect(res.body.success).toBe(true);
    expect(res.body.data.username).toMatch(/^wechat_/);
    expect(wx.calls.at(-1)?.authorization).toBe(SERVER_TOKEN);
    b.userId = res.body.data.id as number;
    expect((await b.self()).wechat_id).toBe(id);
    const again = await new Browser(t.url).post('/api/oauth/wechat', { code: wx.issueCode(id) });
    expect(again.body.data.id).toBe(res.body.data.id);
    const status = (await new Browser(t.url).get('/api/status')).body.data;
    expect(status).toMatchObject({ wechat_login: true, wechat_qrcode: 'https://img.example.com/qr.png' });
  });

  it('a code the server refuses (unknown, used, expired after 3 minutes, malformed): refused, no session', async () => {
    const users = await userCount(t);
    const sessions = await sessionCount(t);
    const used = wx.issueCode(openId());
    expect((await new Browser(t.url).get(`/api/oauth/wechat?code=${used}`)).body.success).toBe(true);
    const afterFirst = await userCount(t);
    for (const code of [used, '000000', wx.issueCode(openId(), -1)]) {
      const res = await new Browser(t.url).get(`/api/oauth/wechat?code=${code}`);
      expect(res.status).toBe(403);
      // The server's own text is not passed on.
      expect(res.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'The WeChat code is wrong or expired' });
    }
    expect((await new Browser(t.url).get('/api/oauth/wechat?code=../../x')).body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Authorization code missing' });
    expect(await userCount(t)).toBe(afterFirst);
    expect(afterFirst).toBe(users + 1);
    expect(await sessionCount(t)).toBe(sessions + 1);
  });

  it('a wrong server token or a loopback server without AllowPrivateUpstreamEnabled: refused', async () => {
    await setOptions(root, { WeChatServerToken: 'not-the-token' });
    try {
      const res = await new Browser(t.url).get(`/api/oauth/wechat?code=${wx.issueCode(openId())}`);
      expect(res.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'The WeChat code is wrong or expired' });
    } finally {
      await setOptions(root, { WeChatServerToken: SERVER_TOKEN });
    }
    await setOptions(root, { AllowPrivateUpstreamEnabled: 'false' });
    try {
      const calls = wx.calls.length;
      const res = await new Browser(t.url).get(`/api/oauth/wechat?code=${wx.issueCode(openId())}`);
      expect(res.status).toBe(502);
      expect(wx.calls.length).toBe(calls);
    } finally {
      await setOptions(root, { AllowPrivateUpstreamEnabled: 'true' });
    }
  });

  it('binds by POST only, refuses an openid bound elsewhere, keeps the token secret', async () => {
    const b = Browser.from((await newUser(t.url)).caller, t.url);
    const id = openId();
    expect((await b.get(`/api/oauth/wechat/bind?code=${wx.issueCode(id)}`)).status).toBe(405);
    expect((await b.self()).wechat_id).toBe('');
    expect((await b.post('/api/oauth/wechat/bind', { code: wx.issueCode(id) })).body).toEqual({ success: true, message: 'bind' });
    expect((await b.self()).wechat_id).toBe(id);
    const other = Browser.from((await newUser(t.url)).caller, t.url);
    const refused = await other.post('/api/oauth/wechat/bind', { code: wx.issueCode(id) });
    expect(refused.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'This WeChat account is already bound to another user' });
    expect((await other.self()).wechat_id).toBe('');

    await setOptions(root, { WeChatAuthEnabled: 'false' });
    try {
      expect((await b.post('/api/oauth/wechat/bind', { code: wx.issueCode(openId()) })).body).toEqual({
        success: false,
        code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/),
        message: 'The administrator has not enabled sign-in with WeChat',
      });
    } finally {
      await setOptions(root, { WeChatAuthEnabled: 'true' });
    }
    expect(JSON.stringify((await root.get('/api/option/')).body)).not.toContain(SERVER_TOKEN);
    expect(await allLogText(t)).not.toContain(SERVER_TOKEN);
  });
});
