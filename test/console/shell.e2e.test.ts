// The console's shell in a real browser: navigation with its role rules and status flags, the
// user menu (settings or personal center, language, logout), floating buttons (contact, check-in
// calendar, theme, notices), the footer, home and about content, the New Year snow, not-found;
// light and dark, English, 390 px, axe, and no page or console error anywhere.
import type { Page } from 'playwright-core';
import type { Caller } from '../support/http';
import { newAdmin, newUser } from '../support/http';
import {
  expectAccessible,
  expectNoHorizontalOverflow,
  openPage,
  screenshot,
  startConsole,
  type ConsoleHarness,
  type OpenedPage,
} from './support';

jest.setTimeout(120_000);

let h: ConsoleHarness;
let user: Caller;
let admin: Caller;

async function setOption(key: string, value: string): Promise<void> {
  const res = await h.root.put('/api/option/', { key, value });
  expect(res.body).toMatchObject({ success: true });
}

/** The visible labels of the main navigation (top level). */
async function navLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: /主导航|Main navigation/ });
  await nav.waitFor();
  return (await nav.locator(':scope > div > ul > li').allInnerTexts()).map((s) => s.trim());
}

async function done(p: OpenedPage): Promise<void> {
  expect(p.errors).toEqual([]);
  await p.close();
}

beforeAll(async () => {
  h = await startConsole();
  user = (await newUser(h.url)).caller;
  admin = (await newAdmin(h.url, h.root)).caller;
});

afterAll(async () => {
  await h?.close();
});

describe('navigation', () => {
  it('shows an anonymous visitor the public entries, login and register, and the default home page', async () => {
    const p = await openPage(h, '/');
    const { page } = p;
    await page.getByRole('heading', { level: 1, name: /欢迎使用/ }).waitFor();
    const labels = await navLabels(page);
    expect(labels).toEqual(['首页', '操练场', '令牌', '钱包', '日志', '模型价格']);
    await page.getByRole('button', { name: '登录', exact: true }).waitFor();
    await page.getByRole('button', { name: '注册', exact: true }).waitFor();
    await expect(page.getByRole('contentinfo').innerText()).resolves.toMatch(/由 Sluice 驱动/);
    // The API address a newcomer needs, and a way in.
    await expect(page.getByRole('textbox', { name: '接口地址' }).inputValue()).resolves.toBe(h.url);
    await page.getByRole('button', { name: '未登录' }).waitFor();
    await expectAccessible(page, 'home light');
    await screenshot(page, 'shell-home-light');
    await done(p);
  });

  it('gives a regular user no admin entries and "personal center" in the user menu', async () => {
    const p = await openPage(h, '/', { as: user });
    const { page } = p;
    const labels = await navLabels(page);
    expect(labels).not.toContain('渠道');
    expect(labels).not.toContain('兑换码');
    expect(labels).not.toContain('用户管理');
    await page.getByRole('button', { name: /^u/ }).first().click();
    await page.getByRole('menuitem', { name: '个人中心' }).waitFor();
    expect(await page.getByRole('menuitem', { name: '设置' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await done(p);
  });

  it('gives an admin the admin entries, "settings", and the logs submenu per the status flags', async () => {
    await setOption('DataExportEnabled', 'true');
    await setOption('DrawingEnabled', 'false');
    await setOption('TaskEnabled', 'true');
    await setOption('ChatLink', 'https://chat.example.com');
    await setOption('MonitorLinkEnabled', 'true');
    const p = await openPage(h, '/', { as: admin, theme: 'dark' });
    const { page } = p;
    await page.getByRole('link', { name: '聊天' }).waitFor();
    const labels = await navLabels(page);
    expect(labels).toEqual(['首页', '渠道', '操练场', '聊天', '令牌', '兑换码', '钱包', '日志', '模型价格', '服务监控', '用户管理']);
    await expectAccessible(page, 'home dark admin');
    await screenshot(page, 'shell-home-dark-admin');
    await page.getByRole('button', { name: '日志' }).click();
    const sub = page.getByRole('navigation', { name: '主导航' }).getByRole('link');
    await page.getByRole('link', { name: '数据看板' }).waitFor();
    const subs = (await sub.allInnerTexts()).map((s) => s.trim());
    expect(subs).toEqual(expect.arrayContaining(['使用日志', '数据看板', '异步任务']));
    expect(subs).not.toContain('绘图日志');
    await screenshot(page, 'shell-logs-submenu');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^u/ }).first().click();
    await page.getByRole('menuitem', { name: '设置' }).waitFor();
    await page.keyboard.press('Escape');
    await done(p);
    await setOption('ChatLink', '');
    await setOption('MonitorLinkEnabled', 'false');
    await setOption('DrawingEnabled', 'true');
  });

  it('collapses the navigation into a menu at 390 px without horizontal overflow', async () => {
    const p = await openPage(h, '/', { as: admin, width: 390 });
    const { page } = p;
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectNoHorizontalOverflow(page);
    const toggle = page.getByRole('button', { name: '打开菜单' });
    await toggle.click();
    await page.getByRole('link', { name: '用户管理' }).waitFor();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'shell-home-390-menu');
    await page.getByRole('link', { name: '模型价格' }).click();
    await page.waitForURL(/\/pricing$/);
    await expectNoHorizontalOverflow(page);
    await done(p);
  });
});

