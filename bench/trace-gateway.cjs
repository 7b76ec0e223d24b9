// Diagnostic preload for the gateway: where a relay request's first byte waits. Start the bench
// with BENCH_GATEWAY_NODE_ARGS="--require ./bench/trace-gateway.cjs" (an absolute path, or one
// relative to the gateway's working directory: use $PWD/bench/trace-gateway.cjs) and
// BENCH_TRACE_DIR=/some/dir; then `node bench/trace-report.mjs /some/dir/trace-<pid>.jsonl`.
//
// No file of the build is changed: the classes are wrapped on their prototypes as the build loads
// them (relay routes, auth, relay service, billing, failover, exchange, outbound client, database
// service, and pg's Client.query). Writes JSON lines: one per finished streaming request (its
// timeline in ms: auth, body, admission to hold, the hold and inside it the wait for a batch, the
// batch's round trip and after it, then to the upstream call and to the first byte out), one per
// ledger batch, and one per second (event loop utilisation and delay, the main thread's run and
// run-queue wait from /proc, GC, the pg pool, every SQL text sent with its count). It costs CPU:
// compare builds with it on both, or without it.
'use strict';
const Module = require('node:module');
const fs = require('node:fs');
const { performance, monitorEventLoopDelay, PerformanceObserver } = require('node:perf_hooks');

const OUT = `${process.env.BENCH_TRACE_DIR ?? require('node:os').tmpdir()}/trace-${process.pid}.jsonl`;
let buf = [];
const emit = (o) => buf.push(JSON.stringify(o));
setInterval(() => {
  if (buf.length === 0) return;
  const lines = buf.join('\n') + '\n';
  buf = [];
  fs.appendFile(OUT, lines, () => {});
}, 1000).unref();

const now = () => performance.now();
const recs = new Map(); // requestId -> record

// ---- per-second machine view ----
const eld = monitorEventLoopDelay({ resolution: 5 });
eld.enable();
let gcMs = 0;
let gcN = 0;
new PerformanceObserver((l) => {
  for (const e of l.getEntries()) {
    gcMs += e.duration;
    gcN++;
  }
}).observe({ entryTypes: ['gc'] });
const queries = new Map();
let pool = null;
let elu = performance.eventLoopUtilization();
const sched = () => {
  try {
    const [run, wait, slices] = fs.readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').trim().split(' ').map(Number);
    return { run, wait, slices };
  } catch {
    return { run: 0, wait: 0, slices: 0 };
  }
};
let sch = sched();
let outMs = [];
let poolWaitMax = 0;
let poolWaitSum = 0;
let poolSamples = 0;
setInterval(() => {
  if (!pool) return;
  poolWaitMax = Math.max(poolWaitMax, pool.waitingCount);
  poolWaitSum += pool.waitingCount;
  poolSamples++;
}, 5).unref();
setInterval(() => {
  emit({
    k: 'sec',
    t: Date.now(),
    eld50: eld.percentile(50) / 1e6,
    eld99: eld.percentile(99) / 1e6,
    eldMax: eld.max / 1e6,
    gcMs,
    gcN,
    pool: pool ? { total: pool.totalCount, idle: pool.idleCount, waitMax: poolWaitMax, waitMean: poolSamples ? poolWaitSum / poolSamples : 0 } : null,
    q: Object.fromEntries(queries),
    cpu: process.cpuUsage(),
    elu: performance.eventLoopUtilization(elu).utilization,
    mainRunMs: (sched().run - sch.run) / 1e6,
    mainWaitMs: (sched().wait - sch.wait) / 1e6,
    out: outMs.length ? { n: outMs.length, p50: pctl(outMs, 50), p99: pctl(outMs, 99), max: Math.max(...outMs) } : null,
  });
  elu = performance.eventLoopUtilization();
  sch = sched();
  outMs = [];
  eld.reset();
  gcMs = 0;
  gcN = 0;
  poolWaitMax = 0;
  poolWaitSum = 0;
  poolSamples = 0;
  queries.clear();
}, 1000).unref();

function pctl(v, p) {
  const a = Float64Array.from(v).sort();
  return +a[Math.min(a.length - 1, Math.max(0, Math.ceil((p / 100) * a.length) - 1))].toFixed(2);
}
// ---- wrapping ----
function wrapAsync(proto, name, before, after) {
  const orig = proto[name];
  if (typeof orig !== 'function' || orig.__traced) return;
  const w = function (...args) {
    const ctx = before ? before.call(this, args) : undefined;
    const p = orig.apply(this, args);
    if (after && p && typeof p.then === 'function') {
      p.then(
        (v) => after.call(this, args, ctx, v, null),
        (e) => after.call(this, args, ctx, undefined, e),
      );
    }
    return p;
  };
  w.__traced = true;
  proto[name] = w;
}
function wrapSync(proto, name, before) {
  const orig = proto[name];
  if (typeof orig !== 'function' || orig.__traced) return;
  const w = function (...args) {
    before.call(this, args);
    return orig.apply(this, args);
  };
  w.__traced = true;
  proto[name] = w;
}

