import { DataSource } from 'typeorm';
import { BillingError, BillingService } from '../../server/src/billing/billing.service';
import type { HoldHandle, SettleOutcome } from '../../server/src/billing/ledger.types';
import { HOLD_REFUNDED, HOLD_SETTLED } from '../../server/src/billing/hold.entity';
import { pgCheckpointOp, pgHoldOp, pgRefundOp, pgSettleOp, type PgLedgerOp } from '../../server/src/billing/ledger-statements';
import { LOG_CONSUME } from '../../server/src/logs/log.entity';
import { TOKEN_EXHAUSTED } from '../../server/src/tokens/token.entity';
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { seededRandom } from '../../server/src/common/__fixtures__/seeded-random';
import { DATABASES } from '../support/env';
import { loginRoot, type Caller } from '../support/http';
import { LedgerFixtures, logInput, requestId, settleInput } from './fixtures';

interface World {
  users: number[];
  tokens: (number | null)[];
  tag: string;
}

/** What a refused hold threw (code and status), or 'ok'. */
async function holdOutcome(p: Promise<HoldHandle>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    if (err instanceof BillingError) return `${err.status} ${err.code}`;
    throw err;
  }
}

/**
 * The relay's ledger (money rules 1, 2, 5, 7; reference §3.5, §3.6, §3.8, §3.11): holds by
 * conditional statements, settlement and refund exactly once per request id, on both databases.
 */
