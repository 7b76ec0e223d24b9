// Diagnostic: what a held stream keeps. Starts the fake upstream (streams held open after their
// first chunk), one gateway (or the floor) and N OpenAI chat streams, then writes a V8 heap snapshot of the
// target with the streams open, and releases them. Pair with BENCH_PROMPT_KB to see a long prompt's
// copies; `node bench/heap-retainers.mjs <file>` prints what keeps the largest strings and Buffers.
//   node bench/held-snapshot.mjs [sqlite|postgres|floor] [streams] [out-dir]
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readdirSync } from 'node:fs';
import { chatRequest, startGateway } from './lib/gateway.mjs';
import { openHeldStreams } from './lib/load.mjs';
import { floorArgs, sleep, startBenchServer, targetNodeArgs } from './lib/procs.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [kind = 'sqlite', streams = '200', outDir = '/tmp'] = process.argv.slice(2);
const log = (l) => process.stdout.write(`${l}\n`);
// The target's extra node flags (targetNodeArgs) take the snapshot signal and where it writes.
process.env.BENCH_GATEWAY_NODE_ARGS = `${process.env.BENCH_GATEWAY_NODE_ARGS ?? ''} --heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${outDir}`;

const fake = await startBenchServer('fake-upstream', join(here, 'fake-upstream.mjs'));
const floor = kind === 'floor';
const target = floor
  ? await startBenchServer('floor', join(here, 'floor-proxy.mjs'), floorArgs(fake.url), targetNodeArgs())
  : await startGateway({
      kind,
      entry: resolve(here, '..', process.env.BENCH_SERVER_ENTRY ?? 'server/dist/main.js'),
      upstreamUrl: fake.url,
      log,
    });
try {
  // Held only now: the gateway's set-up checks that a stream ends.
  await fetch(`${fake.url}/__bench/config`, { method: 'POST', body: JSON.stringify({ chunks: 16, delayMs: 10, hold: true }) });
  const req = chatRequest(floor ? 'unused' : target.key, true);
  const held = await openHeldStreams({ origin: target.url, req, count: Number(streams), openConcurrency: 32, openTimeoutMs: 30_000, rampTimeoutMs: 60_000 });
  log(`${held.opened} of ${held.attempted} streams open`);
  const before = new Set(readdirSync(outDir));
  process.kill(target.pid, 'SIGUSR2');
  let file = null;
  for (let i = 0; i < 600 && !file; i++) {
    await sleep(100);
    file = readdirSync(outDir).find((f) => f.endsWith('.heapsnapshot') && !before.has(f)) ?? null;
  }
  await sleep(3000); // the file is written while it appears
  log(`snapshot: ${file ? join(outDir, file) : 'none'}`);
  await fetch(`${fake.url}/__bench/release`, { method: 'POST' }).catch(() => {});
  held.abort();
} finally {
  await target.stop(5000);
  await fake.stop(5000);
}
