// Browser tests of issue 27 (console part 3), second half: the English console walked screen by screen
// with no Chinese outside user data, the settings' hints and refusals, the wallet's and the channels'
// honest states, and the copy buttons' clipboard. One server and one browser for the whole suite.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { newUser } from '../support/http';
import { DatabaseService } from '../../server/src/database/database.service';
import { LogEntity } from '../../server/src/logs/log.entity';
import { TaskEntity } from '../../server/src/tasks/task.entity';
import { expectAccessible, expectNoHorizontalOverflow, openPage, screenshot, settleAnimations, startConsole, watchToasts, type ConsoleHarness } from './support';

const VIEWS = [
  ['light', 1280],
  ['dark', 1280],
  ['light', 390],
  ['dark', 390],
] as const;

const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;

/** Visible text plus the names a screen reader reads (labels, placeholders, titles) with CJK in them. */
async function chineseOnPage(page: Page): Promise<string[]> {
  const found = await page.evaluate<string[]>(`(() => {
    const out = [];
    const re = /[\\u3000-\\u303f\\u3400-\\u9fff\\uff00-\\uffef]/;
    for (const line of document.body.innerText.split('\\n')) if (re.test(line)) out.push(line.trim());
    for (const el of document.querySelectorAll('[aria-label],[placeholder],[title],[alt]')) {
      for (const a of ['aria-label', 'placeholder', 'title', 'alt']) {
        const v = el.getAttribute(a);
        if (v && re.test(v)) out.push(a + '=' + v);
      }
    }
    return out;
  })()`);
  return [...new Set(found)];
}

