// Sums a sampling heap profile (bench/heap-sample.cjs): the share of the sampled bytes each
// function allocated itself, and each allocation charged to the nearest frame of the gateway's own
// build (server/dist), so that Node's and undici's internals show under the relay code that called
// them; and the share of each place the allocating code lives in (a folder of server/dist, a
// package, a module of Node's). A gateway started with `--no-turbo-inlining` charges each
// allocation to the function that made it, not to the optimized caller it was inlined into.
//   node bench/heap-report.mjs <heap-<pid>.json> [rows]
import { readFileSync } from 'node:fs';

const [file, rowsArg = '40'] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: node bench/heap-report.mjs <profile.json> [rows]\n');
  process.exit(2);
}
const rows = Number(rowsArg);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const name = (f) => `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}`;
const own = new Map();
const nearest = new Map();
const places = new Map();
/** Where a frame's code lives: `dist/<folder>`, `pkg:<package>`, `node:<module>`, or '(native)'. */
const placeOf = (url) => {
  if (url.includes('/server/dist/')) return `dist/${url.split('/server/dist/')[1].split('/').slice(0, -1).join('/')}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return `pkg:${pkg[1]}`;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  return url === '' ? '(native)' : url;
};
let total = 0;
const add = (m, k, v) => m.set(k, (m.get(k) ?? 0) + v);
// Iterative walk: the tree can be deeper than the call stack allows.
const stack = [{ node: profile.head, project: '(no frame of server/dist)' }];
while (stack.length > 0) {
  const { node, project } = stack.pop();
  const here = node.callFrame.url.includes('/server/dist/') ? name(node.callFrame) : project;
  total += node.selfSize;
  if (node.selfSize > 0) {
    add(own, name(node.callFrame), node.selfSize);
    add(nearest, here, node.selfSize);
    add(places, placeOf(node.callFrame.url), node.selfSize);
  }
  for (const child of node.children) stack.push({ node: child, project: here });
}
const print = (title, m) => {
  process.stdout.write(`${title}\n`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, rows)) process.stdout.write(`${((100 * v) / total).toFixed(1).padStart(6)}%  ${k}\n`);
};
process.stdout.write(`${(total / 1048576).toFixed(1)} MB sampled\n`);
print('-- allocated by the function itself', own);
print('-- charged to the nearest frame of server/dist', nearest);
print('-- by where the allocating code lives', places);
