// Browser tests of /audit (issue 25 part 5): the admin's audit-log screen over rows written by real
// actions (sign-ins, a failed one, quota and status changes, an option change); filters by action
// and outcome, paging, the role rule (a regular user gets the not-found page); light, dark,
// English, 390 px, axe, no console error.
import request from 'supertest';
import { Caller, newUser } from '../support/http';
import { expectAccessible, expectNoHorizontalOverflow, openPage, screenshot, startConsole, type ConsoleHarness } from './support';

describe('console: audit log', () => {
  let h: ConsoleHarness;
  let user: { caller: Caller; username: string };

  beforeAll(async () => {
    h = await startConsole();
    user = await newUser(h.url);
    await request(h.url).post('/api/user/login').send({ username: 'root', password: 'wrong-password' }).expect(401);
    for (let i = 0; i < 20; i++) await h.root.post('/api/user/manage', { id: user.caller.userId, action: 'add_quota', value: 100 + i }).expect(200);
    await h.root.post('/api/user/manage', { id: user.caller.userId, action: 'disable' }).expect(200);
    await h.root.post('/api/user/manage', { id: user.caller.userId, action: 'enable' }).expect(200);
    await h.root.put('/api/option/', { key: 'Price', value: '7.4' }).expect(200);
  });
  afterAll(async () => h?.close());

  const table = (page: import('playwright-core').Page, name = '审计日志') => page.getByRole('table', { name });

  it('lists the rows newest first, filters by action and outcome, and pages', async () => {
    const { page, errors, close } = await openPage(h, '/audit', { as: h.root });
    await table(page).getByRole('row').filter({ hasText: '修改设置' }).first().waitFor();
    // Newest first: the option change is the first data row.
    await expect(table(page).getByRole('row').nth(1).textContent()).resolves.toContain('修改设置');
    expect(await table(page).getByRole('row').filter({ hasText: 'keys: Price; payment: true' }).count()).toBe(1);
    // Status changes only.
    await page.getByRole('combobox', { name: '操作' }).click();
    await page.getByRole('option', { name: '状态变更' }).click();
    await page.getByRole('button', { name: '查询' }).click();
    // The old rows leave when the new query starts loading (the table is empty in between), so the
    // filtered rows are waited for after that, not counted at once.
    await table(page).getByRole('row').filter({ hasText: '额度变更' }).first().waitFor({ state: 'detached' });
    const statusRows = table(page).getByRole('row').filter({ hasText: '状态变更' });
    await statusRows.nth(1).waitFor();
    expect(await statusRows.count()).toBe(2);
    expect(await table(page).getByRole('row').filter({ hasText: `user ${user.caller.userId}` }).count()).toBe(2);
    // Failures only: root's failed sign-in.
    await page.getByRole('button', { name: '重置' }).click();
    await page.getByRole('combobox', { name: '结果' }).click();
    await page.getByRole('option', { name: '失败' }).click();
    await page.getByRole('button', { name: '查询' }).click();
    await table(page).getByRole('row').filter({ hasText: '修改设置' }).first().waitFor({ state: 'detached' });
    // No sign-in is among the newest 20 rows, so a sign-in row means the failures' page is in.
    const failed = table(page).getByRole('row').filter({ hasText: '登录' });
    await failed.first().waitFor();
    expect(await failed.count()).toBe(1);
    await expect(failed.textContent()).resolves.toContain('method: password');
    // Paging: 20 rows a page, more than 20 rows in all.
    await page.getByRole('button', { name: '重置' }).click();
    await table(page).getByRole('row').filter({ hasText: '修改设置' }).first().waitFor();
    expect(await table(page).getByRole('row').count()).toBe(21);
    await page.getByRole('button', { name: /下一页|2/ }).first().click();
    await table(page).getByRole('row').filter({ hasText: '修改设置' }).first().waitFor({ state: 'detached' });
    // The oldest rows, the sign-ins among them, are on page 2.
    await table(page).getByRole('row').filter({ hasText: '登录' }).first().waitFor();
    expect(await table(page).getByRole('row').count()).toBeGreaterThan(1);
    await expectAccessible(page, '/audit light');
    await screenshot(page, 'audit-light');
    expect(errors).toEqual([]);
    await close();
  });

  it('looks right in dark, English and at 390 px', async () => {
    const dark = await openPage(h, '/audit', { as: h.root, theme: 'dark' });
    await table(dark.page).getByRole('row').filter({ hasText: '修改设置' }).first().waitFor();
    await expectAccessible(dark.page, '/audit dark');
    await screenshot(dark.page, 'audit-dark');
    expect(dark.errors).toEqual([]);
    await dark.close();

    const en = await openPage(h, '/audit', { as: h.root, locale: 'en' });
    await table(en.page, 'Audit log').getByRole('row').filter({ hasText: 'Settings change' }).first().waitFor();
    await en.page.getByRole('combobox', { name: 'Outcome' }).waitFor();
    await screenshot(en.page, 'audit-en');
    expect(en.errors).toEqual([]);
    await en.close();

    const narrow = await openPage(h, '/audit', { as: h.root, width: 390 });
    await table(narrow.page).getByRole('row').filter({ hasText: '修改设置' }).first().waitFor();
    await expectNoHorizontalOverflow(narrow.page);
    await expectAccessible(narrow.page, '/audit 390');
    await screenshot(narrow.page, 'audit-390');
    expect(narrow.errors).toEqual([]);
    await narrow.close();
  });

  it('is not there for a regular user', async () => {
    const { page, errors, close } = await openPage(h, '/audit', { as: user.caller });
    await page.getByRole('heading', { name: '页面不存在' }).waitFor();
    expect(await page.getByRole('table', { name: '审计日志' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: '审计日志' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});
