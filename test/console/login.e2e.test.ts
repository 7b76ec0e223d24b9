import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { startApp, type TestApp } from '../support/app';

const DIST = resolve(__dirname, '../../console/dist');

/** The console served by the server, driven in headless Chromium (needs `npm run build -w console`). */
describe('console login in Chromium', () => {
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    if (!existsSync(resolve(DIST, 'index.html'))) throw new Error('console/dist is missing: run npm run build -w console');
    t = await startApp('sqlite', { env: { CONSOLE_DIST: DIST } });
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('logs root in with the factory password and shows the default-password warning', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${t.url}/login`);
    await page.getByPlaceholder('用户名').fill('root');
    await page.getByPlaceholder('密码').fill('123456');
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByText('您正在使用默认密码！请立刻修改默认密码！').waitFor({ timeout: 10_000 });
    const stored = await page.evaluate(() => (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem('user'));
    expect(JSON.parse(stored as string)).toMatchObject({ username: 'root', role: 100 });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the server message on a wrong password and the expiry notice', async () => {
    const page = await browser.newPage();
    await page.goto(`${t.url}/login?expired=true`);
    await page.getByText('未登录或登录已过期，请重新登录！').waitFor();
    await page.getByPlaceholder('用户名').fill('root');
    await page.getByPlaceholder('密码').fill('wrong-password');
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByText('用户名或密码错误，或用户已被封禁').waitFor({ timeout: 10_000 });
    await page.close();
  });
});
