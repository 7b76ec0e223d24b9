// Third-party sign-in in a real browser (issue 17 item 8), through loopback fakes of GitHub,
// LinuxDO Connect and a WeChat server: the login screen's buttons (state first, then the
// provider's authorize page named by the server), the callback pages POSTing code and state,
// the personal settings' LinuxDO bind, and refusals shown with the server's message.
import { FakeGitHub, type GitHubUser } from '../support/fakes/github';
import { FakeLinuxDo, type LinuxDoUser } from '../support/fakes/linuxdo';
import { FakeWeChatServer } from '../support/fakes/wechat';
import { newUser } from '../support/http';
import { createHash, createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expectAccessible, expectNoHorizontalOverflow, openPage, screenshot, startConsole, type ConsoleHarness } from './support';

const GH_ID = 'Iv1.console-e2e-0001';
const GH_SECRET = 'gh-console-secret-4d2c';
const LD_ID = 'linuxdo-console-e2e';
const LD_SECRET = 'linuxdo-console-secret-8b1f';
const WX_TOKEN = 'wechat-console-token-19ab';
const TG_TOKEN = '123456:console-e2e-bot-token';
const TG_BOT = 'sluice_console_bot';

/** Telegram's login widget hands the page `user` fields signed with HMAC-SHA-256 under SHA-256(bot token). */
const signedTelegramUser = (id: number, token = TG_TOKEN): Record<string, string> => {
  const fields: Record<string, string> = { id: String(id), first_name: 'Tele', username: `tg${id}`, auth_date: String(Math.floor(Date.now() / 1000)) };
  const check = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  return { ...fields, hash: createHmac('sha256', createHash('sha256').update(token).digest()).update(check).digest('hex') };
};

/**
 * Stands in for https://telegram.org/js/telegram-widget.js (a third party): draws a button that,
 * as the real widget does in its data-auth-url mode, sends the browser to the auth URL with the
 * signed fields appended to its query.
 */
const telegramWidgetStub = (user: Record<string, string>): string => `(function () {
  var s = document.currentScript;
  var b = document.createElement('button');
  b.type = 'button';
  b.textContent = 'Telegram widget: ' + s.dataset.telegramLogin;
  b.onclick = function () {
    var url = s.dataset.authUrl;
    var user = ${JSON.stringify(user)};
    var params = Object.keys(user).map(function (k) { return k + '=' + encodeURIComponent(user[k]); });
    location.href = url + (url.indexOf('?') >= 0 ? '&' : '?') + params.join('&');
  };
  s.parentNode.appendChild(b);
})();`;

let nextId = 7_100_000;
const ghUser = (): GitHubUser => {
  nextId += 1;
  return { id: nextId, login: `octo${nextId}`, name: 'Octo Browser', email: `octo${nextId}@users.example.com` };
};
const ldUser = (trust_level: number): LinuxDoUser => {
  nextId += 1;
  return { id: nextId, username: `ld${nextId}`, trust_level };
};

