import type request from 'supertest';
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { apartFromField, Caller, loginRoot, newUser } from '../support/http';

const en = (r: request.Test) => r.set('Accept-Language', 'en');

/** Spec §2.7, §5 Top-up, §7 Wallet, §9 (minimum top-up); reference §6.2, §6.5. */
describe.each(DATABASES)('wallet page calls (%s)', (kind) => {
  let t: TestApp;
  let root: Caller;
  let user: Caller;

  const setOption = async (key: string, value: unknown) => {
    const res = await root.put('/api/option/', { key, value });
    expect(res.body).toMatchObject({ success: true });
  };

  beforeAll(async () => {
    t = await startApp(kind, matrixOptions(kind));
    root = await loginRoot(t.url);
    user = (await newUser(t.url)).caller;
  });
  afterAll(async () => t.close());

  it('/api/user/self carries the wallet and invitation fields', async () => {
    const res = await user.get('/api/user/self').expect(200);
    for (const key of ['quota', 'aff_quota', 'aff_history_quota', 'aff_count', 'username', 'used_quota', 'request_count']) {
      expect(res.body.data).toHaveProperty(key);
    }
    expect(res.body.data).toMatchObject({ quota: 0, used_quota: 0, request_count: 0, aff_count: 0 });
  });

  it('answers "admin has not enabled online top-up" while no payment is configured', async () => {
    const res = await en(user.post('/api/user/amount', { amount: 10 })).expect(400);
    expect(apartFromField(res.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Admin has not enabled online top-up' });
    expect((await user.post('/api/user/amount', { amount: 10 }).expect(400)).body.message).toBe('管理员未开启在线充值！');
  });

  it('with payment configured: minimum, payable money with two decimals, group top-up ratio', async () => {
    await setOption('ServerAddress', 'https://gateway.example.com');
    await setOption('PayAddress', 'https://pay.example.com/');
    await setOption('EpayId', '1000');
    await setOption('EpayKey', 'secret-key');
    expect((await new Caller(t.url).get('/api/status')).body.data.enable_online_topup).toBe(true);

    const ok = await user.post('/api/user/amount', { amount: 10 }).expect(200);
    expect(ok.body).toEqual({ success: true, message: 'success', data: '73.00' });
    expect((await user.post('/api/user/amount', { amount: 1 }).expect(200)).body.data).toBe('7.30');

    await setOption('MinTopUp', '5');
    const low = await en(user.post('/api/user/amount', { amount: 4 })).expect(400);
    expect(apartFromField(low.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Top-up amount cannot be less than 5' });
    expect((await user.post('/api/user/amount', { amount: 4 })).body.message).toBe('充值数量不能小于 5');
    expect((await user.post('/api/user/amount', { amount: 5 }).expect(200)).body.data).toBe('36.50');

    await setOption('TopupGroupRatio', JSON.stringify({ default: 0.5, vip: 2 }));
    expect((await user.post('/api/user/amount', { amount: 10 }).expect(200)).body.data).toBe('36.50');
    await setOption('Price', '0.001');
    const tiny = await en(user.post('/api/user/amount', { amount: 5 })).expect(400);
    expect(tiny.body.message).toBe('The payable amount is too low');

    for (const amount of ['ten', 2.5, null, -5, 10_000_000]) {
      const bad = await en(user.post('/api/user/amount', { amount })).expect(400);
      expect(bad.body.message).toBe('The top-up amount must be a positive integer');
    }
    await new Caller(t.url).post('/api/user/amount', { amount: 10 }).expect(401);
  });

  it('returns the promotion image address (option TopupAffiliate)', async () => {
    expect((await user.get('/api/topup-affiliate/img').expect(200)).body).toEqual({ success: true, message: '', data: '' });
    await setOption('TopupAffiliate', 'https://cdn.example.com/promo.png');
    expect((await user.get('/api/topup-affiliate/img').expect(200)).body.data).toBe('https://cdn.example.com/promo.png');
    await new Caller(t.url).get('/api/topup-affiliate/img').expect(401);
  });
});
