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
    // The document is large (every /api and relay route): Swagger UI renders its operations in turns.
    const want = ['/api/token', '/api/redemption/keys', '/api/user/topup', '/v1/chat/completions'];
    type Doc = { querySelectorAll(selector: string): ArrayLike<{ textContent: string | null }> };
    await page.waitForFunction(
      (w: string[]) => {
        const doc = (globalThis as unknown as { document: Doc }).document;
        const shown = new Set(Array.from(doc.querySelectorAll('.opblock-summary-path'), (e) => (e.textContent ?? '').replace(/\u200b/g, '')));
        return w.every((p) => shown.has(p));
      },
      want,
      { timeout: 20_000 },
    );
    const paths = await page.locator('.opblock-summary-path').allTextContents();
    expect(paths.map((p) => p.replace(/\u200b/g, ''))).toEqual(expect.arrayContaining(want));
    expect(problems).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  });
});
