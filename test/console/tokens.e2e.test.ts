// Browser tests of /token (issue 14 item 3): the kit's TokenManager on the console session:
// create, edit, disable, copy (key, selection, base URL), the site banner, the group description
// dialog, the debug document, the chat menu of the stored link and the quick-configuration chat;
// every effect checked through the API; light, dark, English, 390 px, axe, no console error.
import type { Page } from 'playwright-core';
import { Caller, newUser } from '../support/http';
import { expectAccessible, expectNoHorizontalOverflow, openPage, screenshot, startConsole, type ConsoleHarness } from './support';

const CHAT_SITE = 'https://chat.example.test';

interface TokenRow {
  id: number;
  name: string;
  key: string;
  status: number;
  group: string;
  remain_quota: number;
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function tokensOf(c: Caller): Promise<TokenRow[]> {
  const data = (await c.get('/api/token/?p=0&size=100')).body.data as unknown;
  return (Array.isArray(data) ? data : (data as { items: unknown[] }).items) as TokenRow[];
}

describe('console: tokens', () => {
  let h: ConsoleHarness;
  let user: Caller;

  async function setOption(key: string, value: string): Promise<void> {
    const res = await h.root.put('/api/option/', { key, value });
    expect(res.body).toMatchObject({ success: true });
  }

  const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
  const clipboard = (page: Page) => page.evaluate<string>('navigator.clipboard.readText()');

  async function open(as: Caller, opts: { theme?: 'light' | 'dark'; locale?: 'en'; width?: number } = {}) {
    const o = await openPage(h, '/token', { as, ...opts });
    await o.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.url });
    await o.context.route(/^https:\/\/chat\.example\.test\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>chat</title><p>third-party page</p>' }),
    );
    return o;
  }

  beforeAll(async () => {
    h = await startConsole();
    await setOption('GroupRatio', JSON.stringify({ default: 1, vip: 2 }));
    await setOption('UserUsableGroups', JSON.stringify({ default: '默认分组', vip: 'VIP 分组' }));
    await setOption('TokenChannelDescription', '<p>VIP 分组走专线，倍率 2</p>');
    await setOption('DebugDocument', '<h2>调试说明</h2><p>用 curl 调用接口</p>');
    await setOption('ChatLink', `NextChat（${CHAT_SITE}）`);
    user = (await newUser(h.url)).caller;
    const seeded = await user.post('/api/token/', { name: 'seeded', group: 'default', expired_time: -1, remain_quota: 500000 });
    expect(seeded.body).toMatchObject({ success: true });
  });
  afterAll(async () => h.close());

  it('creates a token and edits it; the group description explains the groups', async () => {
    const { page, errors, close } = await open(user);
    await page.getByText(`替换为 ${h.url}`).first().waitFor();
    await row(page, 'seeded').waitFor();
    await page.getByRole('button', { name: '添加令牌' }).click();
    const panel = page.getByRole('dialog', { name: '创建新的令牌' });
    await panel.getByRole('textbox', { name: '名称' }).fill('alpha');
    await panel.getByRole('button', { name: '查看说明' }).click();
    const description = page.getByRole('dialog', { name: '分组说明' });
    await description.getByText('VIP 分组走专线，倍率 2').waitFor();
    await page.keyboard.press('Escape');
    await description.waitFor({ state: 'detached' });
    await panel.getByRole('button', { name: '提交' }).click();
    await row(page, 'alpha').waitFor();
    const alpha = (await tokensOf(user)).find((t) => t.name === 'alpha');
    expect(alpha).toMatchObject({ group: 'default', status: 1, remain_quota: 500000 });

    await row(page, 'alpha').getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog', { name: '更新令牌信息' });
    await edit.getByRole('textbox', { name: '名称' }).fill('alpha-renamed');
    await edit.getByRole('button', { name: '提交' }).click();
    await row(page, 'alpha-renamed').waitFor();
    const renamed = await until(() => tokensOf(user), (l) => l.some((t) => t.name === 'alpha-renamed'));
    expect(renamed.find((t) => t.id === alpha?.id)?.name).toBe('alpha-renamed');
    expect(errors).toEqual([]);
    await close();
  });

  it('shows and saves the per-minute and at-once limits in the token dialog (light, dark, 390 px)', async () => {
    const views = [{ name: 'light' }, { name: 'dark', theme: 'dark' as const }, { name: 'narrow', width: 390 }];
    for (const [i, view] of views.entries()) {
      const { page, errors, close } = await open(user, view);
      await row(page, 'seeded').getByRole('button', { name: '编辑' }).click();
      const edit = page.getByRole('dialog', { name: '更新令牌信息' });
      const limits = edit.getByRole('group', { name: '每分钟与并发限制（0 表示不限制）' });
      await limits.getByLabel('每分钟请求数').fill(String(60 + i));
      await limits.getByLabel('每分钟 token 数').fill('90000');
      await limits.getByLabel('同时请求数').fill('3');
      await limits.scrollIntoViewIfNeeded();
      await screenshot(page, `limits-token-dialog-${view.name}`);
      await expectAccessible(page, `token dialog ${view.name}`);
      await edit.getByRole('button', { name: '提交' }).click();
      const read = await until(
        async () => ((await tokensOf(user)).find((t) => t.name === 'seeded') as unknown as Record<string, number>),
        (t) => t.rpm_limit === 60 + i,
      );
      expect(read).toMatchObject({ rpm_limit: 60 + i, tpm_limit: 90000, concurrency_limit: 3 });
      expect(errors).toEqual([]);
      await close();
    }
  });

