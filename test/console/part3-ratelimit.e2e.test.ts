// Issue 27, 16: the console and the per-IP API limit, on a server with the default limit
// (180 requests per 180 s; the other console suites turn it off). One person touring every admin
// screen stays well under it, and a limited request says so in a toast with the wait.
import type { Page } from 'playwright-core';
import request from 'supertest';
import { expectAccessible, openPage, screenshot, startConsole, watchToasts, type ConsoleHarness, type OpenedPage } from './support';

const TOUR = ['/', '/channel', '/token', '/redemption', '/topup', '/log', '/detail', '/pricing', '/playground', '/user', '/setting', '/setting?tab=operation', '/task', '/midjourney', '/perf', '/audit'];

/** Counts the page's /api/ requests from now on, each with the address of the document that made it. */
function countApi(page: Page): { total: () => number; paths: string[]; from: string[] } {
  const paths: string[] = [];
  const from: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (!u.pathname.startsWith('/api/')) return;
    paths.push(u.pathname + u.search);
    // The document's address as the renderer sent it (the frame's url() can lag behind a navigation).
    const referer = r.headers().referer;
    const f = referer ? new URL(referer) : undefined;
    from.push(f ? f.pathname + f.search : '');
  });
  return { total: () => paths.length, paths, from };
}

// One page walks the steps in order (each step its own test, so each has the whole test time on a
// loaded machine): the full loads and the clicks spend this address's budget that the last steps use up.
describe('console part 3 (16): the per-IP API limit', () => {
  let h: ConsoleHarness;
  let o: OpenedPage;
  let page: Page;
  let api: ReturnType<typeof countApi>;
  beforeAll(async () => {
    h = await startConsole({ env: { GLOBAL_API_RATE_LIMIT: '180', GLOBAL_API_RATE_LIMIT_DURATION: '180' } });
    o = await openPage(h, '/', { as: h.root, locale: 'en', theme: 'light' });
    page = o.page;
    api = countApi(page);
  });
  afterAll(async () => {
    await o?.close();
    await h?.close();
  });

  it('an admin opening every screen (each a fresh page load) stays far below the limit', async () => {
    for (const path of TOUR) {
      await page.goto(`${h.url}${path}`);
      await page.waitForLoadState('networkidle');
    }
    // Each call counts for the screen whose document made it (its Referer): on a loaded machine a
    // screen's effects can run after the next load began.
    const callsOf: Record<string, string[]> = {};
    api.paths.forEach((call, k) => (callsOf[api.from[k] ?? ''] ??= []).push(call));
    const perScreen = Object.fromEntries(Object.entries(callsOf).map(([path, calls]) => [path, calls.length]));
    // Measured: 5 to 10 requests a screen on a full page load (the shell's status, self, contact,
    // check-in dates and the screen's own); the channel model map is read once per tab, not per load.
    const fullLoads = api.total();
    // A screen over the bound names the calls it made (the message of a failure under load).
    for (const [path, calls] of Object.entries(callsOf)) expect({ path, calls: calls.length <= 10 ? [] : calls }).toEqual({ path, calls: [] });
    expect(fullLoads).toBeLessThan(110);
    process.stdout.write(`API requests per full load: ${JSON.stringify(perScreen)} (total ${fullLoads})\n`);
  });

  it('in-app navigation reads only what each screen needs', async () => {
    // In-app navigation (how a person clicks through): the shell's data is cached, each screen reads its own.
    const spa: Record<string, number> = {};
    for (const name of ['Home', 'Channels', 'Playground', 'Tokens', 'Redemption codes', 'Wallet', 'Pricing', 'Users']) {
      const before = api.total();
      await page.getByRole('link', { name, exact: true }).first().click();
      await page.waitForLoadState('networkidle');
      spa[name] = api.total() - before;
    }
    process.stdout.write(`API requests per in-app click: ${JSON.stringify(spa)}\n`);
    const clicks = Object.values(spa).reduce((a, b) => a + b, 0);
    expect(clicks).toBeLessThanOrEqual(8 * 6);
  });

  it('a limited request shows one toast with the wait (en light 1280)', async () => {
    // Use up what is left of this address's budget (the same 127.0.0.1 as the browser), then click on.
    for (let i = 0; i < 200; i += 1) {
      const res = await request(h.url).get('/api/status');
      if (res.status === 429) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        break;
      }
    }
    await page.goto(`${h.url}/log`);
    const toast = page.locator('[data-tone="error"]').filter({ hasText: /too many requests, please try again in \d+ s/ });
    await toast.first().waitFor();
    await page.waitForLoadState('networkidle');
    // The screen's parallel reads were all refused: one toast says so, not one per request.
    expect(await toast.count()).toBe(1);
    const toasts = await watchToasts(page, 'too many requests');
    const sent = api.total();
    await screenshot(page, 'part3-ratelimit-toast-en-light');
    await expectAccessible(page);
    // And they are not retried inside the wait (a retry is refused again): past the data library's
    // retry backoff (5 or 10 s after a failure) no read went out again and no second toast came up.
    await page.waitForTimeout(11_000);
    expect({ retried: api.paths.slice(sent), toasts: await toasts() }).toEqual({ retried: [], toasts: 1 });
  });

  it('each fresh load over the budget is refused once, in the reader\'s language and theme (zh-CN dark 1280, en dark 390, zh-CN light 390)', async () => {
    // The other views: the address is still over its budget, so each fresh load of a screen is refused
    // again, and says so once, in the reader's language and theme, at both widths.
    const VIEWS = [
      ['zh-CN', 'dark', 1280],
      ['en', 'dark', 390],
      ['zh-CN', 'light', 390],
    ] as const;
    for (const [locale, theme, width] of VIEWS) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(`localStorage.setItem('theme-mode', '${theme}'); localStorage.setItem('sluice-locale', '${locale}')`);
      await page.goto(`${h.url}/token`);
      const wait = locale === 'en' ? /too many requests, please try again in \d+ s/ : /错误：请求次数过多，请 \d+ 秒后再试！/;
      const limited = page.locator('[data-tone="error"]').filter({ hasText: wait });
      await limited.first().waitFor();
      await page.waitForLoadState('networkidle');
      expect({ locale, theme, width, toasts: await limited.count() }).toEqual({ locale, theme, width, toasts: 1 });
      expect(await page.evaluate<string>('document.documentElement.lang')).toBe(locale);
      await screenshot(page, `part3-ratelimit-toast-${locale}-${theme}-${width}`);
      await expectAccessible(page);
    }
  });
});
