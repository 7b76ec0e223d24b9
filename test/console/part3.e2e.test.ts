// Browser tests of issue 27 (console part 3): what a new user tripped over, in Chromium at 1280 and
// 390 px, both languages, both themes. One server and one browser for the whole suite.
import type { Page } from 'playwright-core';
import { newUser, type Caller } from '../support/http';
import { DatabaseService } from '../../server/src/database/database.service';
import { QuotaDataEntity } from '../../server/src/dashboard/quota-data.entity';
import { expectAccessible, expectNoHorizontalOverflow, openPage, screenshot, startConsole, type ConsoleHarness } from './support';

const THEMES = ['light', 'dark'] as const;
const LOCALES = ['zh-CN', 'en'] as const;

/** The element at the centre of a locator's box is the locator's element or inside it. */
async function centreIsReachable(page: Page, selector: string): Promise<boolean> {
  return page.evaluate<boolean>(`(() => {
    const el = document.querySelector(${JSON.stringify(selector)});
    if (!el) return false;
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && (hit === el || el.contains(hit));
  })()`);
}

async function waitForEnabled(locator: import('playwright-core').Locator): Promise<void> {
  const end = Date.now() + 10_000;
  while (!(await locator.isEnabled())) {
    if (Date.now() > end) throw new Error('still disabled');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('console part 3', () => {
  let h: ConsoleHarness;
  let user: Caller;

  beforeAll(async () => {
    h = await startConsole();
    user = (await newUser(h.url)).caller;
  });
  afterAll(async () => {
    await h?.close();
  });

  describe('1. floating buttons never cover content', () => {
    it.each(LOCALES.flatMap((locale) => THEMES.map((theme) => [locale, theme] as const)))(
      'a real tap on Send reaches it at 390 px with the floating buttons present (%s, %s)',
      async (locale, theme) => {
        const o = await openPage(h, '/playground', { as: user, width: 390, touch: true, locale, theme });
        const { page } = o;
        const input = page.getByRole('textbox').last();
        await input.waitFor();
        await input.fill('hello from a phone');
        const send = page.getByRole('button', { name: locale === 'en' ? 'Send' : '发送', exact: true });
        // The floating group is on the page (collapsed to one launcher at this width).
        await page.getByRole('group', { name: locale === 'en' ? 'Quick actions' : '快捷操作' }).waitFor();
        await send.scrollIntoViewIfNeeded();
        await send.evaluate((el) => el.setAttribute('data-probe', 'send'));
        await screenshot(page, `part3-playground-390-${locale}-${theme}`);
        expect(await centreIsReachable(page, '[data-probe=send]')).toBe(true);
        const sent = page.waitForRequest((r) => r.url().includes('/pg/chat/completions') && r.method() === 'POST');
        await send.tap({ timeout: 5000 });
        const request = await sent;
        expect(JSON.stringify(request.postDataJSON())).toContain('hello from a phone');
        await expectNoHorizontalOverflow(page);
        // The launcher opens the four buttons; Escape folds them again.
        const group = page.getByRole('group', { name: locale === 'en' ? 'Quick actions' : '快捷操作' });
        const themeButton = group.getByRole('button', { name: theme === 'dark' ? (locale === 'en' ? 'Switch to light' : '切换到浅色') : (locale === 'en' ? 'Switch to dark' : '切换到深色'), exact: false });
        expect(await themeButton.isVisible()).toBe(false);
        await group.getByRole('button', { name: locale === 'en' ? 'Open quick actions' : '展开快捷操作' }).tap();
        await themeButton.waitFor({ state: 'visible' });
        await screenshot(page, `part3-floating-open-390-${locale}-${theme}`);
        await expectAccessible(page);
        await page.keyboard.press('Escape');
        await themeButton.waitFor({ state: 'hidden' });
        // The playground's request has no channel behind it (503): the one expected console line.
        expect(o.errors.filter((e) => !e.includes('status of 503'))).toEqual([]);
        await o.close();
      },
    );
  });

  describe('3. confirm dialogs follow the theme and the language', () => {
    it.each(LOCALES.flatMap((locale) => THEMES.map((theme) => [locale, theme] as const)))(
      "the playground's clear-conversation confirm (%s, %s)",
      async (locale, theme) => {
        const o = await openPage(h, '/playground', { as: user, locale, theme });
        const { page } = o;
        const input = page.getByRole('textbox').last();
        await input.fill('something to clear');
        await input.press('Enter');
        const clear = page.getByRole('button', { name: locale === 'en' ? 'Clear conversation' : '清空对话' });
        await waitForEnabled(clear);
        await clear.click();
        const dialog = page.getByRole('alertdialog');
        await dialog.waitFor();
        const names = (await dialog.getByRole('button').allInnerTexts()).map((s) => s.trim()).filter((s) => s !== '');
        expect(names).toEqual(expect.arrayContaining(locale === 'en' ? ['Cancel', 'OK'] : ['取消', '确定']));
        if (locale === 'en') expect(await dialog.innerText()).not.toMatch(/[\u3400-\u9fff]/);
        // The dialog's surface is dark in the dark theme and light in the light one.
        await dialog.evaluate((el) => el.setAttribute('data-probe', 'confirm'));
        const bg = await page.evaluate<string>(`(() => {
          let node = document.querySelector('[data-probe=confirm]');
          while (node) {
            const c = getComputedStyle(node).backgroundColor;
            if (c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') return c;
            node = node.parentElement;
          }
          return '';
        })()`);
        const [r = 0, g = 0, b = 0] = (bg.match(/\d+/g) ?? []).map(Number);
        const luminance = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
        if (theme === 'dark') expect(luminance).toBeLessThan(0.35);
        else expect(luminance).toBeGreaterThan(0.8);
        await screenshot(page, `part3-clear-confirm-${locale}-${theme}`);
        await expectAccessible(page);
        await dialog.getByRole('button', { name: locale === 'en' ? 'OK' : '确定' }).click();
        await dialog.waitFor({ state: 'detached' });
        await page.getByText('something to clear').waitFor({ state: 'detached' });
        await o.close();
      },
    );
  });

  describe('5. no Chinese in the English console outside user data', () => {
    beforeAll(async () => {
      const ch = await h.root.post('/api/channel/', { name: 'tags', type: 1, key: 'sk-tags-test', base_url: 'https://upstream.example', models: 'gpt-4o,o1-mini', group: 'default' });
      expect(ch.body.success).toBe(true);
      const vendors = [
        { Manufacturer: 'OpenAI', icon: '', description: '', models: [{ model_name: 'gpt-4o', type: ['对话', '多模态'], illustrate: '' }, { model_name: 'o1-mini', type: ['推理'], illustrate: '' }] },
      ];
      expect((await h.root.put('/api/option/', { key: 'Manufacturers', value: JSON.stringify(vendors) })).body.success).toBe(true);
    });

    it.each(THEMES.flatMap((theme) => [1280, 390].map((width) => [theme, width] as const)))(
      'the pricing tags are in English (%s, %i px)',
      async (theme, width) => {
        const o = await openPage(h, '/pricing', { as: user, locale: 'en', theme, width });
        const { page } = o;
        const table = page.getByRole('table').first();
        await table.getByText('Reasoning', { exact: true }).waitFor();
        await table.getByText('Chat', { exact: true }).first().waitFor();
        await table.getByText('Multimodal', { exact: true }).waitFor();
        const cells = await table.locator('tbody').innerText();
        expect(cells).not.toMatch(/对话|多模态|推理/);
        await screenshot(page, `part3-pricing-en-${theme}-${width}`);
        await expectAccessible(page);
        if (width === 390) await expectNoHorizontalOverflow(page);
        expect(o.errors).toEqual([]);
        await o.close();
      },
    );
  });

  describe('7. the spec routes /user/edit/{id} and /user/edit', () => {
    it.each([
      ['zh-CN', 'light', 1280],
      ['en', 'dark', 1280],
      ['zh-CN', 'dark', 390],
      ['en', 'light', 390],
    ] as const)('opens the edit dialog of that user, and one\'s own profile (%s, %s, %i px)', async (locale, theme, width) => {
      const self = (await user.get('/api/user/self')).body.data as { id: number; username: string };
      const o = await openPage(h, `/user/edit/${self.id}`, { as: h.root, locale, theme, width });
      const { page } = o;
      const dialog = page.getByRole('dialog', { name: locale === 'en' ? 'Edit user' : '编辑用户' });
      await dialog.waitFor();
      expect(await dialog.getByRole('textbox').first().inputValue()).toBe(self.username);
      await screenshot(page, `part3-user-edit-${locale}-${theme}-${width}`);
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/user');
      // An unknown id says so and lands on the list.
      await page.goto(`${h.url}/user/edit/99999999`);
      await page.getByText(locale === 'en' ? 'User 99999999 not found' : '用户 99999999 不存在').first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/user');
      expect(await page.getByText(locale === 'en' ? 'Page not found' : '页面不存在').count()).toBe(0);
      await o.close();

      const mine = await openPage(h, '/user/edit', { as: user, locale, theme, width });
      await mine.page.getByRole('heading', { name: locale === 'en' ? 'Personal' : '个人设置' }).first().waitFor();
      expect(new URL(mine.page.url()).pathname).toBe('/setting');
      expect(mine.errors).toEqual([]);
      await mine.close();
    });
  });

  describe('8. the default-password warning, once per login session', () => {
    it.each([
      ['zh-CN', 'light', 1280],
      ['en', 'dark', 1280],
      ['zh-CN', 'dark', 390],
      ['en', 'light', 390],
    ] as const)('does not come back after "Later" on reloads or in a new tab, and does after the next login (%s, %s, %i px)', async (locale, theme, width) => {
      const en = locale === 'en';
      const o = await openPage(h, '/login', { locale, theme, width });
      const { page, context } = o;
      const login = async () => {
        await page.getByLabel(en ? 'Username or e-mail' : '用户名或邮箱').fill('root');
        await page.getByRole('textbox', { name: en ? 'Password' : '密码', exact: true }).fill('123456');
        await page.getByRole('button', { name: en ? 'Log in' : '登录', exact: true }).last().click();
      };
      const dialog = (p: Page) => p.getByRole('dialog', { name: en ? 'Default password' : '默认密码' });
      const floating = (p: Page) => p.getByRole('group', { name: en ? 'Quick actions' : '快捷操作' });
      await login();
      await dialog(page).waitFor();
      await screenshot(page, `part3-default-password-${locale}-${theme}-${width}`);
      await expectAccessible(page);
      if (width === 390) await expectNoHorizontalOverflow(page);
      await dialog(page).getByRole('button', { name: en ? 'Later' : '稍后' }).click();
      await dialog(page).waitFor({ state: 'detached' });
      // Reload: the shell's lazy part (floating buttons and this dialog) is back, the dialog is not.
      await page.reload();
      await floating(page).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await dialog(page).count()).toBe(0);
      const tab = await context.newPage();
      await tab.goto(`${h.url}/token`);
      await floating(tab).waitFor();
      await tab.waitForLoadState('networkidle');
      expect(await dialog(tab).count()).toBe(0);
      await tab.close();
      // Log out and in again: a new session warns again.
      await page.evaluate("fetch('/api/user/logout')");
      await page.evaluate("localStorage.removeItem('user')");
      await page.goto(`${h.url}/login`);
      await login();
      await dialog(page).waitFor();
      await o.close();
    });
  });

  describe('9. the dashboard charts, against seeded hourly data', () => {
    const DAY = 86400;
    let dayA = 0;
    let dayB = 0;
    beforeAll(async () => {
      expect((await h.root.put('/api/option/', { key: 'DataExportEnabled', value: 'true' })).body.success).toBe(true);
      const self = (await user.get('/api/user/self')).body.data as { id: number; username: string };
      const hour = Math.floor(Date.now() / 1000 / 3600) * 3600;
      // Two hourly buckets 3 days apart (a gap of two empty days), two models in the first.
      dayA = hour - 3 * DAY;
      dayB = hour;
      const row = (modelName: string, createdAt: number, quota: number, count: number) => ({ userId: self.id, username: self.username, modelName, createdAt, tokenUsed: count * 100, count, quota });
      await h.t.app.get(DatabaseService).manager.insert(QuotaDataEntity, [
        row('gpt-4o', dayA, 300_000, 3),
        row('claude-3-haiku', dayA, 100_000, 1),
        row('gpt-4o', dayB, 200_000, 2),
      ]);
    });

    it.each([
      ['zh-CN', 'light', 1280],
      ['en', 'dark', 1280],
      ['en', 'light', 390],
      ['zh-CN', 'dark', 390],
    ] as const)('draws consumption over time by model (stacked, every day on the axis), calls by model, the model share and the totals (%s, %s, %i px)', async (locale, theme, width) => {
      const en = locale === 'en';
      const o = await openPage(h, '/detail', { as: user, locale, theme, width });
      const { page } = o;
      await page.evaluate("localStorage.setItem('data_export_default_time', JSON.stringify('day'))");
      await page.reload();
      const overTime = page.getByRole('figure', { name: en ? 'Quota over time, by model' : '额度随时间的变化（按模型）' });
      await overTime.locator('.recharts-bar-rectangle path').first().waitFor();
      // The x axis: every day from 7 days ago to today, the empty ones included, in order.
      const expected = await page.evaluate<string[]>(`(() => {
        const out = [];
        const d = new Date(); d.setHours(0, 0, 0, 0); d.setDate(d.getDate() - 7);
        const end = new Date(); end.setHours(0, 0, 0, 0); 
        for (; d <= end; d.setDate(d.getDate() + 1)) out.push(d.toLocaleDateString(${JSON.stringify(locale)}, { year: 'numeric', month: '2-digit', day: '2-digit' }));
        return out;
      })()`);
      // (Recharts draws tick labels in a layer of their own: the X ones are those that are dates.)
      await overTime.locator('.recharts-cartesian-axis-tick-value').first().waitFor();
      const ticks = (await overTime.locator('.recharts-cartesian-axis-tick-value').allTextContents()).map((s) => s.trim()).filter((s) => /\d{2}.\d{2}/.test(s) && !/[$¥]/.test(s));
      expect(ticks.length).toBeGreaterThanOrEqual(2);
      for (const tick of ticks) expect(expected).toContain(tick);
      if (width === 1280) expect(await overTime.locator('.recharts-xAxis .recharts-cartesian-axis-tick').count()).toBe(expected.length);
      expect([...ticks].sort((a, b) => expected.indexOf(a) - expected.indexOf(b))).toEqual(ticks);
      if (width === 1280) expect(ticks).toEqual(expected);
      // Bars: two stacked in day A, one in day B; day B's bar sits 3 day-widths right of day A's.
      const bars = await overTime.locator('.recharts-bar-rectangle path').evaluateAll((els) =>
        els.map((e) => ({ x: Number(e.getAttribute('x')), w: Number(e.getAttribute('width')) })),
      );
      expect(bars).toHaveLength(3);
      const xs = [...new Set(bars.map((b) => Math.round(b.x)))].sort((a, b) => a - b);
      expect(xs).toHaveLength(2);
      const [xA = 0, xB = 0] = xs;
      const plot = await overTime.locator('.recharts-cartesian-grid').first().boundingBox();
      const band = (plot?.width ?? 0) / expected.length;
      expect((xB - xA) / band).toBeCloseTo(3, 0);
      // Calls: the metric tab, then by model and the share pie (two models, two slices).
      await page.getByRole('tab', { name: en ? 'Requests' : '请求次数' }).click();
      const byModel = page.getByRole('figure', { name: en ? 'Requests by model' : '请求次数的模型分布' });
      await byModel.waitFor();
      expect(await byModel.locator('.recharts-bar-rectangle path').count()).toBe(2);
      const share = page.getByRole('figure', { name: en ? 'Model share of Requests' : '请求次数的模型占比' });
      await share.locator('.recharts-pie-sector').first().waitFor();
      expect(await share.locator('.recharts-pie-sector').count()).toBe(2);
      await share.getByText('claude-3-haiku').first().waitFor();
      // The period's totals.
      // Exactly: quota 600,000 ($1.20 at 500,000 a dollar), 6 requests of 100 tokens each.
      const totals = page.getByRole('group', { name: en ? 'Totals' : '合计' });
      const cards = (await totals.innerText()).split('\n').map((s) => s.trim()).filter((s) => s !== '');
      expect(cards).toEqual(en ? ['Quota used', '$1.20', 'Tokens', '600', 'Requests', '6'] : ['消耗额度', '$1.20', 'Tokens', '600', '请求次数', '6']);
      await screenshot(page, `part3-dashboard-${locale}-${theme}-${width}`);
      await expectAccessible(page);
      if (width === 390) await expectNoHorizontalOverflow(page);
      expect(o.errors).toEqual([]);
      await o.close();
    });
  });
});