describe.each(DATABASES)('billing ledger (%s)', (kind) => {
  let t: TestApp;
  let root: Caller;
  let billing: BillingService;
  let fx: LedgerFixtures;
  let channelId: number;

  const setOption = async (key: string, value: string) => {
    const res = await root.put('/api/option/', { key, value }).expect(200);
    expect(res.body.success).toBe(true);
  };

  beforeAll(async () => {
    t = await startApp(kind, matrixOptions(kind));
    root = await loginRoot(t.url);
    billing = t.app.get(BillingService);
    fx = new LedgerFixtures(t, root);
    channelId = await fx.channel();
  });
  afterAll(async () => t.close());

  describe('arithmetic', () => {
    it('hold, settle above the hold, settle below it, refund: balances, counters and the log', async () => {
      const { caller, userId, username } = await fx.account(10_000);
      const tokenId = await fx.token(caller, { remain_quota: 5_000 });
      const channelBefore = await fx.channelUsed(channelId);

      const a = requestId('a');
      expect(await billing.hold({ requestId: a, userId, tokenId, amount: 1_000, modelName: 'gpt-4o-mini' })).toEqual({
        requestId: a,
        amount: 1_000,
        bypassed: false,
      });
      expect(await fx.user(userId)).toEqual({ quota: 9_000, used_quota: 0, request_count: 0 });
      expect(await fx.tokenRow(caller, tokenId)).toMatchObject({ remain_quota: 4_000, used_quota: 1_000 });
      expect(await fx.holdRow(a)).toMatchObject({ status: 'held', amount: 1_000 });

      // 300 over the hold: the overdraft is charged to both.
      const log = logInput({ username, tokenId, tokenName: 'billing' });
      expect(await billing.settle(a, settleInput(1_300, channelId, log))).toBe('settled');
      expect(await fx.user(userId)).toEqual({ quota: 8_700, used_quota: 1_300, request_count: 1 });
      expect(await fx.tokenRow(caller, tokenId)).toMatchObject({ remain_quota: 3_700, used_quota: 1_300 });
      expect(await fx.channelUsed(channelId)).toBe(channelBefore + 1_300);
      expect(await fx.holdRow(a)).toMatchObject({ status: 'settled', amount: 1_000, settled_quota: 1_300 });
      const logs = await fx.consumeLogs(a);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({
        type: 2,
        username,
        token_name: 'billing',
        token_id: tokenId,
        token_group: 'default',
        model_name: 'gpt-4o-mini',
        quota: 1_300,
        prompt_tokens: 1_000,
        completion_tokens: 500,
        use_time: 3,
        is_stream: true,
        channel: channelId,
        client_ip: '203.0.113.7',
        request_id: a,
        content: '模型倍率 0.08，补全倍率 4.00，分组倍率 1.00',
      });
      expect(JSON.parse(logs[0]?.other as string)).toEqual({
        model_ratio: 0.075,
        completion_ratio: 4,
        group_ratio: 1,
        frt: 321,
        admin_info: { use_channel: [1] },
      });

      // 800 held, 500 charged: 300 comes back.
      const b = requestId('b');
      await billing.hold({ requestId: b, userId, tokenId, amount: 800 });
      expect(await billing.settle(b, settleInput(500, channelId, log))).toBe('settled');
      expect(await fx.user(userId)).toEqual({ quota: 8_200, used_quota: 1_800, request_count: 2 });
      expect(await fx.tokenRow(caller, tokenId)).toMatchObject({ remain_quota: 3_200, used_quota: 1_800 });

      // A refund gives the whole hold back and counts nothing.
      const c = requestId('c');
      await billing.hold({ requestId: c, userId, tokenId, amount: 2_000 });
      expect(await fx.user(userId)).toMatchObject({ quota: 6_200 });
      expect(await billing.refund(c)).toBe('settled');
      expect(await billing.refund(c)).toBe('already_done');
      expect(await billing.settle(c, settleInput(2_000, channelId, log))).toBe('already_done');
      expect(await billing.settle(a, settleInput(9_999, channelId, log))).toBe('already_done');
      expect(await fx.user(userId)).toEqual({ quota: 8_200, used_quota: 1_800, request_count: 2 });
      expect(await fx.tokenRow(caller, tokenId)).toMatchObject({ remain_quota: 3_200, used_quota: 1_800 });
      expect(await fx.channelUsed(channelId)).toBe(channelBefore + 1_800);
      expect(await fx.consumeLogs(c)).toHaveLength(0);
      expect(await fx.holdRow(c)).toMatchObject({ status: 'refunded', settled_quota: 0 });
      // Unknown request ids change nothing.
      expect(await billing.settle(requestId('ghost'), settleInput(5, channelId))).toBe('already_done');
      expect(await billing.refund(requestId('ghost'))).toBe('already_done');
    });

    it('refuses holds with 403 codes and leaves every balance as it was', async () => {
      const { caller, userId } = await fx.account(1_000);
      const tokenId = await fx.token(caller, { remain_quota: 600 });

      expect(await holdOutcome(billing.hold({ requestId: requestId(), userId, tokenId, amount: 1_001 }))).toBe('403 insufficient_user_quota');
      // The user part succeeds first; the token refusal must roll it back.
      const short = requestId();
      expect(await holdOutcome(billing.hold({ requestId: short, userId, tokenId, amount: 700 }))).toBe('403 token_quota_exhausted');
      expect(await fx.user(userId)).toMatchObject({ quota: 1_000 });
      expect(await fx.tokenRow(caller, tokenId)).toMatchObject({ remain_quota: 600, used_quota: 0 });
      expect(await fx.holdRow(short)).toBeNull();

      // A duplicate request id is a conflict, and the first hold stays as it was.
      const dup = requestId();
      await billing.hold({ requestId: dup, userId, tokenId, amount: 100 });
      expect(await holdOutcome(billing.hold({ requestId: dup, userId, tokenId, amount: 100 }))).toBe('409 duplicate_request');
      expect(await fx.user(userId)).toMatchObject({ quota: 900 });
      expect(await fx.tokenRow(caller, tokenId)).toMatchObject({ remain_quota: 500 });
      await billing.refund(dup);

      // At zero even a zero hold is refused (quota <= 0).
      const { userId: broke } = await fx.account(0);
      expect(await holdOutcome(billing.hold({ requestId: requestId(), userId: broke, tokenId: null, amount: 0 }))).toBe('403 insufficient_user_quota');

      // The message comes from the catalogue with the amount needed.
      const err = await billing.hold({ requestId: requestId(), userId: broke, tokenId: null, amount: 5 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BillingError);
      expect((err as BillingError).messageKey).toBe('billing.insufficient_user_quota');
      expect((err as BillingError).params).toEqual({ need: 5 });
    });

    it('an unlimited token never caps, but its counters still follow', async () => {
      const { caller, userId } = await fx.account(5_000);
      const tokenId = await fx.token(caller, { remain_quota: 0, unlimited_quota: true });
      const r = requestId();
      await billing.hold({ requestId: r, userId, tokenId, amount: 3_000 });
      expect(await billing.settle(r, settleInput(2_500, channelId))).toBe('settled');
      expect(await fx.user(userId)).toEqual({ quota: 2_500, used_quota: 2_500, request_count: 1 });
      expect(await fx.tokenRow(caller, tokenId)).toMatchObject({ remain_quota: -2_500, used_quota: 2_500, status: 1 });
    });

    it('the playground (no token) charges the user only; the log carries token id 0', async () => {
      const { userId, username } = await fx.account(4_000);
      const r = requestId('pg');
      await billing.hold({ requestId: r, userId, tokenId: null, amount: 1_000 });
      expect(await fx.user(userId)).toMatchObject({ quota: 3_000 });
      expect(await billing.settle(r, settleInput(600, channelId, logInput({ username, tokenId: 0, tokenName: '' })))).toBe('settled');
      expect(await fx.user(userId)).toEqual({ quota: 3_400, used_quota: 600, request_count: 1 });
      expect(await fx.consumeLogs(r)).toEqual([expect.objectContaining({ token_id: 0, token_name: '', quota: 600 })]);

      const refunded = requestId('pg');
      await billing.hold({ requestId: refunded, userId, tokenId: null, amount: 3_400 });
      expect(await fx.user(userId)).toMatchObject({ quota: 0 });
      expect(await billing.refund(refunded)).toBe('settled');
      expect(await fx.user(userId)).toMatchObject({ quota: 3_400 });
    });

    it('with LogConsumeEnabled off no log is written, and balances still move', async () => {
      await setOption('LogConsumeEnabled', 'false');
      try {
        const { caller, userId } = await fx.account(2_000);
        const tokenId = await fx.token(caller, { remain_quota: 2_000 });
        const r = requestId('nolog');
        await billing.hold({ requestId: r, userId, tokenId, amount: 500 });
        expect(await billing.settle(r, settleInput(700, channelId))).toBe('settled');
        expect(await fx.consumeLogs(r)).toHaveLength(0);
        expect(await fx.user(userId)).toEqual({ quota: 1_300, used_quota: 700, request_count: 1 });
        expect(await fx.tokenRow(caller, tokenId)).toMatchObject({ remain_quota: 1_300, used_quota: 700 });
      } finally {
        await setOption('LogConsumeEnabled', 'true');
      }
      // A null log (the relay decided nothing is logged) writes none either.
      const { userId } = await fx.account(100);
      const r = requestId('nolog');
      await billing.hold({ requestId: r, userId, tokenId: null, amount: 10 });
      expect(await billing.settle(r, settleInput(10, channelId, null))).toBe('settled');
      expect(await fx.consumeLogs(r)).toHaveLength(0);
    });
  });

  it('a malformed log never fails the settlement: fields are fitted to their columns', async () => {
    const { userId } = await fx.account(1_000);
    const r = requestId('fit');
    await billing.hold({ requestId: r, userId, tokenId: null, amount: 100 });
    const log = logInput({ modelName: `m-${'x'.repeat(300)}`, promptTokens: 10.4, completionTokens: -3, tokenGroup: 'g'.repeat(100) });
    expect(await billing.settle(r, settleInput(100, channelId, log))).toBe('settled');
    const [row] = await fx.consumeLogs(r);
    expect(row).toMatchObject({ prompt_tokens: 10, completion_tokens: 0, token_group: 'g'.repeat(64) });
    expect(String(row?.model_name)).toHaveLength(128);
    expect(await fx.user(userId)).toEqual({ quota: 900, used_quota: 100, request_count: 1 });
  });

  describe('trust bypass (reference §3.5)', () => {
    const TEN = 10 * 500_000;

    it('off by default: a rich user on an unlimited token is still reserved', async () => {
      const { caller, userId } = await fx.account(TEN * 3);
      const tokenId = await fx.token(caller, { unlimited_quota: true });
      const r = requestId('trust');
      expect(await billing.hold({ requestId: r, userId, tokenId, amount: 1_000 })).toMatchObject({ bypassed: false, amount: 1_000 });
      expect(await fx.user(userId)).toMatchObject({ quota: TEN * 3 - 1_000 });
      await billing.refund(r);
    });

    it('on: skips the reservation above $10 (user, and token unlimited or above $10); settlement charges in full', async () => {
      await setOption('TrustBypassEnabled', 'true');
      try {
        const { caller, userId } = await fx.account(TEN + 1);
        const unlimited = await fx.token(caller, { unlimited_quota: true });
        const rich = await fx.token(caller, { remain_quota: TEN + 1 });
        const poor = await fx.token(caller, { remain_quota: TEN });

        const r1 = requestId('trust');
        expect(await billing.hold({ requestId: r1, userId, tokenId: unlimited, amount: 1_000 })).toEqual({ requestId: r1, amount: 0, bypassed: true });
        expect(await fx.holdRow(r1)).toMatchObject({ status: 'held', amount: 0 });
        expect(await fx.user(userId)).toMatchObject({ quota: TEN + 1 });
        expect(await fx.tokenRow(caller, unlimited)).toMatchObject({ used_quota: 0 });
        expect(await billing.settle(r1, settleInput(1_234, channelId))).toBe('settled');
        expect(await fx.user(userId)).toEqual({ quota: TEN + 1 - 1_234, used_quota: 1_234, request_count: 1 });
        expect(await fx.tokenRow(caller, unlimited)).toMatchObject({ used_quota: 1_234 });

        // The user is now at or below $10: reserved again.
        const r2 = requestId('trust');
        expect(await billing.hold({ requestId: r2, userId, tokenId: unlimited, amount: 10 })).toMatchObject({ bypassed: false });
        await billing.refund(r2);
        await root.put('/api/user/', { id: userId, quota: TEN * 2 }).expect(200);
        expect(await billing.hold({ requestId: requestId('trust'), userId, tokenId: rich, amount: 10 })).toMatchObject({ bypassed: true });
        expect(await billing.hold({ requestId: requestId('trust'), userId, tokenId: poor, amount: 10 })).toMatchObject({ bypassed: false });
        expect(await billing.hold({ requestId: requestId('trust'), userId, tokenId: null, amount: 10 })).toMatchObject({ bypassed: true });
        expect(await fx.tokenRow(caller, poor)).toMatchObject({ remain_quota: TEN - 10 });
        // A refund of a bypassed hold gives back nothing (nothing was taken).
        const r3 = requestId('trust');
        await billing.hold({ requestId: r3, userId, tokenId: null, amount: 10 });
        const before = await fx.user(userId);
        expect(await billing.refund(r3)).toBe('settled');
        expect(await fx.user(userId)).toEqual(before);
      } finally {
        await setOption('TrustBypassEnabled', 'false');
      }
    });
  });

  describe('exactly once', () => {
    it('20 parallel settles of one hold: one wins, the balances move once, one log', async () => {
      const { caller, userId } = await fx.account(10_000);
      const tokenId = await fx.token(caller, { remain_quota: 10_000 });
      const channelBefore = await fx.channelUsed(channelId);
      const r = requestId('race');
      await billing.hold({ requestId: r, userId, tokenId, amount: 1_000 });
      const outcomes = await Promise.all(Array.from({ length: 20 }, () => billing.settle(r, settleInput(1_200, channelId))));
      expect(outcomes.filter((o) => o === 'settled')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'already_done')).toHaveLength(19);
      expect(await fx.user(userId)).toEqual({ quota: 8_800, used_quota: 1_200, request_count: 1 });
      expect(await fx.tokenRow(caller, tokenId)).toMatchObject({ remain_quota: 8_800, used_quota: 1_200 });
      expect(await fx.channelUsed(channelId)).toBe(channelBefore + 1_200);
      expect(await fx.consumeLogs(r)).toHaveLength(1);
    });

    it('20 parallel refunds of one hold: one wins, the hold comes back once', async () => {
      const { caller, userId } = await fx.account(10_000);
      const tokenId = await fx.token(caller, { remain_quota: 10_000 });
      const r = requestId('race');
      await billing.hold({ requestId: r, userId, tokenId, amount: 1_000 });
      const outcomes = await Promise.all(Array.from({ length: 20 }, () => billing.refund(r)));
      expect(outcomes.filter((o) => o === 'settled')).toHaveLength(1);
      expect(await fx.user(userId)).toEqual({ quota: 10_000, used_quota: 0, request_count: 0 });
      expect(await fx.tokenRow(caller, tokenId)).toMatchObject({ remain_quota: 10_000, used_quota: 0 });
    });

    it('settle racing refund: exactly one wins and the balances match the winner', async () => {
      for (let round = 0; round < 5; round++) {
        const { caller, userId } = await fx.account(10_000);
        const tokenId = await fx.token(caller, { remain_quota: 10_000 });
        const r = requestId('duel');
        await billing.hold({ requestId: r, userId, tokenId, amount: 1_000 });
        const calls: Promise<[string, SettleOutcome]>[] = [];
        for (let i = 0; i < 10; i++) {
          calls.push(billing.settle(r, settleInput(700, channelId)).then((o) => ['settle', o]));
          calls.push(billing.refund(r).then((o) => ['refund', o]));
        }
        const results = await Promise.all(calls);
        const winners = results.filter(([, o]) => o === 'settled');
        expect(winners).toHaveLength(1);
        const user = await fx.user(userId);
        const token = await fx.tokenRow(caller, tokenId);
        if (winners[0]?.[0] === 'settle') {
          expect(user).toEqual({ quota: 9_300, used_quota: 700, request_count: 1 });
          expect(token).toMatchObject({ remain_quota: 9_300, used_quota: 700 });
          expect(await fx.consumeLogs(r)).toHaveLength(1);
        } else {
          expect(user).toEqual({ quota: 10_000, used_quota: 0, request_count: 0 });
          expect(token).toMatchObject({ remain_quota: 10_000, used_quota: 0 });
          expect(await fx.consumeLogs(r)).toHaveLength(0);
        }
      }
    });
  });

  describe('concurrency', () => {
    const HOLD = 1_000;

    it('200 parallel hold -> settle cycles on a user covering 20: exactly 20 pass, nothing below zero', async () => {
      const { caller, userId } = await fx.account(20 * HOLD);
      const tokenId = await fx.token(caller, { remain_quota: 1_000_000 });
      const cycle = async (): Promise<string> => {
        const r = requestId('cyc');
        const out = await holdOutcome(billing.hold({ requestId: r, userId, tokenId, amount: HOLD }));
        if (out === 'ok') expect(await billing.settle(r, settleInput(HOLD, channelId))).toBe('settled');
        return out;
      };
      const outcomes = await Promise.all(Array.from({ length: 200 }, cycle));
      expect(outcomes.filter((o) => o === 'ok')).toHaveLength(20);
      expect(outcomes.filter((o) => o === '403 insufficient_user_quota')).toHaveLength(180);
      expect(await fx.user(userId)).toEqual({ quota: 0, used_quota: 20 * HOLD, request_count: 20 });
      expect(await fx.tokenRow(caller, tokenId)).toMatchObject({ remain_quota: 1_000_000 - 20 * HOLD, used_quota: 20 * HOLD });
      expect(await fx.consumeLogCount(userId)).toBe(20);
    });

    it('200 parallel cycles on a token covering 20: refused holds give the user part back', async () => {
      const { caller, userId } = await fx.account(1_000_000);
      const tokenId = await fx.token(caller, { remain_quota: 20 * HOLD });
      const cycle = async (): Promise<string> => {
        const r = requestId('tok');
        const out = await holdOutcome(billing.hold({ requestId: r, userId, tokenId, amount: HOLD }));
        if (out === 'ok') await billing.settle(r, settleInput(HOLD, channelId));
        return out;
      };
      const outcomes = await Promise.all(Array.from({ length: 200 }, cycle));
      expect(outcomes.filter((o) => o === 'ok')).toHaveLength(20);
      expect(outcomes.filter((o) => o === '403 token_quota_exhausted')).toHaveLength(180);
      expect(await fx.tokenRow(caller, tokenId)).toMatchObject({ remain_quota: 0, used_quota: 20 * HOLD });
      expect(await fx.user(userId)).toEqual({ quota: 1_000_000 - 20 * HOLD, used_quota: 20 * HOLD, request_count: 20 });
      expect(await fx.consumeLogCount(userId)).toBe(20);
    });

    // Money rule 7 (changed): every settlement charges its full usage, so the balance goes below
    // zero by what the requests in flight used beyond their holds (was: one request's overdraft at
    // most, later overdrafts forgiven). At or below zero, user or token, every new hold is refused.
    it('settles above the hold: every overdraft charged in full, nothing forgiven; then new holds refused', async () => {
      const OVER = 50;
      const { caller, userId } = await fx.account(20 * HOLD);
      const tokenId = await fx.token(caller, { remain_quota: 1_000_000 });
      const ids = Array.from({ length: 200 }, () => requestId('od'));
      const held = await Promise.all(ids.map((r) => holdOutcome(billing.hold({ requestId: r, userId, tokenId, amount: HOLD }))));
      const ok = ids.filter((_, i) => held[i] === 'ok');
      expect(ok).toHaveLength(20);
      const settled = await Promise.all(ok.map((r) => billing.settle(r, settleInput(HOLD + OVER, channelId))));
      expect(settled.every((o) => o === 'settled')).toBe(true);
      // Every hold took the balance to 0; each of the 20 settlements charges its 50 over the hold.
      expect(await fx.user(userId)).toEqual({ quota: -20 * OVER, used_quota: 20 * (HOLD + OVER), request_count: 20 });
      expect(await fx.tokenRow(caller, tokenId)).toMatchObject({ remain_quota: 1_000_000 - 20 * (HOLD + OVER) });
      expect(await fx.consumeLogCount(userId)).toBe(20);
      // Below zero, the next request is refused, even a free one.
      expect(await holdOutcome(billing.hold({ requestId: requestId('od'), userId, tokenId, amount: 0 }))).toBe('403 insufficient_user_quota');
    });

    it('a token driven below zero by in-flight settlements refuses every new hold, even a free one', async () => {
      const { caller, userId } = await fx.account(1_000_000);
      const tokenId = await fx.token(caller, { remain_quota: 10 * HOLD });
      const ids = Array.from({ length: 50 }, () => requestId('tod'));
      const held = await Promise.all(ids.map((r) => holdOutcome(billing.hold({ requestId: r, userId, tokenId, amount: HOLD }))));
      const ok = ids.filter((_, i) => held[i] === 'ok');
      expect(ok).toHaveLength(10);
      expect(held.filter((o) => o !== 'ok').every((o) => o === '403 token_quota_exhausted')).toBe(true);
      await Promise.all(ok.map((r) => billing.settle(r, settleInput(HOLD + 7, channelId))));
      expect(await fx.tokenRow(caller, tokenId)).toMatchObject({ remain_quota: -70, used_quota: 10 * (HOLD + 7) });
      expect(await fx.user(userId)).toEqual({ quota: 1_000_000 - 10 * (HOLD + 7), used_quota: 10 * (HOLD + 7), request_count: 10 });
      expect(await holdOutcome(billing.hold({ requestId: requestId('tod'), userId, tokenId, amount: 0 }))).toBe('403 token_quota_exhausted');
      // At exactly zero too.
      const zero = await fx.token(caller, { remain_quota: HOLD });
      const r = requestId('tz');
      expect(await holdOutcome(billing.hold({ requestId: r, userId, tokenId: zero, amount: HOLD }))).toBe('ok');
      expect(await billing.settle(r, settleInput(HOLD, channelId))).toBe('settled');
      expect(await holdOutcome(billing.hold({ requestId: requestId('tz'), userId, tokenId: zero, amount: 0 }))).toBe('403 token_quota_exhausted');
    });
  });

  it('group commit: ops sent in one turn share a commit, and a refused or failing op rolls back alone', async () => {
    const { caller, userId, username } = await fx.account(10_000);
    const tokenId = await fx.token(caller, { remain_quota: 2_500 });
    const [a, b, c, d] = [requestId('gc'), requestId('gc'), requestId('gc'), requestId('gc')];
    // One turn of the event loop: all of these join the same batch.
    const outcomes = await Promise.all([
      holdOutcome(billing.hold({ requestId: a, userId, tokenId, amount: 1_000 })),
      holdOutcome(billing.hold({ requestId: b, userId, tokenId, amount: 1_000 })),
      // The token has 500 left: the user part of this hold must be rolled back with it.
      holdOutcome(billing.hold({ requestId: c, userId, tokenId, amount: 1_000 })),
      // A second hold under a request id already held in this batch.
      holdOutcome(billing.hold({ requestId: a, userId, tokenId, amount: 10 })),
      holdOutcome(billing.hold({ requestId: d, userId, tokenId: null, amount: 500 })),
    ]);
    expect(outcomes).toEqual(['ok', 'ok', '403 token_quota_exhausted', '409 duplicate_request', 'ok']);
    expect(await fx.user(userId)).toEqual({ quota: 10_000 - 2_500, used_quota: 0, request_count: 0 });
    expect(await fx.tokenRow(caller, tokenId)).toMatchObject({ remain_quota: 500, used_quota: 2_000 });
    expect(await fx.holdRow(a)).toMatchObject({ status: 'held', amount: 1_000 });
    expect(await fx.holdRow(c)).toBeNull();

    // A settle, a refund, a second settle of the same hold and a checkpoint, sent in one turn (a
    // settlement may wait for a later commit than the others: which settle wins is not fixed).
    const log = logInput({ username, tokenId, tokenName: 'billing' });
    const [s1, r1, s2] = await Promise.all([
      billing.settle(a, settleInput(1_200, channelId, log)),
      billing.refund(b),
      billing.settle(a, settleInput(1_200, channelId, log)),
      billing.checkpoint(d, 300, channelId),
    ]);
    expect(r1).toBe('settled');
    expect([s1, s2].sort()).toEqual(['already_done', 'settled']);
    expect(await fx.user(userId)).toEqual({ quota: 10_000 - 500 - 1_200, used_quota: 1_200, request_count: 1 });
    expect(await fx.tokenRow(caller, tokenId)).toMatchObject({ remain_quota: 2_500 - 1_200, used_quota: 1_200 });
    expect(await fx.holdRow(d)).toMatchObject({ status: 'held', checkpoint_quota: 300, channel_id: channelId });
    expect(await fx.consumeLogs(a)).toHaveLength(1);
  });

  it('checkpoints only raise the delivered quota and only while held', async () => {
    const { userId } = await fx.account(5_000);
    const r = requestId('cp');
    await billing.hold({ requestId: r, userId, tokenId: null, amount: 2_000 });
    await billing.checkpoint(r, 300, channelId);
    await billing.checkpoint(r, 200);
    expect(await fx.holdRow(r)).toMatchObject({ checkpoint_quota: 300, channel_id: channelId });
    await billing.checkpoint(r, 900);
    expect(await fx.holdRow(r)).toMatchObject({ checkpoint_quota: 900 });
    await billing.settle(r, settleInput(1_000, channelId));
    await billing.checkpoint(r, 5_000);
    expect(await fx.holdRow(r)).toMatchObject({ status: 'settled', checkpoint_quota: 900 });
  });

  it('prints the latency of a hold (not an assertion)', async () => {
    const { caller, userId } = await fx.account(1_000_000_000);
    const tokenId = await fx.token(caller, { unlimited_quota: true });
    const N = 200;
    const ids = Array.from({ length: N }, () => requestId('lat'));
    for (const r of ids.slice(0, 20)) await billing.hold({ requestId: r, userId, tokenId, amount: 100 }); // warm-up
    const times: number[] = [];
    for (const r of ids.slice(20)) {
      const start = process.hrtime.bigint();
      await billing.hold({ requestId: r, userId, tokenId, amount: 100 });
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    times.sort((x, y) => x - y);
    const pct = (p: number) => (times[Math.min(times.length - 1, Math.floor(times.length * p))] as number).toFixed(3);
    const mean = (times.reduce((s, x) => s + x, 0) / times.length).toFixed(3);
    process.stdout.write(`[billing] hold latency on ${kind}, 1 concurrent, ${times.length} holds: mean ${mean} ms, p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms\n`);
    await Promise.all(ids.map((r) => billing.refund(r)));
    expect(await fx.user(userId)).toMatchObject({ quota: 1_000_000_000 });
  });

  /**
   * PostgreSQL's batch function (migration LedgerBatchFastPath) takes a fast path that writes each
   * user, token and channel row once per batch, and falls back to the per-op function
   * (`sluice_ledger_ops`) when any op would not go through. Here both functions run the same
   * random batches from the same starting balances, in two worlds of their own: results, balances,
   * counters, token states, holds and logs must come out identical, over batches that take the
   * fast path and batches that fall back.
   */
  if (kind === 'postgres') {
    describe('batch function: fast path = op by op', () => {
      let worlds: World[] = [];
      beforeAll(async () => {
        const world = async (tag: string): Promise<World> => {
          const a = await fx.account(20_000);
          const b = await fx.account(6_000);
          const t1 = await fx.token(a.caller, { remain_quota: 9_000 });
          const t2 = await fx.token(a.caller, { unlimited_quota: true });
          const t3 = await fx.token(b.caller, { remain_quota: 2_500 });
          return { users: [a.userId, a.userId, b.userId, b.userId], tokens: [t1, t2, t3, null], tag };
        };
        worlds = [await world('fast'), await world('perop')];
      });

      const call = async (fn: string, ops: PgLedgerOp[]): Promise<unknown[]> => {
        const rows = await fx.raw<{ r: unknown[] }>(`SELECT ${fn}($1::jsonb) AS r`, [JSON.stringify(ops)]);
        return rows[0]?.r ?? [];
      };

      /** Everything the ledger moves in one world, with its own ids replaced by positions. */
      const snapshot = async (w: World, ids: string[]) => {
        const userIds = [...new Set(w.users)];
        const users = await fx.raw<Record<string, unknown>>(
          'SELECT id, quota::text AS quota, used_quota::text AS used_quota, request_count::text AS rc FROM users WHERE id = ANY($1) ORDER BY id',
          [userIds],
        );
        const tokenIds = w.tokens.filter((x): x is number => x !== null);
        const tokens = await fx.raw<Record<string, unknown>>(
          'SELECT remain_quota::text AS r, used_quota::text AS u, status FROM tokens WHERE id = ANY($1) ORDER BY id',
          [tokenIds],
        );
        const holds = await fx.raw<Record<string, unknown>>(
          `SELECT request_id, status, amount::text AS a, settled_quota::text AS s, checkpoint_quota::text AS c FROM holds WHERE request_id = ANY($1)`,
          [ids.map((id) => `${w.tag}-${id}`)],
        );
        const logs = await fx.raw<Record<string, unknown>>(
          'SELECT request_id, quota::text AS q, user_id FROM logs WHERE type = $2 AND request_id = ANY($1) ORDER BY request_id',
          [ids.map((id) => `${w.tag}-${id}`), LOG_CONSUME],
        );
        const strip = (r: string) => r.slice(w.tag.length + 1);
        return {
          users: users.map(({ id: _id, ...rest }) => rest),
          tokens,
          holds: holds.map((h) => ({ ...h, request_id: strip(String(h.request_id)) })).sort((x, y) => String(x.request_id).localeCompare(String(y.request_id))),
          logs: logs.map((l) => ({ request_id: strip(String(l.request_id)), q: l.q, user: userIds.indexOf(Number(l.user_id)) })),
        };
      };

      it('random batches of holds, settles, refunds and checkpoints come out the same both ways', async () => {
        const rand = seededRandom(20261122);
        const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)] as T;
        const now = Math.floor(Date.now() / 1000);
        const open: { id: string; who: number }[] = [];
        const all: string[] = [];
        let fastLike = 0;
        let fellBack = 0;
        for (let round = 0; round < 40; round++) {
          // Each world gets the same ops on its own ids; results have user ids mapped back to positions.
          const plan: { kind: string; id: string; who: number; amount: number; quota: number; cp: number }[] = [];
          const holdCount = 1 + Math.floor(rand() * 6);
          for (let i = 0; i < holdCount; i++) {
            const id = rand() < 0.08 && all.length > 0 ? pick(all) : requestId('fp');
            plan.push({ kind: 'hold', id, who: Math.floor(rand() * 4), amount: pick([0, 50, 200, 450, 900, 1_800]), quota: 0, cp: 0 });
          }
          const closeCount = Math.min(open.length, Math.floor(rand() * 6));
          for (let i = 0; i < closeCount; i++) {
            const h = open.splice(Math.floor(rand() * open.length), 1)[0] as { id: string; who: number };
            const r = rand();
            const kindOf = r < 0.6 ? 'settle' : r < 0.8 ? 'refund' : 'checkpoint';
            plan.push({ kind: kindOf, id: h.id, who: h.who, amount: 0, quota: pick([0, 30, 300, 600, 1_500, 8_000]), cp: pick([10, 100]) });
            if (kindOf === 'checkpoint') open.push(h);
            // Now and then the same hold is closed twice in one batch.
            if (rand() < 0.15) plan.push({ kind: 'settle', id: h.id, who: h.who, amount: 0, quota: 77, cp: 0 });
          }
          // Shuffled: settles before holds, holds between settles.
          for (let i = plan.length - 1; i > 0; i--) {
            const j = Math.floor(rand() * (i + 1));
            [plan[i], plan[j]] = [plan[j] as (typeof plan)[number], plan[i] as (typeof plan)[number]];
          }
          // Sometimes a token is exhausted while it has holds open, so a give-back can enable it again.
          const exhaust = rand() < 0.3 ? Math.floor(rand() * 3) : -1;

          const outcomes: unknown[][] = [];
          for (const [wi, w] of worlds.entries()) {
            if (exhaust >= 0) await fx.raw('UPDATE tokens SET status = $1 WHERE id = $2', [TOKEN_EXHAUSTED, w.tokens[exhaust]]);
            const ops = plan.map((p): PgLedgerOp => {
              const r = `${w.tag}-${p.id}`;
              if (p.kind === 'hold') {
                return pgHoldOp({ requestId: r, userId: w.users[p.who] as number, tokenId: w.tokens[p.who] ?? null, amount: p.amount, model: 'gpt-4o-mini', now });
              }
              if (p.kind === 'settle') {
                const log = logInput({ tokenId: w.tokens[p.who] ?? 0 });
                return pgSettleOp({ requestId: r, quota: p.quota, channelId, log, logType: LOG_CONSUME, now }, HOLD_SETTLED);
              }
              if (p.kind === 'refund') return pgRefundOp(r, HOLD_REFUNDED, now);
              return pgCheckpointOp(r, p.cp, channelId, now);
            });
            const res = await call(wi === 0 ? 'sluice_ledger_batch' : 'sluice_ledger_ops', ops);
            const userIds = [...new Set(w.users)];
            outcomes.push(
              res.map((x) =>
                x !== null && typeof x === 'object' && 'user_id' in x ? { ...x, user_id: userIds.indexOf(Number((x as { user_id: unknown }).user_id)) } : x,
              ),
            );
          }
          expect(outcomes[0]).toEqual(outcomes[1]);
          const refused = (outcomes[0] ?? []).some((x) => x !== null && typeof x === 'object' && ('e' in x || 'err' in x));
          if (refused) fellBack++;
          else fastLike++;
          plan.forEach((p, i) => {
            if (p.kind === 'hold' && !all.includes(p.id)) all.push(p.id);
            const r = outcomes[0]?.[i];
            if (p.kind === 'hold' && r !== null && typeof r === 'object' && 'ok' in r) open.push({ id: p.id, who: p.who });
          });
          const [a, b] = [await snapshot(worlds[0] as World, all), await snapshot(worlds[1] as World, all)];
          expect(a).toEqual(b);
          // Give the users some headroom back now and then, in both worlds alike.
          if (round % 6 === 5) {
            for (const w of worlds) await fx.raw('UPDATE users SET quota = quota + 4000 WHERE id = ANY($1)', [[...new Set(w.users)]]);
          }
        }
        // Both paths were exercised: batches where everything went through, and batches with a refusal.
        expect(fastLike).toBeGreaterThan(3);
        expect(fellBack).toBeGreaterThan(3);
      });
    });

    /**
     * Migration LedgerBatchConcurrent: batches run side by side (the holds lane and the closes lane
     * of one node, or several nodes). The fast path reads the user, token and channel rows without
     * locking them and moves each once at the end, in id order, by a statement that checks its
     * condition on the row as it is then; the op-by-op fallback locks the same rows in the same
     * order first. So no two batches wait on each other crosswise, and a balance moved by someone
     * else between the read and the move sends the batch op by op.
     */
    describe('batch function: batches at once', () => {
      const now = () => Math.floor(Date.now() / 1000);
      const call = async (ops: PgLedgerOp[]): Promise<unknown[]> => {
        const rows = await fx.raw<{ r: unknown[] }>('SELECT sluice_ledger_batch($1::jsonb) AS r', [JSON.stringify(ops)]);
        return rows[0]?.r ?? [];
      };
      const hold = (r: string, userId: number, tokenId: number | null, amount: number) =>
        pgHoldOp({ requestId: r, userId, tokenId, amount, model: 'gpt-4o-mini', now: now() });
      const settle = (r: string, quota: number) =>
        pgSettleOp({ requestId: r, quota, channelId, log: logInput(), logType: LOG_CONSUME, now: now() }, HOLD_SETTLED);

      it('batches that meet the same users, tokens and channel in opposite orders all go through, and every balance is exact', async () => {
        const accounts = [await fx.account(50_000_000), await fx.account(50_000_000), await fx.account(50_000_000)];
        const tokens: number[] = [];
        for (const a of accounts) tokens.push(await fx.token(a.caller, { remain_quota: 40_000_000 }));
        const channelBefore = await fx.channelUsed(channelId);
        const rounds = 40;
        const perRound = accounts.length * 2;
        for (let round = 0; round < rounds; round++) {
          // Two batches at once, one walking the users forwards and one backwards; each holds for
          // every user and settles what the previous round held.
          const ids = accounts.map(() => [requestId('cc'), requestId('cc')]);
          const forwards = accounts.map((a, i) => hold(ids[i]?.[0] as string, a.userId, tokens[i] as number, 300 + i));
          const backwards = accounts.map((a, i) => hold(ids[i]?.[1] as string, a.userId, tokens[i] as number, 300 + i)).reverse();
          const [ra, rb] = await Promise.all([call(forwards), call(backwards)]);
          expect([...ra, ...rb]).toEqual(Array.from({ length: perRound }, () => ({ ok: true })));
          const closes = ids.map((pair) => pair.map((r) => settle(r, 100)));
          const [sa, sb] = await Promise.all([call(closes.map((c) => c[0] as PgLedgerOp)), call(closes.map((c) => c[1] as PgLedgerOp).reverse())]);
          for (const r of [...sa, ...sb]) expect(r).toMatchObject({ user_id: expect.any(Number), after: expect.any(Number) });
        }
        for (const [i, a] of accounts.entries()) {
          // Each round: two holds of 300+i settled at 100 each.
          expect(await fx.user(a.userId)).toEqual({ quota: 50_000_000 - rounds * 2 * 100, used_quota: rounds * 2 * 100, request_count: rounds * 2 });
          const tk = await fx.tokenRow(a.caller, tokens[i] as number);
          expect(tk).toMatchObject({ remain_quota: 40_000_000 - rounds * 2 * 100, used_quota: rounds * 2 * 100 });
          expect(await fx.consumeLogCount(a.userId)).toBe(rounds * 2);
        }
        expect(await fx.channelUsed(channelId)).toBe(channelBefore + rounds * perRound * 100);
      });

      /**
       * Runs `batch` while another connection holds `sql` uncommitted on the row (the batch reads
       * the committed value, then waits at its move), commits it, and answers the batch's results.
       */
      const besideOpenUpdate = async (sql: string, params: unknown[], batch: PgLedgerOp[]): Promise<unknown[]> => {
        const ds = t.app.get(DataSource);
        const other = ds.createQueryRunner();
        await other.connect();
        try {
          await other.startTransaction();
          await other.query(sql, params);
          const pending = call(batch);
          await waitForLockWait(ds);
          await other.commitTransaction();
          return await pending;
        } finally {
          if (other.isTransactionActive) await other.rollbackTransaction();
          await other.release();
        }
      };

      it('a balance lowered by another transaction after the fast path read it: the move finds it short and the batch goes op by op', async () => {
        const { userId } = await fx.account(10_000);
        const r = requestId('race');
        // The batch reads 10000 and decides the hold is covered; by its move the balance is 40.
        expect(await besideOpenUpdate('UPDATE users SET quota = 40 WHERE id = $1', [userId], [hold(r, userId, null, 500)])).toEqual([{ e: 'user' }]);
        expect(await fx.holdRow(r)).toBeNull();
        expect((await fx.user(userId)).quota).toBe(40);
      });

      it('a balance raised by another transaction meanwhile: the settlement reports the balance as it really left it', async () => {
        const { userId } = await fx.account(10_000);
        const r = requestId('race');
        expect(await call([hold(r, userId, null, 1_000)])).toEqual([{ ok: true }]);
        // 10000 - 1000 held + 5000 credited + 700 given back.
        expect(await besideOpenUpdate('UPDATE users SET quota = quota + 5000 WHERE id = $1', [userId], [settle(r, 300)])).toEqual([
          { user_id: userId, after: 14_700 },
        ]);
        expect(await fx.user(userId)).toEqual({ quota: 14_700, used_quota: 300, request_count: 1 });
      });
    });
  }
});

/** Waits until some backend of this database waits for a row lock (the batch reached its move). */
async function waitForLockWait(ds: DataSource): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const rows = (await ds.query(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
    )) as { n: number }[];
    if ((rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no backend came to wait on the row lock');
}
