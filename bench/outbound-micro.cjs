// The outbound client alone: allocation and CPU per streamed answer of `OutboundClient.request`
// and its body, read as the stream pump reads it ('data' listeners), against the bench's fake
// upstream in another process (20 SSE events per answer), 32 at a time.
//   node bench/outbound-micro.cjs [path/to/dist] [answers]
// OUTBOUND_DELAY_MS (default 0: all events at once) spaces the events, so that each arrives in its
// own socket read as in the relay bench; OUTBOUND_CONCURRENCY (default 32) answers at a time;
// OUTBOUND_CLIENT=undici takes undici's path instead of H1Agent's (the server's own switch).
// Allocation is the sum of `allocated=` of the child's GC lines (--trace-gc-nvp) between two marks,
// divided by the answers (includes the HTTP parsing, which every build pays); CPU is
// process.cpuUsage of the child: noisy.
const { spawn, spawnSync } = require('node:child_process');
const { resolve } = require('node:path');

const CONCURRENCY = Number(process.env.OUTBOUND_CONCURRENCY ?? 32);

if (process.argv[2] !== '--child') {
  const dist = resolve(process.argv[2] ?? resolve(__dirname, '../server/dist'));
  const n = Number(process.argv[3] ?? 20000);
  const root = resolve(__dirname, '..');
  const fake = spawn(process.execPath, [resolve(__dirname, 'fake-upstream.mjs'), '--exit-with-stdin'], { stdio: ['pipe', 'pipe', 'inherit'] });
  fake.stdout.once('data', async (line) => {
    const { port } = JSON.parse(String(line));
    const url = `http://127.0.0.1:${port}`;
    await fetch(`${url}/__bench/config`, { method: 'POST', body: JSON.stringify({ chunks: 16, delayMs: Number(process.env.OUTBOUND_DELAY_MS ?? 0), hold: false }) });
    const r = spawnSync(process.execPath, ['--trace-gc-nvp', __filename, '--child', dist, String(n), url], {
      env: { ...process.env, NODE_PATH: [resolve(root, 'server/node_modules'), resolve(root, 'node_modules')].join(':') },
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    fake.stdin.end();
    const { bytes, cpu } = require('./lib/gc-marks.cjs').allocatedBetweenMarks(r.stdout);
    if (cpu !== '') console.log(cpu);
    if (r.status !== 0) console.error(r.stderr);
    console.log(`alloc per answer ${Math.round(bytes / n)} B (${dist})`);
  });
  return;
}

const dist = process.argv[3];
const N = Number(process.argv[4]);
const upstream = process.argv[5];
const { OutboundClient } = require(`${dist}/outbound/outbound.service.js`);
const client = new OutboundClient();
const body = JSON.stringify({ model: 'gpt-4o-mini', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'hi' }] });
const headers = { 'content-type': 'application/json', authorization: 'Bearer sk-bench' };

function one() {
  return client.request({ url: `${upstream}/v1/chat/completions`, method: 'POST', headers, body, allowPrivate: true }).then(
    (res) =>
      new Promise((done, fail) => {
        let bytes = 0;
        res.body.on('data', (c) => (bytes += c.length));
        res.body.on('end', () => (bytes > 0 ? done() : fail(new Error('empty answer'))));
        res.body.on('error', fail);
      }),
  );
}

async function run(count) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      await one();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

(async () => {
  await run(2000);
  console.log('MARK-START');
  const t0 = process.cpuUsage();
  await run(N);
  const t = process.cpuUsage(t0);
  console.log('MARK-END');
  console.log(`cpu per answer ${((t.user + t.system) / N).toFixed(1)} us`);
  await client.onApplicationShutdown();
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
