// Summary of bench/trace-gateway.cjs output: where the first byte of a streamed relay request
// waited, the ledger's batches, and the gateway's seconds (see the head of trace-gateway.cjs).
//   node bench/trace-report.mjs [--conc MIN-MAX] /dir/trace-<pid>.jsonl [...more files of the same gateway]
// --conc keeps the requests that found MIN to MAX relay requests in the gateway when they arrived
// (theirs included): e.g. 129-512 for the 256-stream phase, 1-96 for stream64.
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
let conc = [0, Infinity];
const at = args.indexOf('--conc');
if (at >= 0) {
  const [lo, hi] = (args[at + 1] ?? '').split('-').map(Number);
  conc = [lo, hi];
  args.splice(at, 2);
}
const reqs = [];
const batches = [];
const secs = [];
for (const file of args) {
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line === '') continue;
    const o = JSON.parse(line);
    if (o.k === 'req') {
      if (o.conc === undefined || (o.conc >= conc[0] && o.conc <= conc[1])) reqs.push(o);
    }
    else if (o.k === 'batch') batches.push(o);
    else if (o.k === 'sec') secs.push(o);
  }
}
if (reqs.length === 0 && secs.length === 0) {
  console.error('usage: node bench/trace-report.mjs <trace-<pid>.jsonl>... (no records found)');
  process.exit(2);
}

const pct = (values, p) => {
  const v = values.filter((x) => x !== null && x !== undefined && Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  return v[Math.min(v.length - 1, Math.max(0, Math.ceil((p / 100) * v.length) - 1))];
};
const mean = (values) => values.reduce((a, b) => a + (b ?? 0), 0) / Math.max(1, values.length);
const f = (x, w = 8) => (Number.isFinite(x) ? x.toFixed(2) : 'n/a').padStart(w);

// The segments of one request, in order (ms). hold = hQueue + hBatch + hAfter on PostgreSQL.
const SEGMENTS = [
  ['auth', 'token and user checks (from the route)'],
  ['input', 'reading the body'],
  ['pre', 'parse, limits, pricing, channel pick'],
  ['hold', 'the hold (ledger)'],
  ['hQueue', '  waiting for a ledger batch to start'],
  ['hBatch', "  the batch's round trip"],
  ['hAfter', '  from its answer to the request going on'],
  ['toRun', 'hold to the upstream attempt'],
  ['upstream', 'upstream call to the first byte out'],
  ['first', 'total: route to the first byte out'],
];
console.log(`${reqs.length} streamed requests`);
console.log(`${'segment'.padEnd(10)}${'p50'.padStart(8)}${'p90'.padStart(8)}${'p99'.padStart(8)}${'max'.padStart(8)}  ${'mean in the slowest 1%'.padStart(22)}`);
const p99 = pct(
  reqs.map((r) => r.first),
  99,
);
const tail = reqs.filter((r) => r.first !== null && r.first >= p99);
for (const [k, what] of SEGMENTS) {
  const v = reqs.map((r) => r[k]);
  console.log(`${k.padEnd(10)}${f(pct(v, 50))}${f(pct(v, 90))}${f(pct(v, 99))}${f(pct(v, 100))}  ${f(mean(tail.map((r) => r[k])), 22)}  ${what}`);
}
const slowAuth = reqs.filter((r) => r.auth > 5).length;
console.log(`requests whose auth took over 5 ms: ${slowAuth} (${((100 * slowAuth) / Math.max(1, reqs.length)).toFixed(2)}%)`);

if (batches.length > 0) {
  console.log();
  for (const [name, list] of [
    ['ledger batches with holds', batches.filter((b) => b.holds > 0)],
    ['other ledger batches', batches.filter((b) => b.holds === 0)],
  ]) {
    if (list.length === 0) continue;
    const ms = list.map((b) => b.ms);
    console.log(
      `${name}: ${list.length}, ops p50 ${pct(
        list.map((b) => b.ops),
        50,
      )} max ${Math.max(...list.map((b) => b.ops))}; ms p50 ${f(pct(ms, 50), 0)} p90 ${f(pct(ms, 90), 0)} p99 ${f(pct(ms, 99), 0)}; ` +
        `pool clients waiting when sent: max ${Math.max(...list.map((b) => b.waiting))}; errors ${list.filter((b) => b.err).length}`,
    );
  }
}

if (secs.length > 0) {
  console.log();
  console.log('per second (busy seconds only): event loop utilisation, main thread ran / waited for a core (ms), loop delay p99 and max, GC ms (count), pool total/idle/max waiting, SQL sent');
  for (const s of secs) {
    const sql = Object.entries(s.q ?? {});
    const n = sql.reduce((a, [, c]) => a + c, 0);
    if ((s.elu ?? 0) < 0.05 && n === 0) continue;
    const other = sql.filter(([k]) => !k.startsWith('SELECT sluice_ledger_batch')).map(([k, c]) => `${c}x ${k.slice(0, 40)}`);
    const p = s.pool;
    console.log(
      `  ${new Date(s.t).toISOString().slice(11, 19)} elu ${f(s.elu ?? NaN, 4)} ran ${f(s.mainRunMs ?? NaN, 4)} waited ${f(s.mainWaitMs ?? NaN, 4)} ` +
        `delay p99 ${f(s.eld99, 5)} max ${f(s.eldMax, 5)} gc ${f(s.gcMs, 4)} (${s.gcN}) pool ${p ? `${p.total}/${p.idle}/${p.waitMax}` : '-'} ` +
        `sql ${n}${other.length > 0 && other.length <= 6 ? ` (${other.join(', ')})` : other.length > 6 ? ` (${other.length} kinds besides the ledger: set-up)` : ''}`,
    );
  }
}
