// Browser tests of /redemption (issue 14 item 4): create with presets and count (codes shown
// once), disable, enable, edit, delete, copy selected, removal of invalid codes, the role rule;
// every effect checked through the API; light, dark, English, 390 px, axe, no console error.
import type { Page } from 'playwright-core';
import { Caller, newUser } from '../support/http';
import { expectAccessible, expectNoHorizontalOverflow, openPage, screenshot, startConsole, type ConsoleHarness } from './support';

interface Code {
  id: number;
  name: string;
  status: number;
  quota: number;
  used_user_id: number;
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('console: redemption codes', () => {
  let h: ConsoleHarness;
  let user: Caller;
  let unusedCode = '';

  const codes = async (): Promise<Code[]> => (await h.root.get('/api/redemption/?p=0&page_size=100')).body.data.items as Code[];
  const named = async (name: string): Promise<Code[]> => (await codes()).filter((c) => c.name === name);
  const row = (page: Page, text: string) => page.getByRole('table', { name: '兑换码列表' }).getByRole('row').filter({ hasText: text });

  async function seed(name: string, count = 1, quota = 100000): Promise<string[]> {
    const res = await h.root.post('/api/redemption/', { name, quota, count });
    expect(res.body).toMatchObject({ success: true });
    return res.body.data as string[];
  }

  async function confirmDialog(page: Page): Promise<void> {
    await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  }

  beforeAll(async () => {
    h = await startConsole();
    user = (await newUser(h.url)).caller;
    unusedCode = (await seed('seed-unused'))[0] ?? '';
    const [used] = await seed('seed-used');
    expect((await user.post('/api/user/topup', { key: used })).body).toMatchObject({ success: true });
  });
  afterAll(async () => h.close());

  it('creates codes with a quota preset and a count, shows them once, and refuses an empty name', async () => {
    const { page, errors, close } = await openPage(h, '/redemption', { as: h.root });
    await row(page, 'seed-unused').waitFor();
    const before = (await codes()).length;
    await page.getByRole('button', { name: '添加兑换码' }).click();
    const dialog = page.getByRole('dialog', { name: '创建新的兑换码' });
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.getByText('请输入名称').first().waitFor();
    expect((await codes()).length).toBe(before);

    await dialog.getByRole('textbox', { name: /名称/ }).fill('promo');
    await dialog.getByRole('button', { name: '$10', exact: true }).click();
    const count = dialog.getByRole('spinbutton', { name: /生成数量/ });
    await count.fill('3');
    await dialog.getByRole('button', { name: '保存' }).click();

    const shown = page.getByRole('dialog', { name: '已生成 3 个兑换码' });
    await shown.waitFor();
    const text = await shown.getByRole('textbox', { name: '生成的兑换码' }).inputValue();
    const generated = text.split('\n');
    expect(generated).toHaveLength(3);
    for (const c of generated) expect(c).toMatch(/^[0-9a-f]{32}$/);
    const promo = await named('promo');
    expect(promo).toHaveLength(3);
    expect(promo.every((c) => c.quota === 5_000_000 && c.status === 1)).toBe(true);
    // A generated code really redeems.
    expect((await user.post('/api/user/topup', { key: generated[0] })).body).toMatchObject({ success: true, data: 5_000_000 });
    await shown.getByRole('button', { name: '关闭' }).first().click();
    await row(page, 'promo').first().waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('disables, enables, edits and deletes a code; a used code offers neither toggle nor edit', async () => {
    const [target] = await seed('toggle-me');
    expect(target).toBeDefined();
    const { page, errors, close } = await openPage(h, '/redemption', { as: h.root });
    const r = row(page, 'toggle-me');
    await r.waitFor();
    await r.getByRole('button', { name: '禁用' }).click();
    expect(await until(async () => (await named('toggle-me'))[0]?.status, (s) => s === 2)).toBe(2);
    await r.getByRole('button', { name: '启用' }).click();
    expect(await until(async () => (await named('toggle-me'))[0]?.status, (s) => s === 1)).toBe(1);

    const used = row(page, 'seed-used');
    await used.getByText('已使用').waitFor();
    expect(await used.getByRole('button', { name: '启用' }).count()).toBe(0);
    expect(await used.getByRole('button', { name: '禁用' }).count()).toBe(0);
    expect(await used.getByRole('button', { name: '编辑' }).count()).toBe(0);

    await r.getByRole('button', { name: '编辑' }).click();
    const dialog = page.getByRole('dialog', { name: '更新兑换码信息' });
    await dialog.getByRole('textbox', { name: /名称/ }).fill('edited-code');
    await dialog.getByRole('button', { name: '$1', exact: true }).click();
    await dialog.getByRole('button', { name: '保存' }).click();
    await row(page, 'edited-code').waitFor();
    const edited = await until(() => named('edited-code'), (l) => l.length === 1);
    expect(edited[0]).toMatchObject({ quota: 500_000, status: 1 });

    await row(page, 'edited-code').getByRole('button', { name: '删除' }).click();
    await confirmDialog(page);
    expect(await until(async () => (await named('edited-code')).length, (n) => n === 0)).toBe(0);
    await row(page, 'edited-code').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await close();
  });

  it('searches by name, copies the selection, and removes invalid (used) codes', async () => {
    const { page, context, errors, close } = await openPage(h, '/redemption', { as: h.root });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.url });
    await page.getByRole('searchbox', { name: '搜索兑换码的 ID 和名称' }).or(page.getByRole('textbox', { name: '搜索兑换码的 ID 和名称' })).fill('seed');
    await page.getByRole('button', { name: '查询' }).click();
    await row(page, 'seed-unused').waitFor();
    await row(page, 'promo').first().waitFor({ state: 'detached' });

    await page.getByRole('button', { name: '复制所选兑换码' }).click();
    await page.getByText('请至少选择一个兑换码！').first().waitFor();
    await row(page, 'seed-unused').getByRole('checkbox').check();
    await page.getByRole('button', { name: '复制所选兑换码' }).click();
    await page.getByText('已复制到剪贴板').first().waitFor();
    // The whole code, not the list's masked text.
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(`seed-unused    ${unusedCode}`);
    expect(unusedCode).toMatch(/^[0-9a-f]{32}$/);

    // The row's Copy copies the whole code too.
    await page.evaluate("navigator.clipboard.writeText('')");
    await row(page, 'seed-unused').getByRole('button', { name: '复制', exact: true }).click();
    await page.getByText('已复制到剪贴板').first().waitFor();
    // The copy asks the server for the whole code first: an earlier copy's toast may still be up, so wait for the clipboard itself.
    let copied = '';
    for (let i = 0; i < 50 && copied !== unusedCode; i += 1) {
      copied = await page.evaluate<string>('navigator.clipboard.readText()');
      if (copied !== unusedCode) await page.waitForTimeout(100);
    }
    expect(copied).toBe(unusedCode);

    const usedBefore = (await codes()).filter((c) => c.status === 3).length;
    expect(usedBefore).toBeGreaterThanOrEqual(2);
    await page.getByRole('button', { name: '清除失效兑换码' }).click();
    await confirmDialog(page);
    await page.getByText(`已删除 ${usedBefore} 个失效兑换码`).first().waitFor();
    expect((await codes()).filter((c) => c.status === 3)).toHaveLength(0);
    await row(page, 'seed-used').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await close();
  });

  it('is an admin screen: a regular user gets the not-found page and the API refuses', async () => {
    const { page, errors, close } = await openPage(h, '/redemption', { as: user });
    await page.getByText('页面不存在').first().waitFor();
    expect(await page.getByRole('table', { name: '兑换码列表' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
    const res = await user.get('/api/redemption/?p=0');
    expect(res.body.success).toBe(false);
  });

  it('looks right in light, dark, English and at 390 px', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const o = await openPage(h, '/redemption', { as: h.root, theme });
      await row(o.page, 'seed-unused').waitFor();
      await expectAccessible(o.page, `redemption ${theme}`);
      await screenshot(o.page, `redemption-${theme}`);
      await o.page.getByRole('button', { name: '添加兑换码' }).click();
      await o.page.getByRole('dialog', { name: '创建新的兑换码' }).waitFor();
      await expectAccessible(o.page, `redemption form ${theme}`);
      await screenshot(o.page, `redemption-form-${theme}`);
      expect(o.errors).toEqual([]);
      await o.close();
    }
    const en = await openPage(h, '/redemption', { as: h.root, locale: 'en' });
    await en.page.getByRole('table', { name: 'Redemption codes' }).getByText('Unused').first().waitFor();
    await en.page.getByRole('button', { name: 'Add code' }).waitFor();
    expect(en.errors).toEqual([]);
    await en.close();
    const narrow = await openPage(h, '/redemption', { as: h.root, width: 390 });
    await row(narrow.page, 'seed-unused').waitFor();
    await expectNoHorizontalOverflow(narrow.page);
    await expectAccessible(narrow.page, 'redemption 390');
    await screenshot(narrow.page, 'redemption-390');
    expect(narrow.errors).toEqual([]);
    await narrow.close();
  });
});
