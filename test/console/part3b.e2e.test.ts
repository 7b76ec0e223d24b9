// Browser tests of issue 27 (console part 3), second half: the English console walked screen by screen
// with no Chinese outside user data, the settings' hints and refusals, the wallet's and the channels'
// honest states, and the copy buttons' clipboard. One server and one browser for the whole suite.
import type { Page } from 'playwright-core';
import { DatabaseService } from '../../server/src/database/database.service';
import { LogEntity } from '../../server/src/logs/log.entity';
import { expectAccessible, openPage, screenshot, settleAnimations, startConsole, type ConsoleHarness } from './support';

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
});
