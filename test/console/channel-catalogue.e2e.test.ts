// One catalogue of facts (issue 21 point 3): the console and the kit show the server's channel
// types and vendors, never lists of their own. The type select's options are exactly what
// GET /api/channel/types answers, the tests' fixture-only vendor included; a planned type says it
// is not served yet; the pricing widget's vendor bar comes from the server's vendor-prefix table;
// and neither the console's and the kit's sources nor the built console hold a type or prefix table.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { BUILT_IN_CHANNEL_TYPES } from '../../server/src/catalogue/channel-types';
import { FIXTURE_PLANNED, FIXTURE_VENDOR, useFixtureCatalogue } from '../support/fixture-catalogue';
import { CONSOLE_DIST, expectAccessible, expectNoHorizontalOverflow, openPage, screenshot, startConsole, type ConsoleHarness } from './support';

useFixtureCatalogue();

interface TypeView {
  id: number;
  label: { zh: string; en: string };
  relay: string;
}

function filesUnder(dir: string, pick: (name: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, pick);
    return pick(name) ? [path] : [];
  });
}

describe('one catalogue of facts in the console and the kit', () => {
  let h: ConsoleHarness;
  let types: TypeView[];

  beforeAll(async () => {
    h = await startConsole();
    types = (await h.root.get('/api/channel/types').expect(200)).body.data as TypeView[];
    // Models of three vendors of the prefix table, and one of none.
    const res = await h.root.post('/api/channel/', { name: 'catalogue-models', type: 1, key: 'sk-catalogue-0123456789', models: 'yi-large,command-r,gpt-4o-mini,fixture-chat-1', group: 'default' });
    expect(res.body).toMatchObject({ success: true });
  });
  afterAll(async () => h.close());

  async function openTypeSelect(page: Page): Promise<string[]> {
    const sheet = page.getByRole('dialog', { name: /创建新的渠道|Create a channel/ });
    await sheet.waitFor();
    await page.getByRole('combobox', { name: /^(类型|Type)$/ }).click();
    const listbox = page.getByRole('listbox');
    await listbox.waitFor();
    return listbox.getByRole('option').allTextContents();
  }

  it('offers in the type select exactly the server catalogue, the fixture-only vendor included, in both languages', async () => {
    expect(types.map((e) => e.id)).toEqual([...BUILT_IN_CHANNEL_TYPES.map((e) => e.id), FIXTURE_VENDOR.id, FIXTURE_PLANNED.id]);
    for (const locale of ['zh-CN', 'en'] as const) {
      const { page, errors, close } = await openPage(h, '/channel/add', { as: h.root, locale });
      const options = await openTypeSelect(page);
      expect(options).toEqual(types.map((e) => (locale === 'en' ? e.label.en : e.label.zh)));
      expect(options).toContain(locale === 'en' ? 'Fixture Cloud' : '测试云');
      expect(errors).toEqual([]);
      await close();
    }
  });

  it('shows the type select and a planned type in light, dark and at 390 px, and creates a channel of the fixture type', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { page, errors, close } = await openPage(h, '/channel/add', { as: h.root, theme });
      await openTypeSelect(page);
      await screenshot(page, `catalogue-type-select-${theme}`);
      await page.getByRole('option', { name: FIXTURE_PLANNED.label.zh, exact: true }).click();
      // A planned type: the relay answers its channels 501 until an adaptor exists.
      await page.getByText('转发暂未支持此类型').waitFor();
      await expectAccessible(page, `type select ${theme}`);
      await screenshot(page, `catalogue-planned-${theme}`);
      expect(errors).toEqual([]);
      await close();
    }
    const narrow = await openPage(h, '/channel/add', { as: h.root, width: 390 });
    await openTypeSelect(narrow.page);
    await screenshot(narrow.page, 'catalogue-type-select-390');
    await narrow.page.getByRole('option', { name: '测试云', exact: true }).click();
    const sheet = narrow.page.getByRole('dialog', { name: '创建新的渠道' });
    expect(await narrow.page.getByText('转发暂未支持此类型').count()).toBe(0);
    // The fixture entry's default models, from the catalogue.
    await sheet.getByRole('button', { name: '清除所有模型' }).click();
    await sheet.getByRole('button', { name: '填入相关模型' }).click();
    await sheet.getByText('fixture-chat-1', { exact: true }).first().waitFor();
    await sheet.getByRole('textbox', { name: '名称', exact: true }).fill('fixture-made');
    await sheet.getByRole('textbox', { name: '密钥', exact: true }).fill('sk-fixture-made-0123456789');
    await expectNoHorizontalOverflow(narrow.page);
    await sheet.getByRole('button', { name: '提交' }).click();
    await narrow.page.getByText('渠道创建成功！').first().waitFor();
    const list = (await h.root.get('/api/channel/search?keyword=fixture-made').expect(200)).body.data as { type: number }[];
    expect(list.map((c) => c.type)).toEqual([FIXTURE_VENDOR.id]);
    const made = (await h.root.get('/api/channel/search?keyword=fixture-made').expect(200)).body.data as { models: string }[];
    expect(made[0]?.models).toBe('fixture-chat-1');
    // The list names the type with the catalogue's label.
    await narrow.page.getByRole('row').filter({ hasText: 'fixture-made' }).getByText('测试云').waitFor();
    expect(narrow.errors).toEqual([]);
    await narrow.close();
  });

  it("names the pricing table's vendors from the server's one prefix table (Cohere and 01.AI Yi included)", async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { page, errors, close } = await openPage(h, '/pricing', { theme });
      const bar = page.getByRole('tablist', { name: '模型厂商' });
      await bar.waitFor();
      await page.getByRole('row').filter({ hasText: 'yi-large' }).waitFor();
      expect(await bar.getByRole('tab').allTextContents()).toEqual(['全部', 'OpenAI', '零一万物', 'Cohere', '其他']);
      await bar.getByRole('tab', { name: 'Cohere' }).click();
      expect(await page.getByRole('row').filter({ hasText: 'command-r' }).count()).toBe(1);
      expect(await page.getByRole('row').filter({ hasText: 'yi-large' }).count()).toBe(0);
      await expectAccessible(page, `pricing ${theme}`);
      await screenshot(page, `catalogue-pricing-${theme}`);
      expect(errors).toEqual([]);
      await close();
    }
    const narrow = await openPage(h, '/pricing', { width: 390 });
    await narrow.page.getByRole('row').filter({ hasText: 'yi-large' }).waitFor();
    await expectNoHorizontalOverflow(narrow.page);
    await screenshot(narrow.page, 'catalogue-pricing-390');
    expect(narrow.errors).toEqual([]);
    await narrow.close();
  });

  it('finds no channel type table or vendor-prefix table in the console and kit sources or the built console', () => {
    const root = resolve(__dirname, '../..');
    const sources = [...filesUnder(join(root, 'console/src'), (n) => /\.tsx?$/.test(n)), ...filesUnder(join(root, 'ui-kit/src'), (n) => /\.tsx?$/.test(n) && !/\.(test|stories)\.tsx?$/.test(n))];
    const built = filesUnder(join(CONSOLE_DIST, 'assets'), (n) => n.endsWith('.js'));
    expect(sources.length).toBeGreaterThan(50);
    expect(built.length).toBeGreaterThan(0);
    // Labels only the catalogue holds, and the shape of a prefix table's rows.
    const typeLabels = ['Midjourney Proxy Plus', '知识库：FastGPT', 'SiliconCloud', 'Google PaLM2', '讯飞星火认知'];
    const prefixRows = [/prefixes\s*:\s*\[/, /\['yi-?'\]/, /'sparkdesk'/i, /'chatglm'/];
    const offenders: string[] = [];
    for (const file of [...sources, ...built]) {
      const text = readFileSync(file, 'utf8');
      for (const label of typeLabels) if (text.includes(label)) offenders.push(`${file}: ${label}`);
      for (const row of prefixRows) if (row.test(text)) offenders.push(`${file}: ${String(row)}`);
    }
    expect(offenders).toEqual([]);
  });
});
