// Rewrites package.json around `npm pack` / `npm publish`.
//
// In the workspace the kit points at its TypeScript source (main/types/exports ->
// src/index.ts) so the console and Storybook need no build. npm ignores
// publishConfig.main/types/exports, so `prepack` swaps in the dist entry points and
// `postpack` restores the workspace manifest byte for byte.
//
//   node scripts/pack-manifest.mjs prepack   # check dist/, save and rewrite package.json
//   node scripts/pack-manifest.mjs postpack  # restore package.json
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('..', import.meta.url);
const manifestPath = fileURLToPath(new URL('package.json', root));
const backupPath = fileURLToPath(new URL('.package.workspace.json', root));
const distFile = (rel) => fileURLToPath(new URL(`dist/${rel}`, root));

function prepack() {
  const missing = ['index.js', 'index.d.ts'].filter((f) => !existsSync(distFile(f)));
  if (missing.length > 0) {
    throw new Error(`dist/ is incomplete (${missing.join(', ')}); run "npm run build -w ui-kit" before packing.`);
  }
  if (existsSync(backupPath)) {
    throw new Error(`${backupPath} exists: a previous pack did not finish; restore it with "postpack".`);
  }
  const raw = readFileSync(manifestPath, 'utf8');
  const manifest = JSON.parse(raw);
  writeFileSync(backupPath, raw);

  const exportsMap = {
    '.': { types: './dist/index.d.ts', import: './dist/index.js', default: './dist/index.js' },
    './package.json': './package.json',
  };
  // The stand-alone <script> bundle, when the embed build produced it.
  if (existsSync(distFile('embed/sluice-embed.js'))) {
    exportsMap['./embed'] = './dist/embed/sluice-embed.js';
  }
  manifest.main = './dist/index.js';
  manifest.module = './dist/index.js';
  manifest.types = './dist/index.d.ts';
  manifest.exports = exportsMap;
  // Workspace scripts refer to files that are not published.
  delete manifest.scripts;
  delete manifest.devDependencies;
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
}

function postpack() {
  if (existsSync(backupPath)) renameSync(backupPath, manifestPath);
}

const command = process.argv[2];
if (command === 'prepack') prepack();
else if (command === 'postpack') postpack();
else throw new Error(`usage: pack-manifest.mjs prepack|postpack (got ${command})`);