describe('user menu and floating buttons', () => {
  it('switches to English and remembers it, toggles the theme, and logs out', async () => {
    const { caller } = await newUser(h.url);
    const p = await openPage(h, '/about', { as: caller });
    const { page } = p;
    await page.getByRole('heading', { level: 1, name: '关于' }).waitFor();
    await page.getByRole('button', { name: /^u/ }).first().click();
    await page.getByRole('menu').waitFor();
    await page.getByRole('menuitemcheckbox', { name: 'English' }).press('Enter');
    // The menu closes on the choice (issue 27, 15).
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'About' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'About' }).waitFor();
    expect(await page.evaluate('document.documentElement.lang')).toBe('en');
    await expectAccessible(page, 'about en');
    await screenshot(page, 'shell-about-en');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    expect(await page.evaluate("localStorage.getItem('theme-mode')")).toBe('dark');
    await expectAccessible(page, 'about en dark');
    await page.getByRole('button', { name: /^u/ }).first().click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByText('Logged out successfully!', { exact: true }).waitFor();
    expect(await page.evaluate("localStorage.getItem('user')")).toBeNull();
    // The session is gone on the server too.
    const self = await caller.get('/api/user/self');
    expect(self.status).toBe(401);
    await done(p);
  });

  it('shows the contact values, the notice, and the check-in calendar that signs in once a day', async () => {
    await setOption('QQContact', '123456789');
    await setOption('WeChatContact', 'sluice-help');
    await setOption('Notice', '# 维护通知\n\n今晚 **22:00** 升级。<script>alert(1)</script>');
    const { caller } = await newUser(h.url);
    const before = (await caller.get('/api/user/self')).body.data.quota as number;
    const p = await openPage(h, '/', { as: caller });
    const { page } = p;
    await page.getByRole('button', { name: '联系方式' }).hover();
    await page.getByRole('tooltip').getByText('QQ：123456789').waitFor();
    await page.getByRole('tooltip').getByText('微信：sluice-help').waitFor();

    await page.getByRole('button', { name: '公告' }).click();
    const dialog = page.getByRole('dialog', { name: '公告' });
    await dialog.getByRole('heading', { name: '维护通知' }).waitFor();
    expect(await dialog.locator('script').count()).toBe(0);
    await screenshot(page, 'shell-notice');
    await dialog.getByRole('button', { name: '关闭' }).first().click();

    await page.getByRole('button', { name: '签到', exact: true }).click();
    const today = new Date().toISOString().slice(0, 10);
    const cell = page.locator(`[data-date="${today}"]`);
    await cell.locator('[data-day-state="today"]').waitFor();
    // The account was made today: past days of this month are before it (not missed), later ones in the future.
    const states = await page.locator('[data-day-state]').evaluateAll((els) => els.map((e) => e.getAttribute('data-day-state')));
    expect(new Set(states)).toEqual(new Set(states.filter((s) => ['beforeAccount', 'today', 'future'].includes(String(s)))));
    await expectAccessible(page, 'check-in');
    await screenshot(page, 'shell-checkin');
    await page.getByRole('button', { name: '立即签到' }).click();
    await page.getByText('签到成功！', { exact: true }).waitFor();
    await cell.locator('[data-day-state="todaySigned"]').waitFor();
    await page.getByRole('button', { name: '今日已签到' }).first().waitFor();
    const after = (await caller.get('/api/user/self')).body.data.quota as number;
    expect(after).toBeGreaterThan(before);
    await done(p);
  });

  it('shows the global messages for 429, 500, 405 and success:false, and caches the channel models', async () => {
    const { caller } = await newUser(h.url);
    const p = await openPage(h, '/', { as: caller });
    const { page } = p;
    // (Polled from the test: the page's CSP forbids Playwright's string predicates.)
    let cached: unknown = null;
    for (let i = 0; i < 100 && cached === null; i++) {
      cached = await page.evaluate("localStorage.getItem('channel_models')");
      if (cached === null) await page.waitForTimeout(100);
    }
    expect(Object.keys(JSON.parse(String(cached)) as object).length).toBeGreaterThan(0);
    await page.getByRole('button', { name: '签到', exact: true }).click();
    const cases: [number, object, string][] = [
      [429, { success: false, message: 'rate limited' }, '错误：请求次数过多，请稍后再试！'],
      [500, { success: false, message: 'boom' }, '错误：服务器内部错误，请联系管理员！'],
      [405, { success: false, message: 'demo' }, '本站仅作演示之用，无服务端！'],
      [200, { success: false, message: '服务器说：今天不行' }, '服务器说：今天不行'],
    ];
    for (const [status, body, text] of cases) {
      await page.route('**/api/user/sign-in', (route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }));
      await page.getByRole('button', { name: '立即签到' }).click();
      await page.getByText(text, { exact: true }).first().waitFor();
      await page.unroute('**/api/user/sign-in');
    }
    // Nothing was signed in, and the page stayed where it was.
    expect((await caller.get(`/api/user/sign-in-dates`)).body.data.status.can_sign_in_today).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(p.errors.filter((e) => !/status of (429|500|405)/.test(e))).toEqual([]);
    await p.close();
  });

  it('sends a stale session (401 from any call) to /login?expired=true with its notice', async () => {
    const { caller } = await newUser(h.url);
    const p = await openPage(h, '/', { as: caller });
    const { page } = p;
    await page.getByRole('button', { name: '签到', exact: true }).waitFor();
    await caller.get('/api/user/logout');
    await p.context.clearCookies();
    // The browser's 401 is logged as a failed resource: expected here, not an error of the page.
    await page.reload();
    await page.waitForURL(/\/login\?expired=true$/);
    await page.getByText('未登录或登录已过期，请重新登录！').first().waitFor();
    expect(await page.evaluate("localStorage.getItem('user')")).toBeNull();
    expect(p.errors.filter((e) => !/401/.test(e))).toEqual([]);
    await screenshot(page, 'auth-login-expired');
    await p.close();
  });
});

