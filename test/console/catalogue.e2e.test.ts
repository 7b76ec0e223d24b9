// The console's own catalogue (console/src/i18n/): the two languages carry the same keys, every
// value is a non-empty string, and the placeholders match, as the kit checks for its own strings.
// No browser: the catalogue modules are plain data.
import { consoleEn, consoleZhCN } from '../../console/src/i18n/catalogue';

function flat(obj: unknown, prefix = ''): Record<string, unknown> {
  return typeof obj === 'object' && obj !== null
    ? Object.assign({}, ...Object.entries(obj).map(([k, v]) => flat(v, prefix ? `${prefix}.${k}` : k)))
    : { [prefix]: obj };
}
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
