import request from 'supertest';
import { z } from 'zod';
import { healthSchema } from '../../server/src/health/dto/health.dto';
import { optionEntrySchema } from '../../server/src/options/dto/option.dto';
import { adminTopUpPageSchema, payFormSchema, topUpPageSchema, topUpViewSchema } from '../../server/src/payments/dto/payment.dto';
import { pricingItemSchema } from '../../server/src/pricing/dto/pricing.dto';
import { contactInfoSchema, groupLabelsSchema, groupRatiosSchema, statusSchema } from '../../server/src/status/dto/status.dto';
import { payableSchema } from '../../server/src/wallet/dto/wallet.dto';
import { DATABASES } from '../support/env';
import { apiSuite, expectRefused as refused } from './support/api-suite';

type Case = [what: string, input: unknown, code: string, field: string];
type Page = { items: { trade_no: string; status: string; user_id: number }[]; total: number };
type Doc = {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> }; parameters?: { name: string; in: string }[] }>>;
  components: { schemas: Record<string, { properties?: Record<string, { enum?: string[] }>; required?: string[] }> };
};

/** The data of a success envelope, checked against the route's documented schema (and, for an object, no key beyond it). */
function expectShape(body: { success: boolean; data: unknown }, schema: z.ZodType): void {
  expect(body.success).toBe(true);
  const r = schema.safeParse(body.data);
  if (!r.success) throw new Error(`data does not match its schema: ${JSON.stringify(r.error.issues[0])}`);
  if (schema instanceof z.ZodObject) expect(Object.keys(body.data as object).sort()).toEqual(Object.keys(schema.shape).sort());
}

/**
 * Issue 24 for the money and site routes: top-up, wallet, options, pricing, status, health. Each
 * route with input refuses a malformed body or query by name with a registered code and writes
 * nothing; each route's `data` is what its contract says; the document lists them all.
 */
