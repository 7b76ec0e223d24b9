// Diagnostic: what keeps the large objects of a V8 heap snapshot alive. Reads a .heapsnapshot
// (bench/held-snapshot.mjs writes one), counts the strings and ArrayBuffers of at least MIN_KB,
// and for the first few of them prints the shortest path that holds each from the heap's roots,
// then the paths grouped (so that "every held stream keeps its prompt through X" shows once).
//   node bench/heap-retainers.mjs <file.heapsnapshot> [min-kb=32] [paths=3]
import { readFileSync } from 'node:fs';

const [file, minKbArg = '32', pathsArg = '3'] = process.argv.slice(2);
if (!file) throw new Error('usage: node bench/heap-retainers.mjs <file.heapsnapshot> [min-kb] [paths]');
const snap = JSON.parse(readFileSync(file, 'utf8'));
const meta = snap.snapshot.meta;
const nf = meta.node_fields;
const ef = meta.edge_fields;
const N = nf.length;
const E = ef.length;
const nodeTypes = meta.node_types[0];
const edgeTypes = meta.edge_types[0];
const { nodes, edges, strings } = snap;
const nType = nf.indexOf('type');
const nName = nf.indexOf('name');
const nSelf = nf.indexOf('self_size');
const nEdges = nf.indexOf('edge_count');
const eType = ef.indexOf('type');
const eName = ef.indexOf('name_or_index');
const eTo = ef.indexOf('to_node');
const count = nodes.length / N;

// First edge of every node, and every node's retainers (reverse edges) for the walk.
const firstEdge = new Uint32Array(count + 1);
for (let i = 0, e = 0; i < count; i++) {
  firstEdge[i] = e;
  e += nodes[i * N + nEdges] * E;
}
firstEdge[count] = edges.length;

// Shortest distance from the root (node 0), ignoring weak edges, as DevTools does.
const dist = new Int32Array(count).fill(-1);
const via = new Int32Array(count).fill(-1); // the edge index that reached the node first
const queue = new Int32Array(count);
let head = 0;
let tail = 0;
dist[0] = 0;
queue[tail++] = 0;
while (head < tail) {
  const i = queue[head++];
  for (let e = firstEdge[i]; e < firstEdge[i + 1]; e += E) {
    if (edgeTypes[edges[e + eType]] === 'weak') continue;
    const j = edges[e + eTo] / N;
    if (dist[j] !== -1) continue;
    dist[j] = dist[i] + 1;
    via[j] = e;
    queue[tail++] = j;
  }
}
// The node an edge leaves from (edges are stored by owner, in order).
function ownerOf(e) {
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (firstEdge[mid] <= e) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
const typeOf = (i) => nodeTypes[nodes[i * N + nType]];
const nameOf = (i) => strings[nodes[i * N + nName]];
/** What a large object is: its type, or for native memory its name (ArrayBuffer contents and the like). */
const kindOf = (i) => (typeOf(i) === 'native' ? nameOf(i) : typeOf(i));
const out = (line = '') => process.stdout.write(`${line}\n`);
function label(i) {
  const t = typeOf(i);
  const name = nameOf(i);
  if (t === 'string' || t === 'concatenated string' || t === 'sliced string') return `string(${nodes[i * N + nSelf]} B)`;
  return `${t === 'object' ? '' : `${t}:`}${name.length > 60 ? `${name.slice(0, 60)}…` : name}`;
}
function edgeLabel(e) {
  const t = edgeTypes[edges[e + eType]];
  const n = edges[e + eName];
  return t === 'element' || t === 'hidden' ? `[${n}]` : `.${strings[n]}`;
}
function pathOf(i) {
  const parts = [];
  let j = i;
  for (let k = 0; k < 40 && via[j] !== -1; k++) {
    const e = via[j];
    const o = ownerOf(e);
    parts.push(`${label(o)}${edgeLabel(e)}`);
    j = o;
  }
  return parts.reverse();
}

const minBytes = Number(minKbArg) * 1024;
const big = [];
for (let i = 0; i < count; i++) {
  const self = nodes[i * N + nSelf];
  if (self >= minBytes && dist[i] !== -1) big.push(i);
}
const byKind = new Map();
for (const i of big) {
  const k = kindOf(i);
  const v = byKind.get(k) ?? { n: 0, bytes: 0 };
  v.n++;
  v.bytes += nodes[i * N + nSelf];
  byKind.set(k, v);
}
out(`${count} nodes; objects of at least ${minKbArg} KB held from the roots:`);
for (const [k, v] of [...byKind].sort((a, b) => b[1].bytes - a[1].bytes)) out(`  ${v.n} x ${k}: ${(v.bytes / 1024 / v.n).toFixed(1)} KB each`);
// Group by the path with the node ids dropped: the same holder shape once, with its count.
const shapes = new Map();
for (const i of big) {
  const p = pathOf(i).slice(-8).join(' → ');
  const key = `${kindOf(i)} ← ${p}`;
  shapes.set(key, (shapes.get(key) ?? 0) + 1);
}
out('\nheld through (the last 8 steps of the shortest path, most frequent first):');
for (const [k, n] of [...shapes].sort((a, b) => b[1] - a[1]).slice(0, 12)) out(`${String(n).padStart(5)}  ${k}`);
out('\nwhole paths of the first few:');
for (const i of big.slice(0, Number(pathsArg))) out(`- ${label(i)}:\n    ${pathOf(i).join('\n    → ')}`);

// Every holder of the first large string, a few levels up (the shortest path names only one).
const levels = Number(process.env.RETAINER_LEVELS ?? 0);
if (levels > 0) {
  const rev = new Map();
  for (let i = 0; i < count; i++) {
    for (let e = firstEdge[i]; e < firstEdge[i + 1]; e += E) {
      if (edgeTypes[edges[e + eType]] === 'weak') continue;
      const j = edges[e + eTo] / N;
      let l = rev.get(j);
      if (!l) rev.set(j, (l = []));
      l.push(e);
    }
  }
  // The first large string whose shortest path passes RETAINER_MATCH (e.g. StreamPump), else the first.
  const match = process.env.RETAINER_MATCH ?? '';
  const first = big.find((i) => typeOf(i) === 'string' && pathOf(i).join(' ').includes(match));
  const show = (i, depth, ind, seen) => {
    for (const e of rev.get(i) ?? []) {
      const o = ownerOf(e);
      if (seen.has(o)) continue;
      out(`${ind}${label(o)}${edgeLabel(e)}`);
      if (depth > 1) show(o, depth - 1, `${ind}  `, new Set([...seen, o]));
    }
  };
  out(`\nevery holder of the first large string, ${levels} levels up:`);
  if (first !== undefined) show(first, levels, '  ', new Set([first]));
}
