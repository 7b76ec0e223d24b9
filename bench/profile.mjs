// Profiling helper: one gateway (or the floor), one phase, long enough for a CPU profile that
// shows only that phase's work. Not part of the report (bench/run.mjs); see bench/README.md.
//   node bench/profile.mjs [sqlite|postgres|floor] [json32|json1|stream256|stream1|gemclaude256|msggem256] [seconds]
// With BENCH_GATEWAY_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" the gateway (or the floor)
// writes its profile when it is stopped at the end; BENCH_SERVER_ENTRY picks another build;
// BENCH_WORKERS starts the gateway with that SLUICE_WORKERS (CPU then counts every process, and
// each process's share is printed); BENCH_CHUNKS sets the content chunks per stream (default 16); BENCH_FLOOR=lean profiles the lean floor.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chatRequest, geminiToClaudeRequest, messagesToGeminiRequest, startGateway } from './lib/gateway.mjs';
import { ANTHROPIC_MARKS, GEMINI_MARKS, OPENAI_MARKS, closedLoop, newPool, percentile, streamStaggerMs } from './lib/load.mjs';
import { cpuTicks, floorArgs, procFile, processTree, startBenchServer, targetNodeArgs, ticksToMs } from './lib/procs.mjs';

const CHUNKS = Number(process.env.BENCH_CHUNKS ?? 16); // content chunks per stream, as in run.mjs
const CHUNK_DELAY_MS = 10;
const WARMUP_MS = 2000;

const here = dirname(fileURLToPath(import.meta.url));
const [kind = 'sqlite', phase = 'json32', seconds = '8'] = process.argv.slice(2);
/** The two-hop phases of run.mjs (streamed, on the Claude and Gemini channels it sets up), besides the chat ones. */
const TWO_HOPS = {
  gemclaude256: { req: geminiToClaudeRequest, marks: GEMINI_MARKS },
  msggem256: { req: messagesToGeminiRequest, marks: ANTHROPIC_MARKS },
};
const hop = TWO_HOPS[phase];
const stream = phase.startsWith('stream') || hop !== undefined;
const concurrency = Number(phase.replace(/^\D+/, '')) || 32;
const log = (l) => process.stdout.write(`${l}\n`);

/** The floor proxy as the profiled target, in the shape of startGateway's answer. */
async function startFloor(upstream) {
  const p = await startBenchServer('floor', join(here, 'floor-proxy.mjs'), floorArgs(upstream), targetNodeArgs());
  return { name: 'floor', available: true, key: 'unused', url: p.url, pid: p.pid, stop: () => p.stop(5000) };
}

const fake = await startBenchServer('fake-upstream', join(here, 'fake-upstream.mjs'));
await fetch(`${fake.url}/__bench/config`, { method: 'POST', body: JSON.stringify({ chunks: CHUNKS, delayMs: CHUNK_DELAY_MS, hold: false }) });
const g =
  kind === 'floor'
    ? await startFloor(fake.url)
    : await startGateway({
        kind,
        entry: resolve(here, '..', process.env.BENCH_SERVER_ENTRY ?? 'server/dist/main.js'),
        upstreamUrl: fake.url,
        log,
        workers: process.env.BENCH_WORKERS ?? '1',
      });
try {
  if (!g.available) throw new Error(g.reason);
  const pool = newPool(g.url, 256);
  // As in run.mjs: stream starts spread over one stream's length; the window opens after the warm-up.
  const staggerMs = stream && concurrency > 1 ? streamStaggerMs(CHUNKS, CHUNK_DELAY_MS) : 0;
  let t0 = [0, 0];
  let t1 = [0, 0];
  // With BENCH_WORKERS > 1 the gateway is a primary and its workers: each process's ticks apart.
  const perProcess = () => new Map(processTree(g.pid).map((p) => [p, cpuTicks(p)]));
  let p0 = new Map();
  let p1 = new Map();
  const treeTicks = (m) => [...m.values()].reduce((a, t) => [a[0] + t[0], a[1] + t[1]], [0, 0]);
  // Read and write system calls of the target (/proc/<pid>/io: sockets, files and the WAL alike).
  const syscalls = () =>
    processTree(g.pid)
      .map((pid) => procFile(pid, 'io') ?? '')
      .map((io) => ['syscr', 'syscw'].map((k) => Number(new RegExp(`^${k}: (\\d+)`, 'm').exec(io)?.[1] ?? NaN)))
      .reduce((a, c) => [a[0] + c[0], a[1] + c[1]], [0, 0]);
  let io0 = [0, 0];
  let io1 = [0, 0];
  const r = await closedLoop({
    dispatcher: pool,
    req: hop ? hop.req(g.key) : chatRequest(g.key, stream),
    marks: hop ? hop.marks : OPENAI_MARKS,
    stream,
    concurrency,
    seconds: WARMUP_MS / 1000 + Number(seconds),
    warmupMs: WARMUP_MS,
    staggerMs,
    onWindow: (edge) => {
      if (edge === 'start') {
        p0 = perProcess();
        t0 = treeTicks(p0);
        io0 = syscalls();
      } else {
        p1 = perProcess();
        t1 = treeTicks(p1);
        io1 = syscalls();
      }
    },
  });
  const ticks = t1.map((v, i) => v - t0[i]);
  const cpuMs = ticksToMs(ticks[0] + ticks[1]);
  const lat = stream ? r.ttfcs : r.latencies;
  const ms = (v) => `${v.toFixed(2)} ms`;
  log(
    `${g.name} ${phase}: ${r.completed} done in ${(r.windowMs / 1000).toFixed(1)} s = ${Math.round((r.completed * 1000) / r.windowMs)}/s, ` +
      `${Math.round((cpuMs * 1000) / r.completed)} µs CPU each (user:system ticks ${ticks.join(':')}), ` +
      `${stream ? 'first chunk' : 'latency'} p50 ${ms(percentile(lat, 50))} p99 ${ms(percentile(lat, 99))}, errors ${r.errors.count}, ` +
      `system calls each: ${((io1[0] - io0[0]) / r.completed).toFixed(1)} read, ${((io1[1] - io0[1]) / r.completed).toFixed(1)} write`,
  );
  if (p1.size > 1) {
    const each = [...p1].map(([pid, t]) => {
      const s = p0.get(pid) ?? [0, 0];
      return `${pid === g.pid ? 'primary' : pid} ${Math.round((ticksToMs(t[0] - s[0] + t[1] - s[1]) * 1000) / r.completed)} µs`;
    });
    log(`  CPU per ${stream ? 'stream' : 'request'} by process: ${each.join(', ')}`);
  }
  await pool.close();
} finally {
  await g.stop();
  await fake.stop(3000);
}
