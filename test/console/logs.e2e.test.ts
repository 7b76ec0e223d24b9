// The request-log (/log) and data-dashboard (/detail) screens in Chromium, over logs written by real
// relay requests (a fake OpenAI upstream behind a channel) and one aggregation run.
import { readFileSync } from 'node:fs';
import { DashboardService } from '../../server/src/dashboard/dashboard.service';
import { createChannel, createToken, fakeUpstream, fundedUser, relayIdle, sdk, setOption, type RelayKit } from '../relay/relay-kit';
import type { Caller } from '../support/http';
import { expectAccessible, expectNoHorizontalOverflow, openPage, screenshot, startConsole, type ConsoleHarness } from './support';

describe('request logs and dashboard screens', () => {
  let h: ConsoleHarness;
  let user: { caller: Caller; id: number; username: string };

  beforeAll(async () => {
    h = await startConsole();
    const kit: RelayKit = { t: h.t, root: h.root, fakes: [], close: async () => undefined };
    await setOption(h.root, 'AllowPrivateUpstreamEnabled', 'true');
    await setOption(h.root, 'DataExportEnabled', 'true');
    const fake = await fakeUpstream(kit);
    await createChannel(h.root, { name: 'fake-openai', key: 'sk-upstream-logs-0123456789abcdefghij', base_url: fake.url, models: 'gpt-4o-mini,gpt-4.1-mini' });
    user = await fundedUser(kit, 5_000_000);
    const token = await createToken(user.caller, { name: 'logs-token' });
    const client = sdk(kit, token.key);
    await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] });
    await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'again' }] });
    await client.chat.completions.create({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'third' }] });
    await relayIdle(kit);
    await h.t.app.get(DashboardService).aggregate();
    afterAllFakes = () => Promise.all(kit.fakes.map((f) => f.stop()));
  });
  let afterAllFakes: () => Promise<unknown> = async () => undefined;
  afterAll(async () => {
    await afterAllFakes();
    await h?.close();
  });

  it('shows an admin every user’s logs with the summary, admin columns, user info and filters', async () => {
    const { page, errors, close } = await openPage(h, '/log', { as: h.root });
    const table = page.getByRole('table', { name: '使用日志' });
    await table.getByRole('row').filter({ hasText: 'gpt-4.1-mini' }).waitFor();
    expect(await table.getByRole('row').filter({ hasText: 'logs-token' }).count()).toBe(3);
    // Summary cards: three requests in the range.
    const summary = page.getByRole('group', { name: '统计' });
    await expect(summary.getByRole('group', { name: '请求次数' }).textContent()).resolves.toContain('3');
    for (const header of ['渠道', '用户', '重试']) await expect(table.getByRole('columnheader', { name: header }).count()).resolves.toBe(1);
    // The username opens the user-info dialog.
    await table.getByRole('button', { name: `查看用户 ${user.username} 的信息` }).first().click();
    const dialog = page.getByRole('dialog', { name: '用户信息' });
    await dialog.getByText(user.username).waitFor();
    await dialog.getByRole('group', { name: '请求次数' }).getByText('3').waitFor();
    await page.keyboard.press('Escape');
    // Model filter.
    await page.getByLabel('模型名称').fill('gpt-4.1-mini');
    await page.getByRole('button', { name: '查询' }).click();
    // The old rows leave when the new query starts loading: the filtered row is waited for, then counted.
    await table.getByRole('row').filter({ hasText: 'gpt-4o-mini' }).first().waitFor({ state: 'detached' });
    await table.getByRole('row').filter({ hasText: 'gpt-4.1-mini' }).first().waitFor();
    expect(await table.getByRole('row').filter({ hasText: 'gpt-4.1-mini' }).count()).toBe(1);
    // Type tabs: no top-up logs.
    await page.getByRole('tab', { name: '充值' }).click();
    await page.getByText('这段时间没有日志').waitFor();
    await expectAccessible(page, '/log light');
    await screenshot(page, 'log-admin-light');
    expect(errors).toEqual([]);
    await close();
  });

  it('keeps the column settings locally and exports the filtered logs as logs.csv', async () => {
    const { page, errors, close } = await openPage(h, '/log', { as: h.root, theme: 'dark' });
    const table = page.getByRole('table', { name: '使用日志' });
    await table.getByRole('row').filter({ hasText: 'gpt-4o-mini' }).first().waitFor();
    await page.getByRole('button', { name: '列设置' }).click();
    await page.getByRole('checkbox', { name: '详情' }).click();
    await page.keyboard.press('Escape');
    await table.getByRole('columnheader', { name: '详情' }).waitFor({ state: 'detached' });
    await page.reload();
    await table.getByRole('row').filter({ hasText: 'gpt-4o-mini' }).first().waitFor();
    expect(await table.getByRole('columnheader', { name: '详情' }).count()).toBe(0);
    // Export: the job runs, its progress ends in "done", and the file downloads.
    await page.getByRole('button', { name: '导出 CSV' }).click();
    await page.getByText(/导出完成，共 3 行/).waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载 logs.csv' }).click()]);
    expect(download.suggestedFilename()).toBe('logs.csv');
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.split('\n').filter((l) => l.includes('gpt-4o-mini'))).toHaveLength(2);
    expect(csv).toContain('gpt-4.1-mini');
    await expectAccessible(page, '/log dark');
    await screenshot(page, 'log-admin-dark');
    expect(errors).toEqual([]);
    await close();
  });

  it('shows a regular user only their own logs without the admin columns and filters, at 390 px', async () => {
    const { page, errors, close } = await openPage(h, '/log', { as: user.caller, width: 390 });
    const table = page.getByRole('table', { name: '使用日志' });
    await table.getByRole('row').filter({ hasText: 'gpt-4o-mini' }).first().waitFor();
    for (const header of ['渠道', '用户', '重试']) expect(await table.getByRole('columnheader', { name: header, exact: true }).count()).toBe(0);
    expect(await page.getByLabel('渠道 ID').count()).toBe(0);
    expect(await page.getByLabel('用户名').count()).toBe(0);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'log-user-390');
    expect(errors).toEqual([]);
    await close();
  });

  // Issue 27 point 4: no value broken mid-token, stat cards in one line of equal boxes.
  it.each([
    [1280, 'light', 'zh-CN'],
    [1280, 'dark', 'en'],
    [390, 'dark', 'zh-CN'],
    [390, 'light', 'en'],
  ] as const)('keeps every time, name, model and amount on one line and the stat cards aligned (%i px, %s, %s)', async (width, theme, locale) => {
    const { page, errors, close } = await openPage(h, '/log', { as: h.root, width, theme, locale });
    const table = page.getByRole('table', { name: locale === 'en' ? 'Request logs' : '使用日志' });
    await table.getByRole('row').filter({ hasText: 'gpt-4.1-mini' }).waitFor();
    // Every text node of a one-line column lies on one line (a break mid-token would give two).
    const broken = await page.evaluate<string[]>(`(() => {
      const out = [];
      for (const td of document.querySelectorAll('td[data-nowrap=true]')) {
        const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          if (!n.textContent.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(n);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (tops.size > 1) out.push(n.textContent);
        }
      }
      return out;
    })()`);
    expect(broken).toEqual([]);
    expect(await page.locator('td[data-nowrap=true]').count()).toBeGreaterThan(20);
    // The five stat cards: equal heights, and at 1280 px one row with one top.
    const boxes = await page
      .getByRole('group', { name: locale === 'en' ? 'Summary' : '统计' })
      .getByRole('group')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ top: Math.round(r.top), height: Math.round(r.height) })));
    expect(boxes).toHaveLength(5);
    // Cards sharing a line have one height (a narrow screen wraps them onto several lines).
    for (const top of new Set(boxes.map((b) => b.top))) expect(new Set(boxes.filter((b) => b.top === top).map((b) => b.height)).size).toBe(1);
    if (width === 1280) expect(new Set(boxes.map((b) => b.top)).size).toBe(1);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `log-part3-${width}-${theme}-${locale}`);
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await close();
  });

  it('draws the dashboard from the aggregates, by model, in both themes and in English', async () => {
    const { page, errors, close } = await openPage(h, '/detail', { as: h.root });
    await page.getByRole('figure', { name: '额度随时间的变化（按模型）' }).waitFor();
    const byModel = page.getByRole('table', { name: '按模型汇总' });
    await byModel.getByRole('row').filter({ hasText: 'gpt-4o-mini' }).waitFor();
    expect(await byModel.getByRole('row').filter({ hasText: 'gpt-4.1-mini' }).count()).toBe(1);
    await expect(page.getByRole('group', { name: '合计' }).getByRole('group', { name: '请求次数' }).textContent()).resolves.toContain('3');
    // Bars are drawn for both models.
    expect(await page.locator('figure .recharts-bar-rectangle').count()).toBeGreaterThan(0);
    await page.getByRole('tab', { name: '请求次数' }).click();
    await page.getByRole('figure', { name: '请求次数随时间的变化（按模型）' }).waitFor();
    // Another user's name finds nothing.
    await page.getByLabel('用户名').fill('nobody-here');
    await page.getByRole('button', { name: '查询' }).click();
    await page.getByText('这段时间没有消耗数据').waitFor();
    await page.getByLabel('用户名').fill(user.username);
    await page.getByRole('button', { name: '查询' }).click();
    await byModel.getByRole('row').filter({ hasText: 'gpt-4o-mini' }).waitFor();
    await expectAccessible(page, '/detail light');
    await screenshot(page, 'detail-light');
    expect(errors).toEqual([]);
    await close();

    const dark = await openPage(h, '/detail', { as: user.caller, theme: 'dark', locale: 'en' });
    await dark.page.getByRole('figure', { name: 'Quota over time, by model' }).waitFor();
    expect(await dark.page.getByLabel('Username').count()).toBe(0);
    await expectAccessible(dark.page, '/detail dark');
    await screenshot(dark.page, 'detail-dark-en');
    expect(dark.errors).toEqual([]);
    await dark.close();

    const narrow = await openPage(h, '/detail', { as: user.caller, width: 390 });
    await narrow.page.getByRole('figure', { name: '额度随时间的变化（按模型）' }).waitFor();
    await expectNoHorizontalOverflow(narrow.page);
    await screenshot(narrow.page, 'detail-390');
    await narrow.close();
  });
});
