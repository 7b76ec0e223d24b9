// The operator settings tabs (operation, system, other, group) in a real browser: each section
// saving only its changed keys (seen through GET /api/option/), the "nothing changed" case, a
// partial failure, secrets sent only when typed, the JSON checks, the payment and SMTP rules, the
// password-login confirmation, the log clean with its count, the model-ratio reset, the group
// panel; light, dark, English, 390 px, axe in both themes, no page or console error.
import type { Locator, Page } from 'playwright-core';
import { Caller, newAdmin } from '../support/http';
import { expectAccessible, expectNoHorizontalOverflow, openPage, screenshot, startConsole, waitForPage, watchToasts, type ConsoleHarness } from './support';

const TABS = [
  { tab: 'operation', zh: '额度设置', en: 'Quota' },
  { tab: 'system', zh: '配置 SMTP', en: 'SMTP' },
  { tab: 'other', zh: '个性化设置', en: 'Personalization' },
  { tab: 'group', zh: '分组倍率', en: 'Group ratios' },
] as const;

interface Put {
  key: string;
  value: string;
}

describe('operator settings tabs', () => {
  let h: ConsoleHarness;
  let admin: Caller;

  beforeAll(async () => {
    h = await startConsole();
    admin = (await newAdmin(h.url, h.root)).caller;
  });
  afterAll(async () => {
    await h.close();
  });

  async function options(): Promise<Record<string, string>> {
    const res = await h.root.get('/api/option/').expect(200);
    return Object.fromEntries((res.body.data as Put[]).map((r) => [r.key, r.value]));
  }

  /** Polls the stored options until `check` holds (a save answers before its toast fades). */
  async function until(check: (o: Record<string, string>) => boolean, what: string): Promise<Record<string, string>> {
    for (let i = 0; i < 50; i += 1) {
      const o = await options();
      if (check(o)) return o;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`options never reached: ${what}`);
  }

  function recordPuts(page: Page): Put[] {
    const puts: Put[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && new URL(r.url()).pathname === '/api/option/') puts.push(JSON.parse(r.postData() ?? '{}') as Put);
    });
    return puts;
  }

  /** Polls until `check` holds. */
  async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
    for (let i = 0; i < 50; i += 1) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`never happened: ${what}`);
  }

  /**
   * Waits for a toast with this text that was not on the page before `act` (`watchToasts` counts
   * every card that comes up; counting the cards on screen failed when an earlier toast faded out
   * while the new one came up).
   */
  async function toastAfter(page: Page, text: string, act: () => Promise<void>): Promise<void> {
    const count = await watchToasts(page, text);
    const before = await count();
    await act();
    await eventually(async () => (await count()) > before, `toast "${text}"`);
  }

  const section = (page: Page, name: string): Locator => page.getByRole('form', { name, exact: true });

  it.each(TABS)('$tab: light, dark in English and 390 px, axe in both themes', async ({ tab, zh, en }) => {
    const light = await openPage(h, `/setting?tab=${tab}`, { as: h.root });
    await light.page.getByRole('heading', { name: zh, exact: true }).waitFor();
    await light.page.getByText('刷新成功').first().waitFor();
    await screenshot(light.page, `options-${tab}-light`);
    await expectAccessible(light.page, `${tab} light`);
    expect(light.errors).toEqual([]);
    await light.close();

    const dark = await openPage(h, `/setting?tab=${tab}`, { as: h.root, theme: 'dark', locale: 'en' });
    await dark.page.getByRole('heading', { name: en, exact: true }).waitFor();
    await dark.page.getByText('Refresh succeeded').first().waitFor();
    await screenshot(dark.page, `options-${tab}-dark-en`);
    await expectAccessible(dark.page, `${tab} dark`);
    expect(dark.errors).toEqual([]);
    await dark.close();

    const narrow = await openPage(h, `/setting?tab=${tab}`, { as: h.root, width: 390 });
    await narrow.page.getByRole('heading', { name: zh, exact: true }).waitFor();
    await narrow.page.getByText('刷新成功').first().waitFor();
    await expectNoHorizontalOverflow(narrow.page);
    await screenshot(narrow.page, `options-${tab}-390`);
    expect(narrow.errors).toEqual([]);
    await narrow.close();
  });

  it('system tab: server address, payment rule and JSON check, SMTP 465 and its secret, password-login confirmation', async () => {
    const { page, errors, close } = await openPage(h, '/setting?tab=system', { as: h.root });
    const puts = recordPuts(page);
    await page.getByText('刷新成功').first().waitFor();

    // Payment before any server address: refused in the browser, nothing sent.
    const payment = section(page, '支付设置');
    await payment.getByLabel('充值价格（x 元/美金）').fill('8');
    await toastAfter(page, '请先填写服务器地址', () => payment.getByRole('button', { name: '保存' }).click());
    // An invalid top-up group ratio: flagged on blur, and the save sends nothing.
    const ratio = payment.getByLabel('充值分组倍率');
    expect(await ratio.inputValue()).toBe(JSON.stringify({ default: 1, vip: 1, svip: 1 }, null, 2)); // pretty-printed on load
    await ratio.fill('{"default": 1,');
    await ratio.blur();
    await payment.getByText('充值分组倍率不是合法的 JSON 字符串').waitFor();
    await toastAfter(page, '请检查输入', () => payment.getByRole('button', { name: '保存' }).click());
    await ratio.fill('{"default": 1, "vip": 0.9}');
    expect(puts).toEqual([]);

    // The server address, trailing slash removed; the empty worker key is not sent.
    const server = section(page, '通用设置');
    await server.getByLabel('服务器地址', { exact: true }).fill('https://gw.example.com/');
    await toastAfter(page, '保存成功', () => server.getByRole('button', { name: '保存' }).click());
    await until((o) => o.ServerAddress === 'https://gw.example.com', 'ServerAddress');
    expect(puts).toEqual([{ key: 'ServerAddress', value: 'https://gw.example.com' }]);
    // Saved again unchanged: the info toast and no call.
    await toastAfter(page, '你似乎并没有修改什么', () => server.getByRole('button', { name: '保存' }).click());
    expect(puts).toHaveLength(1);
    // The callback hints follow the stored address.
    await page.getByText('Authorization callback URL 填 https://gw.example.com/oauth/github', { exact: false }).waitFor();
    await page.getByText('回调地址填 https://gw.example.com/oauth/linuxdo').waitFor();

    // Payment now saves: only the two changed keys (the typed values survived the reload), no empty key.
    await toastAfter(page, '保存成功', () => payment.getByRole('button', { name: '保存' }).click());
    const paid = await until((o) => o.Price === '8', 'Price');
    expect(JSON.parse(paid.TopupGroupRatio ?? '')).toEqual({ default: 1, vip: 0.9 });
    expect(puts.slice(1).map((p) => p.key).sort()).toEqual(['Price', 'TopupGroupRatio']);

    // SMTP: 465 forces SSL; the token is sent only once typed, then the field is empty again.
    const smtp = section(page, '配置 SMTP');
    await smtp.getByLabel('SMTP 服务器地址').fill('smtp.example.com');
    await smtp.getByLabel('SMTP 端口').fill('465');
    const ssl = smtp.getByRole('switch', { name: '启用 SMTP SSL' });
    await smtp.locator('[role="switch"][aria-checked="true"][disabled]').waitFor();
    expect(await ssl.getAttribute('aria-checked')).toBe('true');
    expect(await ssl.isDisabled()).toBe(true);
    await toastAfter(page, '保存成功', () => smtp.getByRole('button', { name: '保存' }).click());
    await until((o) => o.SMTPPort === '465' && o.SMTPSSLEnabled === 'true' && o.SMTPServer === 'smtp.example.com', 'SMTP');
    expect(puts.some((p) => p.key === 'SMTPToken')).toBe(false);
    const token = smtp.getByLabel('SMTP 访问凭证');
    await token.fill('smtp-secret-1');
    const sent = puts.length;
    await toastAfter(page, '保存成功', () => smtp.getByRole('button', { name: '保存' }).click());
    expect(puts.slice(sent)).toEqual([{ key: 'SMTPToken', value: 'smtp-secret-1' }]);
    await eventually(async () => (await token.inputValue()) === '', 'the token field emptied after the save');
    expect((await options()).SMTPToken).toBeUndefined(); // never shown by the server

    // Turning password login off asks first; cancel sends nothing, confirming saves it.
    const login = section(page, '配置登录注册');
    await login.getByRole('switch', { name: '允许通过密码进行登录' }).click();
    const before = puts.length;
    await login.getByRole('button', { name: '保存' }).click();
    const dialog = page.getByRole('dialog', { name: '确定要关闭密码登录吗？' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(puts.length).toBe(before);
    expect((await options()).PasswordLoginEnabled).toBe('true');
    await login.getByRole('button', { name: '保存' }).click();
    await dialog.getByRole('button', { name: '确定关闭' }).click();
    await until((o) => o.PasswordLoginEnabled === 'false', 'PasswordLoginEnabled off');
    expect(puts.slice(before)).toEqual([{ key: 'PasswordLoginEnabled', value: 'false' }]);
    await h.root.put('/api/option/', { key: 'PasswordLoginEnabled', value: 'true' }).expect(200);

    expect(errors).toEqual([]);
    await close();
  });

  it('operation tab as an admin: a partial failure, quota, drawing, words, dashboard, monitoring, ratios JSON, logs and their clean-up', async () => {
    // A log to clean: the admin's check-in reward.
    await admin.post('/api/user/sign-in').expect(200);
    const { page, errors, close } = await openPage(h, '/setting?tab=operation', { as: admin });
    const puts = recordPuts(page);
    await page.getByText('刷新成功').first().waitFor();

    // The top-up link is root's: the chat link is saved, the top-up link refused and kept as typed.
    const general = section(page, '通用设置');
    await general.getByLabel('充值链接').fill('https://pay.example.com');
    await general.getByLabel('聊天页面链接').fill('https://chat.example.com');
    await toastAfter(page, '部分保存失败，请重试', () => general.getByRole('button', { name: '保存' }).click());
    await page.getByText('只有超级管理员可以修改此配置').first().waitFor();
    const afterPartial = await until((o) => o.ChatLink === 'https://chat.example.com', 'ChatLink');
    expect(afterPartial.TopUpLink).toBe('');
    // Reloaded after the save, without a second "refresh succeeded" (issue 27, 13: the save said its own).
    await page.waitForLoadState('networkidle');
    expect(await page.locator('[data-tone]').filter({ hasText: '刷新成功' }).count()).toBeLessThanOrEqual(1);
    expect(await general.getByLabel('充值链接').inputValue()).toBe('https://pay.example.com');
    expect(await general.getByLabel('聊天页面链接').inputValue()).toBe('https://chat.example.com');

    // Several sections on the same page, each saving only its own changes.
    const quota = section(page, '额度设置');
    await quota.getByLabel('新用户初始额度').fill('1234');
    await quota.getByRole('button', { name: '保存' }).click();
    await until((o) => o.QuotaForNewUser === '1234', 'QuotaForNewUser');

    const drawing = section(page, '绘图设置');
    await drawing.getByRole('switch', { name: '开启之后会清除用户提示词中的 --fast、--relax 以及 --turbo 参数' }).click();
    await drawing.getByRole('button', { name: '保存' }).click();
    await until((o) => o.MjModeClearEnabled === 'true', 'MjModeClearEnabled');

    const words = section(page, '屏蔽词过滤设置');
    await words.getByLabel('屏蔽词列表').fill('foo\nbar');
    await words.getByRole('switch', { name: '启用屏蔽词过滤功能' }).click();
    await words.getByRole('button', { name: '保存' }).click();
    await until((o) => o.SensitiveWords === 'foo\nbar' && o.CheckSensitiveEnabled === 'true', 'sensitive words');

    const dashboard = section(page, '数据看板设置');
    await dashboard.getByLabel('数据看板更新间隔（分钟）').fill('10');
    await dashboard.getByRole('combobox', { name: '数据看板默认时间粒度' }).click();
    await page.getByRole('option', { name: '天' }).click();
    await dashboard.getByRole('button', { name: '保存' }).click();
    await until((o) => o.DataExportInterval === '10' && o.DataExportDefaultTime === 'day', 'dashboard');
    await waitForPage(page, "localStorage.getItem('data_export_default_time') === 'day'");
    // The interval is at least one minute: 0 is refused in the browser.
    await dashboard.getByLabel('数据看板更新间隔（分钟）').fill('0');
    await dashboard.getByLabel('数据看板更新间隔（分钟）').blur();
    expect(await dashboard.getByLabel('数据看板更新间隔（分钟）').inputValue()).toBe('1');

    const monitoring = section(page, '监控设置');
    await monitoring.getByRole('switch', { name: '在导航中显示监控页面' }).click();
    await monitoring.getByLabel('监控页面链接').fill('https://status.example.com/');
    await monitoring.getByRole('button', { name: '保存' }).click();
    await until((o) => o.MonitorLinkEnabled === 'true' && o.MonitorLink === 'https://status.example.com', 'monitoring');

    // Ratios: pretty-printed on load, checked on blur, nothing sent while invalid.
    const ratios = section(page, '倍率设置');
    expect(await ratios.getByLabel('模型倍率').inputValue()).toMatch(/^\{\n {2}"/);
    const completion = ratios.getByLabel('补全倍率');
    await completion.fill('{"my-model": ');
    await completion.blur();
    await ratios.getByText('不是合法的 JSON 字符串').waitFor();
    const sent = puts.length;
    await toastAfter(page, '请检查输入', () => ratios.getByRole('button', { name: '保存' }).click());
    expect(puts.length).toBe(sent);
    await completion.fill('{"my-model": 2}');
    await ratios.getByRole('button', { name: '保存' }).click();
    const saved = await until((o) => o.CompletionRatio === '{"my-model": 2}', 'CompletionRatio');
    expect(puts.slice(sent)).toEqual([{ key: 'CompletionRatio', value: '{"my-model": 2}' }]);
    expect(saved.ModelRatio).toBe((await options()).ModelRatio);

    // Logs: consumption logging off; the clean-up needs a date (default one month ago) and reports its count.
    const logs = section(page, '日志设置');
    await logs.getByRole('switch', { name: '启用额度消费日志记录' }).click();
    await logs.getByRole('button', { name: '保存' }).click();
    await until((o) => o.LogConsumeEnabled === 'false', 'LogConsumeEnabled');
    const picker = page.getByLabel('清理此时间之前的日志', { exact: true });
    const monthAgo = new Date();
    monthAgo.setMonth(monthAgo.getMonth() - 1);
    expect(await picker.inputValue()).toContain(monthAgo.toISOString().slice(0, 10));
    await picker.fill('');
    await toastAfter(page, '请选择日志记录时间', () => page.getByRole('button', { name: '清理历史日志' }).click());
    const total = Number((await h.root.get('/api/log/?p=0').expect(200)).body.data.total);
    expect(total).toBeGreaterThan(0);
    await picker.fill('2099-01-01T00:00');
    await page.getByRole('button', { name: '清理历史日志' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await page.getByText(`${total} 条日志已清理！`, { exact: true }).waitFor();
    expect(Number((await h.root.get('/api/log/?p=0').expect(200)).body.data.total)).toBe(0);

    // The one refused PUT (the top-up link) is the browser's own resource notice; nothing else.
    expect(errors).toEqual(['console: Failed to load resource: the server responded with a status of 403 (Forbidden)']);
    await close();
  });

  it('group panel, model-ratio reset and personalization as root, in dark and English', async () => {
    await h.root.put('/api/option/', { key: 'ModelRatio', value: '{"only-model": 3}' }).expect(200);
    const { page, errors, close } = await openPage(h, '/setting?tab=group', { as: h.root, theme: 'dark', locale: 'en' });
    await page.getByText('Refresh succeeded').first().waitFor();

    // Display names: the row without a name is dropped.
    const names = page.getByRole('region', { name: 'Group display names' });
    await names.getByRole('button', { name: 'Add row' }).click();
    await names.getByLabel('Group 1').fill('vip');
    await names.getByLabel('Display name 1').fill('VIP members');
    await names.getByRole('button', { name: 'Add row' }).click();
    await names.getByLabel('Group 2').fill('svip');
    await toastAfter(page, 'Group display names updated', () => names.getByRole('button', { name: 'Set group display names' }).click());
    const named = await until((o) => o.GroupDisplayNames !== '{}', 'GroupDisplayNames');
    expect(JSON.parse(named.GroupDisplayNames ?? '')).toEqual({ vip: 'VIP members' });
    await names.getByLabel('Group 2').waitFor({ state: 'detached' });

    // Ratios: edited as decimals, the row without a ratio dropped; the display names stay as saved.
    const ratios = page.getByRole('region', { name: 'Group ratios' });
    expect(await ratios.getByLabel('Group 2').inputValue()).toBe('vip');
    await ratios.getByLabel('Ratio 2').fill('0.8');
    await ratios.getByRole('button', { name: 'Add row' }).click();
    await ratios.getByLabel('Group 4').fill('pro');
    await toastAfter(page, 'Group ratios updated', () => ratios.getByRole('button', { name: 'Set group ratios' }).click());
    const rated = await until((o) => JSON.parse(o.GroupRatio ?? '{}').vip === 0.8, 'GroupRatio');
    expect(JSON.parse(rated.GroupRatio ?? '')).toEqual({ default: 1, vip: 0.8, svip: 1 });
    expect(JSON.parse(rated.GroupDisplayNames ?? '')).toEqual({ vip: 'VIP members' });

    // Hidden groups: empty entries dropped; then unchanged: nothing is sent.
    const hidden = page.getByRole('region', { name: 'Hidden groups' });
    await hidden.getByRole('button', { name: 'Add row' }).click();
    await hidden.getByLabel('Group 1').fill('svip');
    await hidden.getByRole('button', { name: 'Add row' }).click();
    await toastAfter(page, 'Hidden groups updated', () => hidden.getByRole('button', { name: 'Set hidden groups' }).click());
    const hid = await until((o) => o.HiddenGroups !== '[]', 'HiddenGroups');
    expect(JSON.parse(hid.HiddenGroups ?? '')).toEqual(['svip']);
    await toastAfter(page, "You don't seem to have changed anything", () => hidden.getByRole('button', { name: 'Set hidden groups' }).click());
    // The groups a user may pick follow: svip is hidden, vip shows its display name.
    const usable = (await h.root.get('/api/user/self/groups').expect(200)).body.data as Record<string, unknown>;
    expect(Object.keys(usable)).not.toContain('svip');

    // Model ratio reset: confirmed, then the defaults are back in the editor and the store.
    await page.getByRole('tab', { name: 'Operation' }).click();
    const ratioForm = section(page, 'Ratios');
    await ratioForm.getByLabel('Model ratio').waitFor();
    expect(await ratioForm.getByLabel('Model ratio').inputValue()).toBe('{\n  "only-model": 3\n}');
    await ratioForm.getByRole('button', { name: 'Reset model ratios' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset model ratios?' });
    await dialog.getByText('This change is irreversible.').waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByText('Model ratios reset', { exact: true }).first().waitFor();
    await until((o) => (o.ModelRatio ?? '').includes('gpt-4o'), 'ModelRatio reset');
    await eventually(async () => (await ratioForm.getByLabel('Model ratio').inputValue()).includes('gpt-4o'), 'the reset ratios in the editor');

    // Personalization: the system name reaches the shell through the refreshed status.
    await page.getByRole('tab', { name: 'Other' }).click();
    const look = section(page, 'Personalization');
    await look.getByLabel('System name').fill('Sluice Test');
    await look.getByLabel('Notice').fill('**Maintenance** tonight');
    await toastAfter(page, 'Save succeeded', () => look.getByRole('button', { name: 'Save' }).click());
    await until((o) => o.SystemName === 'Sluice Test' && o.Notice === '**Maintenance** tonight', 'personalization');
    await page.getByRole('link', { name: 'Sluice Test' }).first().waitFor();

    expect(errors).toEqual([]);
    await close();
  });
});
