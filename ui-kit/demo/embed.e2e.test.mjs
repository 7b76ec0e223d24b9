// Browser test of the stand-alone embed: the demo page (one origin) loads
// dist/embed/sluice-embed.js and talks to the fake server (another origin) in headless
// Chromium. Run with `npm run test:embed -w ui-kit` (it builds the bundle first).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startFakeServer } from './fake-server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const bundle = join(here, '..', 'dist', 'embed', 'sluice-embed.js');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let server;
let browser;
let page;
const problems = [];

before(async () => {
  assert.ok(existsSync(bundle), `missing ${bundle}: run "npm run build:embed -w ui-kit" first`);
  // Slow enough that the page renders between pieces, so partial text is observable.
  server = await startFakeServer({ tokenDelayMs: 150 });
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (msg) => {
    // Failed requests are reported below with their address.
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) problems.push(`console: ${msg.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()} ${response.url()}`);
  });
  await page.goto(server.pageUrl);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('mounts every placeholder', async () => {
  await page.waitForFunction(() => document.querySelectorAll('[data-sluice-state="mounted"]').length === 3);
  const states = await page.$$eval('[data-sluice-widget]', (els) => els.map((el) => el.dataset.sluiceState));
  assert.deepEqual(states, ['mounted', 'mounted', 'mounted']);
});

test('the pricing table lists models with prices from the server', async () => {
  const table = page.locator('#pricing').getByRole('table', { name: '模型列表' });
  await table.getByRole('button', { name: 'gpt-4o', exact: true }).waitFor();
  const row = table.getByRole('row').filter({ has: page.getByRole('button', { name: 'gpt-4o', exact: true }) });
  assert.match(await row.innerText(), /提示 \$2\.5000 \/ 1M tokens/);
  assert.match(await page.locator('#pricing').innerText(), /当前共有 12 个可用模型/);

  // The vendor bar filters and shows the vendor description.
  await page.locator('#pricing').getByRole('tab', { name: 'Anthropic' }).click();
  await page.locator('#pricing').getByText('系列模型，擅长长文本与代码').waitFor();
  const names = await table.getByRole('row').allInnerTexts();
  assert.equal(names.length, 3, 'header plus two Claude rows');
  await page.locator('#pricing').getByRole('tab', { name: '全部' }).click();
});

test('the playground streams a reply token by token', async () => {
  const playground = page.locator('#playground');
  // Models come from /v1/models with the relay key.
  await playground.getByRole('combobox', { name: '模型' }).first().waitFor();

  // Record every text the reply shows while it grows.
  await page.evaluate(() => {
    const list = document.querySelector('#playground ol');
    window.__replySnapshots = [];
    new MutationObserver(() => {
      const items = list.querySelectorAll(':scope > li');
      const last = items[items.length - 1];
      if (last && last.dataset.role === 'assistant' && items.length > 1) {
        window.__replySnapshots.push({ status: last.dataset.status, text: last.innerText });
      }
    }).observe(list, { subtree: true, childList: true, characterData: true, attributes: true });
  });

  const input = playground.getByRole('textbox', { name: '消息' });
  await input.fill('hello');
  await input.press('Enter');

  const reply = playground.locator('ol > li[data-role="assistant"]').last();
  await page.waitForFunction(
    () => {
      const items = document.querySelectorAll('#playground ol > li');
      return items[items.length - 1]?.dataset.status === 'complete';
    },
    null,
    { timeout: 20000 },
  );
  const finalText = (await reply.innerText()).trim();
  assert.equal(finalText, '你好！这是 Sluice 演示服务器的流式回复。你刚才说：hello');
  // Markdown in the stream renders as markup.
  assert.equal(await reply.locator('strong').innerText(), 'Sluice');

  const snapshots = await page.evaluate(() => window.__replySnapshots);
  const partial = snapshots.filter(
    (s) => s.status === 'incomplete' && s.text.trim() !== '' && s.text.trim() !== finalText,
  );
  assert.ok(partial.length >= 2, `expected partial replies before the end, saw ${JSON.stringify(snapshots)}`);
  for (const s of partial) {
    // Each partial text is the start of the final reply (minus markdown still open).
    const plain = s.text.replace(/生成中…/g, '').replace(/\*/g, '').trim();
    assert.ok(finalText.startsWith(plain.slice(0, Math.min(plain.length, 6))), `"${plain}" is not a prefix`);
  }
  const lengths = partial.map((s) => s.text.length);
  assert.ok(lengths[0] < lengths[lengths.length - 1], 'the reply grew');
});

test('on a narrow screen the playground settings move into a dialog', async () => {
  const narrow = await browser.newPage({ viewport: { width: 480, height: 900 } });
  try {
    await narrow.goto(server.pageUrl);
    const playground = narrow.locator('#playground');
    const open = playground.getByRole('button', { name: '打开设置' });
    await open.waitFor();
    assert.equal(await playground.getByRole('complementary', { name: '设置' }).isVisible(), false);
    await open.click();
    const dialog = narrow.getByRole('dialog', { name: '设置' });
    await dialog.getByRole('slider', { name: '温度' }).waitFor();
    assert.match(await dialog.innerText(), /系统提示词/);
  } finally {
    await narrow.close();
  }
});

test('the token manager lists tokens across origins with credentials and New-Api-User', async () => {
  const tokens = page.locator('#tokens');
  await tokens.getByRole('table', { name: '令牌列表' }).getByText('默认令牌').waitFor();
  assert.match(await tokens.innerText(), /团队-vip/);
  assert.match(await tokens.innerText(), /无限制/);
});

test('a token created in the side panel appears in the list', async () => {
  const tokens = page.locator('#tokens');
  await tokens.getByRole('button', { name: '添加令牌' }).click();
  const panel = page.getByRole('dialog', { name: '创建新的令牌' });
  // Groups come from this user's /api/user/self/groups, not from the relay-key playground.
  await panel.getByRole('combobox', { name: '令牌分组' }).filter({ hasText: 'default' }).waitFor();
  await panel.getByLabel('名称').fill('浏览器里建的');
  await page.getByRole('button', { name: '提交' }).click();
  await panel.waitFor({ state: 'detached' });
  await tokens.getByRole('table', { name: '令牌列表' }).getByText('浏览器里建的').waitFor();
});

test('no errors on the page', () => {
  assert.deepEqual(problems, []);
});
