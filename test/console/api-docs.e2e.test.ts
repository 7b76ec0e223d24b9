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
    const paths = await page.locator('.opblock-summary-path').allTextContents();
    expect(paths.map((p) => p.replace(/\u200b/g, ''))).toEqual(expect.arrayContaining(['/api/token', '/api/redemption/keys', '/api/user/topup']));
    expect(problems).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  });
});