  it('disables a token and copies its key, the selection and the base URL', async () => {
    const { page, errors, close } = await open(user);
    const seeded = (await tokensOf(user)).find((t) => t.name === 'seeded') as TokenRow;
    const r = row(page, 'seeded');
    await r.waitFor();
    await r.getByRole('button', { name: '复制密钥' }).click();
    expect(await until(() => clipboard(page), (v) => v.startsWith('sk-'))).toBe(`sk-${seeded.key}`);

    await r.getByRole('checkbox').check();
    await page.getByRole('button', { name: '复制所选令牌' }).click();
    expect(await until(() => clipboard(page), (v) => v.startsWith('seeded'))).toBe(`seeded    sk-${seeded.key}`);
    await page.getByRole('button', { name: '复制接口地址' }).click();
    expect(await until(() => clipboard(page), (v) => v === h.url)).toBe(h.url);

    await r.getByRole('button', { name: '禁用' }).click();
    expect(await until(async () => (await tokensOf(user)).find((t) => t.id === seeded.id)?.status, (s) => s === 2)).toBe(2);
    await r.getByText('已禁用').waitFor();
    await r.getByRole('button', { name: '启用' }).click();
    expect(await until(async () => (await tokensOf(user)).find((t) => t.id === seeded.id)?.status, (s) => s === 1)).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });

  it('opens the stored chat link with the key from the chat menu, and the debug document', async () => {
    const { page, context, errors, close } = await open(user);
    const seeded = (await tokensOf(user)).find((t) => t.name === 'seeded') as TokenRow;
    await row(page, 'seeded').getByRole('button', { name: '聊天' }).click();
    const popup = context.waitForEvent('page');
    await page.getByRole('menuitem', { name: 'ChatGPT Next Web' }).click();
    const chat = await popup;
    await chat.waitForLoadState();
    expect(chat.url().startsWith(`${CHAT_SITE}/#/?settings=`)).toBe(true);
    expect(decodeURIComponent(chat.url())).toContain(`sk-${seeded.key}`);
    await chat.close();

    await page.getByRole('tab', { name: '调试文档' }).click();
    await page.getByRole('heading', { name: '调试说明' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('quick chat from the token page opens the chat page with the chosen token in a frame', async () => {
    const { page, errors, close } = await open(user);
    await page.getByRole('button', { name: '快速配置聊天' }).click();
    const dialog = page.getByRole('dialog', { name: '快速配置聊天' });
    const go = dialog.getByRole('button', { name: '打开聊天' });
    expect(await until(() => go.isEnabled(), (v) => v)).toBe(true);
    await go.click();
    await page.waitForURL(/\/chat$/);
    const frame = page.getByTitle('聊天客户端');
    await frame.waitFor();
    const keys = (await tokensOf(user)).filter((t) => t.status === 1).map((t) => `sk-${t.key}`);
    const src = decodeURIComponent((await frame.getAttribute('src')) ?? '');
    expect(keys.some((k) => src.includes(k))).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('looks right in light, dark, English and at 390 px', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const o = await open(user, { theme });
      await row(o.page, 'seeded').waitFor();
      await expectAccessible(o.page, `tokens ${theme}`);
      await screenshot(o.page, `tokens-${theme}`);
      await o.page.getByRole('button', { name: '添加令牌' }).click();
      await o.page.getByRole('dialog', { name: '创建新的令牌' }).waitFor();
      await expectAccessible(o.page, `token panel ${theme}`);
      await screenshot(o.page, `tokens-panel-${theme}`);
      expect(o.errors).toEqual([]);
      await o.close();
    }
    const en = await open(user, { locale: 'en' });
    await en.page.getByRole('heading', { name: 'My tokens' }).waitFor();
    await en.page.getByRole('button', { name: 'Quick chat setup' }).waitFor();
    expect(en.errors).toEqual([]);
    await en.close();
    const narrow = await open(user, { width: 390 });
    await row(narrow.page, 'seeded').waitFor();
    await expectNoHorizontalOverflow(narrow.page);
    await expectAccessible(narrow.page, 'tokens 390');
    await screenshot(narrow.page, 'tokens-390');
    expect(narrow.errors).toEqual([]);
    await narrow.close();
  });

  it('cuts a long token name and keeps the row buttons on two lines at most at 390 px', async () => {
    // A long name is cut with an ellipsis (whole in its tooltip): it no longer widens the name
    // column until the row's buttons stack on a phone.
    const long = '生产环境-华东二区-夜间批量翻译任务专用令牌';
    expect((await user.post('/api/token/', { name: long, group: 'default', expired_time: -1, remain_quota: 500000 })).body).toMatchObject({ success: true });
    const narrow = await open(user, { width: 390 });
    const name = row(narrow.page, long).locator('[title]').filter({ hasText: long });
    await name.waitFor();
    expect(await name.getAttribute('title')).toBe(long);
    expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const buttonTops = await row(narrow.page, long)
      .getByRole('group')
      .getByRole('button')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
    expect(buttonTops.length).toBeGreaterThanOrEqual(5);
    // Two lines at most (outline and ghost buttons of one line sit within a pixel of each other).
    const lines = [...buttonTops].sort((a, b) => a - b).filter((top, i, all) => i === 0 || top - (all[i - 1] as number) > 4).length;
    expect(lines).toBeLessThanOrEqual(2);
    await screenshot(narrow.page, 'tokens-390-long-name');
    expect(narrow.errors).toEqual([]);
    await narrow.close();
  });
});
