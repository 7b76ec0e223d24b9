// The built console's weight (issue 13 "Done when"): the login route loads at most 250 KB of
// JavaScript and CSS gzipped (the entry, its static imports, the LoginPage chunk and its static
// imports), and every route of routes.tsx is a lazily loaded chunk of its own. Reads the Vite
// manifest of the build the browser suites use.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CONSOLE_DIST } from './support';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const LIMIT_BYTES = 250 * 1024;

function readManifest(): Manifest {
  const file = join(CONSOLE_DIST, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: build the console (npm run build -w console)`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** The files a chunk loads before it runs: itself, its CSS, and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>(), files = new Set<string>()): Set<string> {
  if (seen.has(key)) return files;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no ${key}`);
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const dep of chunk.imports ?? []) staticClosure(manifest, dep, seen, files);
  return files;
}

const gzipped = (file: string): number => gzipSync(readFileSync(join(CONSOLE_DIST, file)), { level: 9 }).length;

describe('console bundle', () => {
  const manifest = readManifest();
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);

  it('loads the login route in at most 250 KB of gzipped JavaScript and CSS', () => {
    expect(entryKey).toBeDefined();
    const files = staticClosure(manifest, String(entryKey));
    staticClosure(manifest, 'src/pages/LoginPage.tsx', new Set(), files);
    const sizes = [...files].map((f) => ({ f, bytes: gzipped(f) }));
    const total = sizes.reduce((sum, s) => sum + s.bytes, 0);
    expect(files.size).toBeGreaterThan(1);
    expect({ total, withinLimit: total <= LIMIT_BYTES }).toEqual({ total, withinLimit: true });
  });

  it('gives every route of routes.tsx its own lazily loaded chunk', () => {
    const source = readFileSync(resolve(__dirname, '../../console/src/routes.tsx'), 'utf8');
    const pages = [...new Set([...source.matchAll(/import\('\.\/pages\/(\w+)'\)/g)].map((m) => m[1] as string))];
    expect(pages.length).toBeGreaterThanOrEqual(15);
    const entry = manifest[String(entryKey)];
    const entryFiles = staticClosure(manifest, String(entryKey));
    const chunkFiles = new Set<string>();
    for (const page of pages) {
      const chunk = manifest[`src/pages/${page}.tsx`];
      expect({ page, lazy: chunk?.isDynamicEntry === true }).toEqual({ page, lazy: true });
      // Not part of what the entry loads up front, and not shared with another route.
      expect({ page, inEntry: entryFiles.has(String(chunk?.file)) }).toEqual({ page, inEntry: false });
      expect({ page, shared: chunkFiles.has(String(chunk?.file)) }).toEqual({ page, shared: false });
      chunkFiles.add(String(chunk?.file));
    }
    expect(entry?.dynamicImports?.length).toBeGreaterThanOrEqual(pages.length);
  });
});