describe('content', () => {
  it('renders the stored footer and home page through the sanitizer, and a URL as a frame', async () => {
    // (An inline handler would be stripped too, but Chromium reports a CSP violation as a console
    // error for merely parsing one, even in the sanitizer's inert document.)
    await setOption('Footer', '<a href="https://example.com/terms">服务条款</a> <a href="javascript:alert(1)">坏链接</a><script>window.__bad = 2</script>');
    await setOption('HomePageContent', '## 欢迎光临\n\n<b>粗体</b><script>window.__bad = 1</script>');
    const p = await openPage(h, '/');
    const { page } = p;
    await page.getByRole('heading', { name: '欢迎光临' }).waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: '服务条款' }).waitFor();
    expect(await page.evaluate('window.__bad')).toBeUndefined();
    expect(await page.locator('main script, footer script').count()).toBe(0);
    expect(await page.getByRole('contentinfo').getByText('坏链接').getAttribute('href')).toBeNull();
    await screenshot(page, 'shell-home-custom');
    await done(p);
    await setOption('HomePageContent', `${h.url}/about`);
    const q = await openPage(h, '/');
    await q.page.locator('iframe[title="首页内容"]').waitFor();
    expect(await q.page.locator('iframe').getAttribute('src')).toBe(`${h.url}/about`);
    await done(q);
    await setOption('HomePageContent', '');
    await setOption('Footer', '');
  });

  it('shows the about text, and a note when none is set', async () => {
    const p = await openPage(h, '/about', { width: 390 });
    const { page } = p;
    await page.getByText('管理员还没有设置关于页面的内容', { exact: false }).waitFor();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'shell-about-empty-390');
    await done(p);
    await setOption('About', '**Sluice** 关于页');
    const q = await openPage(h, '/about', { theme: 'dark' });
    await q.page.getByText('关于页').waitFor();
    await expectAccessible(q.page, 'about dark');
    await screenshot(q.page, 'shell-about-dark');
    await done(q);
  });

  it('shows the not-found page for unknown paths and admin routes of regular users', async () => {
    const p = await openPage(h, '/no/such/page', { theme: 'dark' });
    await p.page.getByRole('heading', { level: 1, name: '页面不存在' }).waitFor();
    await expectAccessible(p.page, 'not-found dark');
    await screenshot(p.page, 'shell-not-found-dark');
    await done(p);
    const q = await openPage(h, '/user', { as: user, width: 390 });
    await q.page.getByRole('heading', { level: 1, name: '页面不存在' }).waitFor();
    await expectNoHorizontalOverflow(q.page);
    await expectAccessible(q.page, 'not-found light');
    await done(q);
  });

  it('offers the New Year entry on its dates: 3 s of snow, then a reload', async () => {
    const p = await openPage(h, '/about');
    const { page } = p;
    // The page's clock is driven by the test: the 3 s of snow and the 10 s before the reload are
    // run forward instead of waited for (CI time).
    await page.clock.install({ time: new Date('2027-02-10T10:00:00') });
    await page.reload();
    await page.getByRole('link', { name: '新春快乐' }).or(page.getByRole('button', { name: '新春快乐' })).click();
    await page.locator('[data-snow]').waitFor();
    await screenshot(page, 'shell-new-year');
    await page.clock.runFor(3_100);
    await page.locator('[data-snow]').waitFor({ state: 'detached', timeout: 5_000 });
    const reloaded = page.waitForEvent('load', { timeout: 12_000 });
    await page.clock.runFor(7_000);
    await reloaded;
    await done(p);
    const q = await openPage(h, '/about');
    await q.page.clock.setFixedTime(new Date('2027-03-10T10:00:00'));
    await q.page.reload();
    await q.page.getByRole('heading', { level: 1, name: '关于' }).waitFor();
    await q.page.getByRole('link', { name: '模型价格' }).waitFor();
    expect(await q.page.getByText('新春快乐').count()).toBe(0);
    await done(q);
  });
});
