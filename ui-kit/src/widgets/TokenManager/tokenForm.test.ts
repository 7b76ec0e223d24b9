import {
  COUNT_PRESETS,
  QUOTA_PRESETS,
  buildCreateInputs,
  buildUpdateInput,
  emptyTokenForm,
  expiryFromPreset,
  randomSuffix,
  tokenToForm,
  validateTokenForm,
} from './tokenForm';

function seq(values: number[]): () => number {
  let i = 0;
  return () => values[i++ % values.length] ?? 0;
}

describe('token form defaults and presets', () => {
  it('matches §9 defaults', () => {
    expect(emptyTokenForm('default')).toMatchObject({
      remainQuota: 500000,
      expiredTime: -1,
      unlimitedQuota: false,
      rateLimitInterval: 1,
      rateLimitCount: 1,
      modelLimitsEnabled: false,
      count: 1,
      group: 'default',
    });
    expect(QUOTA_PRESETS).toEqual([500000, 5000000, 25000000, 50000000, 250000000, 500000000]);
    expect(COUNT_PRESETS).toEqual([10, 20, 30, 100]);
  });

  it('computes expiry quick options from now', () => {
    expect(expiryFromPreset('never', 1000)).toBe(-1);
    expect(expiryFromPreset('hour', 1000)).toBe(4600);
    expect(expiryFromPreset('day', 0)).toBe(86400);
    expect(expiryFromPreset('month', 0)).toBe(2592000);
  });
});

describe('validateTokenForm', () => {
  it('requires a group', () => {
    expect(validateTokenForm(emptyTokenForm(''), 'create')).toEqual([{ field: 'group', error: 'groupRequired' }]);
  });

  it('reports a bad expiry', () => {
    expect(validateTokenForm({ ...emptyTokenForm('g'), expiredTime: Number.NaN }, 'edit')).toEqual([
      { field: 'expiredTime', error: 'expiryFormat' },
    ]);
  });

  it('requires a positive integer count on create only', () => {
    expect(validateTokenForm({ ...emptyTokenForm('g'), count: 0 }, 'create')).toEqual([{ field: 'count', error: 'countInvalid' }]);
    expect(validateTokenForm({ ...emptyTokenForm('g'), count: 1.5 }, 'create')).toEqual([{ field: 'count', error: 'countInvalid' }]);
    expect(validateTokenForm({ ...emptyTokenForm('g'), count: 0 }, 'edit')).toEqual([]);
  });

  it('requires rate limit interval and count of at least 1 when enabled', () => {
    const f = { ...emptyTokenForm('g'), rateLimitEnabled: true, rateLimitInterval: 0 };
    expect(validateTokenForm(f, 'edit')).toEqual([{ field: 'rateLimit', error: 'rateLimitInvalid' }]);
    expect(validateTokenForm({ ...f, rateLimitEnabled: false }, 'edit')).toEqual([]);
  });

  it('limits names to 50 characters and quota to non-negative integers', () => {
    expect(validateTokenForm({ ...emptyTokenForm('g'), name: '名'.repeat(51) }, 'edit')).toEqual([{ field: 'name', error: 'nameTooLong' }]);
    expect(validateTokenForm({ ...emptyTokenForm('g'), remainQuota: -1 }, 'edit')).toEqual([
      { field: 'remainQuota', error: 'quotaInvalid' },
    ]);
    expect(validateTokenForm({ ...emptyTokenForm('g'), remainQuota: -1, unlimitedQuota: true }, 'edit')).toEqual([]);
  });
});

describe('request bodies', () => {
  it('suffixes an empty or default name with 6 alphanumerics', () => {
    const [input] = buildCreateInputs({ ...emptyTokenForm('g'), name: '' }, '未命名令牌', seq([0, 0.5, 0.99]));
    expect(input?.name).toMatch(/^未命名令牌-[A-Za-z0-9]{6}$/);
    expect(buildCreateInputs({ ...emptyTokenForm('g'), name: '未命名令牌' }, '未命名令牌')[0]?.name).toMatch(/^未命名令牌-.{6}$/);
  });

  it('keeps a chosen name for the first token and suffixes the rest', () => {
    const inputs = buildCreateInputs({ ...emptyTokenForm('g'), name: 'team', count: 3 }, '未命名令牌');
    expect(inputs.map((i) => i.name)[0]).toBe('team');
    expect(inputs[1]?.name).toMatch(/^team-[A-Za-z0-9]{6}$/);
    expect(new Set(inputs.map((i) => i.name)).size).toBe(3);
  });

  it('sends comma-joined, trimmed IP and model limits', () => {
    const body = buildUpdateInput({
      ...emptyTokenForm('g'),
      name: ' n ',
      ipLimits: ' 1.1.1.1 ,2.2.2.2,, ',
      modelLimitsEnabled: true,
      modelLimits: ['gpt-4o', 'claude-3'],
    });
    expect(body).toMatchObject({ name: 'n', ip_limits: '1.1.1.1,2.2.2.2', model_limits: 'gpt-4o,claude-3', model_limits_enabled: true });
    expect(buildUpdateInput({ ...emptyTokenForm('g'), modelLimits: ['x'] }).model_limits).toBe('');
  });

  it('round-trips a token into the form', () => {
    const form = tokenToForm({
      id: 1, name: 'n', key: 'k', status: 1, remain_quota: 7, used_quota: 0, unlimited_quota: false, expired_time: 99,
      created_time: 1, group: 'vip', model_limits_enabled: true, model_limits: 'a,b', ip_limits: '1.1.1.1,2.2.2.2',
      rate_limit_enabled: true, rate_limit_interval: 60, rate_limit_count: 5, rpm_limit: 30, tpm_limit: 90000, concurrency_limit: 3,
    });
    expect(form).toMatchObject({ modelLimits: ['a', 'b'], ipLimits: '1.1.1.1, 2.2.2.2', rateLimitInterval: 60, group: 'vip', rpmLimit: 30, tpmLimit: 90000, concurrencyLimit: 3 });
    expect(buildUpdateInput(form)).toMatchObject({ ip_limits: '1.1.1.1,2.2.2.2', remain_quota: 7, expired_time: 99, rpm_limit: 30, tpm_limit: 90000, concurrency_limit: 3 });
  });

  it('refuses negative or fractional limits (0 means none)', () => {
    expect(validateTokenForm({ ...emptyTokenForm('g'), rpmLimit: 0, tpmLimit: 0, concurrencyLimit: 0 }, 'edit')).toEqual([]);
    expect(validateTokenForm({ ...emptyTokenForm('g'), rpmLimit: -1 }, 'edit')).toEqual([{ field: 'limits', error: 'limitInvalid' }]);
    expect(validateTokenForm({ ...emptyTokenForm('g'), tpmLimit: 1.5 }, 'edit')).toEqual([{ field: 'limits', error: 'limitInvalid' }]);
  });

  it('draws suffix characters from the alphabet', () => {
    expect(randomSuffix(seq([0]))).toBe('aaaaaa');
    expect(randomSuffix(seq([0.999999]))).toBe('999999');
  });
});
