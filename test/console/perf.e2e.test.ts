// The model speed screen (/perf, admin) in Chromium, over figures written by real relay requests
// (fake OpenAI upstreams behind two channels, one of them failing) and one flush.
import { PerfService } from '../../server/src/observability/perf/perf.service';
import { chatChunk } from '../support/fakes/openai-upstream';
import { newUser, type Caller } from '../support/http';
import { createChannel, createToken, fakeUpstream, fundedUser, priceModel, relayIdle, setOption, type RelayKit } from '../relay/relay-kit';
import { expectAccessible, expectNoHorizontalOverflow, openPage, screenshot, startConsole, type ConsoleHarness } from './support';

describe('model speed screen', () => {
  let h: ConsoleHarness;
  let kit: RelayKit;
  let regular: Caller;

  beforeAll(async () => {
    h = await startConsole();
    kit = { t: h.t, root: h.root, fakes: [], close: async () => undefined };
    await setOption(h.root, 'AllowPrivateUpstreamEnabled', 'true');
    await setOption(h.root, 'RetryTimes', '0');
    await priceModel(h.root, 'speedy-model', 1, 1);
    await priceModel(h.root, 'failing-model', 1, 1);
    const fast = await fakeUpstream(kit);
    fast.set(() => true, {
      kind: 'stream',
      headersDelayMs: 120,
      chunkDelayMs: 10,
      chunks: [chatChunk({ role: 'assistant', content: '' }), ...Array.from({ length: 8 }, (_, i) => chatChunk({ content: `w${i} ` })), chatChunk({}, 'stop')],
      usage: { prompt_tokens: 5, completion_tokens: 40, prompt_tokens_details: { cached_tokens: 4 } },
    });
    const broken = await fakeUpstream(kit);
    broken.set(() => true, { kind: 'json', status: 500, body: { error: { message: 'boom', type: 'server_error', param: null, code: null } } });
    await createChannel(h.root, { name: 'fast', key: 'sk-upstream-perf-fast-0123456789abcdef', base_url: fast.url, models: 'speedy-model' });
    await createChannel(h.root, { name: 'broken', key: 'sk-upstream-perf-broken-0123456789abcd', base_url: broken.url, models: 'failing-model' });
    const user = await fundedUser(kit, 5_000_000);
    regular = user.caller;
    const token = await createToken(user.caller, { name: 'perf-token' });
    const post = (model: string) =>
      fetch(`${h.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model, stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'go' }] }),
      }).then((r) => r.text());
    for (let i = 0; i < 3; i++) await post('speedy-model');
    for (let i = 0; i < 2; i++) await post('failing-model');
    await relayIdle(kit);
    await h.t.app.get(PerfService).flush();
  });
  afterAll(async () => {
    await Promise.all(kit?.fakes.map((f) => f.stop()) ?? []);
    await h?.close();
  });

  it('lists every model with its figures, sorts them, and draws a chart per model', async () => {
    const { page, errors, close } = await openPage(h, '/perf', { as: h.root });
    const models = page.getByRole('table', { name: '按模型' });
    const speedy = models.getByRole('row').filter({ hasText: 'speedy-model' });
    await speedy.waitFor();
    // 3 requests, all served; 2 failed on the other model.
    await expect(speedy.getByRole('cell').nth(1).textContent()).resolves.toBe('3');
    await expect(speedy.getByRole('cell').nth(2).textContent()).resolves.toBe('100.0%');
    await expect(speedy.getByRole('cell').nth(3).textContent()).resolves.toMatch(/^\d+ 毫秒$/);
    const failing = models.getByRole('row').filter({ hasText: 'failing-model' });
    await expect(failing.getByRole('cell').nth(2).textContent()).resolves.toBe('0.0%');
    await expect(failing.getByRole('cell').nth(3).textContent()).resolves.toBe('—');
    // Prompt-cache reads: 4 of every 5 prompt tokens on the fast channel; nothing answered on the other.
    expect(await models.getByRole('columnheader', { name: /缓存命中率/ }).count()).toBe(1);
    await expect(speedy.getByRole('cell').nth(6).textContent()).resolves.toBe('80.0%');
    await expect(failing.getByRole('cell').nth(6).textContent()).resolves.toBe('—');
    // Busiest first; sorting by model name puts failing-model first either way, then reversed.
    const firstModel = () => models.getByRole('row').nth(1).getByRole('cell').first().textContent();
    await expect(firstModel()).resolves.toBe('speedy-model');
    await models.getByRole('button', { name: '按“模型”排序' }).click();
    await expect(firstModel()).resolves.toBe('failing-model');
    await models.getByRole('button', { name: '按“模型”排序' }).click();
    await expect(firstModel()).resolves.toBe('speedy-model');
    await page.getByRole('figure', { name: 'speedy-model 首字时间（中位数）' }).waitFor();
    // failing-model streamed nothing: no first-chunk chart for it.
    expect(await page.getByRole('figure', { name: 'failing-model 首字时间（中位数）' }).count()).toBe(0);
    expect(await page.locator('figure .recharts-bar-rectangle').count()).toBeGreaterThan(0);
    // Per channel.
    const channels = page.getByRole('table', { name: '按渠道' });
    expect(await channels.getByRole('row').count()).toBe(3);
    // The 24-hour window shows the same requests.
    await page.getByRole('combobox', { name: '时间窗口' }).click();
    await page.getByRole('option', { name: '最近 24 小时' }).click();
    await speedy.getByRole('cell').nth(1).filter({ hasText: '3' }).waitFor();
    await expectAccessible(page, '/perf light');
    await screenshot(page, 'perf-light');
    expect(errors).toEqual([]);
    await close();
  });

  it('reads in the dark theme and in English, and fits 390 px', async () => {
    const dark = await openPage(h, '/perf', { as: h.root, theme: 'dark', locale: 'en' });
    await dark.page.getByRole('table', { name: 'By model' }).getByRole('row').filter({ hasText: 'speedy-model' }).waitFor();
    await dark.page.getByRole('figure', { name: 'speedy-model: first-chunk time (median)' }).waitFor();
    await expectAccessible(dark.page, '/perf dark');
    await screenshot(dark.page, 'perf-dark-en');
    expect(dark.errors).toEqual([]);
    await dark.close();

    const narrow = await openPage(h, '/perf', { as: h.root, width: 390 });
    await narrow.page.getByRole('table', { name: '按模型' }).getByRole('row').filter({ hasText: 'speedy-model' }).waitFor();
    await narrow.page.getByRole('figure', { name: 'speedy-model 首字时间（中位数）' }).waitFor();
    await expectNoHorizontalOverflow(narrow.page);
    await expectAccessible(narrow.page, '/perf 390');
    await screenshot(narrow.page, 'perf-390');
    expect(narrow.errors).toEqual([]);
    await narrow.close();
  });

  it('is not there for a regular user, nor in their navigation', async () => {
    const { page, close } = await openPage(h, '/perf', { as: regular });
    await page.getByText('页面不存在').first().waitFor();
    expect(await page.getByRole('table', { name: '按模型' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: '模型速度' }).count()).toBe(0);
    await close();
    const other = await newUser(h.url);
    expect((await other.caller.get('/api/perf/models')).status).toBe(403);
  });
});
