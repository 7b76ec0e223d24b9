// Browser tests of the pricing, playground, chat and monitor screens (issue 14 items 8-10):
// seeded through the API, effects checked through the API, every screen in light, dark,
// English and 390 px with axe and no page or console error.
import type { Page } from 'playwright-core';
import { FakeOpenAI } from '../support/fakes/openai-upstream';
import { Caller, newUser } from '../support/http';
import { expectAccessible, expectNoHorizontalOverflow, openPage, screenshot, startConsole, type ConsoleHarness } from './support';

/** Polls until `ok` holds for what `read` returns (no sleeps on the happy path); returns it. */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

// The chat client and the monitor are third-party https pages (the console's CSP frames only
// https): the browser answers them itself.
const CHAT_SITE = 'https://chat.example.test';
const MONITOR_SITE = 'https://status.example.test';

async function serveThirdParties(page: Page): Promise<void> {
  await page.context().route(/^https:\/\/(chat|status)\.example\.test\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>third party</title><p>third-party page</p>' }),
  );
}

/** The user's tokens, whatever page shape the list answers in. */
async function tokensOf(c: Caller): Promise<{ name: string; key: string }[]> {
  const data = (await c.get('/api/token/?p=0&size=100')).body.data as unknown;
  const list = Array.isArray(data) ? data : (data as { items: unknown[] }).items;
  return list as { name: string; key: string }[];
}

