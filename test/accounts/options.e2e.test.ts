import request from 'supertest';
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { Caller, loginRoot, newAdmin } from '../support/http';

/** Spec §3, §5, §7 and reference Appendix B: options, status texts and groups. */
describe.each(DATABASES)('options and status (%s)', (kind) => {
  let t: TestApp;
  let root: Caller;
  const put = (key: string, value: unknown) => root.put('/api/option/', { key, value }).set('Accept-Language', 'en');
  const optionMap = async (): Promise<Record<string, string>> => {
    const res = await root.get('/api/option/').expect(200);
    return Object.fromEntries((res.body.data as { key: string; value: string }[]).map((o) => [o.key, o.value]));
  };

  beforeAll(async () => {
    t = await startApp(kind, matrixOptions(kind));
    root = await loginRoot(t.url);
  });
  afterAll(async () => t.close());

  it('lists every option with its default and hides secrets', async () => {
    const o = await optionMap();
    expect(o).toMatchObject({
      Price: '7.3',
      MinTopUp: '1',
      MinQuota: '5000',
      MaxQuota: '100000',
      BonusPerDay: '100',
      DataExportInterval: '5',
      DataExportDefaultTime: 'hour',
      SMTPPort: '587',
      QuotaPerUnit: '500000',
      PreConsumedQuota: '500',
      QuotaRemindThreshold: '1000',
      RetryTimes: '2',
      ChannelDisableThreshold: '5',
      AutomaticDisableChannelEnabled: 'false',
      LogConsumeEnabled: 'true',
      AllowPrivateUpstreamEnabled: 'false',
    });
    expect(JSON.parse(o.GroupRatio as string)).toEqual({ default: 1, vip: 1, svip: 1 });
    expect(JSON.parse(o.ModelRatio as string)['gpt-4o-mini']).toBe(0.075);
    for (const secret of ['SMTPToken', 'EpayKey', 'GitHubClientSecret', 'TurnstileSecretKey', 'TelegramBotToken', 'WeChatServerToken', 'LinuxDOClientSecret']) {
      expect(o).not.toHaveProperty(secret);
    }
    await put('SMTPToken', 'super-secret-smtp');
    const all = JSON.stringify((await root.get('/api/option/')).body);
    expect(all).not.toContain('super-secret-smtp');
    expect(JSON.stringify((await request(t.url).get('/api/status')).body)).not.toContain('super-secret-smtp');
  });

  it('validates each kind of option', async () => {
    expect((await put('RegisterEnabled', 'yes')).body).toEqual({ success: false, field: 'value', code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'This option must be true or false' });
    expect((await put('QuotaForNewUser', 'abc')).body).toEqual({ success: false, field: 'value', code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'This option must be an integer' });
    expect((await put('QuotaForNewUser', '-1')).body.success).toBe(false);
    expect((await put('DataExportInterval', '0')).body.success).toBe(false);
    expect((await put('LinuxDoMinLevel', '5')).body).toEqual({ success: false, field: 'value', code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'LinuxDoMinLevel must be an integer from 0 to 4' });
    expect((await put('LinuxDoMinLevel', '4')).body.success).toBe(true);
    expect((await put('ModelRatio', '{bad json')).body).toEqual({ success: false, field: 'value', code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'not a valid JSON string' });
    expect((await put('ModelRatio', '[1,2]')).body).toEqual({ success: false, field: 'value', code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'must be a JSON object' });
    expect((await put('TopupGroupRatio', 'nope')).body).toEqual({ success: false, field: 'value', code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'The top-up group ratio is not a valid JSON string' });
    expect((await put('HiddenGroups', '{"a":1}')).body).toEqual({ success: false, field: 'value', code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'must be a JSON list' });
    expect((await put('NoSuchOption', '1')).body).toEqual({ success: false, field: 'key', code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Unknown option key' });
    expect((await put('Price', '8.5')).body.success).toBe(true);
    expect((await put('ServerAddress', 'ftp://x')).body.success).toBe(false);
    expect((await put('ServerAddress', 'https://gw.example.com/')).body.success).toBe(true);
    const o = await optionMap();
    expect(o.ServerAddress).toBe('https://gw.example.com');
    expect(o.Price).toBe('8.5');
    expect((await request(t.url).get('/api/status')).body.data).toMatchObject({ server_address: 'https://gw.example.com', price: 8.5 });
  });

  it('requires the server address before payment settings', async () => {
    await put('ServerAddress', '');
    expect((await put('EpayId', '1001')).body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Please fill in server address first' });
    await put('ServerAddress', 'https://pay.example.com');
    expect((await put('EpayId', '1001')).body.success).toBe(true);
  });

  it('keeps root-only options for root', async () => {
    const { caller: admin } = await newAdmin(t.url, root);
    const res = await admin.put('/api/option/', { key: 'TopUpLink', value: 'https://shop.example.com' }).set('Accept-Language', 'en').expect(403);
    expect(res.body.message).toBe('Only the super administrator can change this option');
    await admin.put('/api/option/', { key: 'AllowPrivateUpstreamEnabled', value: 'true' }).expect(403);
    const ok = await admin.put('/api/option/', { key: 'ChatLink', value: 'https://chat.example.com' }).expect(200);
    expect(ok.body.success).toBe(true);
    await admin.post('/api/option/rest_model_ratio').expect(403);
  });

  it('resets the model ratio table to its defaults', async () => {
    await put('ModelRatio', JSON.stringify({ 'only-model': 3 }));
    expect(JSON.parse((await optionMap()).ModelRatio as string)).toEqual({ 'only-model': 3 });
    const res = await root.post('/api/option/rest_model_ratio').expect(200);
    expect(res.body.success).toBe(true);
    const restored = JSON.parse((await optionMap()).ModelRatio as string);
    expect(restored['gpt-4o']).toBe(1.25);
    expect(restored).not.toHaveProperty('only-model');
  });

  it('serves notice, about, home page content, contact info, status and groups', async () => {
    await put('Notice', '维护通知');
    await put('About', '# About Sluice');
    await put('HomePageContent', 'https://home.example.com');
    await put('QQContact', '123456789');
    await put('WeChatContact', 'sluice-wx');
    await put('SystemName', 'Sluice 网关');
    expect((await request(t.url).get('/api/notice')).body).toEqual({ success: true, message: '', data: '维护通知' });
    expect((await request(t.url).get('/api/about')).body.data).toBe('# About Sluice');
    expect((await request(t.url).get('/api/home_page_content')).body.data).toBe('https://home.example.com');
    expect((await request(t.url).get('/api/contact-info')).body.data).toEqual({ QQContact: '123456789', WeChatContact: 'sluice-wx' });
    expect((await request(t.url).get('/api/status')).body.data.system_name).toBe('Sluice 网关');

    await put('GroupRatio', JSON.stringify({ default: 1, vip: 1.5, svip: 2, internal: 0.5 }));
    await put('UserUsableGroups', JSON.stringify({ default: '默认分组', vip: 'vip分组', internal: '内部' }));
    await put('HiddenGroups', JSON.stringify(['internal']));
    await put('GroupDisplayNames', JSON.stringify({ vip: 'VIP 专线' }));
    expect((await root.get('/api/group/').expect(200)).body.data).toEqual(['default', 'vip', 'svip', 'internal']);
    const groups = await root.get('/api/groups/token').expect(200);
    expect(groups.body.data).toEqual({ default: '默认分组', vip: 'VIP 专线' });
  });
});