describe('third-party sign-in in the console', () => {
  let h: ConsoleHarness;
  const gh = new FakeGitHub(GH_ID, GH_SECRET);
  const ld = new FakeLinuxDo(LD_ID, LD_SECRET);
  const wx = new FakeWeChatServer(WX_TOKEN);

  /** The user a page has stored (the console's localStorage 'user'), read in the page. */
  const storedUser = async (page: Page) =>
    JSON.parse((await page.evaluate<string | null>("localStorage.getItem('user')")) ?? 'null') as { id: number; username: string } | null;

  beforeAll(async () => {
    await Promise.all([gh.start(), ld.start(), wx.start()]);
    h = await startConsole({ env: { GITHUB_OAUTH_URL: gh.url, GITHUB_API_URL: gh.url, LINUXDO_OAUTH_URL: ld.url } });
    gh.callbackUrl = `${h.url}/oauth/github`;
    const options: Record<string, string> = {
      ServerAddress: h.url,
      GitHubOAuthEnabled: 'true',
      GitHubClientId: GH_ID,
      GitHubClientSecret: GH_SECRET,
      LinuxDOOAuthEnabled: 'true',
      LinuxDOClientId: LD_ID,
      LinuxDOClientSecret: LD_SECRET,
      LinuxDoMinLevel: '2',
      AllowPrivateUpstreamEnabled: 'true',
      WeChatAuthEnabled: 'true',
      WeChatServerAddress: wx.url,
      WeChatServerToken: WX_TOKEN,
    };
    for (const [key, value] of Object.entries(options)) {
      const res = await h.root.put('/api/option/', { key, value });
      expect(res.body.success).toBe(true);
    }
  });
  afterAll(async () => {
    await h.close();
    await Promise.all([gh.stop(), ld.stop(), wx.stop()]);
  });

  it('shows the provider buttons on the login screen in light, dark, English and at 390 px', async () => {
    const light = await openPage(h, '/login');
    await light.page.getByRole('button', { name: '使用 GitHub 登录' }).waitFor();
    await light.page.getByRole('button', { name: '使用 LinuxDO 登录' }).waitFor();
    await light.page.getByRole('button', { name: '使用微信登录' }).waitFor();
    // Telegram is off: no button.
    expect(await light.page.getByRole('button', { name: '使用 Telegram 登录' }).count()).toBe(0);
    await screenshot(light.page, 'oauth-login-light');
    await expectAccessible(light.page, 'login light');
    expect(light.errors).toEqual([]);
    await light.close();

    const dark = await openPage(h, '/login', { theme: 'dark', locale: 'en' });
    await dark.page.getByRole('button', { name: 'Log in with GitHub' }).waitFor();
    await screenshot(dark.page, 'oauth-login-dark-en');
    await expectAccessible(dark.page, 'login dark');
    expect(dark.errors).toEqual([]);
    await dark.close();

    const narrow = await openPage(h, '/login', { width: 390 });
    await narrow.page.getByRole('button', { name: '使用 LinuxDO 登录' }).waitFor();
    await expectNoHorizontalOverflow(narrow.page);
    await screenshot(narrow.page, 'oauth-login-390');
    expect(narrow.errors).toEqual([]);
    await narrow.close();
  });

  it('signs in with GitHub from the login screen and lands on /token, the account keyed by the GitHub id', async () => {
    const user = ghUser();
    gh.browserUser = user;
    const { page, errors, close } = await openPage(h, '/login', { locale: 'en' });
    const callsBefore = gh.calls.length;
    await page.getByRole('button', { name: 'Log in with GitHub' }).click();
    await page.waitForURL(/\/token$/);
    // Through the fake's authorize page (the server named it), then the callback's POST.
    expect(gh.calls.slice(callsBefore).map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /login/oauth/authorize',
      'POST /login/oauth/access_token',
      'GET /user',
    ]);
    const stored = await storedUser(page);
    expect(stored?.username).toMatch(/^github_/);
    const account = await h.root.get(`/api/user/${stored?.id}`);
    expect(account.body.data).toMatchObject({ github_id: String(user.id) });
    // The session is real: the token page's own call works.
    await page.getByRole('heading').first().waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('shows a GitHub refusal from the callback and leaves no session', async () => {
    gh.browserUser = ghUser();
    gh.fault = 'token_error';
    try {
      const { page, errors, close } = await openPage(h, '/login', { locale: 'en', theme: 'dark' });
      await page.getByRole('button', { name: 'Log in with GitHub' }).click();
      await page.getByText('Sign-in with GitHub failed, please retry later').first().waitFor();
      await page.waitForURL(/\/login/);
      expect(await storedUser(page)).toBeNull();
      await screenshot(page, 'oauth-github-refused-dark');
      // The toast is the spec's error display; only the refused call itself was logged.
      expect(errors.filter((e) => !/status of 502/.test(e))).toEqual([]);
      await close();
    } finally {
      gh.fault = 'none';
    }
  });

  it('signs in with the WeChat code from the QR dialog', async () => {
    const code = wx.issueCode(`oConsole${Date.now().toString(36)}`);
    const { page, errors, close } = await openPage(h, '/login', { width: 390 });
    await page.getByRole('button', { name: '使用微信登录' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('验证码').fill(code);
    await screenshot(page, 'oauth-wechat-dialog-390');
    await expectAccessible(page, 'wechat dialog');
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(/\/token$/);
    expect((await storedUser(page))?.username).toMatch(/^wechat_/);
    expect(errors).toEqual([]);
    await close();
  });

  it('binds LinuxDO from the personal settings, and refuses a trust level below the minimum', async () => {
    const { caller } = await newUser(h.url);
    const user = ldUser(3);
    ld.browserUser = user;
    const { page, errors, close } = await openPage(h, '/setting', { as: caller, locale: 'en' });
    const row = page.getByTestId('binding-linuxdo');
    await row.getByRole('button', { name: /^Link/ }).click();
    await page.getByText('Bound successfully!').first().waitFor();
    await page.waitForURL(/\/setting$/);
    await row.getByText(String(user.id)).waitFor();
    expect((await caller.get('/api/user/self')).body.data.linuxdo_id).toBe(String(user.id));
    await screenshot(page, 'oauth-linuxdo-bound');
    expect(errors).toEqual([]);
    await close();

    // Another user, trust level 1 < 2: the server's message, nothing bound.
    const other = (await newUser(h.url)).caller;
    ld.browserUser = ldUser(1);
    const refused = await openPage(h, '/setting', { as: other, locale: 'en', theme: 'dark' });
    await refused.page.getByTestId('binding-linuxdo').getByRole('button', { name: /^Link/ }).click();
    await refused.page.getByText('LinuxDO trust level too low: 2 required, yours is 1').first().waitFor();
    await refused.page.waitForURL(/\/setting$/);
    expect((await other.get('/api/user/self')).body.data.linuxdo_id).toBe('');
    await refused.page.getByTestId('binding-linuxdo').getByText('Not linked').waitFor();
    await screenshot(refused.page, 'oauth-linuxdo-refused-dark');
    expect(refused.errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
    await refused.close();
  });

  it('refuses a LinuxDO account bound to someone else', async () => {
    const owner = (await newUser(h.url)).caller;
    const taken = ldUser(4);
    ld.browserUser = taken;
    const first = await openPage(h, '/setting', { as: owner });
    await first.page.getByTestId('binding-linuxdo').getByRole('button', { name: /^绑定/ }).click();
    await first.page.getByText('绑定成功！').first().waitFor();
    await first.close();

    const thief = (await newUser(h.url)).caller;
    const second = await openPage(h, '/setting', { as: thief });
    await second.page.getByTestId('binding-linuxdo').getByRole('button', { name: /^绑定/ }).click();
    await second.page.getByText('该 LinuxDO 账户已被其他用户绑定').first().waitFor();
    expect((await thief.get('/api/user/self')).body.data.linuxdo_id).toBe('');
    await second.close();
  });

  it('signs in and binds with the Telegram widget, and shows a forged one refused', async () => {
    for (const [key, value] of Object.entries({ TelegramOAuthEnabled: 'true', TelegramBotToken: TG_TOKEN, TelegramBotName: TG_BOT })) {
      expect((await h.root.put('/api/option/', { key, value })).body.success).toBe(true);
    }
    nextId += 1;
    const tgId = nextId;
    const login = await openPage(h, '/login', { theme: 'dark', locale: 'en' });
    await login.page.route('https://telegram.org/js/telegram-widget.js*', (route) =>
      route.fulfill({ contentType: 'application/javascript', body: telegramWidgetStub(signedTelegramUser(tgId)) }),
    );
    await login.page.getByRole('button', { name: 'Log in with Telegram' }).click();
    const dialog = login.page.getByRole('dialog');
    await dialog.getByRole('button', { name: `Telegram widget: ${TG_BOT}` }).waitFor();
    await screenshot(login.page, 'oauth-telegram-dialog-dark');
    await expectAccessible(login.page, 'telegram dialog dark', '[role="dialog"]');
    await dialog.getByRole('button', { name: `Telegram widget: ${TG_BOT}` }).click();
    await login.page.waitForURL(/\/token$/);
    const stored = await storedUser(login.page);
    expect((await h.root.get(`/api/user/${stored?.id}`)).body.data).toMatchObject({ telegram_id: String(tgId) });
    expect(login.errors).toEqual([]);
    await login.close();

    // Bind from the personal settings; then a forged hash is refused with the server's message.
    const { caller } = await newUser(h.url);
    nextId += 1;
    const bindId = nextId;
    const bind = await openPage(h, '/setting', { as: caller, locale: 'en' });
    await bind.page.route('https://telegram.org/js/telegram-widget.js*', (route) =>
      route.fulfill({ contentType: 'application/javascript', body: telegramWidgetStub(signedTelegramUser(bindId)) }),
    );
    await bind.page.getByTestId('binding-telegram').getByRole('button', { name: /^Link/ }).click();
    await bind.page.getByRole('dialog').getByRole('button', { name: `Telegram widget: ${TG_BOT}` }).click();
    await bind.page.getByText('Bound successfully!').first().waitFor();
    await bind.page.waitForURL(/\/setting$/);
    await bind.page.getByTestId('binding-telegram').getByText(String(bindId)).waitFor();
    expect((await caller.get('/api/user/self')).body.data.telegram_id).toBe(String(bindId));
    expect(bind.errors).toEqual([]);
    await bind.close();

    const forger = (await newUser(h.url)).caller;
    const forged = await openPage(h, '/setting', { as: forger, locale: 'en' });
    await forged.page.route('https://telegram.org/js/telegram-widget.js*', (route) =>
      route.fulfill({ contentType: 'application/javascript', body: telegramWidgetStub(signedTelegramUser(bindId + 1, 'not-the-bot-token')) }),
    );
    await forged.page.getByTestId('binding-telegram').getByRole('button', { name: /^Link/ }).click();
    await forged.page.getByRole('dialog').getByRole('button', { name: `Telegram widget: ${TG_BOT}` }).click();
    await forged.page.getByText('The Telegram sign-in data failed verification').first().waitFor();
    await forged.page.waitForURL(/\/setting$/);
    expect((await forger.get('/api/user/self')).body.data.telegram_id).toBe('');
    expect(forged.errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
    await forged.close();
  });
});
