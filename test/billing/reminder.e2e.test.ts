import { BillingService } from '../../server/src/billing/billing.service';
import { QUEUE_DRIVER, type QueueDriver } from '../../server/src/queue/jobs';
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { SmtpListener, smtpOptions } from '../support/fakes/smtp';
import { loginRoot, uniqueName, type Caller } from '../support/http';
import { LedgerFixtures, requestId, settleInput } from './fixtures';

/** The low-balance reminder (reference §3.9) through a real SMTP exchange. */
describe.each(DATABASES)('billing low-balance reminder (%s)', (kind) => {
  let t: TestApp;
  let root: Caller;
  let billing: BillingService;
  let queue: QueueDriver;
  let fx: LedgerFixtures;
  let channelId: number;
  const smtp = new SmtpListener();

  /** Waits for settlement side work (the reminder's enqueue) and the mail queue. */
  const drained = async () => {
    await billing.drain();
    await queue.idle();
  };
  const charge = async (userId: number, quota: number) => {
    const r = requestId('rem');
    await billing.hold({ requestId: r, userId, tokenId: null, amount: quota });
    expect(await billing.settle(r, settleInput(quota, channelId))).toBe('settled');
  };

  beforeAll(async () => {
    await smtp.start();
    t = await startApp(kind, matrixOptions(kind));
    root = await loginRoot(t.url);
    for (const [key, value] of [
      ...smtpOptions(smtp),
      ['ServerAddress', 'https://gw.sluice.test/'],
      ['QuotaRemindThreshold', '1000'],
    ]) {
      const res = await root.put('/api/option/', { key, value });
      expect(res.body.success).toBe(true);
    }
    billing = t.app.get(BillingService);
    queue = t.app.get<QueueDriver>(QUEUE_DRIVER);
    fx = new LedgerFixtures(t, root);
    channelId = await fx.channel();
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('mails once when a settlement takes the balance below the threshold', async () => {
    const email = `${uniqueName('q')}@example.com`;
    const { userId } = await fx.account(1_500, email);

    await charge(userId, 400); // 1100: still above
    await drained();
    expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(0);

    const hour = Math.floor(Date.now() / 3_600_000);
    await charge(userId, 300); // 800: crossed
    const mail = await smtp.next(email);
    expect(mail.subject).toBe('您的额度即将用尽');
    expect(mail.text).toContain('当前剩余额度为 $0.001600');
    expect(mail.text).toContain('https://gw.sluice.test/topup');

    // Already below: no new crossing, no mail.
    await charge(userId, 100);
    await drained();
    expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(0);

    // Topped up and crossing again within the hour: the per-hour job id keeps it to one mail.
    await root.put('/api/user/', { id: userId, quota: 1_500 }).expect(200);
    await charge(userId, 1_000);
    await drained();
    // (Across an hour boundary a second reminder is due: then the check cannot apply.)
    const sameHour = Math.floor(Date.now() / 3_600_000) === hour;
    expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(sameHour ? 0 : 1);
  });

  it('sends nothing to a user without an e-mail, and the settlement still completes', async () => {
    const { userId } = await fx.account(1_200);
    const before = smtp.mails.length;
    await charge(userId, 500);
    await drained();
    expect(smtp.mails.length).toBe(before);
    expect(await fx.user(userId)).toEqual({ quota: 700, used_quota: 500, request_count: 1 });
  });
});
