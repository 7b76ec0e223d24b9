// Online top-up in a real browser (issue 17 item 8) through a loopback epay merchant: root fills
// the payment settings section, a user tops up from the wallet through the merchant's payment page
// (the wallet page's online top-up card) and comes back with the balance risen and the order
// listed; an admin completes a pending order by hand; client-side and server refusals are shown;
// both themes, English, 390 px and axe.
import { FakeEpay } from '../support/fakes/epay';
import { newAdmin, newUser, type Caller } from '../support/http';
import { expectAccessible, expectNoHorizontalOverflow, openPage, screenshot, startConsole, type ConsoleHarness } from './support';

const PID = '2024';
const KEY = 'epay-console-merchant-key-71c3';
const QPU = 500_000;

/** Retries `read` until it answers `want` (5 s). */
async function eventually<T>(read: () => Promise<T>, want: T): Promise<void> {
  const end = Date.now() + 5000;
  let last: T = await read();
  while (last !== want && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
  expect(last).toBe(want);
}

describe('online top-up in the console', () => {
  let h: ConsoleHarness;
  const epay = new FakeEpay(PID, KEY);

  const quotaOf = async (c: Caller): Promise<number> => (await c.get('/api/user/self')).body.data.quota as number;
  const optionValue = async (key: string): Promise<string | undefined> => {
    const res = await h.root.get('/api/option/');
    return (res.body.data as { key: string; value: string }[]).find((o) => o.key === key)?.value;
  };

  beforeAll(async () => {
    await epay.start();
    h = await startConsole();
    expect((await h.root.put('/api/option/', { key: 'ServerAddress', value: h.url })).body.success).toBe(true);
  });
  afterAll(async () => {
    await h.close();
    await epay.stop();
  });

  it('saves the payment settings section (the secret never shown back)', async () => {
    const { page, errors, close } = await openPage(h, '/setting?tab=system', { as: h.root });
    const form = page.getByRole('form', { name: '支付设置' });
    await form.getByLabel('支付地址').fill(epay.url);
    await form.getByLabel('易支付商户 ID').fill(PID);
    await form.getByLabel('易支付商户密钥').fill(KEY);
    await form.getByLabel(/^充值价格/).fill('7.3');
    await form.getByLabel('最低充值美元数量').fill('2');
    await form.getByRole('button', { name: '保存' }).click();
    await eventually(() => optionValue('MinTopUp'), '2');
    expect(await optionValue('PayAddress')).toBe(epay.url);
    expect(await optionValue('EpayId')).toBe(PID);
    expect(await optionValue('Price')).toBe('7.3');
    // The key is stored (online top-up is on) but never listed.
    expect(JSON.stringify((await h.root.get('/api/option/')).body)).not.toContain(KEY);
    expect((await h.root.get('/api/status')).body.data.enable_online_topup).toBe(true);
    await screenshot(page, 'payments-settings');
    expect(errors).toEqual([]);
    await close();
  });

  it('tops up from the wallet through the merchant payment page and comes back with the balance risen', async () => {
    const { caller } = await newUser(h.url);
    const before = await quotaOf(caller);
    const { page, errors, close } = await openPage(h, '/topup', { as: caller });
    // Errors of the console itself (the merchant's own page, e.g. its missing favicon, is a third party's).
    const ours: string[] = [];
    page.on('pageerror', (e) => ours.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.location().url.startsWith(epay.url)) ours.push(`${m.location().url}: ${m.text()}`);
    });
    const amount = page.getByLabel(/^充值数量/);
    await amount.waitFor();
    await page.getByTestId('balance').getByText(`$${(before / QPU).toFixed(2)}`).waitFor();
    await page.getByText('暂无充值订单').waitFor();
    // Below the minimum: raised to it with the spec's message.
    await amount.fill('1');
    await amount.press('Tab');
    await page.getByText('充值数量不能小于 2').first().waitFor();
    expect(await amount.inputValue()).toBe('2');
    // 10 units at 7.3: 73.00 to pay, priced by the server.
    await amount.fill('10');
    await page.getByText('实付金额：73.00 元').waitFor();
    await screenshot(page, 'payments-wallet-light');
    await expectAccessible(page, 'wallet light');
    await page.getByRole('button', { name: '支付宝' }).click();
    const dialog = page.getByRole('dialog', { name: '充值确认' });
    await dialog.getByText('支付方式：支付宝').waitFor();
    await dialog.getByRole('button', { name: '确认充值' }).click();
    // The merchant's page, reached by the hidden form POST with the signed fields.
    await page.getByRole('heading', { name: '收银台' }).waitFor();
    expect(await page.locator('#money').textContent()).toBe('73.00');
    expect(epay.refusedSubmits).toEqual([]);
    await page.locator('#pay').click();
    // Back on the wallet with the order paid and listed.
    await page.waitForURL(`${h.url}/topup`);
    await page.getByTestId('balance').getByText(`$${((before + 10 * QPU) / QPU).toFixed(2)}`).waitFor();
    expect(await quotaOf(caller)).toBe(before + 10 * QPU);
    const row = page.getByTestId('my-orders').getByRole('row').filter({ hasText: '¥73.00' });
    await row.getByText('已完成').waitFor();
    await row.getByText('支付宝').waitFor();
    await screenshot(page, 'payments-wallet-paid');
    expect(ours).toEqual([]);
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    await close();
  });

  it('shows the orders in dark, English and at 390 px, and a refused payment with the form kept', async () => {
    const { caller } = await newUser(h.url);
    // A pending order and a paid one to list.
    const pending = await caller.post('/api/user/pay', { amount: 2, payment_method: 'wx' });
    expect(pending.body.success).toBe(true);
    const dark = await openPage(h, '/topup', { as: caller, theme: 'dark', locale: 'en' });
    const orders = dark.page.getByTestId('my-orders');
    await orders.getByRole('row').filter({ hasText: pending.body.data.out_trade_no as string }).getByText('Pending').waitFor();
    await orders.getByText('WeChat Pay').waitFor();
    await screenshot(dark.page, 'payments-wallet-dark-en');
    await expectAccessible(dark.page, 'wallet dark');
    // The gateway is switched off between pricing and paying: the server's refusal, nothing left the page.
    const amount = dark.page.getByLabel(/^Top-up amount/);
    await amount.fill('3');
    await dark.page.getByText('To pay: ¥21.90').waitFor();
    expect((await h.root.put('/api/option/', { key: 'EpayId', value: '' })).body.success).toBe(true);
    try {
      await dark.page.getByRole('button', { name: 'WeChat Pay' }).click();
      await dark.page.getByRole('dialog').getByRole('button', { name: 'Confirm and pay' }).click();
      await dark.page.getByText('Admin has not enabled online top-up').first().waitFor();
      expect(await amount.inputValue()).toBe('3');
      expect(dark.page.url()).toBe(`${h.url}/topup`);
      await screenshot(dark.page, 'payments-wallet-refused-dark');
    } finally {
      expect((await h.root.put('/api/option/', { key: 'EpayId', value: PID })).body.success).toBe(true);
    }
    expect(dark.errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
    await dark.close();

    const narrow = await openPage(h, '/topup', { as: caller, width: 390 });
    await narrow.page.getByTestId('my-orders').getByText('待支付').waitFor();
    await expectNoHorizontalOverflow(narrow.page);
    await screenshot(narrow.page, 'payments-wallet-390');
    expect(narrow.errors).toEqual([]);
    await narrow.close();
  });

  it('lets an admin see every order and complete a pending one by hand', async () => {
    const { caller } = await newUser(h.url);
    const order = await caller.post('/api/user/pay', { amount: 4, payment_method: 'wx' });
    expect(order.body.success).toBe(true);
    const tradeNo = order.body.data.out_trade_no as string;
    const before = await quotaOf(caller);
    const admin = (await newAdmin(h.url, h.root)).caller;

    const { page, errors, close } = await openPage(h, '/topup', { as: admin, theme: 'dark' });
    const all = page.getByTestId('all-orders');
    await all.waitFor();
    const row = all.getByRole('row').filter({ hasText: tradeNo });
    await row.getByText('待支付').waitFor();
    await screenshot(page, 'payments-admin-dark');
    await expectAccessible(page, 'wallet admin dark');
    await row.getByRole('button', { name: `补单 ${tradeNo}` }).click();
    const dialog = page.getByRole('dialog', { name: '确认补单' });
    await dialog.getByText(tradeNo, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: '确认补单' }).click();
    await page.getByText('补单成功').first().waitFor();
    await row.getByText('已完成').waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
    expect(await quotaOf(caller)).toBe(before + 4 * QPU);
    // The regular user's page has no all-orders list.
    expect(errors).toEqual([]);
    await close();
    const own = await openPage(h, '/topup', { as: caller });
    await own.page.getByTestId('my-orders').getByRole('row').filter({ hasText: tradeNo }).getByText('已完成').waitFor();
    expect(await own.page.getByTestId('all-orders').count()).toBe(0);
    expect(own.errors).toEqual([]);
    await own.close();
  });
});
