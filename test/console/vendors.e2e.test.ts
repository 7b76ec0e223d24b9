// Model vendor configuration (settings tab "model") in a real browser: the seeded list, local edits
// (move, expand, models with spec and custom tags, add, delete), import (valid JSON only), export
// (copy and download) and the one-click setup from /api/pricing, each saved and read back through
// GET /api/option/; themes, English, 390 px and axe.
import { readFileSync } from 'node:fs';
import { expectAccessible, expectNoHorizontalOverflow, openPage, screenshot, startConsole, type ConsoleHarness } from './support';

interface Vendor {
  Manufacturer: string;
  icon: string;
  description: string;
  models: { model_name: string; type: string[]; illustrate: string }[];
}

const SEED: Vendor[] = [
  { Manufacturer: 'Alpha', icon: 'alpha.png', description: 'First vendor', models: [{ model_name: 'alpha-1', type: ['对话'], illustrate: 'the first' }] },
  { Manufacturer: 'Beta', icon: '', description: '', models: [] },
];

describe('model vendor configuration', () => {
  let h: ConsoleHarness;

  const stored = async (): Promise<Vendor[]> => {
    const res = await h.root.get('/api/option/');
    const row = (res.body.data as { key: string; value: string }[]).find((o) => o.key === 'Manufacturers');
    return JSON.parse(row?.value ?? 'null') as Vendor[];
  };
  const seed = async (value: Vendor[]) => {
    const res = await h.root.put('/api/option/', { key: 'Manufacturers', value: JSON.stringify(value) });
    expect(res.body.success).toBe(true);
  };

  beforeAll(async () => {
    h = await startConsole();
    const ch = await h.root.post('/api/channel/', {
      name: 'vendors',
      type: 1,
      key: 'sk-vendor-test',
      base_url: 'https://upstream.example',
      models: 'gpt-4o,claude-3-5-sonnet-20241022,deepseek-chat,my-private-model',
      group: 'default',
    });
    expect(ch.body.success).toBe(true);
  });
  afterAll(async () => {
    await h.close();
  });

  it('shows the stored vendors in light, dark, English and at 390 px', async () => {
    await seed(SEED);
    const { page, errors, close } = await openPage(h, '/setting?tab=model', { as: h.root });
    await page.getByRole('heading', { name: 'Alpha' }).waitFor();
    await page.getByRole('heading', { name: 'Beta' }).waitFor();
    await page.getByRole('button', { name: '展开：Alpha' }).click();
    await page.getByRole('table', { name: 'Alpha 的模型' }).waitFor();
    expect(await page.getByLabel('模型名称（第 1 行）').inputValue()).toBe('alpha-1');
    await screenshot(page, 'vendors-light');
    await expectAccessible(page, 'vendors light');
    expect(errors).toEqual([]);
    await close();

    const dark = await openPage(h, '/setting?tab=model', { as: h.root, theme: 'dark', locale: 'en' });
    await dark.page.getByRole('button', { name: 'Expand: Alpha' }).click();
    await dark.page.getByRole('table', { name: 'Models of Alpha' }).waitFor();
    await dark.page.getByRole('button', { name: 'One-click setup' }).waitFor();
    await screenshot(dark.page, 'vendors-dark-en');
    await expectAccessible(dark.page, 'vendors dark');
    expect(dark.errors).toEqual([]);
    await dark.close();

    const narrow = await openPage(h, '/setting?tab=model', { as: h.root, width: 390 });
    await narrow.page.getByRole('button', { name: '展开：Alpha' }).click();
    await narrow.page.getByRole('table', { name: 'Alpha 的模型' }).waitFor();
    await expectNoHorizontalOverflow(narrow.page);
    await screenshot(narrow.page, 'vendors-390');
    expect(narrow.errors).toEqual([]);
    await narrow.close();
  });

  it('edits vendors and models locally and saves them as one value', async () => {
    await seed(SEED);
    const { page, errors, close } = await openPage(h, '/setting?tab=model', { as: h.root });
    await page.getByRole('button', { name: '上移：Beta' }).click();
    expect(await page.getByTestId('vendor-0').getByRole('heading').first().textContent()).toBe('Beta');
    await page.getByRole('button', { name: '展开：Alpha' }).click();
    await page.getByRole('button', { name: '添加模型' }).click();
    await page.getByLabel('模型名称（第 2 行）').fill('alpha-2');
    await page.getByLabel('模型描述（第 2 行）').fill('fast one');
    await page.getByRole('combobox', { name: '标签（第 2 行）' }).click();
    await screenshot(page, 'vendors-tags-open');
    await page.getByRole('option', { name: '推理' }).click();
    await page.getByRole('combobox', { name: '标签（第 2 行）' }).fill('fast');
    await page.getByRole('option', { name: /fast/ }).click();
    await page.keyboard.press('Escape');
    await page.getByText('有未保存的修改').waitFor();
    // Nothing is stored before the save.
    expect(await stored()).toEqual(SEED);

    await page.getByRole('button', { name: '添加供应商' }).click();
    await page.getByTestId('vendor-2').getByLabel('供应商名称').fill('Gamma');
    await page.getByRole('button', { name: '删除：Beta' }).click();
    await page.getByRole('dialog', { name: '删除供应商 Beta？' }).getByRole('button', { name: '删除' }).click();
    await page.getByRole('button', { name: '保存配置' }).click();
    await page.getByText('模型配置更新成功！', { exact: true }).waitFor();
    expect(await stored()).toEqual([
      {
        Manufacturer: 'Alpha',
        icon: 'alpha.png',
        description: 'First vendor',
        models: [
          { model_name: 'alpha-1', type: ['对话'], illustrate: 'the first' },
          { model_name: 'alpha-2', type: ['推理', 'fast'], illustrate: 'fast one' },
        ],
      },
      { Manufacturer: 'Gamma', icon: '', description: '', models: [] },
    ]);
    expect(await page.getByText('有未保存的修改').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('imports valid JSON only, and exports by copy and download', async () => {
    await seed(SEED);
    const { page, errors, close, context } = await openPage(h, '/setting?tab=model', { as: h.root });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.url });
    await page.getByRole('heading', { name: 'Alpha' }).waitFor();
    await page.getByRole('button', { name: '导入' }).click();
    const importDialog = page.getByRole('dialog', { name: '导入供应商配置' });
    await importDialog.getByLabel('配置 JSON').fill('{"Manufacturer": broken');
    await importDialog.getByRole('button', { name: '导入' }).click();
    await importDialog.getByRole('alert').first().waitFor();
    await importDialog.getByText('导入失败，请检查 JSON 格式').first().waitFor();
    await screenshot(page, 'vendors-import-invalid');
    // JSON, but not a vendor list: refused the same way.
    await importDialog.getByLabel('配置 JSON').fill('[{"name": "no Manufacturer"}]');
    await importDialog.getByRole('button', { name: '导入' }).click();
    await importDialog.getByRole('alert').first().waitFor();
    expect(await page.getByRole('heading', { name: 'Alpha', includeHidden: true }).count()).toBe(1);
    const imported: Vendor[] = [{ Manufacturer: 'Imported', icon: 'i', description: 'from a file', models: [{ model_name: 'imp-1', type: ['绘图', 'custom'], illustrate: '' }] }];
    await importDialog.getByLabel('配置 JSON').fill(JSON.stringify(imported));
    await importDialog.getByRole('button', { name: '导入' }).click();
    await page.getByRole('heading', { name: 'Imported' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Alpha' }).count()).toBe(0);

    await page.getByRole('button', { name: '导出' }).click();
    const exportDialog = page.getByRole('dialog', { name: '导出供应商配置' });
    expect(JSON.parse(await exportDialog.getByTestId('vendors-export').inputValue())).toEqual(imported);
    await exportDialog.getByRole('button', { name: '复制' }).click();
    await page.getByText('复制成功', { exact: true }).waitFor();
    expect(JSON.parse((await page.evaluate('navigator.clipboard.readText()')) as string)).toEqual(imported);
    const [file] = await Promise.all([page.waitForEvent('download'), exportDialog.getByRole('button', { name: '下载' }).click()]);
    expect(file.suggestedFilename()).toBe('manufacturers.json');
    expect(JSON.parse(readFileSync((await file.path()) as string, 'utf8'))).toEqual(imported);
    await exportDialog.getByRole('button', { name: '关闭', exact: true }).click();

    await page.getByRole('button', { name: '保存配置' }).click();
    await page.getByText('模型配置更新成功！', { exact: true }).waitFor();
    expect(await stored()).toEqual(imported);
    expect(errors).toEqual([]);
    await close();
  });

  it('fills vendors from the price list with the one-click setup', async () => {
    await seed([{ Manufacturer: 'OpenAI', icon: 'OpenAI', description: 'kept', models: [{ model_name: 'gpt-4o', type: ['多模态'], illustrate: 'mine' }] }]);
    const { page, errors, close } = await openPage(h, '/setting?tab=model', { as: h.root });
    await page.getByRole('heading', { name: 'OpenAI' }).waitFor();
    await page.getByRole('button', { name: '一键配置' }).click();
    await page.getByText('一键配置完成：匹配到 2 个模型（2 个供应商），保存配置后生效', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Anthropic' }).waitFor();
    await page.getByRole('heading', { name: 'DeepSeek' }).waitFor();
    // A second run finds nothing new.
    await page.getByRole('button', { name: '一键配置' }).click();
    await page.getByText('没有可匹配的新模型', { exact: true }).waitFor();
    await page.getByRole('button', { name: '保存配置' }).click();
    await page.getByText('模型配置更新成功！', { exact: true }).waitFor();
    const after = await stored();
    expect(after.map((v) => [v.Manufacturer, v.models.map((m) => m.model_name)])).toEqual([
      ['OpenAI', ['gpt-4o']],
      ['Anthropic', ['claude-3-5-sonnet-20241022']],
      ['DeepSeek', ['deepseek-chat']],
    ]);
    // What was configured stays as it was.
    expect(after[0]?.models[0]).toEqual({ model_name: 'gpt-4o', type: ['多模态'], illustrate: 'mine' });
    expect(after[1]?.icon).toBe('Claude');
    expect(errors).toEqual([]);
    await close();
  });

  it('keeps the tab from a regular user', async () => {
    const { newUser } = await import('../support/http');
    const user = await newUser(h.url);
    const { page, errors, close } = await openPage(h, '/setting?tab=model', { as: user.caller });
    await page.getByRole('heading', { name: '修改密码' }).waitFor();
    expect(await page.getByRole('button', { name: '一键配置' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});
