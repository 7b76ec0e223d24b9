// The console's own catalogue (console/src/i18n/): the two languages carry the same keys, every
// value is a non-empty string, and the placeholders match, as the kit checks for its own strings.
// No browser: the catalogue modules are plain data.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { consoleEn, consoleZhCN } from '../../console/src/i18n/catalogue';
import { zhCN as kitZhCN } from '../../ui-kit/src/i18n/messages.zh-CN';
import { flatten as flat } from './support';

const placeholders = (s: string) => (s.match(/{{\s*\w+\s*}}/g) ?? []).sort();

describe('console catalogue', () => {
  const zh = flat(consoleZhCN);
  const en = flat(consoleEn);

  it('English has exactly the zh-CN keys, every value a non-empty string', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    for (const value of [...Object.values(zh), ...Object.values(en)]) {
      expect(typeof value === 'string' && value.length > 0).toBe(true);
    }
    expect(Object.keys(zh).length).toBeGreaterThan(1000);
  });

  it('interpolation placeholders match between the languages', () => {
    for (const [key, value] of Object.entries(zh)) {
      expect({ key, p: placeholders(String(en[key])) }).toEqual({ key, p: placeholders(String(value)) });
    }
  });
});

// Issue 27, 17: the console's strings live in the console, not in the published kit. The built kit
// (ui-kit/dist, what `npm pack` ships and what an embedding site downloads) holds none of them, and
// the built console carries them from console/src/i18n.
describe('the console strings are the console\'s, not the kit\'s', () => {
  const ROOT = resolve(__dirname, '../..');
  const jsUnder = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? jsUnder(join(dir, e.name)) : e.name.endsWith('.js') ? [join(dir, e.name)] : []));
  const kitStrings = new Set(Object.values(flat(kitZhCN)).map(String));
  // zh-CN values longer than 6 characters (short ones such as 确定 are words any UI has), minus the
  // few that are word for word part of a kit widget's own string (测试 {{model}} is in the kit's
  // 暂不支持测试 {{model}} 模型).
  const consoleLong = [...new Set(Object.values(flat(consoleZhCN)).map(String))].filter((s) => [...s].length > 6);
  const own = consoleLong.filter((s) => ![...kitStrings].some((k) => k.includes(s)));

  it('the built kit (every ui-kit/dist/**/*.js) holds none of the console\'s zh-CN strings, and does hold its own', () => {
    const dist = join(ROOT, 'ui-kit/dist');
    expect(existsSync(join(dist, 'index.js'))).toBe(true);
    const files = jsUnder(dist);
    expect(files.length).toBeGreaterThan(20);
    const kit = files.map((f) => readFileSync(f, 'utf8')).join('\n');
    expect(own.length).toBeGreaterThan(500);
    const leaked = own.filter((s) => kit.includes(s));
    expect(leaked).toEqual([]);
    // The search itself finds strings in the dist: the kit's own long strings are there.
    const kitLong = [...kitStrings].filter((s) => [...s].length > 6 && !s.includes('{{'));
    expect(kitLong.length).toBeGreaterThan(20);
    expect(kitLong.filter((s) => !kit.includes(s))).toEqual([]);
    // And the kit's sources have no console catalogue left (it moved in e828647).
    expect(existsSync(join(ROOT, 'ui-kit/src/i18n/console'))).toBe(false);
  });

  it('the built console carries them, from console/src/i18n', () => {
    const assets = join(ROOT, 'console/dist/assets');
    expect(existsSync(assets)).toBe(true);
    const bundle = jsUnder(assets).map((f) => readFileSync(f, 'utf8')).join('\n');
    const plain = own.filter((s) => !s.includes('{{'));
    expect(plain.filter((s) => !bundle.includes(s))).toEqual([]);
    // Every console key is read through console/src/i18n: the catalogue's sections are its area files.
    const areas = readdirSync(join(ROOT, 'console/src/i18n')).filter((f) => !['index.ts', 'shape.ts', 'catalogue.ts'].includes(f)).map((f) => f.replace(/\.ts$/, ''));
    expect(Object.keys(consoleZhCN).sort()).toEqual(areas.sort());
  });
});
