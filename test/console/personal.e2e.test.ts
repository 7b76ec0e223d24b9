// The settings page frame and its personal tab in a real browser: every card with seeded data,
// password change, access token, e-mail binding through the SMTP fake, referral transfer,
// self-deletion, the role rules, the project tab, themes, English, 390 px and axe.
import request from 'supertest';
import { SmtpListener, smtpOptions } from '../support/fakes/smtp';
import { Caller, newAdmin, newUser, uniqueName } from '../support/http';
import { expectAccessible, expectNoHorizontalOverflow, openPage, screenshot, startConsole, waitForPage, type ConsoleHarness } from './support';

describe('settings page: personal tab and frame', () => {
  let h: ConsoleHarness;
  const smtp = new SmtpListener();
  let user: { caller: Caller; username: string; password: string };

  beforeAll(async () => {
    await smtp.start();
    h = await startConsole();
    for (const [key, value] of [...smtpOptions(smtp), ['QuotaForInviter', '1000000'], ['GitHubOAuthEnabled', 'true'], ['GitHubClientId', 'gh-client-1'], ['GitHubClientSecret', 'gh-secret-1']]) {
      const res = await h.root.put('/api/option/', { key, value });
      expect(res.body.success).toBe(true);
    }
    user = await newUser(h.url);
    // Quota and usage to show: 2.5 units added by root.
    await h.root.post('/api/user/manage', { id: user.caller.userId, action: 'add_quota', value: 1_250_000 }).expect(200);
  });
  afterAll(async () => {
    await h.close();
    await smtp.stop();
  });

  it('shows a regular user the personal tab alone, in light, dark, English and at 390 px', async () => {
    const light = await openPage(h, '/setting?tab=operation', { as: user.caller });
    const { page } = light;
    await page.getByRole('heading', { name: '个人设置' }).waitFor();
    expect(await page.getByRole('tablist').count()).toBe(0);
    expect(await page.getByTestId('role-label').textContent()).toBe('普通用户');
    expect(await page.getByTestId('stat-quota').textContent()).toContain('$2.50');
    await page.getByText(`@${user.username}`).waitFor();
    await page.getByRole('heading', { name: '修改密码' }).waitFor();
    await page.getByRole('heading', { name: '系统访问令牌' }).waitFor();
    await page.getByRole('heading', { name: '邀请奖励' }).waitFor();
    await page.getByRole('heading', { name: '账号绑定' }).waitFor();
    await page.getByRole('heading', { name: '危险操作' }).waitFor();
    // The GitHub flag is on, the others off.
    await page.getByTestId('binding-github').waitFor();
    expect(await page.getByTestId('binding-wechat').count()).toBe(0);
    // The link fills in when the affiliate code's call answers (a placeholder says so until then).
    await waitForPage(page, `(document.querySelector('[data-testid="aff-link"]')?.value ?? '').includes('/register?aff=')`);
    expect(await page.getByTestId('aff-link').inputValue()).toMatch(/\/register\?aff=\w+$/);
    await screenshot(page, 'personal-light');
    await expectAccessible(page, 'personal light');
    expect(light.errors).toEqual([]);
    await light.close();

    const dark = await openPage(h, '/setting', { as: user.caller, theme: 'dark', locale: 'en' });
    await dark.page.getByRole('heading', { name: 'Change password' }).waitFor();
    expect(await dark.page.getByTestId('role-label').textContent()).toBe('Regular user');
    await screenshot(dark.page, 'personal-dark-en');
    await expectAccessible(dark.page, 'personal dark');
    expect(dark.errors).toEqual([]);
    await dark.close();

    const narrow = await openPage(h, '/setting', { as: user.caller, width: 390 });
    await narrow.page.getByRole('heading', { name: '修改密码' }).waitFor();
    await expectNoHorizontalOverflow(narrow.page);
    await screenshot(narrow.page, 'personal-390');
    expect(narrow.errors).toEqual([]);
    await narrow.close();
  });

  it('shows quota as a compact count when the site does not display currency', async () => {
    const other = await newUser(h.url);
    await h.root.post('/api/user/manage', { id: other.caller.userId, action: 'add_quota', value: 2_500_000 }).expect(200);
    await h.root.put('/api/option/', { key: 'DisplayInCurrencyEnabled', value: 'false' }).expect(200);
    try {
      const { page, errors, close } = await openPage(h, '/setting', { as: other.caller });
      await page.getByTestId('stat-quota').getByText('2.5M', { exact: true }).waitFor();
      expect(await page.getByTestId('stat-used').textContent()).toContain('0');
      expect(errors).toEqual([]);
      await close();
    } finally {
      await h.root.put('/api/option/', { key: 'DisplayInCurrencyEnabled', value: 'true' }).expect(200);
    }
  });

  it('keeps /user from a regular user (the not-found page)', async () => {
    const { page, errors, close } = await openPage(h, '/user', { as: user.caller });
    await page.getByRole('heading', { name: '页面不存在' }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('changes the password only when both entries match', async () => {
    const { caller, username, password } = await newUser(h.url);
    const { page, errors, close } = await openPage(h, '/setting', { as: caller });
    const form = page.getByRole('form', { name: '修改密码' });
    await form.getByLabel(/^新密码/).fill('newpassword1');
    await form.getByLabel('确认新密码').fill('newpassword2');
    await form.getByRole('button', { name: '修改密码' }).click();
    await form.getByText('两次输入的密码不一致！').waitFor();
    // Nothing was sent: the old password still works.
    await new Caller(h.url).login(username, password);

    await form.getByLabel('确认新密码').fill('newpassword1');
    await form.getByRole('button', { name: '修改密码' }).click();
    await page.getByText('密码修改成功！', { exact: true }).waitFor();
    await new Caller(h.url).login(username, 'newpassword1');
    const old = await request(h.url).post('/api/user/login').send({ username, password });
    expect(old.body.success).toBe(false);
    expect(errors).toEqual([]);
    await close();
  });

  it('generates an access token that the management API accepts', async () => {
    const { page, errors, close, context } = await openPage(h, '/setting', { as: user.caller });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.url });
    await page.getByRole('button', { name: '生成令牌' }).click();
    await page.getByText('令牌已重置并已复制到剪贴板', { exact: true }).waitFor();
    const token = await page.getByTestId('access-token').inputValue();
    expect(token).toMatch(/^\w{32}$/);
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(token);
    const self = await request(h.url).get('/api/user/self').set('Authorization', token).set('New-Api-User', String(user.caller.userId));
    expect(self.body.data.username).toBe(user.username);
    // A reset replaces it: the first one stops working.
    await page.getByRole('button', { name: '重置令牌' }).click();
    await waitForPage(page, `document.querySelector('[data-testid="access-token"]').value !== ${JSON.stringify(token)}`);
    const stale = await request(h.url).get('/api/user/self').set('Authorization', token).set('New-Api-User', String(user.caller.userId));
    expect(stale.status).toBe(401);
    expect(errors).toEqual([]);
    await close();
  });

  it('binds an e-mail address with the mailed code', async () => {
    const { caller } = await newUser(h.url);
    const { page, errors, close } = await openPage(h, '/setting', { as: caller });
    await page.getByRole('button', { name: '绑定 邮箱地址' }).click();
    const dialog = page.getByRole('dialog', { name: '绑定邮箱地址' });
    await dialog.getByRole('button', { name: '绑定' }).click();
    await dialog.getByText('请输入邮箱！').waitFor();
    const email = `${uniqueName('b')}@example.com`;
    await dialog.getByLabel('邮箱地址').fill(email);
    await dialog.getByRole('button', { name: '绑定' }).click();
    await dialog.getByText('请输入邮箱验证码！').waitFor();
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    const mail = await smtp.next(email);
    const code = /<strong>([0-9a-f]{6})<\/strong>/.exec(mail.text)?.[1];
    expect(code).toBeDefined();
    await dialog.getByRole('button', { name: /重新发送/ }).waitFor();
    await dialog.getByLabel('验证码').fill(code as string);
    await screenshot(page, 'personal-email-dialog');
    await dialog.getByRole('button', { name: '绑定' }).click();
    await page.getByText('邮箱账户绑定成功！', { exact: true }).waitFor();
    await page.getByTestId('binding-email').getByText(email).waitFor();
    expect((await caller.get('/api/user/self')).body.data.email).toBe(email);
    expect(errors).toEqual([]);
    await close();
  });

  it('sends the browser to the GitHub authorize page with a state', async () => {
    const { page, errors, close } = await openPage(h, '/setting', { as: user.caller });
    await page.route('https://github.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>authorize</title>' }));
    await page.getByRole('button', { name: '绑定 GitHub 账户' }).click();
    await page.waitForURL(/github\.com\/login\/oauth\/authorize/);
    const url = new URL(page.url());
    expect(url.searchParams.get('client_id')).toBe('gh-client-1');
    expect(url.searchParams.get('state')).toMatch(/\w+/);
    expect(errors).toEqual([]);
    await close();
  });

  it('transfers referral quota, refusing less than one unit before sending', async () => {
    const inviter = await newUser(h.url);
    const code = (await inviter.caller.get('/api/user/aff')).body.data as string;
    await newUser(h.url, { aff_code: code });
    expect((await inviter.caller.get('/api/user/self')).body.data.aff_quota).toBe(1_000_000);
    const { page, errors, close } = await openPage(h, '/setting', { as: inviter.caller });
    expect(await page.getByTestId('aff-pending').textContent()).toContain('$2.00');
    await page.getByRole('button', { name: '划转到余额' }).click();
    const dialog = page.getByRole('dialog', { name: '划转邀请额度' });
    await dialog.getByLabel('划转额度').fill('1000');
    await dialog.getByRole('button', { name: '确认划转' }).click();
    await dialog.getByText('划转金额最低为 $1.00').waitFor();
    expect((await inviter.caller.get('/api/user/self')).body.data.aff_quota).toBe(1_000_000);
    await dialog.getByLabel('划转额度').fill('600000');
    await dialog.getByRole('button', { name: '确认划转' }).click();
    await page.getByText('划转成功', { exact: true }).waitFor();
    const after = (await inviter.caller.get('/api/user/self')).body.data;
    expect(after.aff_quota).toBe(400_000);
    expect(after.quota).toBe(600_000);
    await page.getByTestId('aff-pending').getByText('$0.80').waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('deletes the own account only after the username is typed', async () => {
    const { caller, username, password } = await newUser(h.url);
    const { page, errors, close } = await openPage(h, '/setting', { as: caller });
    await page.getByRole('button', { name: '删除个人账户' }).click();
    const dialog = page.getByRole('dialog', { name: '确认删除自己的帐户' });
    await dialog.getByLabel(/输入你的账户名/).fill(`${username}x`);
    await dialog.getByRole('button', { name: '确认删除' }).click();
    await dialog.getByText('请输入你的账户名以确认删除！').waitFor();
    await new Caller(h.url).login(username, password);
    await dialog.getByLabel(/输入你的账户名/).fill(username);
    await dialog.getByRole('button', { name: '确认删除' }).click();
    await page.waitForURL(/\/login$/);
    const res = await request(h.url).post('/api/user/login').send({ username, password });
    expect(res.body.success).toBe(false);
    expect(errors).toEqual([]);
    await close();
  });

  it('gives admins every tab, the active one in ?tab=, and the project tab with the stored version', async () => {
    const admin = await newAdmin(h.url, h.root);
    const version = (await request(h.url).get('/api/status')).body.data.version as string;
    const { page, errors, close } = await openPage(h, '/setting?tab=maxapi', { as: admin.caller });
    const tabs = page.getByRole('tablist', { name: '设置分类' });
    await tabs.waitFor();
    expect(await tabs.getByRole('tab').allTextContents()).toEqual(['个人设置', '运营设置', '系统设置', '其他设置', '分组设置', '模型配置', '关于项目']);
    expect(await page.getByRole('tab', { name: '关于项目' }).getAttribute('aria-selected')).toBe('true');
    // The version is the stored status object's: "unknown" until /api/status has answered.
    await page.getByTestId('project-version').filter({ hasText: version }).waitFor();
    expect(await page.getByTestId('project-version').textContent()).toContain(version);
    await page.getByRole('heading', { name: '2.0.1' }).waitFor();
    await page.getByRole('heading', { name: '2.0.0' }).waitFor();
    await screenshot(page, 'about-light');
    await expectAccessible(page, 'about light');
    await page.getByRole('tab', { name: '个人设置' }).click();
    await page.waitForURL(/\?tab=personal$/);
    await page.getByRole('heading', { name: '修改密码' }).waitFor();
    await page.getByRole('tab', { name: '运营设置' }).click();
    await page.waitForURL(/\?tab=operation$/);
    // The role label follows the super-admin check: an admin (role 10) is not root.
    await page.getByRole('tab', { name: '个人设置' }).click();
    expect(await page.getByTestId('role-label').textContent()).toBe('普通用户');
    expect(errors).toEqual([]);
    await close();

    const dark = await openPage(h, '/setting?tab=maxapi', { as: h.root, theme: 'dark', width: 390 });
    await dark.page.getByRole('heading', { name: '2.0.1' }).waitFor();
    await expectAccessible(dark.page, 'about dark');
    await expectNoHorizontalOverflow(dark.page);
    // The strip scrolls sideways on a phone; the active tab is brought into sight.
    const box = await dark.page.getByRole('tab', { name: '关于项目' }).boundingBox();
    expect(box !== null && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await screenshot(dark.page, 'about-dark-390');
    await dark.page.getByRole('tab', { name: '个人设置' }).click();
    expect(await dark.page.getByTestId('role-label').textContent()).toBe('管理员');
    expect(dark.errors).toEqual([]);
    await dark.close();
  });
});
