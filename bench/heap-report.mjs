// Sums a sampling heap profile (bench/heap-sample.cjs): the share of the sampled bytes each
// function allocated itself, and each allocation charged to the nearest frame of the gateway's own
// build (server/dist), so that Node's and undici's internals show under the relay code that called
// them.   node bench/heap-report.mjs <heap-<pid>.json> [rows]
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
