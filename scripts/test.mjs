#!/usr/bin/env node
// `npm test`: every check and suite of the project, as CI runs them.
//
// The checks, the builds and the unit suites run in two lanes at once: each of them keeps about one
// core busy, and the machines CI runs on have two. The steps that write ui-kit/dist (the build, the
// embed bundle, the pack test) share a lane so none of them reads a half-written folder. Then the
// end-to-end suites and the browser suites run one after the other, each with two jest workers.
//
// A lane's output is held until its step ends, then printed whole under the step's name, so the two
// lanes never interleave. After a failure no new step starts; the steps already running finish.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

/** npm scripts by step name. */
const STEPS = {
  build: ['run', 'build'],
  lint: ['run', 'lint'],
  typecheck: ['run', 'typecheck'],
  'test:server': ['run', 'test', '-w', 'server'],
  'test:kit': ['run', 'test', '-w', 'ui-kit'],
  'test:storybook': ['run', 'test', '-w', 'storybook'],
  'test:embed': ['run', 'test:embed', '-w', 'ui-kit'],
  'test:pack': ['run', 'test:pack', '-w', 'ui-kit'],
  'test:e2e': ['run', 'test:e2e'],
  'test:ui': ['run', 'test:ui'],
};

// Measured on a two-core machine: 245 and 300 s, against 500 s one after the other.
const LANES = [
  ['build', 'test:embed', 'test:pack', 'test:kit', 'test:server'],
  ['lint', 'typecheck', 'test:storybook'],
];
const AFTER = ['test:e2e', 'test:ui'];

// Every browser test launches CHROMIUM_PATH (default /usr/bin/chromium). Debian's headless shell
// (package chromium-headless-shell, the same Chromium build without the browser's UI layer) costs
// about a third less CPU per page on these machines, so the run takes it when it is installed.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
if (!process.env.CHROMIUM_PATH && existsSync(HEADLESS_SHELL)) process.env.CHROMIUM_PATH = HEADLESS_SHELL;
process.stdout.write(`browser tests: ${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}\n`);

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
const seconds = (ms) => `${Math.round(ms / 1000)} s`;
const failed = [];
/** Each step that ran: name, outcome, seconds. */
const times = [];

/** Runs one step; its output is printed when it ends (held) or as it comes (streamed). */
function run(name, { hold }) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    process.stdout.write(`\n▶ ${name} (at ${seconds(t0 - started)})\n`);
    const child = spawn(npm, STEPS[name], { stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const out = [];
    if (hold) {
      child.stdout.on('data', (b) => out.push(b));
      child.stderr.on('data', (b) => out.push(b));
    }
    child.on('close', (code, signal) => {
      if (hold) process.stdout.write(`\n── ${name} ──\n${Buffer.concat(out).toString()}`);
      const ok = code === 0;
      if (!ok) failed.push(name);
      times.push(`${ok ? '✓' : '✗'} ${name} ${seconds(Date.now() - t0)}`);
      process.stdout.write(`${ok ? '✓' : '✗'} ${name}: ${ok ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds(Date.now() - t0)}\n`);
      resolve(ok);
    });
  });
}

async function lane(steps) {
  for (const name of steps) {
    if (failed.length > 0) return;
    await run(name, { hold: true });
  }
}

await Promise.all(LANES.map(lane));
for (const name of AFTER) {
  if (failed.length > 0) break;
  await run(name, { hold: false });
}
process.stdout.write(`\n${times.join('\n')}\n`);
process.stdout.write(`${failed.length === 0 ? 'every step passed' : `failed: ${failed.join(', ')}`} (${seconds(Date.now() - started)} in all)\n`);
process.exit(failed.length === 0 ? 0 : 1);
