// The channel screens (/channel, /channel/add, /channel/edit/:id) in Chromium: every action with its
// effect read back through the API, against a loopback fake OpenAI upstream.
import { randomBytes } from 'node:crypto';
import { ChannelsService } from '../../server/src/channels/channels.service';
import { QUEUE_DRIVER, type QueueDriver } from '../../server/src/queue/jobs';
import { FakeOpenAI, type Json } from '../support/fakes/openai-upstream';
import { newAdmin, newUser, type Caller } from '../support/http';
import { expectAccessible, expectNoHorizontalOverflow, openPage, screenshot, startConsole, type ConsoleHarness } from './support';

interface ChannelView {
  id: number;
  type: number;
  name: string;
  status: number;
  group: string;
  models: string;
  other: string;
  base_url: string;
  openai_organization: string;
  model_mapping: string;
  status_code_mapping: string;
  test_model: string;
  auto_ban: number;
  used_quota: number;
  balance: number;
  balance_updated_time: number;
  response_time: number;
  test_time: number;
  priority: number;
  weight: number;
  key?: string;
}

const KEY = `sk-console-${randomBytes(12).toString('hex')}`;

function chatBody(model: string): Json {
  return {
    id: 'chatcmpl-console',
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, logprobs: null, finish_reason: 'stop' }],
    usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 },
  };
}