const patches = [
  [
    /[\\/]relay[\\/](?:edge[\\/])?relay-routes\.js$/,
    (ex) => {
      wrapAsync(
        ex.RelayRoutes.prototype,
        'relayed',
        function (args) {
          const id = String(args[0].id);
          // conc: relay requests in this process when it arrived (tells the phases apart).
          const r = { t0: now(), stream: false, conc: recs.size + 1 };
          recs.set(id, r);
          return id;
        },
        function (args, id) {
          const r = recs.get(id);
          recs.delete(id);
          if (!r || !r.stream) return;
          const s = (a, b) => (r[a] !== undefined && r[b] !== undefined ? +(r[b] - r[a]).toFixed(2) : null);
          emit({
            k: 'req',
            t: Date.now(),
            auth: s('t0', 'auth'),
            input: s('auth', 'input'),
            pre: s('serve', 'holdIn'),
            hold: s('holdIn', 'holdOut'),
            hQueue: s('holdIn', 'bStart'),
            hBatch: s('bStart', 'bEnd'),
            hAfter: s('bEnd', 'holdOut'),
            bOps: r.bOps ?? null,
            toRun: s('holdOut', 'run'),
            upstream: s('run', 'head'),
            first: s('t0', 'head'),
            total: +(now() - r.t0).toFixed(2),
            conc: r.conc,
          });
        },
      );
      wrapAsync(ex.RelayRoutes.prototype, 'readInput', null, function (args) {
        const r = recs.get(String(args[0].id));
        if (r) r.input = now();
      });
    },
  ],
  [
    /[\\/]relay[\\/](?:edge[\\/])?relay-auth\.service\.js$/,
    (ex) => {
      wrapAsync(ex.RelayAuthService.prototype, 'authenticate', null, function (args) {
        const r = recs.get(String(args[0].id));
        if (r) r.auth = now();
      });
    },
  ],
  [
    /[\\/]relay[\\/](?:pipeline[\\/])?relay\.service\.js$/,
    (ex) => {
      wrapAsync(ex.RelayService.prototype, 'serve', function (args) {
        const r = recs.get(args[0].requestId);
        if (r) {
          r.serve = now();
          r.stream = args[3]?.stream === true;
        }
      });
    },
  ],
  [
    /[\\/]billing[\\/]billing\.service\.js$/,
    (ex) => {
      wrapAsync(
        ex.BillingService.prototype,
        'hold',
        function (args) {
          const r = recs.get(args[0].requestId);
          if (r) r.holdIn = now();
        },
        function (args) {
          const r = recs.get(args[0].requestId);
          if (r) r.holdOut = now();
        },
      );
    },
  ],
  [
    /[\\/]relay[\\/](?:pipeline[\\/])?failover\.js$/,
    (ex) => {
      wrapAsync(ex.Failover.prototype, 'run', function (args) {
        const r = recs.get(args[0].exchange.requestId);
        if (r) r.run = now();
      });
    },
  ],
  [
    /[\\/]relay[\\/](?:pipeline[\\/])?exchange\.js$/,
    (ex) => {
      wrapSync(ex.ClientExchange.prototype, 'writeHead', function () {
        const r = recs.get(this.requestId);
        if (r && r.head === undefined) r.head = now();
      });
    },
  ],
  [
    /[\\/]outbound[\\/]outbound\.service\.js$/,
    (ex) => {
      wrapAsync(
        ex.OutboundClient.prototype,
        'request',
        () => now(),
        (args, t0, v, e) => {
          if (!e) outMs.push(now() - t0);
        },
      );
    },
  ],
  [
    /[\\/]database[\\/]database\.service\.js$/,
    (ex) => {
      wrapAsync(
        ex.DatabaseService.prototype,
        'pgStatement',
        function (args) {
          pool ??= this.dataSource.driver.master;
          let ops = [];
          try {
            ops = JSON.parse(String(args[2]?.[0] ?? '[]'));
          } catch {}
          const t = now();
          const mine = [];
          for (const op of ops) {
            const r = op.k === 'hold' ? recs.get(op.r) : undefined;
            if (r) {
              r.bStart = t;
              r.bOps = ops.length;
              mine.push(r);
            }
          }
          return { t, mine, holds: ops.filter((o) => o.k === 'hold').length, ops: ops.length, waiting: pool?.waitingCount ?? -1, idle: pool?.idleCount ?? -1 };
        },
        function (args, c, v, e) {
          const t = now();
          for (const r of c.mine) r.bEnd = t;
          emit({ k: 'batch', t: Date.now(), ms: +(t - c.t).toFixed(2), ops: c.ops, holds: c.holds, waiting: c.waiting, idle: c.idle, err: e ? String(e.message) : undefined });
        },
      );
    },
  ],
];

function countQuery(q) {
  const text = typeof q === 'string' ? q : q && typeof q === 'object' ? q.text : '?';
  const key = String(text).replace(/\s+/g, ' ').slice(0, 70);
  queries.set(key, (queries.get(key) ?? 0) + 1);
}

const done = new Set();
const origLoad = Module._load;
Module._load = function (request, parent, isMain) {
  const ex = origLoad.apply(this, arguments);
  if (request === 'pg' && !done.has('pg')) {
    done.add('pg');
    const orig = ex.Client.prototype.query;
    ex.Client.prototype.query = function (q, ...rest) {
      countQuery(q);
      return orig.call(this, q, ...rest);
    };
  }
  if (typeof request === 'string' && request.startsWith('.')) {
    let file;
    try {
      file = Module._resolveFilename(request, parent, isMain);
    } catch {
      return ex;
    }
    for (const [re, fn] of patches) {
      if (!done.has(file) && re.test(file)) {
        done.add(file);
        try {
          fn(ex);
        } catch (err) {
          process.stderr.write(`trace: could not patch ${file}: ${err.message}\n`);
        }
      }
    }
  }
  return ex;
};
