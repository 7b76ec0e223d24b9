// The SQLite ledger alone: what a hold and a settlement (with its consume log) cost the gateway's
// process, by how many of them share one commit. No sockets, no relay: a fresh database file made
// by the build's own migrations, the build's SqliteLedger statements, BEGIN IMMEDIATE ... COMMIT
// around each batch as DatabaseService.sqliteSync's group commit does. See bench/README.md.
//   node bench/ledger-micro.cjs [path to another build's server/dist]
// LEDGER_REQUESTS (default 20000) requests per measurement; LEDGER_BATCHES (default "1,4,8,16,32")
// the batch sizes: holds are committed LEDGER_BATCH at a time, then their settlements.
// LEDGER_SETTLE_BATCHES (e.g. "5,25"): settlements wait and commit that many at a time instead,
// holds still at LEDGER_BATCHES. LEDGER_OTHER=1: a second connection to the same file commits a
// batch of its own (holds, then settlements with logs) before each of ours, as the other process
// of SLUICE_WORKERS=2 does; only our connection's commits are timed. Each commit of one connection
// empties the other's page cache, so that is what the figures then include.
'use strict';
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, resolve } = require('node:path');

const dist = resolve(process.argv[2] ?? join(__dirname, '..', 'server', 'dist'));
const { createDataSource } = require(join(dist, 'database', 'data-source.js'));
const { SqliteLedger } = require(join(dist, 'billing', 'ledger-statements.js'));

const REQUESTS = Number(process.env.LEDGER_REQUESTS ?? 20000);
const BATCHES = (process.env.LEDGER_BATCHES ?? '1,4,8,16,32').split(',').map(Number);
const SETTLE_BATCHES = process.env.LEDGER_SETTLE_BATCHES ? process.env.LEDGER_SETTLE_BATCHES.split(',').map(Number) : null;
const OTHER = process.env.LEDGER_OTHER === '1';
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
  let other = null;
  try {
    await ds.initialize();
    await ds.runMigrations();
    const db = ds.driver.databaseConnection;
    db.prepare("INSERT INTO users (username, quota) VALUES ('bench', 1000000000000)").run();
    db.prepare("INSERT INTO tokens (user_id, key_sealed, key_hash, unlimited_quota) VALUES (1, 'x', 'x', 1)").run();
    db.prepare("INSERT INTO channels (name, key, key_hash) VALUES ('bench', 'x', 'x')").run();
    const now = Math.floor(Date.now() / 1000);
    let seq = 0;
    /** One connection's ledger batches, each in its own BEGIN IMMEDIATE ... COMMIT. */
    const batches = (conn, prefix) => {
      const ledger = new SqliteLedger(conn);
      const begin = conn.prepare('BEGIN IMMEDIATE');
      const commit = conn.prepare('COMMIT');
      return {
        /** `n` holds, their request ids pushed onto `ids`. */
        holds(n, ids) {
          begin.run();
          for (let j = 0; j < n; j++) {
            const requestId = `${prefix}-${seq++}`;
            ids.push(requestId);
            ledger.hold({ requestId, userId: 1, tokenId: 1, amount: 100, model: 'gpt-4o-mini', now });
          }
          commit.run();
        },
        settlements(ids, log) {
          begin.run();
          for (const requestId of ids) ledger.settle({ requestId, quota: 90, channelId: 1, log: log ? LOG : null, logType: 2, now }, 'settled');
          commit.run();
        },
      };
    };
    const ours = batches(db, 'ledger-micro');
    // The other process of LEDGER_OTHER: its own connection (its own page cache) on the same file.
    let otherBatch = () => undefined;
    if (OTHER) {
      const Database = require(require.resolve('better-sqlite3', { paths: [dist] }));
      other = new Database(join(dir, 'ledger.sqlite'));
      other.pragma('busy_timeout = 5000');
      other.pragma('synchronous = NORMAL');
      const theirs = batches(other, 'ledger-micro-other');
      otherBatch = (n, log) => {
        const ids = [];
        theirs.holds(n, ids);
        theirs.settlements(ids, log);
      };
    }
    const timed = (fn) => {
      const t0 = process.cpuUsage();
      fn();
      const d = process.cpuUsage(t0);
      return d.user + d.system;
    };

    /**
     * CPU µs per request (hold + settlement), and of the holds alone: holds `batch` per commit,
     * settlements `settleBatch` per commit (they wait for that many).
     */
    const run = (batch, log, settleBatch = batch) => {
      let holdUs = 0;
      let allUs = 0;
      let waiting = [];
      for (let i = 0; i < REQUESTS; i += batch) {
        otherBatch(batch, log);
        const h = timed(() => ours.holds(batch, waiting));
        holdUs += h;
        allUs += h;
        if (waiting.length < settleBatch && i + batch < REQUESTS) continue;
        otherBatch(batch, log);
        const ids = waiting;
        waiting = [];
        allUs += timed(() => ours.settlements(ids, log));
      }
      return { all: allUs / REQUESTS, hold: holdUs / REQUESTS };
    };

    run(8, true); // warm-up: statements compiled, pages cached
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const f = (x) => x.toFixed(1).padStart(6);
    console.log(`SQLite ledger, ${REQUESTS} requests per figure, median of ${ROUNDS}; CPU µs per request${OTHER ? '; another connection commits between ours' : ''}`);
    if (SETTLE_BATCHES) {
      console.log('holds per commit  settlements per commit  hold+settle+log');
      for (const batch of BATCHES) {
        for (const settleBatch of SETTLE_BATCHES) {
          const xs = [];
          for (let r = 0; r < ROUNDS; r++) xs.push(run(batch, true, settleBatch).all);
          console.log(`${String(batch).padStart(16)}  ${String(settleBatch).padStart(22)}  ${f(median(xs)).padStart(15)}`);
        }
      }
      return;
    }
    console.log('batch  hold+settle+log  hold+settle  hold alone');
    for (const batch of BATCHES) {
      const withLog = [];
      const noLog = [];
      for (let r = 0; r < ROUNDS; r++) {
        withLog.push(run(batch, true));
        noLog.push(run(batch, false));
      }
      console.log(
        `${String(batch).padStart(5)}  ${f(median(withLog.map((x) => x.all))).padStart(15)}  ${f(median(noLog.map((x) => x.all))).padStart(11)}  ${f(median(withLog.map((x) => x.hold))).padStart(10)}`,
      );
    }
  } finally {
    other?.close();
    if (ds.isInitialized) await ds.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
