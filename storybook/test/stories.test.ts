// Opens every story of the built Storybook in headless Chromium, in the light and the dark
// theme (dark also switches the locale to English, so both catalogues render), and fails on
// any console error, uncaught page error, failed request or Storybook error display.
// Screenshots of the widget stories go to storybook/test-results/ for review.
//
// Speed: each of the two pages opens iframe.html?id=<story>&globals=<theme> once, then moves
// to the next story over Storybook's preview channel (as @storybook/test-runner does),
// which avoids re-parsing the preview bundle for every story. After any failure the page
// is replaced, so one broken story cannot taint the next.
//
// Run with `npm test -w storybook` (builds storybook-static first).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { serveStatic, type StaticServer } from './staticServer';

const STATIC_DIR = path.resolve(__dirname, '..', 'storybook-static');
const RESULTS_DIR = path.resolve(__dirname, '..', 'test-results');
const PARALLEL_PAGES = 2;
const RENDER_TIMEOUT_MS = 20000;
const SCREENSHOT_PATTERNS = ['widgets-pricingtable', 'widgets-playground', 'widgets-tokenmanager'];

interface IndexEntry {
  id: string;
  type: 'story' | 'docs';
}

interface Variant {
  name: 'light' | 'dark';
  globals: string;
}

const VARIANTS: Variant[] = [
  { name: 'light', globals: 'theme:light;locale:zh-CN' },
  { name: 'dark', globals: 'theme:dark;locale:en' },
];

/** The part of Storybook's preview channel the test talks to. */
interface PreviewChannel {
  on: (event: string, handler: (payload: unknown) => void) => void;
  off: (event: string, handler: (payload: unknown) => void) => void;
  emit: (event: string, payload: unknown) => void;
}

function readStoryIds(): string[] {
  const indexFile = path.join(STATIC_DIR, 'index.json');
  if (!existsSync(indexFile)) {
    throw new Error(`${indexFile} is missing: run "npm run build -w storybook" first.`);
  }
  const index = JSON.parse(readFileSync(indexFile, 'utf8')) as { entries: Record<string, IndexEntry> };
  return Object.values(index.entries)
    .filter((entry) => entry.type === 'story')
    .map((entry) => entry.id)
    .sort();
}

/** A page plus the problems it reported since the last reset. */
class StoryPage {
  problems: string[] = [];
  loaded = false;

  private constructor(readonly page: Page) {
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const where = msg.location().url;
      this.problems.push(`console.error: ${msg.text()}${where ? ` (${where})` : ''}`);
    });
    page.on('pageerror', (err) => this.problems.push(`page error: ${err.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400) this.problems.push(`HTTP ${response.status()}: ${response.url()}`);
    });
  }

  static async open(context: BrowserContext): Promise<StoryPage> {
    return new StoryPage(await context.newPage());
  }

  /** First story of a page: a real navigation carrying the globals in the URL. */
  async navigate(baseUrl: string, id: string, variant: Variant): Promise<string | null> {
    const url = `${baseUrl}/iframe.html?id=${encodeURIComponent(id)}&viewMode=story&globals=${variant.globals}`;
    await this.page.goto(url, { waitUntil: 'load' });
    await this.page.waitForSelector(
      'body.sb-show-main, body.sb-show-errordisplay, body.sb-show-nopreview',
      { state: 'attached', timeout: RENDER_TIMEOUT_MS },
    );
    this.loaded = true;
    return this.page.evaluate(() =>
      document.body.classList.contains('sb-show-main')
        ? null
        : (document.querySelector('#error-message')?.textContent ?? document.body.className),
    );
  }

  /** Later stories: ask the already-loaded preview to render another story. */
  async switchTo(id: string): Promise<string | null> {
    return this.page.evaluate(
      ({ storyId, timeout }) =>
        new Promise<string | null>((resolve) => {
          const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: PreviewChannel })
            .__STORYBOOK_ADDONS_CHANNEL__;
          const describe = (payload: unknown) => {
            if (payload && typeof payload === 'object') {
              const p = payload as { title?: string; description?: string; message?: string };
              return [p.title, p.description, p.message].filter(Boolean).join(': ');
            }
            return String(payload);
          };
          const handlers: Record<string, (payload: unknown) => void> = {
            storyRendered: () => finish(null),
            storyErrored: (p) => finish(`story errored: ${describe(p)}`),
            storyThrewException: (p) => finish(`story threw: ${describe(p)}`),
            storyMissing: () => finish('story missing'),
          };
          const timer = setTimeout(() => finish('timed out waiting for storyRendered'), timeout);
          function finish(result: string | null) {
            clearTimeout(timer);
            Object.entries(handlers).forEach(([event, handler]) => channel.off(event, handler));
            resolve(result);
          }
          Object.entries(handlers).forEach(([event, handler]) => channel.on(event, handler));
          channel.emit('setCurrentStory', { storyId, viewMode: 'story' });
        }),
      { storyId: id, timeout: RENDER_TIMEOUT_MS },
    );
  }

  /** Lets effects, portals and the first frames run before the console is judged. */
  async settle(): Promise<void> {
    await this.page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
        ),
    );
    await this.page.evaluate(() => document.fonts.ready.then(() => undefined));
  }

  bodyBackground(): Promise<string> {
    return this.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  }
}

async function checkAll(
  context: BrowserContext,
  baseUrl: string,
  ids: string[],
  variant: Variant,
): Promise<Record<string, string[]>> {
  const failures: Record<string, string[]> = {};
  let next = 0;
  const worker = async () => {
    let sp = await StoryPage.open(context);
    while (next < ids.length) {
      const id = ids[next++] as string;
      sp.problems = [];
      try {
        const failed = sp.loaded ? await sp.switchTo(id) : await sp.navigate(baseUrl, id, variant);
        if (failed !== null) sp.problems.push(`did not render: ${failed}`);
        await sp.settle();
        const background = await sp.bodyBackground();
        if (variant.name === 'dark' && background === 'rgb(255, 255, 255)') {
          sp.problems.push('dark theme global did not reach the story (white body background)');
        }
        if (SCREENSHOT_PATTERNS.some((p) => id.includes(p))) {
          await sp.page.screenshot({
            path: path.join(RESULTS_DIR, `${id}--${variant.name}.png`),
            fullPage: true,
          });
        }
      } catch (error) {
        sp.problems.push(`browser error: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (sp.problems.length > 0) {
        failures[id] = [...sp.problems];
        // Start the next story from a clean page.
        await sp.page.close();
        sp = await StoryPage.open(context);
      }
    }
    await sp.page.close();
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_PAGES, ids.length) }, worker));
  return failures;
}

describe('storybook stories in headless Chromium', () => {
  const storyIds = readStoryIds();
  let server: StaticServer;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(RESULTS_DIR, { recursive: true });
    server = await serveStatic(STATIC_DIR);
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('finds stories in index.json', () => {
    expect(storyIds.length).toBeGreaterThan(0);
    expect(storyIds).toContain('components-button--default');
  });

  it.each(VARIANTS)('renders every story without errors ($name)', async (variant) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // Stories must be self-contained: anything beyond the loopback server is refused and
    // then shows up as a console error naming the URL.
    await context.route(
      (url) => url.hostname !== '127.0.0.1',
      (route) => route.abort('blockedbyclient'),
    );
    try {
      const failures = await checkAll(context, server.url, storyIds, variant);
      expect(failures).toEqual({});
    } finally {
      await context.close();
    }
  });
});
