// Profiling helper: one gateway (or the floor), one phase, long enough for a CPU profile that
// shows only that phase's work. Not part of the report (bench/run.mjs); see bench/README.md.
//   node bench/profile.mjs [sqlite|postgres|floor] [json32|json1|stream256|stream1] [seconds]
// With BENCH_GATEWAY_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" the gateway (or the floor)
// writes its profile when it is stopped at the end.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chatRequest, startGateway } from './lib/gateway.mjs';
import { closedLoop, newPool, percentile } from './lib/load.mjs';
import { readFileSync } from 'node:fs';
import { cpuMs, spawnNode } from './lib/procs.mjs';

/** The floor proxy as the profiled target, in the shape of startGateway's answer. */
async function startFloor(upstream) {
  const nodeArgs = (process.env.BENCH_GATEWAY_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const p = spawnNode('floor', [...nodeArgs, join(here, 'floor-proxy.mjs'), '--upstream', upstream, '--exit-with-stdin'], { stdinPipe: true });
  const { port } = await p.ready;
  return { name: 'floor', available: true, key: 'unused', url: `http://127.0.0.1:${port}`, pid: p.pid, stop: () => p.stop(5000) };
}

const userSys = (pid) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ').slice(11, 13).map(Number);

const here = dirname(fileURLToPath(import.meta.url));
const [kind = 'sqlite', phase = 'json32', seconds = '8'] = process.argv.slice(2);
const stream = phase.startsWith('stream');
const concurrency = Number(phase.replace(/^\D+/, '')) || 32;
const log = (l) => process.stdout.write(`${l}\n`);
const fake = spawnNode('fake-upstream', [join(here, 'fake-upstream.mjs'), '--exit-with-stdin'], { stdinPipe: true });
const fakeUrl = `http://127.0.0.1:${(await fake.ready).port}`;
await fetch(`${fakeUrl}/__bench/config`, { method: 'POST', body: JSON.stringify({ chunks: 16, delayMs: 10, hold: false }) });
const g = kind === 'floor' ? await startFloor(fakeUrl) : await startGateway({ kind, entry: resolve(here, '..', process.env.BENCH_SERVER_ENTRY ?? 'server/dist/main.js'), upstreamUrl: fakeUrl, log });
try {
  if (!g.available) throw new Error(g.reason);
  const req = chatRequest(g.key, stream);
  const pool = newPool(g.url, 256);
  // As in run.mjs: stream starts spread over one stream's length (16 chunks, 10 ms apart), so they do not come in waves.
  const staggerMs = stream && concurrency > 1 ? 19 * 10 : 0;
  await closedLoop({ dispatcher: pool, req, stream, concurrency, seconds: 2, warmupMs: 0, staggerMs });
  const c0 = cpuMs(g.pid);
  const us0 = userSys(g.pid);
  const r = await closedLoop({ dispatcher: pool, req, stream, concurrency, seconds: Number(seconds), warmupMs: 0 });
  const cpu = cpuMs(g.pid) - c0;
  const us = userSys(g.pid).map((v, i) => v - us0[i]);
  const lat = stream ? r.ttfcs : r.latencies;
  const ms = (v) => `${v.toFixed(2)} ms`;
  log(
    `${g.name} ${phase}: ${r.completed} done in ${(r.windowMs / 1000).toFixed(1)} s = ${Math.round((r.completed * 1000) / r.windowMs)}/s, ` +
      `${Math.round((cpu * 1000) / r.completed)} µs CPU each (user:system ticks ${us.join(':')}), ` +
      `${stream ? 'first chunk' : 'latency'} p50 ${ms(percentile(lat, 50))} p99 ${ms(percentile(lat, 99))}, errors ${r.errors.count}`,
  );
  await pool.close();
} finally {
  await g.stop();
  await fake.stop(3000);
}