describe('console: pricing, playground, chat and monitor', () => {
  let h: ConsoleHarness;
  let fake: FakeOpenAI;
  let user: Caller;

  async function setOption(key: string, value: string): Promise<void> {
    const res = await h.root.put('/api/option/', { key, value });
    expect(res.body).toMatchObject({ success: true });
  }

  beforeAll(async () => {
    h = await startConsole();
    fake = await new FakeOpenAI({ reply: 'Hello from the fake upstream.' }).start();
    await setOption('AllowPrivateUpstreamEnabled', 'true');
    await setOption('GroupRatio', JSON.stringify({ default: 1, vip: 2 }));
    await setOption('UserUsableGroups', JSON.stringify({ default: '默认分组', vip: 'VIP 分组' }));
    await setOption('ModelRatio', JSON.stringify({ 'gpt-4o-mini': 0.075, 'gpt-4o': 1.25, 'claude-3-5-sonnet-20241022': 1.5 }));
    await setOption('Price', '7.3');
    for (const [models, group] of [
      ['gpt-4o-mini,gpt-4o', 'default'],
      ['claude-3-5-sonnet-20241022', 'vip'],
    ] as const) {
      const res = await h.root.post('/api/channel/', { name: `fake-${group}`, type: 1, key: 'sk-upstream-pages-0123456789', base_url: fake.url, models, group });
      expect(res.body).toMatchObject({ success: true });
    }
    user = (await newUser(h.url)).caller;
    const funded = await h.root.post('/api/user/manage', { id: user.userId, action: 'add_quota', value: 5_000_000 });
    expect(funded.body).toMatchObject({ success: true });
  });
  afterAll(async () => {
    await fake.stop();
    await h.close();
  });

  /** The three looks of a screen: light and dark with axe, 390 px without overflow. */
  async function looks(path: string, name: string, ready: (page: Page) => Promise<void>, as: Caller | undefined = user): Promise<void> {
    for (const theme of ['light', 'dark'] as const) {
      const o = await openPage(h, path, { as, theme });
      await serveThirdParties(o.page);
      await ready(o.page);
      await expectAccessible(o.page, `${name} ${theme}`);
      await screenshot(o.page, `${name}-${theme}`);
      expect(o.errors).toEqual([]);
      await o.close();
    }
    const narrow = await openPage(h, path, { as, width: 390 });
    await serveThirdParties(narrow.page);
    await ready(narrow.page);
    await expectNoHorizontalOverflow(narrow.page);
    await expectAccessible(narrow.page, `${name} 390`);
    await screenshot(narrow.page, `${name}-390`);
    expect(narrow.errors).toEqual([]);
    await narrow.close();
  }

  const pricingRow = (page: Page, model: string) => page.getByRole('row').filter({ hasText: model });

  it('pricing: the enabled models priced for the visitor, filtered by name, and the M/K switch', async () => {
    const { page, errors, close } = await openPage(h, '/pricing');
    await page.getByText('当前共有 3 个可用模型').waitFor();
    await page.getByText('汇率：1 美元 = 7.3 元人民币').waitFor();
    // gpt-4o-mini: ratio 0.075 x 2 = $0.15 per 1M prompt tokens in the default group.
    const perM = await pricingRow(page, 'gpt-4o-mini').textContent();
    expect(perM).toContain('0.1500');
    await page.getByRole('switch', { name: '按 K 显示价格' }).click();
    expect(await until(() => pricingRow(page, 'gpt-4o-mini').textContent(), (v) => v !== perM)).not.toBe(perM);
    expect(await pricingRow(page, 'gpt-4o-mini').textContent()).toContain('0.0002');
    // Fuzzy name search narrows the table.
    await page.getByRole('searchbox', { name: '搜索模型' }).fill('claude');
    expect(await until(() => page.getByRole('row').filter({ hasText: 'gpt-4o' }).count(), (n) => n === 0)).toBe(0);
    await pricingRow(page, 'claude-3-5-sonnet-20241022').waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it("pricing: a signed-in user's own group prices the table", async () => {
    const vip = (await newUser(h.url)).caller;
    await h.root.put('/api/user/', { id: vip.userId, group: 'vip' }).expect(200);
    const { page, errors, close } = await openPage(h, '/pricing', { as: vip, locale: 'en' });
    await page.getByText('Model list').first().waitFor();
    // Group ratio 2: gpt-4o-mini costs 0.075 x 2 x 2 = $0.30 per 1M prompt tokens.
    expect(await until(() => pricingRow(page, 'gpt-4o-mini').textContent(), (v) => (v ?? '').includes('0.3000'))).toContain('0.3000');
    expect(errors).toEqual([]);
    await close();
  });

  it('pricing looks right in light, dark and at 390 px', async () => {
    await looks('/pricing', 'pricing', (page) => page.getByText('gpt-4o-mini').first().waitFor(), undefined);
  });

  it('playground: a streamed reply through /pg/chat/completions, billed, and kept after a reload', async () => {
    const before = (await user.get('/api/user/self')).body.data as { request_count: number };
    const { page, errors, close } = await openPage(h, '/playground', { as: user });
    const box = page.getByRole('textbox', { name: '消息' });
    await box.fill('你好，流式回复');
    await box.press('Enter');
    const list = page.getByRole('list', { name: '对话消息' });
    const reply = list.getByRole('listitem').last();
    await reply.getByText('Hello from the fake upstream.').waitFor();
    expect(await until(() => reply.getAttribute('data-status'), (v) => v === 'complete')).toBe('complete');
    const sent = fake.last();
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.json).toMatchObject({ model: 'gpt-4o-mini', stream: true });
    expect(JSON.stringify(sent.json)).toContain('你好，流式回复');
    // Charged to the user like any request.
    const requests = async () => ((await user.get('/api/user/self')).body.data as { request_count: number }).request_count;
    expect(await until(requests, (n) => n === before.request_count + 1)).toBe(before.request_count + 1);

    await page.reload();
    await list.getByText('你好，流式回复').waitFor();
    await list.getByText('Hello from the fake upstream.').waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('playground looks right in light, dark and at 390 px, and in English', async () => {
    await looks('/playground', 'playground', (page) => page.getByRole('textbox', { name: '消息' }).waitFor());
    const { page, errors, close } = await openPage(h, '/playground', { as: user, locale: 'en' });
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('chat without a chat link says so; monitor shows its messages', async () => {
    await setOption('ChatLink', '');
    const chat = await openPage(h, '/chat', { as: user });
    await chat.page.getByText('管理员未设置聊天链接').first().waitFor();
    expect(chat.errors).toEqual([]);
    await chat.close();

    await setOption('MonitorLinkEnabled', 'false');
    const off = await openPage(h, '/monitor', { as: user, locale: 'en' });
    await off.page.getByText('Service monitoring is not enabled, please contact the admin').waitFor();
    await off.close();
    await setOption('MonitorLink', '');
    await setOption('MonitorLinkEnabled', 'true');
    const missing = await openPage(h, '/monitor', { as: user });
    await missing.page.getByText('服务监控链接未配置，请联系管理员').waitFor();
    expect(missing.errors).toEqual([]);
    await missing.close();
  });

  it('monitor: the configured page in a frame', async () => {
    await setOption('MonitorLink', `${MONITOR_SITE}/status`);
    await setOption('MonitorLinkEnabled', 'true');
    const { page, errors, close } = await openPage(h, '/monitor', { as: user });
    await serveThirdParties(page);
    await page.reload();
    const frame = page.getByTitle('服务监控页面');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe(`${MONITOR_SITE}/status`);
    await page.frameLocator('iframe[title="服务监控页面"]').getByText('third-party page').waitFor();
    expect(errors).toEqual([]);
    await close();
    await looks('/monitor', 'monitor', (p) => p.frameLocator('iframe[title="服务监控页面"]').getByText('third-party page').waitFor());
  });

  it('chat: the quick setup creates a default token and opens the chat link with it in a frame', async () => {
    await setOption('ChatLink', `NextChat（${CHAT_SITE}）`);
    const fresh = (await newUser(h.url)).caller;
    const { page, errors, close } = await openPage(h, '/chat', { as: fresh });
    await serveThirdParties(page);
    const dialog = page.getByRole('dialog', { name: '快速配置聊天' });
    await dialog.waitFor();
    // No token yet: the dialog created the default one.
    expect(await until(async () => (await tokensOf(fresh)).length, (n) => n === 1)).toBe(1);
    const token = (await tokensOf(fresh))[0]!;
    expect(token.name).toMatch(/^默认令牌/);
    const open = dialog.getByRole('button', { name: '打开聊天' });
    expect(await until(() => open.isEnabled(), (v) => v)).toBe(true);
    await open.click();
    const frame = page.getByTitle('聊天客户端');
    await frame.waitFor();
    const src = (await frame.getAttribute('src')) ?? '';
    expect(src.startsWith(`${CHAT_SITE}/#/?settings=`)).toBe(true);
    expect(decodeURIComponent(src)).toContain(`sk-${token.key}`);
    await page.frameLocator('iframe[title="聊天客户端"]').getByText('third-party page').waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('chat: confirm stays disabled without a token until one is typed; the dialog and frame look right', async () => {
    // Only a disabled token: nothing to offer, and no default token is made.
    const blocked = (await newUser(h.url)).caller;
    const made = await blocked.post('/api/token/', { name: 'off', group: 'default', expired_time: -1, remain_quota: 500000 });
    expect(made.body).toMatchObject({ success: true });
    const id = ((await tokensOf(blocked))[0] as unknown as { id: number }).id;
    expect((await blocked.put('/api/token/?status_only=true', { id, status: 2 })).body).toMatchObject({ success: true });

    const { page, errors, close } = await openPage(h, '/chat', { as: blocked });
    await serveThirdParties(page);
    const dialog = page.getByRole('dialog', { name: '快速配置聊天' });
    await dialog.waitFor();
    const open = dialog.getByRole('button', { name: '打开聊天' });
    expect(await open.isDisabled()).toBe(true);
    await screenshot(page, 'chat-dialog-light');
    await expectAccessible(page, 'chat dialog');
    await dialog.getByRole('textbox', { name: '自定义令牌' }).fill('sk-custom-typed-key');
    await open.click();
    const src = (await page.getByTitle('聊天客户端').getAttribute('src')) ?? '';
    expect(decodeURIComponent(src)).toContain('sk-custom-typed-key');
    expect(await tokensOf(blocked)).toHaveLength(1);
    expect(errors).toEqual([]);
    await close();
    // Ready once the dialog has made or listed the user's token and enabled confirm (axe must not measure
    // the button halfway through its colour change from the disabled look).
    await looks('/chat', 'chat', async (p) => {
      const confirm = p.getByRole('dialog', { name: '快速配置聊天' }).getByRole('button', { name: '打开聊天' });
      await confirm.waitFor();
      const deadline = Date.now() + 10_000;
      while (!(await confirm.isEnabled()) && Date.now() < deadline) await p.waitForTimeout(50);
      expect(await confirm.isEnabled()).toBe(true);
    });
    const en = await openPage(h, '/chat', { as: blocked, locale: 'en' });
    const enDialog = en.page.getByRole('dialog', { name: 'Quick chat setup' });
    await enDialog.getByRole('button', { name: 'Open chat' }).waitFor();
    expect(en.errors).toEqual([]);
    await en.close();
  });
});
