import request from 'supertest';
import { DatabaseService } from '../../server/src/database/database.service';
import { PaymentsService } from '../../server/src/payments/payments.service';
import { QUEUE_DRIVER, type QueueDriver } from '../../server/src/queue/jobs';
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { FakeEpay, epaySignature, type EpayOrder } from '../support/fakes/epay';
import { loginRoot, newAdmin, newUser, type Caller } from '../support/http';
import { setOptions } from '../oauth/oauth-kit';

const PID = '1001';
const KEY = 'epay-merchant-key-5b7e2c91d4';
const QPU = 500_000;

/**
 * Issue 17, online top-up (reference §6.5, money rules 1, 2 and 8): a pending order, the signed
 * form, the gateway's notify paying it exactly once (also under 40 concurrent deliveries), every
 * bad callback answered `fail` with nothing moved, expiry, the return to the wallet, the admin list
 * and manual completion; the merchant key in no response or log.
 */
describe.each(DATABASES)('epay top-up (%s)', (kind) => {
  let t: TestApp;
  let epay: FakeEpay;
  let root: Caller;

  const db = () => t.app.get(DatabaseService);
  const quotaOf = async (c: Caller): Promise<number> => (await c.get('/api/user/self').expect(200)).body.data.quota as number;
  const topUpLogs = async (userId: number) =>
    (await db().manager.query(`SELECT quota, content FROM logs WHERE type = 1 AND user_id = ${userId}`)) as { quota: string | number; content: string }[];
  const orderRow = async (tradeNo: string) =>
    ((await db().manager.query(`SELECT status, quota, money_cents, user_id FROM top_ups WHERE trade_no = '${tradeNo}'`)) as Record<string, unknown>[])[0];

  /** A user with a pending order of `amount` units, submitted to the fake gateway. */
  const openOrder = async (amount = 10, method = 'zfb', who?: Caller): Promise<{ caller: Caller; order: EpayOrder; res: request.Response }> => {
    const caller = who ?? (await newUser(t.url)).caller;
    const res = await caller.post('/api/user/pay', { amount, payment_method: method }).set('Accept-Language', 'en');
    expect(res.body.message).toBe('success');
    const submit = await request(res.body.url as string)
      .post('')
      .type('form')
      .send(res.body.data as Record<string, string>);
    expect(submit.text).toContain('收银台');
    const order = epay.orders.get(res.body.data.out_trade_no as string) as EpayOrder;
    return { caller, order, res };
  };

  beforeAll(async () => {
    epay = new FakeEpay(PID, KEY);
    await epay.start();
    t = await startApp(kind, matrixOptions(kind));
    root = await loginRoot(t.url);
    await setOptions(root, { ServerAddress: t.url, PayAddress: epay.url, EpayId: PID, EpayKey: KEY, Price: '7.3', MinTopUp: '2' });
  });
  afterAll(async () => {
    await t.close();
    await epay.stop();
  });

  it('POST /api/user/amount prices amount x Price x TopupGroupRatio and holds the minimum', async () => {
    const { caller } = await newUser(t.url);
    expect((await caller.post('/api/user/amount', { amount: 10 }).expect(200)).body).toEqual({ success: true, message: 'success', data: '73.00' });
    await setOptions(root, { TopupGroupRatio: JSON.stringify({ default: 0.5, vip: 1, svip: 1 }) });
    try {
      expect((await caller.post('/api/user/amount', { amount: 10 })).body.data).toBe('36.50');
    } finally {
      await setOptions(root, { TopupGroupRatio: JSON.stringify({ default: 1, vip: 1, svip: 1 }) });
    }
    const low = await caller.post('/api/user/amount', { amount: 1 }).set('Accept-Language', 'en');
    expect(low.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Top-up amount cannot be less than 2' });
  });

  it('POST /api/user/pay: a pending order and the signed form the gateway accepts (zfb -> alipay, wx -> wxpay)', async () => {
    const { caller, order, res } = await openOrder(10, 'zfb');
    expect(res.body.success).toBe(true);
    expect(res.body.url).toBe(`${epay.url}/submit.php`);
    expect(res.body.data).toEqual({
      pid: PID,
      type: 'alipay',
      out_trade_no: expect.stringMatching(new RegExp(`^USR${caller.userId}NO[0-9A-Za-z]{16}$`)),
      notify_url: `${t.url}/api/user/epay/notify`,
      return_url: `${t.url}/api/user/epay/return`,
      name: 'TUC10',
      money: '73.00',
      sign: epaySignature(res.body.data as Record<string, string>, KEY),
      sign_type: 'MD5',
    });
    expect(JSON.stringify(res.body)).not.toContain(KEY);
    expect(await orderRow(order.out_trade_no)).toMatchObject({ status: 'pending', user_id: caller.userId });
    const mine = (await caller.get('/api/user/topup/self').expect(200)).body.data;
    expect(mine).toMatchObject({ total: 1, page: 0, page_size: 10 });
    expect(mine.items[0]).toMatchObject({ trade_no: order.out_trade_no, amount: 10, money: 73, quota: 10 * QPU, payment_method: 'alipay', status: 'pending', complete_time: 0 });
    const wx = await caller.post('/api/user/pay', { amount: 3, payment_method: 'wx' });
    expect(wx.body.data.type).toBe('wxpay');
    const bad = await caller.post('/api/user/pay', { amount: 3, payment_method: 'paypal' }).set('Accept-Language', 'en');
    expect(bad.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Unsupported payment method' });
  });

  it('paying through the gateway credits amount x QuotaPerUnit once, logs it, and returns to the wallet', async () => {
    const { caller, order } = await openOrder(10);
    const before = await quotaOf(caller);
    const paid = await epay.pay(order.out_trade_no);
    expect(paid.notify).toBe('success');
    expect(await quotaOf(caller)).toBe(before + 10 * QPU);
    expect(await orderRow(order.out_trade_no)).toMatchObject({ status: 'success' });
    // Redelivery of the same notify, GET and POST: success again, nothing more.
    const fields = epay.notifyFields(order);
    expect(await epay.deliver(order.notify_url, fields, 'GET')).toEqual({ status: 200, text: 'success' });
    expect(await epay.deliver(order.notify_url, fields, 'POST')).toEqual({ status: 200, text: 'success' });
    // The browser comes back through the return URL to the wallet page.
    const back = await request(paid.returnUrl).get('');
    expect(back.status).toBe(302);
    expect(back.headers.location).toBe(`${t.url}/topup`);
    expect(await quotaOf(caller)).toBe(before + 10 * QPU);
    const logs = await topUpLogs(caller.userId as number);
    expect(logs.map((l) => Number(l.quota))).toEqual([10 * QPU]);
    expect(logs[0]?.content).toContain('73.00');
  });

  it('40 concurrent deliveries of the same valid notify (GET and POST mixed) credit once', async () => {
    const { caller, order } = await openOrder(7);
    const before = await quotaOf(caller);
    const fields = epay.notifyFields(order);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => epay.deliver(order.notify_url, fields, i % 2 === 0 ? 'GET' : 'POST')));
    expect(answers.every((a) => a.text === 'success' && a.status === 200)).toBe(true);
    expect(await quotaOf(caller)).toBe(before + 7 * QPU);
    expect((await topUpLogs(caller.userId as number)).map((l) => Number(l.quota))).toEqual([7 * QPU]);
  });

  it('40 notifies of one order entering the service in the same tick credit once (the compare-and-set decides)', async () => {
    const { caller, order } = await openOrder(9);
    const before = await quotaOf(caller);
    const service = t.app.get(PaymentsService);
    const fields = epay.notifyFields(order);
    // Every call reads the order as pending before any of them writes.
    const answers = await Promise.all(Array.from({ length: 40 }, () => service.notify({ ...fields })));
    expect(answers.every((a) => a === 'success')).toBe(true);
    expect(await quotaOf(caller)).toBe(before + 9 * QPU);
    expect((await topUpLogs(caller.userId as number)).map((l) => Number(l.quota))).toEqual([9 * QPU]);
  });

  it('eight orders of one user, each notified five times at once, all add up', async () => {
    const { caller } = await newUser(t.url);
    const orders: EpayOrder[] = [];
    for (let i = 0; i < 8; i++) orders.push((await openOrder(2 + i, 'zfb', caller)).order);
    const answers = await Promise.all(orders.flatMap((o) => Array.from({ length: 5 }, () => epay.deliver(o.notify_url, epay.notifyFields(o)))));
    expect(answers.every((a) => a.text === 'success')).toBe(true);
    const expected = orders.reduce((s, _o, i) => s + (2 + i) * QPU, 0);
    expect(await quotaOf(caller)).toBe(expected);
    expect(await topUpLogs(caller.userId as number)).toHaveLength(8);
  });

  it('every bad callback answers fail and moves nothing', async () => {
    const { caller, order } = await openOrder(5);
    const other = await openOrder(6);
    const before = await quotaOf(caller);
    const url = order.notify_url;
    const good = epay.notifyFields(order);
    const cases: Record<string, Record<string, string>> = {
      'bad signature': { ...good, sign: good.sign?.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) ?? '' },
      'signed with another key': epay.notifyFields(order, {}, 'not-the-key'),
      'no signature': Object.fromEntries(Object.entries(good).filter(([k]) => k !== 'sign')),
      'wrong amount (signed)': epay.notifyFields(order, { money: '0.01' }),
      'wrong method (signed)': epay.notifyFields(order, { type: 'wxpay' }),
      'unknown order (signed)': epay.notifyFields(order, { out_trade_no: `USR${caller.userId}NOnosuchorder0000` }),
      "another merchant's notify": epay.notifyFields(order, { pid: '2002' }),
      'not paid': epay.notifyFields(order, { trade_status: 'WAIT_BUYER_PAY' }),
      "someone else's order under this user's number": epay.notifyFields(other.order, { out_trade_no: other.order.out_trade_no.replace(/^USR\d+/, `USR${caller.userId}`) }),
    };
    for (const [why, fields] of Object.entries(cases)) {
      for (const method of ['GET', 'POST'] as const) {
        const r = await epay.deliver(url, fields, method);
        expect({ why, method, text: r.text }).toEqual({ why, method, text: 'fail' });
      }
    }
    // A body over the cap is refused before it is read.
    const huge = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `${new URLSearchParams(good).toString()}&pad=${'x'.repeat(20_000)}` });
    expect(huge.status).toBe(413);
    expect(await huge.text()).toBe('fail');
    const garbage = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":' });
    expect(await garbage.text()).toBe('fail');

    expect(await quotaOf(caller)).toBe(before);
    expect(await topUpLogs(caller.userId as number)).toEqual([]);
    expect(await orderRow(order.out_trade_no)).toMatchObject({ status: 'pending' });
    expect(await orderRow(other.order.out_trade_no)).toMatchObject({ status: 'pending' });

    // A second payment claim (another gateway trade) for a paid order is a replay: fail, no credit.
    expect((await epay.deliver(url, good)).text).toBe('success');
    const replay = epay.notifyFields(order, { trade_no: '2026replayed000000' });
    expect((await epay.deliver(url, replay)).text).toBe('fail');
    expect(await quotaOf(caller)).toBe(before + 5 * QPU);
    expect(await topUpLogs(caller.userId as number)).toHaveLength(1);
  });

  it('an unset EpayKey turns the method off and verifies nothing', async () => {
    const { caller, order } = await openOrder(4);
    await setOptions(root, { EpayKey: '' });
    try {
      const off = await caller.post('/api/user/pay', { amount: 4, payment_method: 'zfb' }).set('Accept-Language', 'en');
      expect(off.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Admin has not enabled online top-up' });
      const status = (await request(t.url).get('/api/status').expect(200)).body.data;
      expect(status.enable_online_topup).toBe(false);
      // Signed with the (now empty) key, or with the old one: both refused.
      expect((await epay.deliver(order.notify_url, epay.notifyFields(order, {}, ''))).text).toBe('fail');
      expect((await epay.deliver(order.notify_url, epay.notifyFields(order))).text).toBe('fail');
      expect(await orderRow(order.out_trade_no)).toMatchObject({ status: 'pending' });
    } finally {
      await setOptions(root, { EpayKey: KEY });
    }
  });

  it('orders left pending expire (payments.expire job); a payment notified later still credits once', async () => {
    const { caller, order } = await openOrder(3);
    const fresh = await openOrder(3);
    await db().write((em) => em.query(`UPDATE top_ups SET create_time = create_time - 7201 WHERE trade_no = '${order.out_trade_no}'`));
    const queue = t.app.get<QueueDriver>(QUEUE_DRIVER);
    await queue.enqueue('payments.expire', {}, { jobId: `expire-test-${Date.now()}` });
    await queue.idle(20_000);
    expect(await orderRow(order.out_trade_no)).toMatchObject({ status: 'expired' });
    expect(await orderRow(fresh.order.out_trade_no)).toMatchObject({ status: 'pending' });
    const listed = (await caller.get('/api/user/topup/self').expect(200)).body.data.items[0];
    expect(listed.status).toBe('expired');
    const before = await quotaOf(caller);
    const fields = epay.notifyFields(order);
    const answers = await Promise.all(Array.from({ length: 10 }, () => epay.deliver(order.notify_url, fields)));
    expect(answers.every((a) => a.text === 'success')).toBe(true);
    expect(await quotaOf(caller)).toBe(before + 3 * QPU);
    expect(await orderRow(order.out_trade_no)).toMatchObject({ status: 'success' });
  });

  it('admins list every order and complete one by hand (credited once, logged); users cannot', async () => {
    const admin = (await newAdmin(t.url, root)).caller;
    const { caller, order } = await openOrder(6);
    const before = await quotaOf(caller);
    const listed = (await admin.get(`/api/user/topup?keyword=${order.out_trade_no}`).expect(200)).body.data;
    expect(listed.total).toBe(1);
    expect(listed.items[0]).toMatchObject({ trade_no: order.out_trade_no, user_id: caller.userId, status: 'pending', completed_by: 0 });
    const all = (await admin.get('/api/user/topup?p=0&page_size=100').expect(200)).body.data;
    expect(all.total).toBeGreaterThan(5);
    expect((await caller.get('/api/user/topup')).status).toBe(403);
    expect((await caller.post('/api/user/topup/complete', { trade_no: order.out_trade_no })).status).toBe(403);

    const results = await Promise.all(Array.from({ length: 5 }, () => admin.post('/api/user/topup/complete', { trade_no: order.out_trade_no }).set('Accept-Language', 'en')));
    expect(results.filter((r) => r.body.success === true)).toHaveLength(1);
    for (const r of results.filter((x) => x.body.success !== true)) expect(r.body.message).toBe('The order is already completed');
    expect(await quotaOf(caller)).toBe(before + 6 * QPU);
    expect(await orderRow(order.out_trade_no)).toMatchObject({ status: 'success' });
    const manage = (await db().manager.query(`SELECT content FROM logs WHERE type = 3 AND user_id = ${admin.userId}`)) as { content: string }[];
    expect(manage.map((m) => m.content).join()).toContain(order.out_trade_no);
    // The gateway's later notify for it is not a second credit.
    expect((await epay.deliver(order.notify_url, epay.notifyFields(order))).text).toBe('fail');
    expect(await quotaOf(caller)).toBe(before + 6 * QPU);
    const missing = await admin.post('/api/user/topup/complete', { trade_no: 'USR1NOnope' }).set('Accept-Language', 'en');
    expect(missing.status).toBe(404);
  });

  it('the merchant key is in no option list, response or log row', async () => {
    const options = JSON.stringify((await root.get('/api/option/').expect(200)).body);
    expect(options).not.toContain(KEY);
    expect(options).not.toContain('"EpayKey"');
    expect(JSON.stringify(await db().manager.query('SELECT * FROM logs'))).not.toContain(KEY);
    expect(JSON.stringify(await db().manager.query('SELECT * FROM top_ups'))).not.toContain(KEY);
  });
});
