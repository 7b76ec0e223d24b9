// Issue 27, 16: the console and the per-IP API limit, on a server with the default limit
// (180 requests per 180 s; the other console suites turn it off). One person touring every admin
// screen stays well under it, and a limited request says so in a toast with the wait.
import type { Page } from 'playwright-core';
import request from 'supertest';
import { expectAccessible, openPage, screenshot, startConsole, type ConsoleHarness } from './support';

const TOUR = ['/', '/channel', '/token', '/redemption', '/topup', '/log', '/detail', '/pricing', '/playground', '/user', '/setting', '/setting?tab=operation', '/task', '/midjourney', '/perf', '/audit'];

/** Counts the page's /api/ requests from now on. */
function countApi(page: Page): { total: () => number; paths: string[] } {
  const paths: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/')) paths.push(u.pathname + u.search);
  });
  return { total: () => paths.length, paths };
}

describe('console part 3 (16): the per-IP API limit', () => {
  let h: ConsoleHarness;
  beforeAll(async () => {
    h = await startConsole({ env: { GLOBAL_API_RATE_LIMIT: '180', GLOBAL_API_RATE_LIMIT_DURATION: '180' } });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('an admin opening every screen (each a fresh page load) stays far below the limit, then a limited request shows a toast with the wait (en light 1280, then zh-CN dark 1280, en dark 390, zh-CN light 390)', async () => {
    const o = await openPage(h, '/', { as: h.root, locale: 'en', theme: 'light' });
    const { page } = o;
    const api = countApi(page);
    const perScreen: Record<string, number> = {};
    const callsOf: Record<string, string[]> = {};
    for (const path of TOUR) {
      const before = api.total();
      await page.goto(`${h.url}${path}`);
      await page.waitForLoadState('networkidle');
      perScreen[path] = api.total() - before;
      callsOf[path] = api.paths.slice(before);
    }
    // Measured: 5 to 10 requests a screen on a full page load (the shell's status, self, contact,
    // check-in dates and the screen's own); the channel model map is read once per tab, not per load.
    const fullLoads = api.total();
    // A screen over the bound names the calls it made (the message of a failure under load).
    for (const [path, n] of Object.entries(perScreen)) expect({ path, n: n <= 10, calls: n <= 10 ? [] : callsOf[path] }).toEqual({ path, n: true, calls: [] });
    expect(fullLoads).toBeLessThan(110);
    // In-app navigation (how a person clicks through): the shell's data is cached, each screen reads its own.
    const spa: Record<string, number> = {};
    for (const name of ['Home', 'Channels', 'Playground', 'Tokens', 'Redemption codes', 'Wallet', 'Pricing', 'Users']) {
      const before = api.total();
      await page.getByRole('link', { name, exact: true }).first().click();
      await page.waitForLoadState('networkidle');
      spa[name] = api.total() - before;
    }
    process.stdout.write(`API requests per full load: ${JSON.stringify(perScreen)} (total ${fullLoads}); per in-app click: ${JSON.stringify(spa)}\n`);
    const clicks = Object.values(spa).reduce((a, b) => a + b, 0);
    expect(clicks).toBeLessThanOrEqual(8 * 6);

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
    await screenshot(page, 'part3-ratelimit-toast-en-light');
    await expectAccessible(page);

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
    await o.close();
  });
});
