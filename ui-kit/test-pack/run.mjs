// Pack test: builds the kit, checks what `npm pack` would publish, installs the tarball
// into a tiny Vite app outside the workspace and renders a PricingTable in headless
// Chromium. Run with `npm run test:pack -w ui-kit`.
//
// Peers (react, react-dom, styled-components, swr) are linked from the workspace's
// node_modules after the install instead of being `file:` dependencies: npm reconciles the
// dependencies of `file:` directory links inside their targets, which would write into
// the shared checkout. The kit's own dependencies come from the npm cache (--prefer-offline).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const kitRoot = resolve(here, '..');
const repoRoot = resolve(kitRoot, '..');
const rootModules = join(repoRoot, 'node_modules');
const PEERS = ['react', 'react-dom', 'styled-components', 'swr'];
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function step(title) {
  console.log(`\n▶ ${title}`);
}

function run(command, args, cwd, { capture = false } = {}) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (exit ${result.status})`);
  return result.stdout ?? '';
}

/** Serialises npm against the other installs on this machine when flock exists. */
function npm(args, cwd, options) {
  const hasFlock = spawnSync('sh', ['-c', 'command -v flock'], { stdio: 'ignore' }).status === 0;
  return hasFlock ? run('flock', ['/tmp/npm.lock', 'npm', ...args], cwd, options) : run('npm', args, cwd, options);
}

const MIME = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

function serve(dir) {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = join(dir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': MIME[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

const APP_MAIN = `import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { PricingTable, SluiceThemeProvider } from '@sluice/ui-kit';

const items = [
  { model_name: 'gpt-4o', quota_type: 0, model_ratio: 1.25, completion_ratio: 4, model_price: 0, enable_groups: ['default'] },
  { model_name: 'claude-3-haiku', quota_type: 0, model_ratio: 0.125, completion_ratio: 5, model_price: 0, enable_groups: ['default'] },
  { model_name: 'dall-e-3', quota_type: 1, model_ratio: 0, completion_ratio: 1, model_price: 0.04, enable_groups: ['default'] },
];

createRoot(document.getElementById('root')).render(
  createElement(SluiceThemeProvider, { mode: 'light' },
    createElement(PricingTable, { items, groupRatio: { default: 1 }, exchangeRate: 7.3 })),
);
`;

const APP_HTML = `<!doctype html>
<html lang="zh-CN">
  <head><meta charset="utf-8" /><title>pack test</title></head>
  <body><div id="root"></div><script type="module" src="/src/main.js"></script></body>
</html>
`;

async function main() {
  step('build the kit');
  npm(['run', 'build', '-w', 'ui-kit'], repoRoot);

  const work = mkdtempSync(join(tmpdir(), 'sluice-pack-'));
  try {
    step('npm pack');
    const packed = JSON.parse(npm(['pack', '--json', '--pack-destination', work], kitRoot, { capture: true }));
    const { filename, files } = packed[0];
    const paths = files.map((f) => f.path).sort();
    const stray = paths.filter((p) => !(p === 'package.json' || p === 'README.md' || p.startsWith('dist/')));
    assert.deepEqual(stray, [], `the tarball must hold only dist/, README.md and package.json; found ${stray.join(', ')}`);
    for (const needed of ['README.md', 'package.json', 'dist/index.js', 'dist/index.d.ts', 'dist/embed/sluice-embed.js']) {
      assert.ok(paths.includes(needed), `the tarball lacks ${needed}`);
    }
    assert.ok(!paths.some((p) => /\.(test|stories)\./.test(p)), 'tests or stories were packed');
    console.log(`  ${paths.length} files in ${filename}`);

    step('tiny Vite app installing the tarball');
    const app = join(work, 'app');
    mkdirSync(join(app, 'src'), { recursive: true });
    writeFileSync(
      join(app, 'package.json'),
      `${JSON.stringify({ name: 'sluice-pack-app', private: true, type: 'module', dependencies: { '@sluice/ui-kit': `file:../${filename}` } }, null, 2)}\n`,
    );
    writeFileSync(join(app, 'index.html'), APP_HTML);
    writeFileSync(join(app, 'src', 'main.js'), APP_MAIN);
    // --legacy-peer-deps: the peers are linked below rather than downloaded again.
    npm(['install', '--prefer-offline', '--legacy-peer-deps', '--no-audit', '--no-fund', '--no-package-lock'], app);
    for (const peer of PEERS) {
      const target = join(app, 'node_modules', peer);
      if (!existsSync(target)) symlinkSync(join(rootModules, peer), target, 'dir');
    }
    const installed = JSON.parse(readFileSync(join(app, 'node_modules', '@sluice', 'ui-kit', 'package.json'), 'utf8'));
    assert.equal(installed.main, './dist/index.js', 'the installed manifest points at dist');

    step('vite build of the app');
    // Errors only: radix's "use client" directives make every bundle warn.
    run(process.execPath, [join(rootModules, 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'error'], app);

    step('render in headless Chromium');
    const server = await serve(join(app, 'dist'));
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`http://127.0.0.1:${server.address().port}/`);
      const table = page.getByRole('table', { name: '模型列表' });
      await table.getByRole('button', { name: 'gpt-4o', exact: true }).waitFor({ timeout: 15000 });
      const text = await table.innerText();
      assert.match(text, /提示 \$2\.5000 \/ 1M tokens/);
      assert.match(text, /\$0\.0400 \/ 次/);
      assert.deepEqual(errors, []);
      console.log('  PricingTable rendered from the packed kit');
    } finally {
      await browser.close();
      server.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  console.log('\n✔ pack test passed');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
