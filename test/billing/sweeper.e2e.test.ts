import { BillingService } from '../../server/src/billing/billing.service';
import { QUEUE_DRIVER, type QueueDriver } from '../../server/src/queue/jobs';
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { loginRoot, type Caller } from '../support/http';
import { LedgerFixtures, requestId, settleInput } from './fixtures';

const SWEEP_ENV = { HOLD_SWEEP_AFTER_SECONDS: '1' };

/**
 * The sweeper (money rule 5): holds orphaned by a crash are settled at their last checkpoint,
 * or refunded when nothing was delivered, exactly once, even with two nodes sweeping at once.
 */
describe.each(DATABASES)('billing sweeper (%s)', (kind) => {
  let t: TestApp;
  /** A second node on the same database and Redis (PostgreSQL only: SQLite is single-instance). */
  let second: TestApp | null = null;
  let root: Caller;
  let billing: BillingService;
  let fx: LedgerFixtures;
  let channelId: number;

  /** Makes holds look older and untouched past the sweep threshold without waiting for it. */
  const age = async (ids: string[], seconds: number) => {
    for (const id of ids) await fx.raw('UPDATE holds SET created_at = created_at - $1, updated_at = updated_at - $2 WHERE request_id = $3', [seconds, seconds, id]);
  };

  beforeAll(async () => {
    t = await startApp(kind, { ...matrixOptions(kind), env: SWEEP_ENV });
    if (kind !== 'sqlite') {
      second = await startApp(kind, { ...matrixOptions(kind), env: SWEEP_ENV, database: t.database, redisPrefix: t.redisPrefix });
    }
    root = await loginRoot(t.url);
    billing = t.app.get(BillingService);
    fx = new LedgerFixtures(t, root);
    channelId = await fx.channel();
    // The boot sweep has run on an empty ledger; the minute job is stopped so the counts below
    // are the direct sweeps' alone (the job itself is tested on its own).
    const queue = t.app.get<QueueDriver>(QUEUE_DRIVER);
    await queue.idle();
    await queue.cancelRepeat('billing.sweep');
    if (second) await second.app.get<QueueDriver>(QUEUE_DRIVER).cancelRepeat('billing.sweep');
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  it('settles an orphaned hold at its checkpoint, refunds one with nothing delivered, leaves fresh ones', async () => {
    const { caller, userId, username } = await fx.account(10_000);
    const tokenId = await fx.token(caller, { name: 'sweepme', remain_quota: 10_000 });
    const channelBefore = await fx.channelUsed(channelId);

    const streamed = requestId('sw');
    const silent = requestId('sw');
    const fresh = requestId('sw');
    await billing.hold({ requestId: streamed, userId, tokenId, amount: 2_000, modelName: 'gpt-4o-mini' });
    await billing.hold({ requestId: silent, userId, tokenId, amount: 1_500 });
    await billing.hold({ requestId: fresh, userId, tokenId, amount: 500 });
    await billing.checkpoint(streamed, 300, channelId);
    await billing.checkpoint(streamed, 250);
    expect(await fx.user(userId)).toMatchObject({ quota: 6_000 });
    await age([streamed, silent], 30);

    const result = await billing.sweep();
    expect(result).toMatchObject({ settled: 1, refunded: 1 });

    expect(await fx.holdRow(streamed)).toMatchObject({ status: 'settled', settled_quota: 300 });
    expect(await fx.holdRow(silent)).toMatchObject({ status: 'refunded' });
    expect(await fx.holdRow(fresh)).toMatchObject({ status: 'held', amount: 500 });
    // 10000 - 300 (settled) - 500 (fresh, still held)
    expect(await fx.user(userId)).toEqual({ quota: 9_200, used_quota: 300, request_count: 1 });
    expect(await fx.tokenRow(caller, tokenId)).toMatchObject({ remain_quota: 9_200, used_quota: 800 });
    expect(await fx.channelUsed(channelId)).toBe(channelBefore + 300);

    const logs = await fx.consumeLogs(streamed);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      type: 2,
      quota: 300,
      username,
      token_name: 'sweepme',
      token_id: tokenId,
      model_name: 'gpt-4o-mini',
      channel: channelId,
      is_stream: true,
      content: '请求异常中断（连接断开或服务重启），由后台清理任务按已送达的内容结算',
    });
    expect(JSON.parse(logs[0]?.other as string)).toEqual({ billing_source: 'sweeper' });
    expect(await fx.consumeLogs(silent)).toHaveLength(0);

    // A second sweep finds nothing; the relay's late calls change nothing.
    expect(await billing.sweep()).toMatchObject({ settled: 0, refunded: 0 });
    expect(await billing.settle(streamed, settleInput(2_000, channelId))).toBe('already_done');
    expect(await billing.refund(silent)).toBe('already_done');
    expect(await fx.user(userId)).toEqual({ quota: 9_200, used_quota: 300, request_count: 1 });
    await billing.refund(fresh);
  });

  it('closes each of 40 orphaned holds exactly once with two sweeps racing', async () => {
    const { caller, userId } = await fx.account(1_000_000);
    const tokenId = await fx.token(caller, { remain_quota: 1_000_000 });
    const ids = Array.from({ length: 40 }, () => requestId('race'));
    let expectedCharge = 0;
    for (const [i, id] of ids.entries()) {
      await billing.hold({ requestId: id, userId, tokenId, amount: 1_000 });
      // Every other hold delivered something (10, 30, 50, ...); the rest are refunded.
      if (i % 2 === 0) {
        await billing.checkpoint(id, 10 + i * 10, channelId);
        expectedCharge += 10 + i * 10;
      }
    }
    await age(ids, 30);

    const other = second ? second.app.get(BillingService) : billing;
    const [a, b] = await Promise.all([billing.sweep(), other.sweep()]);
    // Both saw the same 40 holds; between them each was closed once.
    expect(a.settled + b.settled).toBe(20);
    expect(a.refunded + b.refunded).toBe(20);

    const statuses = await Promise.all(ids.map((id) => fx.holdRow(id)));
    expect(statuses.filter((s) => s?.status === 'settled')).toHaveLength(20);
    expect(statuses.filter((s) => s?.status === 'refunded')).toHaveLength(20);
    expect(await fx.user(userId)).toEqual({ quota: 1_000_000 - expectedCharge, used_quota: expectedCharge, request_count: 20 });
    expect(await fx.tokenRow(caller, tokenId)).toMatchObject({ remain_quota: 1_000_000 - expectedCharge, used_quota: expectedCharge });
    expect(await fx.consumeLogCount(userId)).toBe(20);
  });

  it('a settlement that fails keeps its charge for the sweeper, which bills it without the failing log', async () => {
    const { userId } = await fx.account(10_000);
    const broken = requestId('bad');
    const next = requestId('bad');
    await billing.hold({ requestId: broken, userId, tokenId: null, amount: 1_000 });
    await billing.hold({ requestId: next, userId, tokenId: null, amount: 1_000 });
    // Another log row already holds this request id: the consume log insert (unique) must fail.
    await fx.raw('INSERT INTO logs (user_id, created_at, type, content, request_id) VALUES ($1, $2, 4, $3, $4)', [
      userId,
      Math.floor(Date.now() / 1000),
      'occupies the request id',
      broken,
    ]);
    await expect(billing.settle(broken, settleInput(700, channelId))).rejects.toThrow();
    expect(await fx.holdRow(broken)).toMatchObject({ status: 'held', checkpoint_quota: 700, channel_id: channelId });
    expect(await fx.user(userId)).toEqual({ quota: 8_000, used_quota: 0, request_count: 0 });

    await billing.checkpoint(next, 100);
    await age([broken], 40);
    await age([next], 30);
    expect(await billing.sweep()).toMatchObject({ settled: 2, refunded: 0, failed: 0 });
    expect(await fx.user(userId)).toEqual({ quota: 10_000 - 700 - 100, used_quota: 800, request_count: 2 });
    expect(await fx.consumeLogs(broken)).toHaveLength(0);
    expect(await fx.consumeLogs(next)).toHaveLength(1);
  });

  it('the queued sweep job does the same work', async () => {
    const { userId } = await fx.account(5_000);
    const id = requestId('job');
    await billing.hold({ requestId: id, userId, tokenId: null, amount: 1_000 });
    await billing.checkpoint(id, 400);
    await age([id], 30);
    const queue = t.app.get<QueueDriver>(QUEUE_DRIVER);
    await queue.enqueue('billing.sweep', {}, { jobId: `billing-sweep-test-${id}` });
    await queue.idle();
    expect(await fx.holdRow(id)).toMatchObject({ status: 'settled', settled_quota: 400 });
    expect(await fx.user(userId)).toEqual({ quota: 4_600, used_quota: 400, request_count: 1 });
  });

  it('purges finished holds after a week; a late settle then still charges nothing', async () => {
    const { userId } = await fx.account(5_000);
    const old = requestId('old');
    const recent = requestId('old');
    for (const id of [old, recent]) {
      await billing.hold({ requestId: id, userId, tokenId: null, amount: 1_000 });
      await billing.settle(id, settleInput(1_000, channelId));
    }
    await age([old], 8 * 86_400);
    const result = await billing.sweep();
    expect(result.purged).toBeGreaterThanOrEqual(1);
    expect(await fx.holdRow(old)).toBeNull();
    expect(await fx.holdRow(recent)).toMatchObject({ status: 'settled' });
    expect(await billing.settle(old, settleInput(1_000, channelId))).toBe('already_done');
    expect(await fx.user(userId)).toEqual({ quota: 3_000, used_quota: 2_000, request_count: 2 });
  });
});
