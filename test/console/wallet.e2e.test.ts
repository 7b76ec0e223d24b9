// Browser tests of /topup (issue 14 item 5): redeem (the balance rises, the field clears),
// online top-up off and on (amount raised to the minimum, payable from /api/user/amount, the
// confirm dialog, the form POST to the epay fake), the invite card with its transfer dialog and
// promotion image; effects checked through the API; light, dark, English, 390 px, axe.
import type { Page } from 'playwright-core';
import { FakeEpay } from '../support/fakes/epay';
import { Caller, newUser } from '../support/http';
import { expectAccessible, expectNoHorizontalOverflow, openPage, screenshot, startConsole, type ConsoleHarness } from './support';

const IMAGE_URL = 'https://img.example.test/promo.png';
// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Self {
  quota: number;
  aff_quota: number;
  aff_history_quota: number;
  aff_count: number;
  aff_code: string;
}

describe('console: wallet and invitations', () => {
  let h: ConsoleHarness;
  let epay: FakeEpay;

  const self = async (c: Caller): Promise<Self> => (await c.get('/api/user/self')).body.data as Self;

  async function setOption(key: string, value: string): Promise<void> {
    const res = await h.root.put('/api/option/', { key, value });
    expect(res.body).toMatchObject({ success: true });
  }

  async function code(quota: number): Promise<string> {
    const res = await h.root.post('/api/redemption/', { name: 'wallet', quota, count: 1 });
    expect(res.body).toMatchObject({ success: true });
    return (res.body.data as string[])[0] as string;
  }

  async function servePromotionImage(page: Page): Promise<void> {
    await page.context().route(IMAGE_URL, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PNG }));
  }

  const balance = (page: Page) => page.getByRole('group', { name: '当前余额' });

  beforeAll(async () => {
    h = await startConsole();
    epay = new FakeEpay('1001', 'epay-secret-key');
    await epay.start();
    await setOption('QuotaForInviter', '1000000');
    await setOption('TopupAffiliate', IMAGE_URL);
  });
  afterAll(async () => {
    await epay.stop();
    await h.close();
  });

  it('redeems a code: an empty one is refused unsent, then the field clears and the balance rises by the returned quota', async () => {
    const user = (await newUser(h.url)).caller;
    const key = await code(1_500_000);
    const { page, errors, close } = await openPage(h, '/topup', { as: user });
    await servePromotionImage(page);
    await balance(page).getByText('$0.00').waitFor();
    const form = page.getByRole('form', { name: '兑换码充值' });
    await form.getByRole('button', { name: '兑换' }).click();
    await form.getByText('请输入兑换码！').first().waitFor();
    expect((await self(user)).quota).toBe(0);

    const field = form.getByRole('textbox', { name: '兑换码' });
    await field.fill(key);
    await form.getByRole('button', { name: '兑换' }).click();
    await balance(page).getByText('$3.00').waitFor();
    expect(await field.inputValue()).toBe('');
    expect((await self(user)).quota).toBe(1_500_000);
    // The new top-up is among the last five.
    await page.getByRole('table', { name: '最近的充值记录' }).getByText('$3.00').waitFor();

    // The same code again: the server's words, the field kept as typed.
    await field.fill(key);
    await form.getByRole('button', { name: '兑换' }).click();
    await form.getByText('该兑换码已被使用').first().waitFor();
    expect(await field.inputValue()).toBe(key);
    expect((await self(user)).quota).toBe(1_500_000);
    // The refusal is a 4xx answer the browser reports; nothing else went wrong.
    expect(errors.filter((e) => !e.includes('status of 409 (Conflict)'))).toEqual([]);
    await close();
  });

  it('says online top-up is off, and shows the get-code link when a top-up link is set', async () => {
    await setOption('TopUpLink', 'https://shop.example.test/buy');
    const user = (await newUser(h.url)).caller;
    const { page, errors, close } = await openPage(h, '/topup', { as: user });
    await servePromotionImage(page);
    await page.getByText('管理员未开启在线充值！').first().waitFor();
    await page.getByRole('button', { name: '获取兑换码' }).waitFor();
    // Both pay buttons are disabled and carry the reason as their description (issue 27, 11).
    for (const name of ['支付宝', '微信']) {
      const button = page.getByRole('button', { name, exact: true });
      expect(await button.isDisabled()).toBe(true);
      const describedBy = (await button.getAttribute('aria-describedby')) ?? '';
      expect(describedBy).not.toBe('');
      expect(await page.locator(`[id="${describedBy}"]`).innerText()).toContain('管理员未开启在线充值！');
    }
    expect(await page.getByRole('dialog', { name: '充值确认' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('online top-up: the amount is raised to the minimum, the payable comes from the server, and confirming posts the form to epay', async () => {
    await setOption('ServerAddress', h.url);
    await setOption('PayAddress', epay.url);
    await setOption('EpayId', '1001');
    await setOption('EpayKey', 'epay-secret-key');
    await setOption('Price', '7.3');
    await setOption('MinTopUp', '2');
    const user = (await newUser(h.url)).caller;
    const { page, errors, close } = await openPage(h, '/topup', { as: user });
    await servePromotionImage(page);
    const amount = page.getByRole('spinbutton', { name: '充值数量' });
    await page.getByText('实付金额：14.60 元').waitFor();
    await amount.fill('1');
    await amount.blur();
    await page.getByText('充值数量不能小于 2').first().waitFor();
    expect(await amount.inputValue()).toBe('2');
    await amount.fill('10');
    await page.getByText('实付金额：73.00 元').waitFor();

    await page.getByRole('button', { name: '支付宝' }).click();
    const dialog = page.getByRole('dialog', { name: '充值确认' });
    await dialog.getByText('实付金额：73.00 元').waitFor();
    await dialog.getByText('支付方式：支付宝').waitFor();
    await dialog.getByRole('button', { name: '确认充值' }).click();
    // The browser is now on the payment page with the signed order.
    await page.getByRole('button', { name: '确认支付' }).waitFor();
    const orders = [...epay.orders.values()];
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ money: '73.00', type: 'alipay' });
    expect(errors).toEqual([]);
    await close();
  });

  it('invite card: earnings, count, the invite link, the promotion image and a transfer with its minimum', async () => {
    const inviter = (await newUser(h.url)).caller;
    const { page, context, errors, close } = await openPage(h, '/topup', { as: inviter });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.url });
    await servePromotionImage(page);
    const linkBox = page.getByRole('textbox', { name: '邀请链接' });
    await until(() => linkBox.inputValue(), (v) => v.includes('/register?aff='));
    const affCode = (await self(inviter)).aff_code;
    expect(await linkBox.inputValue()).toBe(`${h.url}/register?aff=${affCode}`);
    await page.getByRole('button', { name: '复制链接' }).click();
    await page.getByText('邀请链接已复制到剪贴板').first().waitFor();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(`${h.url}/register?aff=${affCode}`);
    await page.getByRole('img', { name: '推广图片' }).waitFor();

    // A friend signs up with the code: the inviter earns QuotaForInviter.
    await newUser(h.url, { aff_code: affCode });
    await page.reload();
    await page.getByRole('group', { name: '待使用收益' }).getByText('$2.00').waitFor();
    await page.getByRole('group', { name: '总收益' }).getByText('$2.00').waitFor();
    await page.getByRole('group', { name: '邀请人数' }).getByText('1', { exact: true }).waitFor();

    await page.getByRole('button', { name: '划转到余额' }).click();
    const dialog = page.getByRole('dialog', { name: '划转邀请额度' });
    const amount = dialog.getByRole('spinbutton', { name: /划转额度/ });
    await amount.fill('0.5');
    await dialog.getByRole('button', { name: '划转到余额' }).click();
    await dialog.getByText('划转金额最低为 $1.00').first().waitFor();
    expect((await self(inviter)).aff_quota).toBe(1_000_000);

    await amount.fill('1.5');
    await dialog.getByRole('button', { name: '划转到余额' }).click();
    await dialog.waitFor({ state: 'detached' });
    const after = await until(() => self(inviter), (s) => s.aff_quota === 250_000);
    expect(after).toMatchObject({ aff_quota: 250_000, quota: 750_000, aff_history_quota: 1_000_000 });
    await page.getByRole('group', { name: '待使用收益' }).getByText('$0.50').waitFor();
    await balance(page).getByText('$1.50').waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('looks right in light, dark, English and at 390 px', async () => {
    const user = (await newUser(h.url)).caller;
    for (const theme of ['light', 'dark'] as const) {
      const o = await openPage(h, '/topup', { as: user, theme });
      await servePromotionImage(o.page);
      await o.page.reload();
      await balance(o.page).getByText('$0.00').waitFor();
      await o.page.getByRole('img', { name: '推广图片' }).waitFor();
      await expectAccessible(o.page, `topup ${theme}`);
      await screenshot(o.page, `topup-${theme}`);
      expect(o.errors).toEqual([]);
      await o.close();
    }
    const en = await openPage(h, '/topup', { as: user, locale: 'en' });
    await servePromotionImage(en.page);
    await en.page.getByRole('group', { name: 'Balance' }).waitFor();
    await en.page.getByRole('button', { name: 'Move to balance' }).waitFor();
    expect(en.errors).toEqual([]);
    await en.close();
    const narrow = await openPage(h, '/topup', { as: user, width: 390 });
    await servePromotionImage(narrow.page);
    await narrow.page.reload();
    await balance(narrow.page).getByText('$0.00').waitFor();
    await expectNoHorizontalOverflow(narrow.page);
    await expectAccessible(narrow.page, 'topup 390');
    await screenshot(narrow.page, 'topup-390');
    expect(narrow.errors).toEqual([]);
    await narrow.close();
  });
});
