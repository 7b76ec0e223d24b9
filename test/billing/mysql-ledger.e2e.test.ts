import { runMysqlLedgerBatch, type MysqlLedgerOp } from '../../server/src/billing/mysql-ledger';
import { nowSeconds } from '../../server/src/common/sql';
import { DatabaseService } from '../../server/src/database/database.service';
import { matrixOptions, startApp, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { loginRoot } from '../support/http';
import { LedgerFixtures, requestId } from './fixtures';

/**
 * MySQL's ledger batches (billing/mysql-ledger.ts) side by side, as two nodes send them: batches
 * that meet the same users in opposite orders may deadlock; InnoDB then rolls one back whole and
 * the batch runs again, so every op still lands exactly once.
 */
if (DATABASES.includes('mysql'))
  describe('MySQL ledger batches side by side', () => {
    let t: TestApp;
    let fx: LedgerFixtures;
    let db: DatabaseService;

    beforeAll(async () => {
      t = await startApp('mysql', matrixOptions('mysql'));
      fx = new LedgerFixtures(t, await loginRoot(t.url));
      db = t.app.get(DatabaseService);
    });
    afterAll(async () => {
      await t.close();
    });

    const hold = (userId: number, amount: number): MysqlLedgerOp => ({
      k: 'hold',
      a: { requestId: requestId('my'), userId, tokenId: null, amount, model: 'm', now: nowSeconds() },
    });
    const batch = (ops: MysqlLedgerOp[]) => db.mysqlConnection((conn) => runMysqlLedgerBatch(conn, ops));
    const deadlocks = async (): Promise<number> => {
      const rows = (await db.dataSource.query("SHOW GLOBAL STATUS LIKE 'Innodb_deadlocks'")) as { Value?: string }[];
      return Number(rows[0]?.Value ?? 0);
    };

    it('opposite-order batches on the same users all land once; a refused op rolls back alone', async () => {
      const users = [(await fx.account(100_000)).userId, (await fx.account(100_000)).userId, (await fx.account(100_000)).userId];
      const [u1, u2, u3] = users as [number, number, number];
      const before = await deadlocks();
      const rounds = 40;
      const results = await Promise.all(
        Array.from({ length: rounds }, (_, i) =>
          batch(i % 2 === 0 ? [hold(u1, 10), hold(u2, 10), hold(u3, 10)] : [hold(u3, 10), hold(u2, 10), hold(u1, 10)]),
        ),
      );
      for (const outcomes of results) expect(outcomes).toEqual([0, 1, 2].map(() => ({ ok: true, value: { ok: true } })));
      for (const u of users) expect((await fx.user(u)).quota).toBe(100_000 - rounds * 10);
      process.stdout.write(`[billing] MySQL batches side by side: ${(await deadlocks()) - before} deadlocks broken and retried\n`);

      // In one batch: a hold the user cannot cover is refused and rolled back to its savepoint alone.
      const poor = (await fx.account(50)).userId;
      const mixed = await batch([hold(poor, 30), hold(poor, 30), hold(u1, 5)]);
      expect(mixed).toEqual([
        { ok: true, value: { ok: true } },
        { ok: true, value: { e: 'user' } },
        { ok: true, value: { ok: true } },
      ]);
      expect((await fx.user(poor)).quota).toBe(20);
      expect((await fx.user(u1)).quota).toBe(100_000 - rounds * 10 - 5);
    });
  });
