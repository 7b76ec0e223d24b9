import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { balanceProviderFor, openaiUsageWindow, rootOf, type BalanceContext, type BalanceProvider } from './balance-providers';

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(join(__dirname, '__fixtures__', name), 'utf8'));
}

const ctx = (over: Partial<BalanceContext> = {}): BalanceContext => ({
  baseUrl: 'https://api.example.com',
  key: 'sk-balance-key-0123',
  now: new Date('2024-05-17T08:30:00Z'),
  cnyPerUsd: 7.3,
  ...over,
});

/** Walks a provider the way the service does, answering each request from `answers`. */
function run(p: BalanceProvider, c: BalanceContext, answers: unknown[]): { urls: string[]; balance: number | null } {
  const bodies: unknown[] = [];
  const urls: string[] = [];
  for (let req = p.next(c, bodies); req !== null; req = p.next(c, bodies)) {
    urls.push(req.url);
    expect(req.headers.Authorization).toBe(`Bearer ${c.key}`);
    bodies.push(answers[bodies.length]);
  }
  return { urls, balance: p.balance(bodies, c) };
}

describe('balance providers', () => {
  it('OpenAI: hard limit minus this month usage (cents) for an account with a payment method', () => {
    const p = balanceProviderFor(1) as BalanceProvider;
    const out = run(p, ctx(), [fixture('openai-subscription.json'), fixture('openai-usage.json')]);
    expect(out.urls).toEqual([
      'https://api.example.com/v1/dashboard/billing/subscription',
      'https://api.example.com/v1/dashboard/billing/usage?start_date=2024-05-01&end_date=2024-05-17',
    ]);
    // 50 USD - 1250 cents
    expect(out.balance).toBe(37.5);
  });

  it('OpenAI: a 100-day usage window without a payment method, and a pasted /v1 base is not doubled', () => {
    const p = balanceProviderFor(1) as BalanceProvider;
    const out = run(p, ctx({ baseUrl: 'https://api.example.com/v1/' }), [fixture('openai-subscription-trial.json'), { object: 'list', total_usage: 125 }]);
    expect(out.urls[1]).toBe('https://api.example.com/v1/dashboard/billing/usage?start_date=2024-02-07&end_date=2024-05-17');
    expect(out.balance).toBe(3.75);
    expect(openaiUsageWindow(new Date('2024-03-01T00:00:00Z'), true)).toEqual({ start: '2024-03-01', end: '2024-03-01' });
  });

  it('OpenAI: bodies without the documented numbers give no balance', () => {
    const p = balanceProviderFor(1) as BalanceProvider;
    expect(p.balance([{ error: { message: 'x' } }, fixture('openai-usage.json')], ctx())).toBeNull();
    expect(p.balance([fixture('openai-subscription.json'), { total_usage: 'lots' }], ctx())).toBeNull();
  });

  it('Moonshot: available balance in CNY converted to USD at the configured rate', () => {
    const p = balanceProviderFor(25) as BalanceProvider;
    const out = run(p, ctx({ baseUrl: 'https://api.moonshot.cn' }), [fixture('moonshot-balance.json')]);
    expect(out.urls).toEqual(['https://api.moonshot.cn/v1/users/me/balance']);
    expect(out.balance).toBe(Math.round((49.58894 / 7.3) * 1e6) / 1e6);
    expect(p.balance([{ code: 1, status: false, scode: '0x1', data: {} }], ctx())).toBeNull();
  });

  it('SiliconFlow: totalBalance string in CNY; any code other than 20000 is a failure', () => {
    const p = balanceProviderFor(40) as BalanceProvider;
    const out = run(p, ctx({ baseUrl: 'https://api.siliconflow.cn' }), [fixture('siliconflow-user-info.json')]);
    expect(out.urls).toEqual(['https://api.siliconflow.cn/v1/user/info']);
    expect(out.balance).toBe(Math.round((88.88 / 7.3) * 1e6) / 1e6);
    expect(p.balance([{ code: 40001, message: 'Invalid token' }], ctx())).toBeNull();
    expect(p.balance([fixture('siliconflow-user-info.json')], ctx({ cnyPerUsd: 0 }))).toBeNull();
  });

  it('OpenRouter: total credits minus total usage, in USD, under the /api base', () => {
    const p = balanceProviderFor(20) as BalanceProvider;
    const out = run(p, ctx({ baseUrl: 'https://openrouter.ai/api' }), [fixture('openrouter-credits.json')]);
    expect(out.urls).toEqual(['https://openrouter.ai/api/v1/credits']);
    expect(out.balance).toBe(74.75);
    expect(p.balance([{ error: { code: 401, message: 'No auth credentials found' } }], ctx())).toBeNull();
  });

  it('DeepSeek: the USD balance when listed, else the CNY one converted', () => {
    const p = balanceProviderFor(43) as BalanceProvider;
    const out = run(p, ctx({ baseUrl: 'https://api.deepseek.com' }), [fixture('deepseek-balance.json')]);
    expect(out.urls).toEqual(['https://api.deepseek.com/user/balance']);
    expect(out.balance).toBe(Math.round((110 / 7.3) * 1e6) / 1e6);
    const both = { is_available: true, balance_infos: [{ currency: 'CNY', total_balance: '110.00' }, { currency: 'USD', total_balance: '12.50' }] };
    expect(p.balance([both], ctx())).toBe(12.5);
    expect(p.balance([{ error: { message: 'Authentication Fails' } }], ctx())).toBeNull();
  });

  it('types without a balance API have no provider', () => {
    for (const type of [3, 4, 8, 14, 24, 0, -1, 999]) expect(balanceProviderFor(type)).toBeNull();
    expect(rootOf(' https://x.test/v1// ')).toBe('https://x.test');
  });
});