describe.each(DATABASES.slice(0, 1))('money, options, pricing and status routes (%s)', (kind) => {
  const s = apiSuite(kind);

  const setOption = async (key: string, value: string) => expect((await s.root.put('/api/option/', { key, value })).body).toMatchObject({ success: true });
  const option = async (key: string) => ((await s.root.get('/api/option/').expect(200)).body.data as { key: string; value: string }[]).find((o) => o.key === key)?.value;
  const myOrders = async () => (await s.alice.get('/api/user/topup/self?page_size=100').expect(200)).body.data as Page;

  beforeAll(async () => {
    await setOption('ServerAddress', 'https://gw.sluice.test');
    await setOption('PayAddress', 'https://pay.sluice.test');
    await setOption('EpayId', '1001');
    await setOption('EpayKey', 'merchant-key');
  });

  it.each<Case>([
    ['a word', { amount: 'ten' }, 'wallet.amount_invalid', 'amount'],
    ['a fraction', { amount: 2.5 }, 'wallet.amount_invalid', 'amount'],
    ['zero', { amount: 0 }, 'wallet.amount_invalid', 'amount'],
    ['more than a million', { amount: 1_000_001 }, 'wallet.amount_invalid', 'amount'],
    ['nothing', {}, 'wallet.amount_invalid', 'amount'],
  ])('POST /api/user/amount refuses %s', async (_what, body, code, field) => {
    refused(await s.alice.post('/api/user/amount', body as object), code, field);
  });

  it('POST /api/user/amount prices a good amount, sent as a number or as digits', async () => {
    const res = await s.alice.post('/api/user/amount', { amount: 10 }).expect(200);
    expect(res.body.message).toBe('success');
    expectShape(res.body, payableSchema);
    expect((await s.alice.post('/api/user/amount', { amount: '10' }).expect(200)).body.data).toBe(res.body.data);
  });

  it.each<Case>([
    ['an amount that is no integer', { amount: 'lots', payment_method: 'zfb' }, 'wallet.amount_invalid', 'amount'],
    ['no amount', { payment_method: 'zfb' }, 'wallet.amount_invalid', 'amount'],
    ['a method that is no text', { amount: 5, payment_method: 5 }, 'payment.method_invalid', 'payment_method'],
    ['an over-long method', { amount: 5, payment_method: 'z'.repeat(17) }, 'payment.method_invalid', 'payment_method'],
    ['no method', { amount: 5 }, 'payment.method_invalid', 'payment_method'],
  ])('POST /api/user/pay refuses %s and opens no order', async (_what, body, code, field) => {
    const before = (await myOrders()).total;
    refused(await s.alice.post('/api/user/pay', body as object), code, field);
    expect((await myOrders()).total).toBe(before);
  });

  it('POST /api/user/pay opens an order whose form and list rows match their schemas; an unknown method is still refused', async () => {
    const before = (await myOrders()).total;
    const unknown = await s.alice.post('/api/user/pay', { amount: 5, payment_method: 'paypal' }).set('Accept-Language', 'en').expect(400);
    expect(unknown.body).toEqual({ success: false, code: 'payment.method_invalid', message: 'Unsupported payment method' });
    const res = await s.alice.post('/api/user/pay', { amount: '5', payment_method: 'wx' }).expect(200);
    expectShape(res.body, payFormSchema);
    expect(res.body.url).toBe('https://pay.sluice.test/submit.php');
    const mine = await myOrders();
    expect(mine.total).toBe(before + 1);
    expectShape({ success: true, data: mine }, topUpPageSchema);
    expectShape({ success: true, data: mine.items[0] }, topUpViewSchema);
    expect(mine.items[0]).toMatchObject({ trade_no: res.body.data.out_trade_no, amount: 5, payment_method: 'wxpay', status: 'pending' });
  });

  it('GET /api/user/topup/self keeps its page parameters lenient', async () => {
    const res = await s.alice.get('/api/user/topup/self?p=abc&page_size=x').expect(200);
    expect(res.body.data).toMatchObject({ page: 0, page_size: 10 });
  });

  it.each<Case>([
    ['an unknown status', '?status=paid', 'payment.status_invalid', 'status'],
    ['a repeated status', '?status=pending&status=success', 'payment.status_invalid', 'status'],
    ['a user id that is a word', '?user_id=alice', 'common.invalid_id', 'user_id'],
    ['user id 0', '?user_id=0', 'common.invalid_id', 'user_id'],
  ])('GET /api/user/topup refuses %s', async (_what, query, code, field) => {
    refused(await s.root.get(`/api/user/topup${query as string}`), code, field);
  });

  it('GET /api/user/topup filters by owner and status ("" is no filter)', async () => {
    await s.alice.post('/api/user/pay', { amount: 3, payment_method: 'zfb' }).expect(200);
    const res = await s.root.get(`/api/user/topup?user_id=${s.alice.userId}&status=pending&keyword=&page_size=100`).expect(200);
    expectShape(res.body, adminTopUpPageSchema);
    const page = res.body.data as Page;
    expect(page.total).toBeGreaterThan(0);
    expect(page.items.every((o) => o.user_id === s.alice.userId && o.status === 'pending')).toBe(true);
    expect((await s.root.get('/api/user/topup?status=&user_id=').expect(200)).body.data.total).toBe(page.total);
  });

  it.each<Case>([
    ['a trade number that is no text', { trade_no: 5 }, 'payment.trade_no_invalid', 'trade_no'],
    ['a blank trade number', { trade_no: '   ' }, 'payment.trade_no_invalid', 'trade_no'],
    ['an over-long trade number', { trade_no: 'USR1NO'.padEnd(65, 'x') }, 'payment.trade_no_invalid', 'trade_no'],
    ['no trade number', {}, 'payment.trade_no_invalid', 'trade_no'],
  ])('POST /api/user/topup/complete refuses %s and credits nothing', async (_what, body, code, field) => {
    const quota = (await s.alice.get('/api/user/self').expect(200)).body.data.quota as number;
    refused(await s.root.post('/api/user/topup/complete', body as object), code, field);
    expect((await myOrders()).items.every((o) => o.status === 'pending')).toBe(true);
    expect((await s.alice.get('/api/user/self').expect(200)).body.data.quota).toBe(quota);
  });

  it('POST /api/user/topup/complete still answers 404 for a well-formed number of no order', async () => {
    const res = await s.root.post('/api/user/topup/complete', { trade_no: 'USR1NOnone' }).expect(404);
    expect(res.body.code).toBe('payment.order_not_found');
  });

  it.each<Case>([
    ['no key', { value: '1' }, 'option.key_required', 'key'],
    ['an empty key', { key: '', value: '1' }, 'option.key_required', 'key'],
    ['a key that is no text', { key: 7, value: '1' }, 'option.key_required', 'key'],
  ])('PUT /api/option/ refuses %s', async (_what, body, code, field) => {
    refused(await s.root.put('/api/option/', body as object), code, field);
  });

  it('PUT /api/option/ refuses a value outside a choice with its own code and the allowed values, and keeps the old one', async () => {
    const before = await option('DataExportDefaultTime');
    const res = await s.root.put('/api/option/', { key: 'DataExportDefaultTime', value: 'month' }).set('Accept-Language', 'en').expect(400);
    expect(res.body).toEqual({ success: false, code: 'option.invalid_choice', field: 'value', message: 'This option must be one of: hour, day, week' });
    expect(await option('DataExportDefaultTime')).toBe(before);
    const zh = await s.root.put('/api/option/', { key: 'DataExportDefaultTime', value: 'month' }).expect(400);
    expect(zh.body.message).toBe('该配置项只能取以下值之一：hour, day, week');
    await setOption('DataExportDefaultTime', 'day');
    expect(await option('DataExportDefaultTime')).toBe('day');
  });

  it.each<Case>([
    ['a repeated group', '?group=default&group=vip', 'pricing.group_invalid', 'group'],
    ['an over-long group', `?group=${'g'.repeat(65)}`, 'pricing.group_invalid', 'group'],
  ])('GET /api/user/models refuses %s', async (_what, query, code, field) => {
    refused(await s.alice.get(`/api/user/models${query as string}`), code, field);
  });

  it('GET /api/user/models takes a group with spaces around it', async () => {
    expectShape((await s.alice.get('/api/user/models?group=%20default%20').expect(200)).body, z.array(z.string()));
  });

  it('answers each read route with the data its contract describes', async () => {
    const anon = request(s.t.url);
    expectShape((await anon.get('/api/status').expect(200)).body, statusSchema);
    expectShape((await anon.get('/api/contact-info').expect(200)).body, contactInfoSchema);
    for (const path of ['/api/notice', '/api/about', '/api/home_page_content', '/api/model-info']) expectShape((await anon.get(path).expect(200)).body, z.string());
    expectShape((await anon.get('/api/groups/token').expect(200)).body, groupLabelsSchema);
    expectShape((await anon.get('/api/health').expect(200)).body, healthSchema);
    const pricing = (await anon.get('/api/pricing').expect(200)).body;
    expectShape(pricing, z.array(pricingItemSchema));
    expect(pricing).toHaveProperty('group_ratio');
    expectShape((await s.root.get('/api/option/').expect(200)).body, z.array(optionEntrySchema));
    expectShape((await s.root.get('/api/group/').expect(200)).body, z.array(z.string()));
    expectShape((await s.alice.get('/api/user/self/groups').expect(200)).body, groupRatiosSchema);
    for (const path of ['/api/topup-affiliate/img', '/api/token-channel-description', '/api/debug-document']) expectShape((await s.alice.get(path).expect(200)).body, z.string());
  });

  it('GET /api/openapi.json lists each of these routes with its body or query', async () => {
    const doc = (await request(s.t.url).get('/api/openapi.json').expect(200)).body as Doc;
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /api/user/pay',
        'GET /api/user/topup/self',
        'GET /api/user/topup',
        'POST /api/user/topup/complete',
        'POST /api/user/topup',
        'POST /api/user/amount',
        'GET /api/topup-affiliate/img',
        'GET /api/option',
        'PUT /api/option',
        'POST /api/option/rest_model_ratio',
        'GET /api/pricing',
        'GET /api/model-info',
        'GET /api/user/models',
        'GET /api/token-channel-description',
        'GET /api/debug-document',
        'GET /api/status',
        'GET /api/notice',
        'GET /api/about',
        'GET /api/home_page_content',
        'GET /api/contact-info',
        'GET /api/group',
        'GET /api/user/self/groups',
        'GET /api/groups/token',
        'GET /api/health',
      ]),
    );
    const body = (path: string, method: string) => doc.paths[path]?.[method]?.requestBody?.content['application/json']?.schema;
    for (const [path, method] of [
      ['/api/user/pay', 'post'],
      ['/api/user/amount', 'post'],
      ['/api/user/topup/complete', 'post'],
      ['/api/option', 'put'],
    ] as const) {
      expect(body(path, method)).toBeDefined();
    }
    const params = (path: string) => doc.paths[path]?.get?.parameters?.filter((p) => p.in === 'query').map((p) => p.name);
    expect(params('/api/user/topup')).toEqual(expect.arrayContaining(['p', 'page_size', 'size', 'keyword', 'user_id', 'status']));
    expect(params('/api/user/topup/self')).toEqual(expect.arrayContaining(['p', 'page_size']));
    expect(params('/api/user/models')).toEqual(['group']);
    // An absent value clears the option, so only the key is required.
    expect(doc.components.schemas.OptionUpdate?.required).toEqual(['key']);
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['PayOrder', 'TopUpAmount', 'TopUpComplete', 'OptionUpdate', 'Status', 'PricingItem', 'AdminTopUpOrderPage', 'Health']));
    const codes = doc.components.schemas.ErrorEnvelope?.properties?.code?.enum ?? [];
    expect(codes).toEqual(
      expect.arrayContaining(['payment.trade_no_invalid', 'payment.status_invalid', 'option.key_required', 'option.invalid_choice', 'pricing.group_invalid', 'wallet.amount_invalid']),
    );
  });
});
