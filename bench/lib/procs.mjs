// Child processes of the benchmark and what /proc says about them.

import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';

let ticksPerSecond = 100;
try {
  ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
} catch {
  // getconf missing: Linux's USER_HZ is 100 on every mainstream build.
}

/** Reads a /proc file; null when the process is gone (the report shows n/a, the run goes on). */
export function procFile(pid, name) {
  try {
    return readFileSync(`/proc/${pid}/${name}`, 'utf8');
  } catch {
    return null;
  }
}

/** User and system clock ticks (all threads) the process has used, or [NaN, NaN]. */
export function cpuTicks(pid) {
  const stat = procFile(pid, 'stat');
  if (stat === null) return [NaN, NaN];
  // Fields after the command name, which sits in parentheses and may contain spaces.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return [Number(rest[11]), Number(rest[12])];
}

/** The nice value of a process (its main thread), or NaN. */
export function niceOf(pid) {
  const stat = procFile(pid, 'stat');
  if (stat === null) return NaN;
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

/**
 * CPU time (user + system, all threads) the process and its living child processes have used, in
 * milliseconds: a gateway started with several workers (SLUICE_WORKERS) is a primary and its workers.
 */
export function cpuMs(pid) {
  let total = 0;
  for (const p of processTree(pid)) {
    const [utime, stime] = cpuTicks(p);
    if (Number.isFinite(utime)) total += ticksToMs(utime + stime);
    else if (p === pid) return NaN;
  }
  return total;
}

/** The process and its descendants (from /proc/<pid>/task/<tid>/children). */
export function processTree(pid) {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    const p = out[i];
    let tasks = [];
    try {
      tasks = readdirSync(`/proc/${p}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      const children = procFile(p, `task/${tid}/children`);
      if (children) for (const c of children.trim().split(/\s+/)) if (c !== '') out.push(Number(c));
    }
  }
  return out;
}

export function ticksToMs(ticks) {
  return (ticks * 1000) / ticksPerSecond;
}

/**
 * Starts one of bench/'s own servers (fake-upstream.mjs, floor-proxy.mjs) as a child that ends
 * with this process, and resolves with it once it listens (`url` set to its loopback address).
 */
export async function startBenchServer(name, script, args = [], nodeArgs = [], { nice = null } = {}) {
  const child = spawnNode(name, [...nodeArgs, script, ...args, '--exit-with-stdin'], { stdinPipe: true, nice });
  child.url = `http://127.0.0.1:${(await child.ready).port}`;
  return child;
}

/** floor-proxy.mjs's arguments: `BENCH_FLOOR=lean` starts the diagnostic lean floor (`--lean`) in the floor's place. */
export function floorArgs(upstream) {
  return ['--upstream', upstream, ...(process.env.BENCH_FLOOR === 'lean' ? ['--lean'] : [])];
}

/** Extra node flags for the measured process, e.g. BENCH_GATEWAY_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof". */
export function targetNodeArgs() {
  return [...GC_TRACE, ...(process.env.BENCH_GATEWAY_NODE_ARGS ?? '').split(/\s+/).filter((a) => a !== '')];
}

/** Every measured process (floor and gateways) prints its GCs, from which its allocation is read. */
export const GC_TRACE = ['--trace-gc-nvp'];

/**
 * The whole machine's CPU from /proc/stat, in ms summed over all CPUs: `busy` (everything but
 * idle and iowait) and `total`. Differences over a window give how full the cores were.
 */
export function machineCpu() {
  try {
    const f = readFileSync('/proc/stat', 'utf8');
    const v = f.slice(0, f.indexOf('\n')).trim().split(/\s+/).slice(1).map(Number);
    const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
    const idle = v[3] + v[4];
    return { busy: ticksToMs(total - idle), total: ticksToMs(total) };
  } catch {
    return { busy: NaN, total: NaN };
  }
}

/**
 * Main thread of a process (the event loop of a Node target) from /proc/<pid>/task/<pid>/schedstat:
 * ms on a CPU and ms runnable but waiting for one (needs schedstats in the kernel; NaN without).
 */
export function mainThreadSched(pid) {
  const f = procFile(pid, `task/${pid}/schedstat`);
  if (f === null) return { runMs: NaN, waitMs: NaN };
  const [run, wait] = f.trim().split(' ').map(Number);
  return { runMs: run / 1e6, waitMs: wait / 1e6 };
}

/** Resident set size in KiB. */
export function rssKb(pid) {
  const m = /^VmRSS:\s+(\d+) kB$/m.exec(procFile(pid, 'status') ?? '');
  return m ? Number(m[1]) : NaN;
}

/** Soft and hard "Max open files" of a process. */
export function openFilesLimit(pid = 'self') {
  const m = /^Max open files\s+(\S+)\s+(\S+)/m.exec(procFile(pid, 'limits') ?? '');
  const n = (s) => (s === 'unlimited' ? Infinity : Number(s));
  return m ? { soft: n(m[1]), hard: n(m[2]) } : { soft: NaN, hard: NaN };
}

/** Open file descriptors of a process right now. */
export function openFds(pid) {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return NaN;
  }
}

/** A port nobody listens on right now (the gateway takes PORT, not 0). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Spawns a node process (at another scheduling priority with `nice`) and keeps the tail of its output for error reports.
 * `ready` resolves with the first stdout line parsed as JSON (our fakes print {"port":N}).
 */
export function spawnNode(name, args, { env = process.env, cwd = process.cwd(), jsonReady = true, stdinPipe = false, nice = null } = {}) {
  // With stdinPipe the child sees end-of-input when this process dies, however it dies.
  const stdio = [stdinPipe ? 'pipe' : 'ignore', 'pipe', 'pipe'];
  // `nice` (e.g. -10): started through nice(1), which execs node in place (same pid), so every
  // thread of the process has that priority from the start.
  const child =
    nice === null ? spawn(process.execPath, args, { env, cwd, stdio }) : spawn('nice', ['-n', String(nice), process.execPath, ...args], { env, cwd, stdio });
  const tail = [];
  // With --trace-gc-nvp the process prints a line per GC; `allocated=` is what was allocated since
  // the one before, so their running sum is the process's allocation (read at a window's edges).
  const gc = { allocatedBytes: 0 };
  const keep = (chunk) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      if (line.includes(' gc=')) {
        const m = / allocated=(\d+)/.exec(line);
        if (m) gc.allocatedBytes += Number(m[1]);
        continue;
      }
      tail.push(line.length > 400 ? `${line.slice(0, 400)}...` : line);
      if (tail.length > 30) tail.shift();
    }
  };
  let exited = null;
  const exit = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    });
  });
  let ready = null;
  if (jsonReady) {
    ready = new Promise((resolve, reject) => {
      let buf = '';
      const onData = (chunk) => {
        buf += chunk.toString('utf8');
        let nl = buf.indexOf('\n');
        // GC trace lines may come before the ready line: count them and look further.
        while (nl >= 0 && buf.slice(0, nl).includes(' gc=')) {
          keep(buf.slice(0, nl));
          buf = buf.slice(nl + 1);
          nl = buf.indexOf('\n');
        }
        if (nl < 0) return;
        child.stdout.off('data', onData);
        child.stdout.on('data', keep);
        keep(buf.slice(nl + 1));
        try {
          resolve(JSON.parse(buf.slice(0, nl)));
        } catch {
          reject(new Error(`${name}: unexpected first line ${JSON.stringify(buf.slice(0, nl))}`));
        }
      };
      child.stdout.on('data', onData);
      void exit.then((e) => reject(new Error(`${name} exited (code ${e.code}, signal ${e.signal}) before it was ready:\n  ${tail.join('\n  ')}`)));
    });
  } else {
    child.stdout.on('data', keep);
  }
  child.stderr.on('data', keep);
  return {
    name,
    child,
    pid: child.pid,
    ready,
    exit,
    tail,
    gc,
    exited: () => exited,
    /** SIGTERM, then SIGKILL after `graceMs`. */
    stop: async (graceMs = 5000) => {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exit;
      clearTimeout(timer);
    },
  };
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Listens on loopback for the bench's own servers (fake upstream, floor) with timeouts longer
 * than any client's idle timeout, so a pooled connection is never closed under a request.
 * Resolves with the port.
 */
export async function listenLoopback(server, opts = {}) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 0;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: opts.port ?? 0, host: opts.host ?? '127.0.0.1', backlog: 4096 }, resolve);
  });
  return server.address().port;
}

/**
 * CPU (ms, user + system) of every PostgreSQL backend serving `database` on this machine, by pid:
 * backends are found by their process title ("postgres: <cluster>: <user> <database> <host>
 * ..."), read synchronously from /proc so both edges of a measured window see the same instant.
 * A backend that exits inside a window takes its CPU with it (the pools here keep theirs open).
 */
export function pgBackendCpu(database) {
  const out = new Map();
  const needle = ` ${database} `;
  let pids;
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  for (const pid of pids) {
    const cmd = procFile(pid, 'cmdline');
    if (cmd === null || !cmd.startsWith('postgres:') || !cmd.replace(/\0/g, ' ').includes(needle)) continue;
    const ms = cpuMs(pid);
    if (Number.isFinite(ms)) out.set(pid, ms);
  }
  return out;
}
