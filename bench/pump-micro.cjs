// The stream pump alone, without sockets: allocation and CPU per stream of the gateway's per-chunk
// work (SSE split, OpenAI chunk parse, chat encoder, StreamPump) on the bench's 20-event stream.
//   node bench/pump-micro.cjs [path/to/dist] [streams]      (PUMP_SKIM=0: every chunk parsed, as before the glance;
//   PUMP_CLIENT_USAGE=0: a client that did not ask include_usage, whose chunks lose the upstream's "usage": null)
// Allocation is the sum of `allocated=` of the GC lines (--trace-gc-nvp, a child process) between two
// marks, divided by the streams; it does not move between runs. CPU is process.cpuUsage: noisy.
const { spawnSync } = require('node:child_process');
const { resolve } = require('node:path');
if (process.argv[2] !== '--child') {
  const dist = resolve(process.argv[2] ?? resolve(__dirname, '../server/dist'));
  const n = Number(process.argv[3] ?? 200000);
  const root = resolve(__dirname, '..');
  const r = spawnSync(process.execPath, ['--trace-gc-nvp', __filename, '--child', dist, String(n)], {
    env: { ...process.env, NODE_PATH: [resolve(root, 'server/node_modules'), resolve(root, 'node_modules')].join(':') },
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const { bytes, cpu } = require('./lib/gc-marks.cjs').allocatedBetweenMarks(r.stdout);
  if (cpu !== '') console.log(cpu);
  if (r.status !== 0) console.error(r.stderr);
  console.log(`alloc per stream ${Math.round(bytes / n)} B (${dist})`);
  return;
}
const { EventEmitter } = require('node:events');
const dist = process.argv[3];
const N = Number(process.argv[4] ?? 200000);
const { StreamPump } = require(`${dist}/relay/pipeline/stream-pump.js`);
const stream = require(`${dist}/relay/adaptors/openai-compatible/stream.js`);
const { parseChatStreamEvent } = stream;
// As the relay opens an OpenAI-wire stream (a build before the glance has none: every chunk parsed).
const skim = process.env.PUMP_SKIM === '0' ? undefined : stream.skimChatStreamEvent;
const { OpenAIChatStreamEncoder } = require(`${dist}/wire/openai-chat/stream.js`);
const { DrainLimiter } = require(`${dist}/relay/pipeline/drain-limiter.js`);
const WORDS = ['Hello', ' there', '!', ' How', ' can', ' I', ' help', ' you', ' today', '?'];
const sse = (v) => Buffer.from(`data: ${JSON.stringify(v)}\n\n`);
const base = { id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1700000000, model: 'gpt-4o-mini', system_fingerprint: 'fp_bench' };
const u = { usage: null };
const frames = [sse({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null }], ...u })];
for (let i = 0; i < 16; i++) frames.push(sse({ ...base, choices: [{ index: 0, delta: { content: WORDS[i % 10] }, logprobs: null, finish_reason: null }], ...u }));
frames.push(sse({ ...base, choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }], ...u }));
frames.push(sse({ ...base, choices: [], usage: { prompt_tokens: 9, completion_tokens: 16, total_tokens: 25 } }));
frames.push(Buffer.from('data: [DONE]\n\n'));
const ctx = { type: 1, baseUrl: '', key: 'k', upstreamModel: 'gpt-4o-mini', other: '', organization: '' };
const limiter = new DrainLimiter(10);
class Body extends EventEmitter { readableEnded = false; pause() {} resume() {} }
const exchange = { committed: false, requestId: 'r', bytes: 0, writeHead() { this.committed = true; }, write(t) { this.bytes += t.length; return true; }, end() {}, onGone() { return () => undefined; }, whenDrained() { return Promise.resolve(); } };
async function one() {
  const body = new Body();
  exchange.committed = false;
  const pump = new StreamPump({ body, exchange, parse: (ev) => parseChatStreamEvent(ev, ctx), skim, encoder: new OpenAIChatStreamEncoder(process.env.PUMP_CLIENT_USAGE !== '0', 'gpt-4o-mini'), idleMs: 60000, drain: { ms: 1000, maxBytes: 1e6, limiter }, maxEventBytes: 1 << 20, abort() {}, aborted: () => null, checkpoint() {}, checkpointMs: 1e9, promptEstimate: 9, interruptedMessage: () => '' });
  const p = pump.run();
  for (const f of frames) body.emit('data', f);
  body.readableEnded = true; body.emit('end');
  const r = await p;
  if (r.kind !== 'served') throw new Error('not served');
}
(async () => {
  for (let i = 0; i < 20000; i++) await one();
  console.log('MARK-START');
  const t0 = process.cpuUsage();
  for (let i = 0; i < N; i++) await one();
  const t = process.cpuUsage(t0);
  console.log('MARK-END');
  console.log(`cpu per stream ${((t.user + t.system) / N).toFixed(2)} us`);
})();