describe('console part 3 (b)', () => {
  let h: ConsoleHarness;

  beforeAll(async () => {
    h = await startConsole();
    // Data behind every screen: a channel, a token, a redemption top-up (its log is stored in zh-CN),
    // consume and sweeper logs as the server writes them.
    expect((await h.root.post('/api/channel/', { name: 'walk', type: 1, key: 'sk-walk', base_url: 'https://upstream.example', models: 'gpt-4o', group: 'default' })).body.success).toBe(true);
    expect((await h.root.post('/api/token/', { name: 'walk-token', group: 'default', unlimited_quota: true, expired_time: -1 })).body.success).toBe(true);
    const [code] = (await h.root.post('/api/redemption/', { name: 'walk-code', quota: 100000, count: 1 })).body.data as string[];
    expect((await h.root.post('/api/user/topup', { key: code })).body.success).toBe(true);
    const now = Math.floor(Date.now() / 1000);
    const base = { userId: 1, username: 'root', createdAt: now, other: '', requestId: '' };
    await h.t.app.get(DatabaseService).manager.insert(LogEntity, [
      { ...base, requestId: 'walk-1', type: 2, modelName: 'gpt-4o', quota: 30, promptTokens: 10, completionTokens: 5, content: '模型倍率 2.50，补全倍率 4.00，分组倍率 1.00（上游未返回用量，按本地估算计费）' },
      { ...base, requestId: 'walk-2', type: 4, content: '请求异常中断（连接断开或服务重启），由后台清理任务按已送达的内容结算' },
    ]);
  });
  afterAll(async () => {
    await h?.close();
  });

  describe('5. the English console has no Chinese outside user data', () => {
    const SCREENS: [string, 'root' | 'anon'][] = [
      ['/', 'root'], ['/about', 'root'], ['/pricing', 'root'], ['/setting', 'root'], ['/user', 'root'], ['/channel', 'root'],
      ['/token', 'root'], ['/redemption', 'root'], ['/topup', 'root'], ['/log', 'root'], ['/detail', 'root'],
      ['/playground', 'root'], ['/chat', 'root'], ['/monitor', 'root'], ['/midjourney', 'root'], ['/task', 'root'],
      ['/perf', 'root'], ['/audit', 'root'], ['/login', 'anon'], ['/register', 'anon'], ['/reset', 'anon'],
    ];

    it.each(SCREENS)('%s, with every tab opened', async (path, who) => {
      const o = await openPage(h, path, { ...(who === 'root' ? { as: h.root } : {}), locale: 'en', theme: 'light' });
      const { page } = o;
      await page.waitForLoadState('networkidle');
      await settleAnimations(page);
      const seen: Record<string, string[]> = {};
      const check = async (where: string) => {
        const lines = await chineseOnPage(page);
        if (lines.length > 0) seen[where] = lines;
      };
      await check(path);
      // Every tab of the screen (settings sections, token tabs, dashboard metrics...).
      const tabs = page.getByRole('tab');
      const n = await tabs.count();
      for (let i = 0; i < n; i += 1) {
        const tab = tabs.nth(i);
        if (!(await tab.isVisible()) || !(await tab.isEnabled())) continue;
        const name = (await tab.innerText()).trim();
        await tab.click();
        await page.waitForLoadState('networkidle');
        await check(`${path} tab ${name}`);
      }
      await screenshot(page, `part3b-walk-en${path.replace(/\//g, '-') || '-home'}`);
      expect(seen).toEqual({});
      await o.close();
    });

    it('shows the log contents the server stores in zh-CN in English, and the group label', async () => {
      const o = await openPage(h, '/log', { as: h.root, locale: 'en', theme: 'dark' });
      const { page } = o;
      await page.getByText('Topped up $0.200000 of quota with a redemption code', { exact: false }).first().waitFor();
      await page.getByText('Settled by the sweeper', { exact: false }).first().waitFor();
      expect(CJK.test(await page.locator('main').innerText())).toBe(false);
      await screenshot(page, 'part3b-log-en-dark');
      await expectAccessible(page);
      await o.close();
      // The factory label of the default group (默认分组) reads in English where users pick a group.
      const t = await openPage(h, '/token', { as: h.root, locale: 'en', theme: 'light' });
      await t.page.getByRole('button', { name: 'Add token', exact: false }).first().click();
      const dialog = t.page.getByRole('dialog');
      await dialog.waitFor();
      const group = dialog.getByRole('combobox', { name: 'Group', exact: false }).first();
      await group.click();
      await t.page.getByRole('option', { name: 'Default group', exact: false }).first().waitFor();
      expect(await chineseOnPage(t.page)).toEqual([]);
      await t.close();
    });
  });
  describe('10. the chat link setting: the template in a hint, a doubled address refused inline', () => {
    it.each(VIEWS)('names the placeholders and refuses before sending (%s, %i px)', async (theme, width) => {
      const o = await openPage(h, '/setting?tab=operation', { as: h.root, locale: 'en', theme, width });
      const { page } = o;
      const puts: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'PUT' && r.url().includes('/api/option/')) puts.push(r.postData() ?? '');
      });
      const general = page.getByRole('form', { name: 'General', exact: true });
      const link = general.getByLabel('Chat page link', { exact: true });
      await link.waitFor();
      // The hint gives the template the console fills: the settings part, the key and the server address.
      const hint = await general.getByText('/#/?settings=', { exact: false }).first().innerText();
      expect(hint).toContain('{token key}');
      expect(hint).toContain('{server address}');
      // A link already carrying the settings part would be doubled in the frame's address.
      await link.fill('https://chat.example.com/#/?settings={"key":"sk-x"}');
      await general.getByRole('button', { name: 'Save' }).click();
      await general.getByText('the opened address would be doubled', { exact: false }).waitFor();
      expect(await link.getAttribute('aria-invalid')).toBe('true');
      expect(await link.inputValue()).toBe('https://chat.example.com/#/?settings={"key":"sk-x"}');
      // The console's own address would frame the console inside its own chat page.
      await link.fill(`${h.url}/chat`);
      await link.blur();
      await general.getByText("This is this site's own address", { exact: false }).waitFor();
      await link.fill('chat.example.com');
      await link.blur();
      await general.getByText('Enter an address starting with http:// or https://', { exact: false }).waitFor();
      await screenshot(page, `part3b-chat-link-refused-${theme}-${width}`);
      await expectAccessible(page);
      if (width === 390) await expectNoHorizontalOverflow(page);
      expect(puts.filter((b) => b.includes('ChatLink'))).toEqual([]);
      // The tab-name form of a plain address is accepted and sent.
      await link.fill('NextChat（https://chat.example.com）');
      const sent = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/option/') && (r.postData() ?? '').includes('ChatLink'));
      await link.blur();
      await general.getByText('Enter an address starting', { exact: false }).waitFor({ state: 'detached' });
      await general.getByRole('button', { name: 'Save' }).click();
      expect(JSON.parse((await sent).postData() ?? '{}')).toEqual({ key: 'ChatLink', value: 'NextChat（https://chat.example.com）' });
      await o.close();
      expect((await h.root.put('/api/option/', { key: 'ChatLink', value: '' })).body.success).toBe(true);
    });
  });

  describe('11. online top-up off: the pay buttons are disabled and say why', () => {
    it.each(VIEWS)('/topup (%s, %i px)', async (theme, width) => {
      const o = await openPage(h, '/topup', { as: h.root, locale: 'en', theme, width });
      const { page } = o;
      for (const name of ['Alipay', 'WeChat Pay']) {
        const button = page.getByRole('button', { name, exact: true });
        await button.waitFor();
        expect(await button.isDisabled()).toBe(true);
        const id = (await button.getAttribute('aria-describedby')) ?? '';
        expect(await page.locator(`[id="${id}"]`).innerText()).toContain('The admin has not enabled online top-up');
      }
      await screenshot(page, `part3b-topup-off-${theme}-${width}`);
      await expectAccessible(page);
      if (width === 390) await expectNoHorizontalOverflow(page);
      expect(o.errors).toEqual([]);
      await o.close();
    });
  });

  describe('12. an unknown channel balance reads unknown, with the failure in the tooltip', () => {
    let upstream: Server;
    let id = 0;
    beforeAll(async () => {
      // A loopback upstream whose billing endpoints fail (the channel is saved while private upstreams are allowed).
      upstream = createServer((_req, res) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{"error":{"message":"boom"}}');
      });
      await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
      const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
      expect((await h.root.put('/api/option/', { key: 'AllowPrivateUpstreamEnabled', value: 'true' })).body.success).toBe(true);
      const created = await h.root.post('/api/channel/', { name: 'balance-unknown', type: 1, key: 'sk-bal', base_url: base, models: 'gpt-4o', group: 'default' });
      expect(created.body.success).toBe(true);
      id = (created.body.data as { id: number }[])[0]?.id ?? 0;
    });
    afterAll(async () => {
      await new Promise((r) => upstream.close(r));
    });

    it('never queried, then a failed query (en)', async () => {
      const o = await openPage(h, '/channel', { as: h.root, locale: 'en', theme: 'light' });
      const { page } = o;
      const row = page.getByRole('row').filter({ hasText: 'balance-unknown' });
      const button = row.getByRole('button', { name: /Balance unknown: never queried/ });
      await button.waitFor();
      expect(await button.innerText()).toBe('Unknown');
      expect(await button.getAttribute('data-balance')).toBe('unknown');
      expect(await row.innerText()).not.toContain('$0.00 left');
      await button.click();
      const failed = row.getByRole('button', { name: /Balance unknown: the last query failed \(.+\), click to retry/ });
      await failed.waitFor();
      expect(await failed.innerText()).toBe('Unknown');
      // (A tooltip closed by the click opens again once the pointer leaves and comes back.)
      await page.mouse.move(0, 0);
      await failed.hover();
      await page.getByRole('tooltip').filter({ hasText: 'the last query failed' }).waitFor();
      await screenshot(page, `part3b-balance-unknown-light-1280`);
      await expectAccessible(page);
      expect(o.errors.filter((e) => !e.includes('status of 502'))).toEqual([]);
      await o.close();
      expect(id).toBeGreaterThan(0);
    });

    it.each(VIEWS.slice(1))('reads unknown (%s, %i px)', async (theme, width) => {
      const o = await openPage(h, '/channel', { as: h.root, locale: 'en', theme, width });
      const row = o.page.getByRole('row').filter({ hasText: 'balance-unknown' });
      await row.getByRole('button', { name: /Balance unknown/ }).waitFor();
      await screenshot(o.page, `part3b-balance-unknown-${theme}-${width}`);
      await expectAccessible(o.page);
      await o.close();
    });
  });

  describe('13. toasts: one refresh toast, none for refreshes nobody asked for, never over the navigation', () => {
    it.each(VIEWS)('settings tab switches and a save (%s, %i px)', async (theme, width) => {
      const o = await openPage(h, '/setting?tab=operation', { as: h.root, locale: 'en', theme, width });
      const { page } = o;
      // (Toast cards only: Radix also reads each toast out from a live region of its own.) Every refresh
      // toast of the visit is counted as it appears, so one shown after the first has gone counts too.
      const refreshes = await watchToasts(page, 'Refresh succeeded');
      const refreshed = page.locator('[data-tone]').filter({ hasText: 'Refresh succeeded' });
      await refreshed.first().waitFor();
      // The toast sits below the top navigation.
      const nav = await page.locator('header').first().boundingBox();
      const toastBox = await page.locator('[data-tone]').first().boundingBox();
      expect(toastBox && nav ? toastBox.y >= nav.y + nav.height - 1 : false).toBe(true);
      await screenshot(page, `part3b-toast-below-nav-${theme}-${width}`);
      for (const tab of ['System', 'Other', 'Operation']) {
        await page.getByRole('tab', { name: tab, exact: true }).click();
        await page.waitForLoadState('networkidle');
      }
      expect(await refreshes()).toBe(1);
      const general = page.getByRole('form', { name: 'General', exact: true });
      await general.getByLabel('QQ', { exact: false }).first().fill(`qq-${theme}-${width}`);
      await general.getByRole('button', { name: 'Save' }).click();
      const saves = await watchToasts(page, 'Save succeeded');
      await page.getByText('Save succeeded', { exact: true }).first().waitFor();
      await page.waitForLoadState('networkidle');
      // Past a toast's life (4 s): a refresh toast after the save's, or a second one later, is counted.
      await page.waitForTimeout(4500);
      expect(await refreshes()).toBe(1);
      expect(await saves()).toBe(1);
      await o.close();
    });
    it('quick tab clicks while a tab is still loading end on the tab clicked last', async () => {
      const o = await openPage(h, '/setting?tab=operation', { as: h.root, locale: 'en' });
      const { page } = o;
      await page.getByRole('form', { name: 'General', exact: true }).waitFor();
      // Slow code chunks (a busy network): System's and Other's code is still loading when Operation is clicked again.
      await page.route('**/assets/*.js', async (route) => {
        await new Promise((r) => setTimeout(r, 1500));
        await route.continue();
      });
      for (const tab of ['System', 'Other', 'Operation']) await page.getByRole('tab', { name: tab, exact: true }).click();
      await page.getByRole('form', { name: 'General', exact: true }).getByLabel('QQ', { exact: false }).first().waitFor();
      expect(await page.getByRole('tab', { name: 'Operation', exact: true }).getAttribute('aria-selected')).toBe('true');
      await page.waitForTimeout(2000);
      expect(new URL(page.url()).searchParams.get('tab')).toBe('operation');
      expect(await page.getByRole('tab', { name: 'Operation', exact: true }).getAttribute('aria-selected')).toBe('true');
      await o.close();
    });
  });
  describe('14. empty states', () => {
    it.each(VIEWS)("the token screen's debug tab says nothing is set (%s, %i px)", async (theme, width) => {
      const o = await openPage(h, '/token', { as: h.root, locale: 'en', theme, width });
      const { page } = o;
      await page.getByRole('tab', { name: 'Debug document' }).click();
      await page.getByText('No debug document yet', { exact: true }).waitFor();
      await page.getByText('Settings → Other → Personalization', { exact: false }).waitFor();
      await screenshot(page, `part3b-token-debug-empty-${theme}-${width}`);
      await expectAccessible(page);
      if (width === 390) await expectNoHorizontalOverflow(page);
      await o.close();
    });

    it('the check-in calendar marks no day before the account existed as missed', async () => {
      const fresh = (await newUser(h.url)).caller;
      const o = await openPage(h, '/', { as: fresh, locale: 'en', theme: 'dark' });
      const { page } = o;
      // The account (its creation time) and the month's sign-ins are held back until the calendar has
      // been read once: while they load, no past day may show as missed (it did: every day before
      // today was "missed" until the account's creation time came).
      let release = (): void => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      for (const path of ['**/api/user/self', '**/api/user/sign-in-dates**']) {
        await page.route(path, async (route) => {
          await held;
          await route.continue();
        });
      }
      const readStates = () => page.locator('[data-day-state]').evaluateAll((els) => els.map((e) => e.getAttribute('data-day-state')));
      await page.getByRole('button', { name: 'Check in', exact: true }).click();
      const today = new Date().toISOString().slice(0, 10);
      const pastDays = Number(today.slice(8, 10)) > 1;
      await page.locator(`[data-date="${today}"] [data-day-state="today"]`).waitFor();
      const loading = await readStates();
      expect(loading).not.toContain('missed');
      if (pastDays) expect(loading).toContain('unknown');
      release();
      // The account was made today: every earlier day of the month is before it.
      if (pastDays) await page.locator('[data-day-state="beforeAccount"]').first().waitFor({ state: 'attached' });
      const states = await readStates();
      expect(states).not.toContain('missed');
      expect(states).not.toContain('unknown');
      if (pastDays) expect(states).toContain('beforeAccount');
      await screenshot(page, 'part3b-checkin-new-account-dark');
      await expectAccessible(page);
      await o.close();
    });
  });

  describe('15. small things', () => {
    it('the language menu closes after a choice (visitor and signed-in)', async () => {
      const o = await openPage(h, '/pricing', { locale: 'en', theme: 'light' });
      const { page } = o;
      await page.getByRole('button', { name: 'Language' }).click();
      await page.getByRole('menuitemcheckbox', { name: '简体中文' }).click();
      await page.getByRole('menu').waitFor({ state: 'detached' });
      expect(await page.evaluate<string>('document.documentElement.lang')).toBe('zh-CN');
      await o.close();
      const u = await openPage(h, '/token', { as: h.root, locale: 'zh-CN', theme: 'dark', width: 390 });
      await u.page.getByRole('button', { name: /^R/ }).first().click();
      await u.page.getByRole('menuitemcheckbox', { name: 'English' }).click();
      await u.page.getByRole('menu').waitFor({ state: 'detached' });
      expect(await u.page.evaluate<string>('document.documentElement.lang')).toBe('en');
      await u.close();
    });

    it('the contact tooltip follows a save without a reload', async () => {
      const o = await openPage(h, '/setting?tab=operation', { as: h.root, locale: 'en', theme: 'light' });
      const { page } = o;
      const general = page.getByRole('form', { name: 'General', exact: true });
      await general.getByLabel('QQ contact', { exact: true }).fill('55501234');
      await general.getByLabel('QQ contact', { exact: true }).blur();
      await general.getByRole('button', { name: 'Save' }).click();
      await page.locator('[data-tone]').filter({ hasText: 'Save succeeded' }).first().waitFor();
      await page.getByRole('button', { name: 'Contact' }).hover();
      await page.getByRole('tooltip').getByText('QQ: 55501234').waitFor();
      await o.close();
    });

    it.each(VIEWS)('/monitor and /chat are public (%s, %i px)', async (theme, width) => {
      expect((await h.root.put('/api/option/', { key: 'ChatLink', value: 'https://chat.example.com' })).body.success).toBe(true);
      const o = await openPage(h, '/monitor', { locale: 'en', theme, width });
      const { page } = o;
      await page.getByText('Service monitoring is not enabled', { exact: false }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/monitor');
      await screenshot(page, `part3b-monitor-visitor-${theme}-${width}`);
      await expectAccessible(page);
      await page.goto(`${h.url}/chat`);
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Not logged in: type a custom token', { exact: false }).waitFor();
      // Nothing is loading for a visitor (no token list to fetch).
      expect(await dialog.getByText('Loading', { exact: false }).count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/chat');
      await screenshot(page, `part3b-chat-visitor-${theme}-${width}`);
      await expectAccessible(page);
      if (width === 390) await expectNoHorizontalOverflow(page);
      expect(o.errors).toEqual([]);
      await o.close();
      expect((await h.root.put('/api/option/', { key: 'ChatLink', value: '' })).body.success).toBe(true);
    });
  });
  describe('the clipboard of the copy buttons not covered elsewhere', () => {
    // (Covered in their suites: token key, name and key, site address (tokens); a redemption row and
    // the selected codes (redemptions); the invitation link on the wallet (wallet); the access token
    // (personal); the reset password (auth); the vendors export (vendors).)
    const read = (page: Page) => page.evaluate<string>('navigator.clipboard.readText()');
    async function until(page: Page, want: (v: string) => boolean): Promise<string> {
      const end = Date.now() + 10_000;
      for (;;) {
        const v = await read(page);
        if (want(v) || Date.now() > end) return v;
        await new Promise((r) => setTimeout(r, 50));
      }
    }

    it('home API address, pricing model name, generated redemption codes, the personal invitation link', async () => {
      const o = await openPage(h, '/', { as: h.root, locale: 'en', theme: 'light', permissions: ['clipboard-read', 'clipboard-write'] });
      const { page } = o;
      const base = await page.getByRole('textbox', { name: 'API address' }).inputValue();
      expect(base).not.toBe('');
      await page.getByRole('button', { name: 'Copy', exact: true }).first().click();
      expect(await until(page, (v) => v === base)).toBe(base);

      await page.goto(`${h.url}/pricing`);
      await page.getByRole('button', { name: 'gpt-4o', exact: true }).first().click();
      expect(await until(page, (v) => v === 'gpt-4o')).toBe('gpt-4o');

      await page.goto(`${h.url}/redemption`);
      await page.getByRole('button', { name: 'Add code' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: /Name/ }).fill('clip');
      await dialog.getByRole('button', { name: '$10', exact: true }).click();
      await dialog.getByRole('spinbutton', { name: /Count/ }).fill('2');
      await dialog.getByRole('button', { name: 'Save' }).click();
      const shown = page.getByRole('dialog', { name: '2 redemption codes generated' });
      await shown.waitFor();
      const codes = await shown.getByRole('textbox', { name: 'Generated codes' }).inputValue();
      expect(codes.split('\n')).toHaveLength(2);
      await shown.getByRole('button', { name: 'Copy all' }).click();
      expect(await until(page, (v) => v === codes)).toBe(codes);
      await shown.getByRole('button', { name: 'Close' }).first().click();

      await page.goto(`${h.url}/setting`);
      const link = page.getByRole('textbox', { name: 'Invitation link' });
      await link.waitFor();
      // The link fills in once the invitation code has arrived (GET /api/user/aff).
      const filledBy = Date.now() + 10_000;
      let value = await link.inputValue();
      while (value === '' && Date.now() < filledBy) {
        await page.waitForTimeout(50);
        value = await link.inputValue();
      }
      expect(value).toMatch(/\/register\?aff=\w+$/);
      await link.locator('xpath=..').getByRole('button').first().click();
      expect(await until(page, (v) => v === value)).toBe(value);
      expect(o.errors).toEqual([]);
      await o.close();
    });

    it("an async task's full record (Copy JSON)", async () => {
      const now = Math.floor(Date.now() / 1000);
      await h.t.app.get(DatabaseService).manager.insert(TaskEntity, {
        createdAt: now, updatedAt: now, taskId: 'clip-task', userId: 1, tokenId: null, action: 'MUSIC', status: 'SUCCESS', submitTime: now, finishTime: now, progress: '100%', data: '{"clips":[{"id":"c1"}]}',
      });
      const o = await openPage(h, '/task', { as: h.root, locale: 'en', theme: 'dark', permissions: ['clipboard-read', 'clipboard-write'] });
      const { page } = o;
      await page.getByRole('button', { name: 'Show the full record of task clip-task' }).click();
      const dialog = page.getByRole('dialog', { name: 'Task details' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Copy JSON' }).click();
      const copied = await until(page, (v) => v.includes('clip-task'));
      expect(JSON.parse(copied)).toMatchObject({ task_id: 'clip-task', status: 'SUCCESS' });
      await o.close();
    });
  });
  describe('screens this part touched, in English, both themes, both widths', () => {
    it.each(VIEWS)('/log, /pricing, /redemption and /user (%s, %i px)', async (theme, width) => {
      const o = await openPage(h, '/log', { as: h.root, locale: 'en', theme, width });
      const { page } = o;
      for (const path of ['/log', '/pricing', '/redemption', '/user']) {
        if (path !== '/log') await page.goto(`${h.url}${path}`);
        await page.getByRole('table').first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await chineseOnPage(page)).toEqual([]);
        await screenshot(page, `part3b-${path.slice(1)}-en-${theme}-${width}`);
        if (width === 390) {
          await expectAccessible(page);
          await expectNoHorizontalOverflow(page);
        }
      }
      expect(o.errors).toEqual([]);
      await o.close();
    });
  });

  describe('15. consistent page widths', () => {
    it('every table screen spans the same width at 1600 px', async () => {
      const o = await openPage(h, '/channel', { as: h.root, locale: 'en', theme: 'light', width: 1600 });
      const { page } = o;
      const boxes: Record<string, string> = {};
      for (const path of ['/channel', '/token', '/redemption', '/user', '/log', '/detail', '/pricing', '/task', '/midjourney', '/audit', '/perf']) {
        await page.goto(`${h.url}${path}`);
        const container = page.locator('[data-width]').first();
        await container.waitFor();
        const box = await container.boundingBox();
        boxes[path] = `${await container.getAttribute('data-width')} ${Math.round(box?.x ?? -1)} ${Math.round(box?.width ?? -1)}`;
      }
      expect(new Set(Object.values(boxes)).size).toBe(1);
      expect(Object.values(boxes)[0]).toMatch(/^full /);
      await o.close();
    });
  });
});
