import { startConsole, type ConsoleHarness } from './support';

/** Issue 24: the Swagger UI page renders the document under the console's CSP, from local files only. */
describe('GET /api/docs in a browser', () => {
  let h: ConsoleHarness;
  beforeAll(async () => {
    h = await startConsole();
  });
  afterAll(async () => h.close());

  it('lists the documented operations with no CSP violation and no foreign request', async () => {
    const page = await h.browser.newPage();
    const problems: string[] = [];
    const foreign: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('request', (r) => {
      if (!r.url().startsWith(h.url) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    await page.goto(`${h.url}/api/docs`);
    await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
    // Swagger UI draws only the operations near the viewport (the document holds every /api and
    // relay route): scroll through the page as a reader would and collect what it draws.
    const want = ['/api/token', '/api/redemption/keys', '/api/user/topup', '/api/channel/test/{id}', '/v1/chat/completions'];
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) {
      for (const p of await page.locator('.opblock-summary-path').allTextContents()) seen.add(p.replace(/\u200b/g, ''));
      const atEnd = await page.evaluate(() => {
        const w = globalThis as unknown as { scrollY: number; innerHeight: number; scrollBy(x: number, y: number): void; document: { body: { scrollHeight: number } } };
        const end = w.scrollY + w.innerHeight >= w.document.body.scrollHeight - 2;
        w.scrollBy(0, w.innerHeight * 0.8);
        return end;
      });
      if (atEnd) break;
      await page.waitForTimeout(50);
    }
    expect(want.filter((w) => !seen.has(w))).toEqual([]);
    expect(seen.size).toBeGreaterThan(150);
    expect(problems).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  });
});
