// User management (/user) in a real browser: the paged list with seeded users, keyword and group
// search, the add and edit dialogs, every row action and the quota dialog with their effect read
// back through the API, deleted users as cancelled, what an admin (not root) may do, themes,
// English, 390 px and axe.
import { Caller, newAdmin, uniqueName } from '../support/http';
import { expectAccessible, expectNoHorizontalOverflow, openPage, screenshot, startConsole, type ConsoleHarness } from './support';

interface SeededUser {
  id: number;
  username: string;
}

describe('user management', () => {
  let h: ConsoleHarness;
  const seeded: SeededUser[] = [];
  let vip: SeededUser;
  let tiny: SeededUser;

  async function create(prefix: string, group?: string): Promise<SeededUser> {
    const username = uniqueName(prefix);
    const res = await h.root.post('/api/user/', { username, password: 'password123', display_name: `${prefix} person` });
    expect(res.body.success).toBe(true);
    const found = await h.root.get(`/api/user/search?keyword=${username}`);
    const id = found.body.data.items[0].id as number;
    if (group) expect((await h.root.put('/api/user/', { id, group })).body.success).toBe(true);
    return { id, username };
  }
  const read = async (id: number) => (await h.root.get(`/api/user/${id}`)).body.data;

  beforeAll(async () => {
    h = await startConsole();
    for (let i = 0; i < 12; i++) seeded.push(await create('s'));
    vip = await create('v', 'vip');
    await h.root.post('/api/user/manage', { id: vip.id, action: 'add_quota', value: 2_500_000 }).expect(200);
    // Less than a cent: shown with six decimals instead of $0.00.
    tiny = await create('t');
    await h.root.post('/api/user/manage', { id: tiny.id, action: 'add_quota', value: 100 }).expect(200);
  });
  afterAll(async () => {
    await h.close();
  });

  it('lists users ten to a page, in light, dark, English and at 390 px', async () => {
    const { page, errors, close } = await openPage(h, '/user', { as: h.root });
    const table = page.getByRole('table', { name: '用户列表' });
    await table.getByText(vip.username, { exact: true }).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(10);
    await page.getByText('共 15 条').waitFor();
    await table.locator(`tr[data-row-key="${tiny.id}"]`).getByText('剩余 $0.000200').waitFor();
    const vipRow = table.locator(`tr[data-row-key="${vip.id}"]`);
    await vipRow.getByText('剩余 $5.00').waitFor();
    await vipRow.getByText('已激活').waitFor();
    await screenshot(page, 'users-light');
    await expectAccessible(page, 'users light');
    // 20 per page shows all 15
    await page.getByRole('combobox', { name: '每页条数' }).click();
    await page.getByRole('option', { name: '20 条/页' }).click();
    await table.locator(`tr[data-row-key="${seeded[0]?.id}"]`).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(15);
    // root (the last, id order descending) has no action but edit
    const rootRow = table.locator('tr[data-row-key="1"]');
    await rootRow.getByText('超级管理员').waitFor();
    expect(await rootRow.getByRole('button').allTextContents()).toEqual(['编辑']);
    expect(errors).toEqual([]);
    await close();

    const dark = await openPage(h, '/user', { as: h.root, theme: 'dark', locale: 'en' });
    await dark.page.getByRole('table', { name: 'Users' }).getByText(vip.username, { exact: true }).waitFor();
    await dark.page.getByRole('button', { name: 'Add user' }).waitFor();
    await screenshot(dark.page, 'users-dark-en');
    await expectAccessible(dark.page, 'users dark');
    expect(dark.errors).toEqual([]);
    await dark.close();

    const narrow = await openPage(h, '/user', { as: h.root, width: 390 });
    await narrow.page.getByText(vip.username, { exact: true }).waitFor();
    await expectNoHorizontalOverflow(narrow.page);
    await screenshot(narrow.page, 'users-390');
    expect(narrow.errors).toEqual([]);
    await narrow.close();
  });

  it('searches by keyword and by group', async () => {
    const { page, errors, close } = await openPage(h, '/user', { as: h.root });
    const table = page.getByRole('table', { name: '用户列表' });
    await table.getByText(vip.username, { exact: true }).waitFor();
    const target = seeded[3] as SeededUser;
    await page.getByRole('textbox', { name: '关键字' }).fill(target.username);
    await page.getByRole('button', { name: '查询' }).click();
    await page.getByText('共 1 条').waitFor();
    expect(await table.locator('tbody tr').count()).toBe(1);
    await table.getByText(target.username, { exact: true }).waitFor();

    await page.getByRole('textbox', { name: '关键字' }).fill('');
    await page.getByRole('combobox', { name: '分组' }).click();
    await page.getByRole('option', { name: 'vip', exact: true }).click();
    await page.getByRole('button', { name: '查询' }).click();
    await table.getByText(vip.username, { exact: true }).waitFor();
    await page.getByText('共 1 条').waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('adds a user, refusing an empty form before sending', async () => {
    const { page, errors, close } = await openPage(h, '/user', { as: h.root });
    await page.getByRole('button', { name: '添加用户' }).click();
    const dialog = page.getByRole('dialog', { name: '添加用户' });
    await dialog.getByRole('button', { name: '提交' }).click();
    await dialog.getByText('请输入用户名！').waitFor();
    await dialog.getByText('请输入密码！').waitFor();
    const username = uniqueName('a');
    await dialog.getByLabel(/^用户名/).fill(username);
    await dialog.getByLabel(/^显示名称/).fill('Added by UI');
    await dialog.getByLabel(/^密码/).fill('short');
    await dialog.getByRole('button', { name: '提交' }).click();
    await dialog.getByText('密码长度不得小于 8 位！').waitFor();
    await dialog.getByLabel(/^密码/).fill('password123');
    await screenshot(page, 'users-add-dialog');
    await dialog.getByRole('button', { name: '提交' }).click();
    await page.getByText('用户账户创建成功！', { exact: true }).waitFor();
    await page.getByRole('table').getByText(username, { exact: true }).waitFor();
    await new Caller(h.url).login(username, 'password123');
    expect(errors).toEqual([]);
    await close();
  });

  it('edits a user with the bound ids read-only, keeping a refused form as typed', async () => {
    const target = seeded[5] as SeededUser;
    const { page, errors, close } = await openPage(h, '/user', { as: h.root });
    await page.getByRole('button', { name: `编辑用户 ${target.username}` }).click();
    const dialog = page.getByRole('dialog', { name: '编辑用户' });
    expect(await dialog.getByLabel('绑定的 GitHub 账户').getAttribute('readonly')).not.toBeNull();
    expect(await dialog.getByLabel('绑定的邮箱账户').getAttribute('readonly')).not.toBeNull();
    await screenshot(page, 'users-edit-dialog');
    await expectAccessible(page, 'users edit dialog');
    // A taken username: the server refuses, the dialog keeps what was typed.
    await dialog.getByLabel(/^用户名/).fill((seeded[6] as SeededUser).username);
    await dialog.getByRole('button', { name: '提交' }).click();
    await dialog.getByRole('alert').first().waitFor();
    expect(await dialog.getByLabel(/^用户名/).inputValue()).toBe((seeded[6] as SeededUser).username);
    await dialog.getByLabel(/^用户名/).fill(target.username);
    await dialog.getByLabel(/^显示名称/).fill('Edited name');
    await dialog.getByRole('combobox', { name: '分组' }).click();
    await page.getByRole('option', { name: 'svip', exact: true }).click();
    await dialog.getByLabel(/^剩余额度/).fill('750000');
    await dialog.getByRole('button', { name: '提交' }).click();
    await page.getByText('用户信息更新成功！', { exact: true }).waitFor();
    const row = page.locator(`tr[data-row-key="${target.id}"]`);
    await row.getByText('Edited name').waitFor();
    const after = await read(target.id);
    expect({ display_name: after.display_name, group: after.group, quota: after.quota }).toEqual({ display_name: 'Edited name', group: 'svip', quota: 750000 });
    // Chromium logs the refused PUT (400) itself; that one is expected, nothing else may appear.
    expect(errors.filter((e) => !e.includes('status of 400 (Bad Request)'))).toEqual([]);
    expect(errors.length).toBeLessThanOrEqual(1);
    await close();
  });

  it('promotes, demotes, disables, enables, adjusts quota and deletes, the answer replacing the row', async () => {
    const target = seeded[8] as SeededUser;
    const { page, errors, close } = await openPage(h, '/user', { as: h.root });
    const row = page.locator(`tr[data-row-key="${target.id}"]`);
    const act = (name: string) => page.getByRole('button', { name: `${name}用户 ${target.username}` }).click();

    await act('提升');
    await row.getByText('管理员', { exact: true }).waitFor();
    expect((await read(target.id)).role).toBe(10);
    await act('降级');
    await row.getByText('普通用户', { exact: true }).waitFor();
    expect((await read(target.id)).role).toBe(1);
    await act('禁用');
    await row.getByText('已封禁').waitFor();
    expect((await read(target.id)).status).toBe(2);
    await act('启用');
    await row.getByText('已激活').waitFor();
    expect((await read(target.id)).status).toBe(1);

    await act('调整额度');
    const dialog = page.getByRole('dialog', { name: `调整 ${target.username} 的额度` });
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.getByText('请输入不为 0 的整数').waitFor();
    await dialog.getByLabel('增减额度').fill('1000000');
    await dialog.getByRole('button', { name: '确定' }).click();
    await row.getByText('剩余 $2.00').waitFor();
    expect((await read(target.id)).quota).toBe(1_000_000);
    await act('调整额度');
    await dialog.getByLabel('增减额度').fill('-250000');
    await dialog.getByText('调整后：$1.50').waitFor();
    await screenshot(page, 'users-quota-dialog');
    await dialog.getByRole('button', { name: '确定' }).click();
    await row.getByText('剩余 $1.50').waitFor();
    expect((await read(target.id)).quota).toBe(750_000);

    await act('注销');
    await page.getByRole('dialog', { name: `确定要注销用户 ${target.username} 吗？` }).getByRole('button', { name: '注销' }).click();
    await row.getByText('已注销').waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
    expect((await read(target.id)).DeletedAt).not.toBeNull();
    // Still cancelled after a reload.
    await page.reload();
    await page.locator(`tr[data-row-key="${target.id}"]`).getByText('已注销').waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('lets an admin manage regular users but neither promote nor touch other admins', async () => {
    const admin = await newAdmin(h.url, h.root);
    const other = await newAdmin(h.url, h.root);
    const target = seeded[9] as SeededUser;
    const { page, errors, close } = await openPage(h, '/user', { as: admin.caller });
    const row = page.locator(`tr[data-row-key="${target.id}"]`);
    await row.waitFor();
    expect(await row.getByRole('button').allTextContents()).toEqual(['禁用', '编辑', '调整额度', '注销']);
    expect(await page.locator(`tr[data-row-key="${other.caller.userId}"]`).getByRole('button').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});
