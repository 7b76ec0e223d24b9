// The SQLite ledger alone: what a hold and a settlement (with its consume log) cost the gateway's
// process, by how many of them share one commit. No sockets, no relay: a fresh database file made
// by the build's own migrations, the build's SqliteLedger statements, BEGIN IMMEDIATE ... COMMIT
// around each batch as DatabaseService.sqliteSync's group commit does. See bench/README.md.
//   node bench/ledger-micro.cjs [path to another build's server/dist]
// LEDGER_REQUESTS (default 20000) requests per measurement; LEDGER_BATCHES (default "1,4,8,16,32")
// the batch sizes: holds are committed LEDGER_BATCH at a time, then their settlements.
'use strict';
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, resolve } = require('node:path');

const dist = resolve(process.argv[2] ?? join(__dirname, '..', 'server', 'dist'));
const { createDataSource } = require(join(dist, 'database', 'data-source.js'));
const { SqliteLedger } = require(join(dist, 'billing', 'ledger-statements.js'));

const REQUESTS = Number(process.env.LEDGER_REQUESTS ?? 20000);
const BATCHES = (process.env.LEDGER_BATCHES ?? '1,4,8,16,32').split(',').map(Number);
const ROUNDS = 3;

// A consume log as the relay writes one for a streamed chat (relay/money/relay-billing.ts consumeLog).
const LOG = {
  content: 'model ratio 0.075, completion ratio 4, group ratio 1',
  username: 'bench',
  tokenName: 'bench',
  tokenId: 1,
  modelName: 'gpt-4o-mini',
  promptTokens: 12,
  completionTokens: 40,
  useTime: 1,
  isStream: true,
  tokenGroup: 'default',
  clientIp: '127.0.0.1',
  other: { frt: 12, model_ratio: 0.075, completion_ratio: 4, group_ratio: 1, request_path: '/v1/chat/completions' },
};

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-ledger-micro-'));
  const ds = createDataSource({ kind: 'sqlite', path: join(dir, 'ledger.sqlite') });
  try {
    await ds.initialize();
    await ds.runMigrations();
    const db = ds.driver.databaseConnection;
    db.prepare("INSERT INTO users (username, quota) VALUES ('bench', 1000000000000)").run();
    db.prepare("INSERT INTO tokens (user_id, key_sealed, key_hash, unlimited_quota) VALUES (1, 'x', 'x', 1)").run();
    db.prepare("INSERT INTO channels (name, key, key_hash) VALUES ('bench', 'x', 'x')").run();
    const ledger = new SqliteLedger(db);
    const begin = db.prepare('BEGIN IMMEDIATE');
    const commit = db.prepare('COMMIT');
    const now = Math.floor(Date.now() / 1000);
    let seq = 0;

    /** CPU µs per request (hold + settlement), and of the holds alone, at `batch` per commit. */
    const run = (batch, log) => {
      let holdUs = 0;
      const t0 = process.cpuUsage();
      for (let i = 0; i < REQUESTS; i += batch) {
        const ids = [];
        const h0 = process.cpuUsage();
        begin.run();
        for (let j = 0; j < batch; j++) {
          const requestId = `ledger-micro-${seq++}`;
          ids.push(requestId);
          ledger.hold({ requestId, userId: 1, tokenId: 1, amount: 100, model: 'gpt-4o-mini', now });
        }
        commit.run();
        const h = process.cpuUsage(h0);
        holdUs += h.user + h.system;
        begin.run();
        for (const requestId of ids) ledger.settle({ requestId, quota: 90, channelId: 1, log: log ? LOG : null, logType: 2, now }, 'settled');
        commit.run();
      }
      const d = process.cpuUsage(t0);
      return { all: (d.user + d.system) / REQUESTS, hold: holdUs / REQUESTS };
    };

    run(8, true); // warm-up: statements compiled, pages cached
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    console.log(`SQLite ledger, ${REQUESTS} requests per figure, median of ${ROUNDS}; CPU µs per request`);
    console.log('batch  hold+settle+log  hold+settle  hold alone');
    for (const batch of BATCHES) {
      const withLog = [];
      const noLog = [];
      for (let r = 0; r < ROUNDS; r++) {
        withLog.push(run(batch, true));
        noLog.push(run(batch, false));
      }
      const f = (x) => x.toFixed(1).padStart(6);
      console.log(
        `${String(batch).padStart(5)}  ${f(median(withLog.map((x) => x.all))).padStart(15)}  ${f(median(noLog.map((x) => x.all))).padStart(11)}  ${f(median(withLog.map((x) => x.hold))).padStart(10)}`,
      );
    }
  } finally {
    if (ds.isInitialized) await ds.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
