import { BillingError } from '../../server/src/billing/billing.errors';
import { BillingService } from '../../server/src/billing/billing.service';
import { DatabaseService } from '../../server/src/database/database.service';
import { TokensService } from '../../server/src/tokens/tokens.service';
import { UsersService } from '../../server/src/users/users.service';
import { splitTokenKey } from '../../server/src/tokens/token-key';
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { newUser, type Caller } from '../support/http';

interface Row {
  status: number;
  remain_quota: number;
  used_quota: number;
}

/**
 * The service the relay admits with (reference §1.2, §3.8; money rules 1, 2, 7): lookup by key
 * hash, status transitions by compare-and-set; token holds and settlements through the billing
 * ledger (their one owner), refunds of failed tasks through TokensService.refund.
 */
describe.each(DATABASES)('tokens: relay admission and token quota (%s)', (kind) => {
  let t: TestApp;
  let user: Caller;
  let tokens: TokensService;
  let db: DatabaseService;
  let billing: BillingService;
  let seq = 0;
  const nextId = (): string => `tq-${kind}-${Date.now()}-${++seq}`;
  /** A ledger hold for this test's user on the token: false when the ledger refuses it (403). */
  const hold = async (tokenId: number, amount: number): Promise<boolean> => {
    try {
      await billing.hold({ requestId: nextId(), userId: user.userId as number, tokenId, amount });
      return true;
    } catch (err) {
      if (err instanceof BillingError) return false;
      throw err;
    }
  };

  const make = async (body: Record<string, unknown>): Promise<{ id: number; key: string }> => {
    const res = await user.post('/api/token/', { name: 'relay', group: 'default', ...body }).expect(200);
    return res.body.data[0] as { id: number; key: string };
  };
  const row = async (id: number): Promise<Row> => {
    const r = (await user.get(`/api/token/${id}`).expect(200)).body.data as Row;
    return { status: r.status, remain_quota: r.remain_quota, used_quota: r.used_quota };
  };

  beforeAll(async () => {
    t = await startApp(kind, matrixOptions(kind));
    user = (await newUser(t.url)).caller;
    tokens = t.app.get(TokensService);
    db = t.app.get(DatabaseService);
    billing = t.app.get(BillingService);
    // The user covers every hold here, so only the token decides.
    expect(await db.write((em) => t.app.get(UsersService).addQuota(em, user.userId as number, 1_000_000_000))).toBe(true);
  });
  afterAll(async () => t.close());

  it('authenticates a key with or without sk- and returns what the relay needs', async () => {
    const tok = await make({
      remain_quota: 777,
      model_limits_enabled: true,
      model_limits: 'gpt-4o,gpt-4o-mini',
      ip_limits: '10.0.0.0/8,::1',
      rate_limit_enabled: true,
      rate_limit_interval: 60,
      rate_limit_count: 9,
      rpm_limit: 5,
      tpm_limit: 1000,
      concurrency_limit: 2,
      group: 'vip',
    });
    const view = await tokens.authenticate(`sk-${tok.key}`);
    expect(view).toEqual({
      id: tok.id,
      userId: user.userId,
      name: 'relay',
      status: 1,
      remainQuota: 777,
      usedQuota: 0,
      unlimitedQuota: false,
      expiredTime: -1,
      group: 'vip',
      modelLimitsEnabled: true,
      modelLimits: ['gpt-4o', 'gpt-4o-mini'],
      ipLimits: ['10.0.0.0/8', '::1'],
      rateLimitEnabled: true,
      rateLimitInterval: 60,
      rateLimitCount: 9,
      rpmLimit: 5,
      tpmLimit: 1000,
      concurrencyLimit: 2,
    });
    expect(await tokens.authenticate(tok.key)).toEqual(view);
    expect(await tokens.authenticate(`  Sk-${tok.key}`)).toBeNull();
    expect(await tokens.authenticate(tok.key.slice(0, 47))).toBeNull();
    expect(await tokens.authenticate(`${tok.key}x`)).toBeNull();
    expect(await tokens.authenticate('')).toBeNull();
    expect(await tokens.authenticate("sk-' OR 1=1 --")).toBeNull();
    // Disabled tokens are reported as disabled, not hidden.
    await user.put('/api/token/?status_only=true', { id: tok.id, status: 2 }).expect(200);
    expect((await tokens.authenticate(tok.key))?.status).toBe(2);
  });

  it('splits a channel pin off a relay key', () => {
    const key = 'a'.repeat(48);
    expect(splitTokenKey(`sk-${key}`)).toEqual({ key, channelId: null });
    expect(splitTokenKey(`sk-${key}-12`)).toEqual({ key, channelId: 12 });
    expect(splitTokenKey(`${key}-7`)).toEqual({ key, channelId: 7 });
    // A tail that is no channel id keeps the dash, so the key finds no token.
    expect(splitTokenKey(`sk-${key}-x`)).toEqual({ key: `${key}-x`, channelId: null });
  });

  it('holds quota atomically through the ledger: N parallel holds on a token covering K succeed exactly K times', async () => {
    const amount = 100;
    const covered = 7;
    const attempts = 40;
    const tok = await make({ remain_quota: amount * covered + 50 });
    const results = await Promise.all(Array.from({ length: attempts }, () => hold(tok.id, amount)));
    expect(results.filter(Boolean)).toHaveLength(covered);
    expect(await row(tok.id)).toEqual({ status: 1, remain_quota: 50, used_quota: amount * covered });
    // Another hold larger than what is left is refused and changes nothing.
    expect(await hold(tok.id, 51)).toBe(false);
    expect(await hold(tok.id, 50)).toBe(true);
    expect(await row(tok.id)).toEqual({ status: 1, remain_quota: 0, used_quota: amount * covered + 50 });
  });

  it('lets every hold through on an unlimited token, still counting what was used', async () => {
    const tok = await make({ remain_quota: 10, unlimited_quota: true });
    const results = await Promise.all(Array.from({ length: 20 }, () => hold(tok.id, 5)));
    expect(results.every(Boolean)).toBe(true);
    expect(await row(tok.id)).toEqual({ status: 1, remain_quota: -90, used_quota: 100 });
  });

  it('refuses holds on disabled and expired tokens and bad amounts', async () => {
    const off = await make({ remain_quota: 1000 });
    await user.put('/api/token/?status_only=true', { id: off.id, status: 2 }).expect(200);
    expect(await hold(off.id, 1)).toBe(false);
    const old = await make({ remain_quota: 1000, expired_time: Math.floor(Date.now() / 1000) - 1 });
    expect(await hold(old.id, 1)).toBe(false);
    expect(await row(old.id)).toEqual({ status: 1, remain_quota: 1000, used_quota: 0 });
    await expect(billing.hold({ requestId: nextId(), userId: user.userId as number, tokenId: off.id, amount: -1 })).rejects.toThrow();
    await expect(billing.hold({ requestId: nextId(), userId: user.userId as number, tokenId: off.id, amount: 1.5 })).rejects.toThrow();
    await expect(db.write((em) => tokens.refund(em, off.id, -1))).rejects.toThrow();
  });

  it('settles past zero through the ledger; a refund lifts an exhausted token back to enabled', async () => {
    const tok = await make({ remain_quota: 300 });
    const id = nextId();
    await billing.hold({ requestId: id, userId: user.userId as number, tokenId: tok.id, amount: 300 });
    // The request that crosses zero may finish: settlement charges past zero.
    expect(await billing.settle(id, { quota: 320, channelId: 0, log: null })).toBe('settled');
    expect(await row(tok.id)).toEqual({ status: 1, remain_quota: -20, used_quota: 320 });
    expect((await tokens.authenticate(tok.key))?.status).toBe(4);
    expect(await row(tok.id)).toMatchObject({ status: 4 });
    expect(await hold(tok.id, 1)).toBe(false);
    // A partial refund that stays at or below zero keeps it exhausted.
    expect(await db.write((em) => tokens.refund(em, tok.id, 20))).toBe(true);
    expect(await row(tok.id)).toEqual({ status: 4, remain_quota: 0, used_quota: 300 });
    expect(await db.write((em) => tokens.refund(em, tok.id, 120))).toBe(true);
    expect(await row(tok.id)).toEqual({ status: 1, remain_quota: 120, used_quota: 180 });
    // A disabled token stays disabled after a refund.
    await user.put('/api/token/?status_only=true', { id: tok.id, status: 2 }).expect(200);
    expect(await db.write((em) => tokens.refund(em, tok.id, 10))).toBe(true);
    expect(await row(tok.id)).toEqual({ status: 2, remain_quota: 130, used_quota: 170 });
    expect(await db.write((em) => tokens.refund(em, 99999999, 5))).toBe(false);
  });

  it('parallel settlements and refunds add up exactly', async () => {
    const tok = await make({ remain_quota: 10000 });
    const cycle = async (): Promise<void> => {
      const id = nextId();
      await billing.hold({ requestId: id, userId: user.userId as number, tokenId: tok.id, amount: 20 });
      expect(await billing.settle(id, { quota: 30, channelId: 0, log: null })).toBe('settled');
    };
    await Promise.all([...Array.from({ length: 15 }, cycle), ...Array.from({ length: 10 }, () => db.write((em) => tokens.refund(em, tok.id, 7)))]);
    expect(await row(tok.id)).toEqual({ status: 1, remain_quota: 10000 - 450 + 70, used_quota: 450 - 70 });
  });

  it('moves status to expired or exhausted only by compare-and-set on the real condition', async () => {
    const fresh = await make({ remain_quota: 5 });
    expect(await tokens.markExhausted(fresh.id)).toBe(false);
    expect(await tokens.markExpired(fresh.id)).toBe(false);
    expect((await row(fresh.id)).status).toBe(1);
    const empty = await make({ remain_quota: 0 });
    const results = await Promise.all(Array.from({ length: 10 }, () => tokens.markExhausted(empty.id)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await row(empty.id)).status).toBe(4);
    const old = await make({ expired_time: Math.floor(Date.now() / 1000) - 5 });
    const expired = await Promise.all(Array.from({ length: 10 }, () => tokens.authenticate(old.key)));
    expect(expired.every((v) => v?.status === 3)).toBe(true);
    expect((await row(old.id)).status).toBe(3);
    // A disabled token is not relabelled by the system.
    const off = await make({ remain_quota: 0 });
    await user.put('/api/token/?status_only=true', { id: off.id, status: 2 }).expect(200);
    expect((await tokens.authenticate(off.key))?.status).toBe(2);
    expect(await tokens.markExhausted(off.id)).toBe(false);
  });
});
