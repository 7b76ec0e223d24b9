// How long the gateway stops answering while the data dashboard's aggregate runs (the job that
// sums the consume logs per user, model and hour; every DataExportInterval minutes, 5 by default).
// A SQLite gateway is started in a temporary folder, AGG_LOGS consume logs (default 500,000) of
// the last hour are written into its file, the option is switched off and on (which runs the job
// at once), and GET /api/status is asked again and again, one at a time, until the job's rows are
// there. Prints the slowest answers against those of the same probe before the job.
//   node bench/aggregate-stall.mjs [path to another build's server/dist/main.js]
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gatewayEnv } from './lib/gateway.mjs';
import { percentile } from './lib/load.mjs';
import { freePort, sleep, spawnNode } from './lib/procs.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, '..', 'server', 'package.json'));
const Database = require('better-sqlite3');
const entry = resolve(process.argv[2] ?? join(here, '..', 'server', 'dist', 'main.js'));
const LOGS = Number(process.env.AGG_LOGS ?? 500_000);

const cwd = mkdtempSync(join(tmpdir(), 'sluice-agg-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = gatewayEnv(port);
if (!entry.startsWith(join(here, '..', 'server') + '/')) env.NODE_PATH = [join(here, '..', 'server', 'node_modules'), join(here, '..', 'node_modules')].join(':');
const gw = spawnNode('gateway', [...(process.env.AGG_NODE_ARGS ?? '').split(' ').filter(Boolean), entry], { env, cwd, jsonReady: false });

/** Answer times (ms) of GET /api/status asked back to back until `until()` says stop. */
async function probe(until) {
  const times = [];
  while (!(await until())) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/status`);
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  return times;
}
const summary = (times) =>
  `${times.length} answers, p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, slowest ${percentile(times, 100).toFixed(1)} ms`;

try {
  for (let i = 0; ; i++) {
    if (gw.exited()) throw new Error(`the gateway exited:\n${gw.tail.join('\n')}`);
    try {
      if ((await fetch(`${base}/api/status`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (i > 120) throw new Error('the gateway did not start');
    await sleep(250);
  }
  const login = await fetch(`${base}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'root', password: '123456' }) });
  const user = (await login.json()).data;
  const headers = {
    'content-type': 'application/json',
    cookie: login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
    'New-Api-User': String(user.id),
  };
  const option = async (key, value) => {
    const r = await fetch(`${base}/api/option/`, { method: 'PUT', headers, body: JSON.stringify({ key, value }) });
    if ((await r.json()).success !== true) throw new Error(`PUT option ${key} failed`);
  };
  await option('DataExportEnabled', 'false');

  // The logs, written beside the running gateway through the file (WAL: the gateway's reads go on).
  const db = new Database(join(cwd, 'data', 'sluice.sqlite'));
  db.pragma('busy_timeout = 5000');
  const now = Math.floor(Date.now() / 1000);
  const insert = db.prepare(
    'INSERT INTO logs (user_id, type, created_at, content, username, token_name, token_id, model_name, quota, prompt_tokens, completion_tokens, ' +
      "use_time, is_stream, channel_id, token_group, client_ip, request_id, other) VALUES (?, 2, ?, '', 'root', 'bench', 1, ?, 90, 12, 40, 1, 1, 1, 'default', '127.0.0.1', ?, '{}')",
  );
  const t0 = Date.now();
  db.transaction(() => {
    for (let i = 0; i < LOGS; i++) insert.run(user.id, now - 3000 + Math.floor((i / LOGS) * 3000), i % 3 === 0 ? 'claude-3-5-haiku' : 'gpt-4o-mini', `agg-${i}`);
  })();
  db.close();
  console.log(`${LOGS} consume logs of the last hour written in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const quiet = Date.now() + 2000;
  const before = await probe(async () => Date.now() > quiet);
  console.log(`GET /api/status before the job:  ${summary(before)}`);

  const rows = async () => {
    const r = await fetch(`${base}/api/data/?username=root`, { headers });
    const body = await r.json();
    return Array.isArray(body.data) && body.data.some((x) => x.count > 0);
  };
  let checked = 0;
  const started = Date.now();
  await option('DataExportEnabled', 'true');
  // Check for the rows every 25 answers (each check is a request too), for up to 60 s.
  const during = await probe(async () => (++checked % 25 === 0 && (await rows())) || Date.now() - started > 60_000);
  console.log(`GET /api/status during the job:  ${summary(during)} (job done after ${((Date.now() - started) / 1000).toFixed(1)} s)`);
} finally {
  await gw.stop(10_000);
  rmSync(cwd, { recursive: true, force: true });
}