describe('channel screens', () => {
  let h: ConsoleHarness;
  let fake: FakeOpenAI;
  let admin: Caller;

  async function option(key: string, value: string): Promise<void> {
    const res = await h.root.put('/api/option/', { key, value });
    expect(res.body).toMatchObject({ success: true });
  }

  async function create(over: Record<string, unknown> = {}): Promise<ChannelView> {
    const res = await h.root.post('/api/channel/', { name: `ch-${randomBytes(3).toString('hex')}`, type: 1, key: KEY, base_url: fake.url, models: 'gpt-4o-mini,gpt-4o', group: 'default', ...over });
    expect(res.body).toMatchObject({ success: true });
    return res.body.data[0] as ChannelView;
  }

  async function get(id: number): Promise<ChannelView | null> {
    const res = await h.root.get(`/api/channel/${id}`);
    return res.status === 404 ? null : (res.body.data as ChannelView);
  }

  async function all(): Promise<ChannelView[]> {
    const res = await h.root.get('/api/channel/?p=0&page_size=100');
    return res.body.data as ChannelView[];
  }

  async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const v = await what();
      if (ok(v)) return v;
      if (Date.now() > end) throw new Error(`never reached: ${JSON.stringify(v)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const queue = () => h.t.app.get<QueueDriver>(QUEUE_DRIVER);

  beforeAll(async () => {
    fake = await new FakeOpenAI({ key: KEY, models: ['gpt-4o-mini', 'gpt-4.1', 'fake-only-model'] }).start();
    h = await startConsole();
    admin = (await newAdmin(h.url, h.root)).caller;
    await option('AllowPrivateUpstreamEnabled', 'true');
    await option('AutomaticDisableChannelEnabled', 'false');
  });

  afterAll(async () => {
    await h?.close();
    await fake?.stop();
  });

  describe('the list', () => {
    let auto: ChannelView;
    beforeAll(async () => {
      await create({ name: 'alpha-main', group: 'default,vip', priority: 5 });
      await create({ name: 'beta-claude', type: 14, models: 'claude-3-haiku-20240307' });
      auto = await create({ name: 'gamma-auto' });
      await h.t.app.get(ChannelsService).setStatusBySystem(auto.id, 3, '响应时间 6.20s 超过阈值 5.00s');
      const off = await create({ name: 'delta-off' });
      await h.root.put('/api/channel/', { id: off.id, status: 2 }).expect(200);
    });

    it('shows the columns, greys disabled rows and explains an automatic disable (light, zh-CN)', async () => {
      const { page, errors, close } = await openPage(h, '/channel', { as: h.root });
      const table = page.getByRole('table', { name: '渠道列表' });
      await table.getByRole('row').filter({ hasText: 'alpha-main' }).waitFor();
      for (const header of ['ID', '名称', '分组', '类型', '状态', '响应时间', '已用/剩余', '优先级', '权重', '操作']) {
        expect(await table.getByRole('columnheader', { name: header, exact: true }).count()).toBe(1);
      }
      const autoRow = table.getByRole('row').filter({ hasText: 'gamma-auto' });
      expect(await autoRow.getAttribute('data-disabled')).toBe('');
      expect(await table.getByRole('row').filter({ hasText: 'delta-off' }).getAttribute('data-disabled')).toBe('');
      expect(await table.getByRole('row').filter({ hasText: 'alpha-main' }).getAttribute('data-disabled')).toBeNull();
      await autoRow.getByText('自动禁用').hover();
      await page.getByRole('tooltip').filter({ hasText: '原因：响应时间 6.20s 超过阈值 5.00s' }).waitFor();
      await screenshot(page, 'channel-list-light');
      await expectAccessible(page, '/channel light');
      expect(errors).toEqual([]);
      await close();
    });

    it('renders in the dark theme and in English', async () => {
      const { page, errors, close } = await openPage(h, '/channel', { as: h.root, theme: 'dark', locale: 'en' });
      const table = page.getByRole('table', { name: 'Channels' });
      await table.getByRole('row').filter({ hasText: 'alpha-main' }).waitFor();
      await page.getByRole('button', { name: 'Test all channels' }).waitFor();
      expect(await table.getByText('Auto-disabled').count()).toBe(1);
      await screenshot(page, 'channel-list-dark-en');
      await expectAccessible(page, '/channel dark');
      expect(errors).toEqual([]);
      await close();
    });

    it('fits 390 px', async () => {
      const { page, errors, close } = await openPage(h, '/channel', { as: h.root, width: 390 });
      await page.getByRole('table', { name: '渠道列表' }).getByRole('row').filter({ hasText: 'alpha-main' }).waitFor();
      await expectNoHorizontalOverflow(page);
      await screenshot(page, 'channel-list-390');
      expect(errors).toEqual([]);
      await close();
    });
  });

  describe('the panel', () => {
    it('opens over the list on /channel/add (light, dark, 390 px)', async () => {
      for (const [theme, width, name] of [
        ['light', 1280, 'channel-add-light'],
        ['dark', 1280, 'channel-add-dark'],
        ['light', 390, 'channel-add-390'],
      ] as const) {
        const { page, errors, close } = await openPage(h, '/channel/add', { as: h.root, theme, width });
        const sheet = page.getByRole('dialog', { name: '创建新的渠道' });
        await sheet.waitFor();
        // The type's default models are filled in once.
        await sheet.getByText('gpt-4o-mini', { exact: true }).first().waitFor();
        await screenshot(page, name);
        await expectAccessible(page, `/channel/add ${theme} ${width}`);
        if (width === 390) await expectNoHorizontalOverflow(page);
        expect(errors).toEqual([]);
        await close();
      }
    });
  });

  describe('row actions', () => {
    it('tests (default and a chosen model), edits priority and weight, disables, enables, copies, updates the balance and deletes', async () => {
      const ch = await create({ name: 'row-act', models: 'gpt-4o-mini,gpt-4o' });
      fake.reset();
      const { page, errors, close } = await openPage(h, '/channel', { as: h.root });
      await page.getByLabel('关键字').fill('row-act');
      await page.getByRole('button', { name: '查询' }).click();
      const table = page.getByRole('table', { name: '渠道列表' });
      const row = table.getByRole('row').filter({ hasText: 'row-act' });
      await row.waitFor();
      await until(() => table.getByRole('row').count(), (n) => n === 2);

      // Test: the fake answers; the time in seconds is shown and recorded.
      await row.getByRole('button', { name: '测试渠道 row-act' }).click();
      await page.getByText(/渠道 row-act 测试成功，耗时 \d+\.\d\d 秒。/).first().waitFor();
      const tested = await get(ch.id);
      expect(tested?.test_time).toBeGreaterThan(0);
      expect(fake.last().json).toMatchObject({ model: 'gpt-4o-mini' });
      // The per-model menu tests the chosen model.
      await row.getByRole('button', { name: '选择测试模型' }).click();
      await page.getByRole('menuitem', { name: 'gpt-4o', exact: true }).click();
      await until(async () => (fake.last().json as { model?: string } | null)?.model, (m) => m === 'gpt-4o');

      // Priority and weight edited in the row.
      const priority = row.getByRole('spinbutton', { name: '渠道 row-act 的优先级' });
      await priority.fill('7');
      await priority.press('Enter');
      await until(() => get(ch.id), (c) => c?.priority === 7);
      const weight = row.getByRole('spinbutton', { name: '渠道 row-act 的权重' });
      await weight.fill('12');
      await weight.blur();
      await until(() => get(ch.id), (c) => c?.weight === 12);

      // Disable, then enable (the row greys and comes back).
      await row.getByRole('button', { name: '渠道 row-act 的更多操作' }).click();
      await page.getByRole('menuitem', { name: '禁用' }).click();
      await until(() => get(ch.id), (c) => c?.status === 2);
      await until(() => row.getAttribute('data-disabled'), (v) => v === '');
      await row.getByRole('button', { name: '渠道 row-act 的更多操作' }).click();
      await page.getByRole('menuitem', { name: '启用' }).click();
      await until(() => get(ch.id), (c) => c?.status === 1);

      // Balance: the OpenAI dashboard billing of the fake (100 USD limit, 20.50 used).
      // Never queried: unknown, not "$0.00" (issue 27, 12).
      await row.getByRole('button', { name: /余额未知：尚未更新过/ }).click();
      await page.getByText('余额更新成功！').first().waitFor();
      await until(() => get(ch.id), (c) => c?.balance === 79.5);
      await row.getByRole('button', { name: /剩余额度 \$79\.50/ }).waitFor();

      // Copy: a new channel with the suffix, balance and used quota reset.
      await row.getByRole('button', { name: '渠道 row-act 的更多操作' }).click();
      await page.getByRole('menuitem', { name: '复制' }).click();
      await page.getByText('渠道复制成功').first().waitFor();
      const copy = (await all()).find((c) => c.name === 'row-act_复制');
      expect(copy).toMatchObject({ models: 'gpt-4o-mini,gpt-4o', balance: 0, used_quota: 0, priority: 7, weight: 12 });

      // Delete, after confirming.
      await row.getByRole('button', { name: '渠道 row-act 的更多操作' }).click();
      await page.getByRole('menuitem', { name: '删除' }).click();
      const dialog = page.getByRole('alertdialog', { name: '确定是否要删除此渠道？' });
      await dialog.getByRole('button', { name: '删除' }).click();
      await until(() => get(ch.id), (c) => c === null);
      expect(errors).toEqual([]);
      await close();
    });
  });

  describe('toolbar', () => {
    it('runs test-all and update-all-balances with their progress to the end; a second click joins', async () => {
      const mine = await Promise.all([create({ name: 'job-a' }), create({ name: 'job-b' }), create({ name: 'job-c' })]);
      fake.reset();
      fake.set('chat/completions', { kind: 'json', headersDelayMs: 3000, body: chatBody('gpt-4o-mini') });
      const { page, errors, close } = await openPage(h, '/channel', { as: h.root });
      await page.getByRole('table', { name: '渠道列表' }).getByRole('row').filter({ hasText: 'job-a' }).waitFor();
      const before = Math.floor(Date.now() / 1000);
      await page.getByRole('button', { name: '测试所有渠道' }).click();
      await page.getByText(/测试所有渠道：已完成 \d+ \/ \d+，失败 \d+/).first().waitFor();
      // A second click while it runs joins it (at once: the run lasts about the fake's 3 s delay, and a
      // screenshot first, under CI's load, once outlasted it, so the click started a second run).
      await page.getByRole('button', { name: '测试所有渠道' }).click();
      await page.getByText('测试所有渠道已在运行中，已加入当前任务').first().waitFor();
      await screenshot(page, 'channel-test-all-running');
      await page.locator('[data-job="test"][data-state="finished"]').waitFor({ timeout: 30_000 });
      const enabled = (await all()).filter((c) => c.status === 1 || c.status === 3);
      await page.getByText(new RegExp(`测试所有渠道：已完成，共 ${enabled.length} 个渠道，失败 \\d+ 个`)).first().waitFor();
      for (const c of mine) expect((await get(c.id))?.test_time).toBeGreaterThanOrEqual(before);
      await queue().idle(30_000);
      // Each channel tested once: the second click did not start a second run.
      expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(enabled.length);

      await page.getByRole('button', { name: '更新所有已启用渠道余额' }).click();
      await page.locator('[data-job="balance"][data-state="finished"]').waitFor({ timeout: 30_000 });
      await page.getByText(/更新所有渠道余额：已完成，共 \d+ 个渠道/).first().waitFor();
      for (const c of mine) expect((await get(c.id))?.balance).toBe(79.5);
      await expectAccessible(page, '/channel with progress');
      expect(errors).toEqual([]);
      await close();
    });

    it('deletes disabled channels, deletes a selection, repairs, filters by group and model, keeps the ID sort and page size', async () => {
      const off1 = await create({ name: 'gone-1' });
      const off2 = await create({ name: 'gone-2' });
      await h.root.put('/api/channel/', { id: off1.id, status: 2 }).expect(200);
      await h.root.put('/api/channel/', { id: off2.id, status: 2 }).expect(200);
      await option('GroupRatio', JSON.stringify({ default: 1, vip: 1, svip: 1, picked: 1 }));
      const pick1 = await create({ name: 'pick-1', group: 'picked', models: 'pick-model' });
      const pick2 = await create({ name: 'pick-2', group: 'picked', models: 'pick-model' });
      const { page, errors, close } = await openPage(h, '/channel', { as: h.root });
      const table = page.getByRole('table', { name: '渠道列表' });
      await table.getByRole('row').filter({ hasText: 'pick-1' }).waitFor();

      await page.getByRole('button', { name: '删除禁用渠道' }).click();
      await page.getByRole('alertdialog', { name: '确定是否要删除禁用渠道？' }).getByRole('button', { name: '确定' }).click();
      await page.getByText(/已删除所有禁用渠道，共计 \d+ 个/).first().waitFor();
      expect(await get(off1.id)).toBeNull();
      expect(await get(off2.id)).toBeNull();

      // Group and model filters.
      await page.getByRole('combobox', { name: '分组' }).click();
      await page.getByRole('option', { name: 'picked' }).click();
      await until(() => table.getByRole('row').count(), (n) => n === 3);
      await page.getByLabel('模型', { exact: true }).fill('pick-model');
      await page.getByRole('button', { name: '查询' }).click();
      await until(() => table.getByRole('row').count(), (n) => n === 3);

      // Batch delete: nothing selected is refused, then the two rows go.
      await page.getByRole('switch', { name: '开启批量删除' }).click();
      await page.getByRole('button', { name: /删除所选渠道/ }).click();
      await page.getByText('请先选择要删除的通道！').first().waitFor();
      await table.getByRole('row').filter({ hasText: 'pick-1' }).getByRole('checkbox').click();
      await table.getByRole('row').filter({ hasText: 'pick-2' }).getByRole('checkbox').click();
      await page.getByRole('button', { name: '删除所选渠道 (2)' }).click();
      await page.getByRole('alertdialog', { name: '确定是否要删除所选渠道？' }).getByRole('button', { name: '确定' }).click();
      await page.getByText('已删除 2 个渠道！').first().waitFor();
      expect(await get(pick1.id)).toBeNull();
      expect(await get(pick2.id)).toBeNull();

      // Repair.
      await page.getByRole('button', { name: '修复数据库一致性' }).click();
      await page.getByRole('alertdialog', { name: '确定是否要修复数据库一致性？' }).getByRole('button', { name: '确定' }).click();
      await page.getByText(/已修复 \d+ 个渠道！/).first().waitFor();

      // ID sort and page size stay in localStorage across a reload.
      await page.getByRole('switch', { name: 'ID 排序' }).click();
      await page.getByRole('combobox', { name: '每页条数' }).click();
      await page.getByRole('option', { name: '20 条/页' }).click();
      expect(await page.evaluate('[localStorage.getItem("id-sort"), localStorage.getItem("page-size")]')).toEqual(['true', '20']);
      await page.reload();
      await page.getByRole('table', { name: '渠道列表' }).getByRole('row').nth(1).waitFor();
      expect(await page.getByRole('switch', { name: 'ID 排序' }).getAttribute('aria-checked')).toBe('true');
      expect(errors).toEqual([]);
      await close();
    });
  });

  describe('panel actions', () => {
    async function pickType(page: import('playwright-core').Page, label: string): Promise<void> {
      await page.getByRole('combobox', { name: '类型' }).click();
      await page.getByRole('option', { name: label, exact: true }).click();
    }

    it('creates an Azure channel with its endpoint and API version, after refusing an empty form', async () => {
      const before = (await all()).length;
      const { page, errors, close } = await openPage(h, '/channel/add', { as: h.root });
      const sheet = page.getByRole('dialog', { name: '创建新的渠道' });
      await sheet.getByRole('button', { name: '提交' }).click();
      await page.getByText('请填写渠道名称和渠道密钥！').first().waitFor();
      expect((await all()).length).toBe(before);

      await pickType(page, 'Azure OpenAI');
      await sheet.getByText(/模型部署名称必须和模型名称保持一致/).waitFor();
      expect(await sheet.getByRole('textbox', { name: '代理', exact: true }).count()).toBe(0);
      await sheet.getByLabel('AZURE_OPENAI_ENDPOINT').fill(`${fake.url}/`);
      await sheet.getByLabel('默认 API 版本').fill('2024-10-21');
      await sheet.getByRole('textbox', { name: '名称', exact: true }).fill('azure-made');
      await sheet.getByRole('textbox', { name: '密钥', exact: true }).fill(KEY);
      // Bad model mapping: refused before sending.
      await sheet.getByLabel('模型重定向').fill('{"a": ');
      // Leaving the field shows its own check first (the layout moves), then submit.
      await sheet.getByLabel('模型重定向').blur();
      await sheet.getByText('不是合法的 JSON 字符串').waitFor();
      await sheet.getByRole('button', { name: '提交' }).click();
      await page.getByText('模型映射必须是合法的 JSON 格式！').first().waitFor();
      expect((await all()).length).toBe(before);
      await sheet.getByLabel('模型重定向').fill('{"gpt-4o": "gpt-4o-2024-11-20"}');
      await sheet.getByLabel('模型重定向').blur();
      await sheet.getByRole('button', { name: '提交' }).click();
      await page.getByText('渠道创建成功！').first().waitFor();
      await sheet.waitFor({ state: 'detached' });
      expect(page.url()).toMatch(/\/channel$/);
      const made = (await all()).find((c) => c.name === 'azure-made');
      expect(made).toMatchObject({ type: 3, base_url: fake.url, other: '2024-10-21', model_mapping: '{"gpt-4o": "gpt-4o-2024-11-20"}', group: 'default', auto_ban: 1 });
      // The type's default models, filled once.
      expect(made?.models.split(',')).toEqual(expect.arrayContaining(['gpt-4o-mini', 'gpt-4o']));
      expect(errors).toEqual([]);
      await close();
    });

    it('shows each type its extras and key hints and creates Vertex AI with a region map and a JSON key', async () => {
      const { page, errors, close } = await openPage(h, '/channel/add', { as: h.root, locale: 'zh-CN' });
      const sheet = page.getByRole('dialog', { name: '创建新的渠道' });
      await sheet.waitFor();
      const cases: [string, string | RegExp][] = [
        ['自定义渠道', '完整的 Base URL'],
        ['知识库：FastGPT', '私有部署地址'],
        ['Suno API', '注意非 Chat API'],
        ['讯飞星火认知', 'APPID|APISecret|APIKey'],
        ['知识库：AI Proxy', '知识库 ID'],
        ['Cloudflare', 'Account ID'],
        ['百度文心千帆', 'APIKey|SecretKey'],
        ['腾讯混元', 'AppId|SecretId|SecretKey'],
        ['AWS Claude', 'Ak|Sk|Region'],
      ];
      for (const [type, text] of cases) {
        await pickType(page, type);
        await sheet.getByText(text).first().waitFor();
      }
      // Suno's models, and the mj_* actions of Midjourney.
      await pickType(page, 'Suno API');
      expect(await sheet.getByText('suno_music', { exact: true }).count()).toBe(1);
      expect(await sheet.getByRole('textbox', { name: '代理', exact: true }).count()).toBe(0);
      await pickType(page, 'Midjourney Proxy');
      await sheet.getByText('mj_imagine', { exact: true }).waitFor();
      expect(await sheet.getByText('suno_music', { exact: true }).count()).toBe(0);
      expect(await sheet.getByRole('textbox', { name: '代理', exact: true }).count()).toBe(1);

      await pickType(page, 'Vertex AI');
      await sheet.getByRole('button', { name: '填入模板' }).click();
      await sheet.getByRole('textbox', { name: '名称', exact: true }).fill('vertex-made');
      const jsonKey = JSON.stringify({ type: 'service_account', project_id: 'p-1', private_key: 'x' }, null, 2);
      await sheet.getByRole('textbox', { name: '密钥', exact: true }).fill(jsonKey);
      await sheet.getByRole('button', { name: '清除所有模型' }).click();
      await sheet.getByLabel('自定义模型名称').fill(' gemini-2.5-pro , claude-3-5-sonnet-20240620 ');
      await sheet.getByRole('button', { name: '填入', exact: true }).click();
      await page.getByText('已添加 2 个模型').first().waitFor();
      // Again: both exist, nothing added.
      await sheet.getByLabel('自定义模型名称').fill('gemini-2.5-pro');
      await sheet.getByRole('button', { name: '填入', exact: true }).click();
      await page.getByText('有模型已存在，未重复添加：gemini-2.5-pro').first().waitFor();
      await sheet.getByRole('button', { name: '提交' }).click();
      await page.getByText('渠道创建成功！').first().waitFor();
      const made = (await all()).find((c) => c.name === 'vertex-made') as ChannelView;
      expect(made.type).toBe(41);
      expect(made.models).toBe('gemini-2.5-pro,claude-3-5-sonnet-20240620');
      expect(JSON.parse(made.other)).toEqual({ default: 'us-central1', 'claude-3-5-sonnet-20240620': 'europe-west1' });
      const withKey = await h.root.get(`/api/channel/${made.id}?include_key=true`).expect(200);
      expect(JSON.parse(withKey.body.data.key as string)).toEqual({ type: 'service_account', project_id: 'p-1', private_key: 'x' });
      expect(errors).toEqual([]);
      await close();
    });

    it('fetches the model list through the server and batch-creates OpenAI channels with an organization', async () => {
      fake.reset();
      const { page, errors, close } = await openPage(h, '/channel/add', { as: h.root });
      const sheet = page.getByRole('dialog', { name: '创建新的渠道' });
      await sheet.waitFor();
      // Needs a key first.
      await sheet.getByRole('button', { name: '获取模型列表' }).click();
      await page.getByText('请填写密钥').first().waitFor();
      await sheet.getByRole('textbox', { name: '名称', exact: true }).fill('batch-made');
      await sheet.getByRole('textbox', { name: '代理', exact: true }).fill(fake.url);
      await sheet.getByRole('switch', { name: '批量创建' }).click();
      const key2 = `${KEY}-second`;
      await sheet.getByRole('textbox', { name: '密钥', exact: true }).fill(`${KEY}\n${key2}\n`);
      await sheet.getByRole('textbox', { name: '组织', exact: true }).fill('org-console');
      await sheet.getByRole('button', { name: '清除所有模型' }).click();
      await sheet.getByRole('button', { name: '获取模型列表' }).click();
      await page.getByText('已获取 3 个模型').first().waitFor();
      // The server asked the upstream with the entered key; the browser never did.
      const asked = fake.requests.find((r) => r.path === '/v1/models');
      expect(asked?.headers.authorization).toBe(`Bearer ${KEY}`);
      await sheet.getByRole('button', { name: '提交' }).click();
      await page.getByText('渠道创建成功！').first().waitFor();
      const made = (await all()).filter((c) => c.name === 'batch-made');
      expect(made).toHaveLength(2);
      for (const c of made) expect(c).toMatchObject({ type: 1, openai_organization: 'org-console', models: 'gpt-4o-mini,gpt-4.1,fake-only-model', base_url: fake.url });
      const keysStored = await Promise.all(made.map(async (c) => (await h.root.get(`/api/channel/${c.id}?include_key=true`)).body.data.key as string));
      expect(keysStored.sort()).toEqual([KEY, key2].sort());
      expect(errors).toEqual([]);
      await close();
    });

    it('edits a channel: root may show its key, an admin gets the server refusal with the form kept', async () => {
      const ch = await create({ name: 'edit-me', test_model: 'gpt-4o' });
      const rootPage = await openPage(h, `/channel/edit/${ch.id}`, { as: h.root });
      const sheet = rootPage.page.getByRole('dialog', { name: '更新渠道信息' });
      await expect(sheet.getByRole('textbox', { name: '名称', exact: true }).inputValue()).resolves.toBe('edit-me');
      expect(await sheet.getByRole('textbox', { name: '密钥', exact: true }).inputValue()).toBe('');
      await sheet.getByRole('button', { name: '查看密钥' }).click();
      await until(() => sheet.getByRole('textbox', { name: '密钥', exact: true }).inputValue(), (v) => v === KEY);
      await sheet.getByRole('textbox', { name: '名称', exact: true }).fill('edited');
      await sheet.getByRole('switch', { name: /是否自动禁用/ }).click();
      await sheet.getByRole('button', { name: '提交' }).click();
      await rootPage.page.getByText('渠道更新成功！').first().waitFor();
      await until(() => get(ch.id), (c) => c?.name === 'edited' && c.auto_ban === 0 && c.test_model === 'gpt-4o');
      expect(rootPage.errors).toEqual([]);
      await rootPage.close();

      const adminPage = await openPage(h, `/channel/edit/${ch.id}`, { as: admin });
      const sheet2 = adminPage.page.getByRole('dialog', { name: '更新渠道信息' });
      await expect(sheet2.getByRole('textbox', { name: '名称', exact: true }).inputValue()).resolves.toBe('edited');
      expect(await sheet2.getByRole('button', { name: '查看密钥' }).count()).toBe(0);
      await sheet2.getByRole('textbox', { name: '代理', exact: true }).fill('https://elsewhere.example.com');
      await sheet2.getByRole('button', { name: '提交' }).click();
      const refusal = (await admin.put('/api/channel/', { id: ch.id, base_url: 'https://elsewhere.example.com' })).body.message as string;
      await adminPage.page.getByText(refusal).first().waitFor();
      expect(await sheet2.getByRole('textbox', { name: '代理', exact: true }).inputValue()).toBe('https://elsewhere.example.com');
      expect((await get(ch.id))?.base_url).toBe(fake.url);
      expect(adminPage.errors.filter((e) => !e.includes('403'))).toEqual([]);
      await adminPage.close();
    });
  });

  it('is not reachable by a regular user', async () => {
    const user = (await newUser(h.url)).caller;
    const { page, errors, close } = await openPage(h, '/channel', { as: user });
    await page.getByText(/404|页面不存在|未找到/).first().waitFor();
    expect(await page.getByRole('table', { name: '渠道列表' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: '渠道' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});
