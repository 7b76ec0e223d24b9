// Browser tests of the console: one real server (SQLite) and one Chromium per suite, pages opened
// as a given user, theme, language and width, with page errors, console errors, axe-core and
// horizontal overflow checked by the same helpers everywhere.
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startApp, type TestApp, type TestAppOptions } from '../support/app';
import { Caller, loginRoot } from '../support/http';

/** The built console (`npm run build -w console`); CONSOLE_DIST_DIR points elsewhere for a private build. */
export const CONSOLE_DIST = process.env.CONSOLE_DIST_DIR ?? resolve(__dirname, '../../console/dist');

/** Where screenshots go (open them to look at a screen). */
export const SHOTS_DIR = process.env.SCREENSHOT_DIR ?? join(tmpdir(), 'sluice-shots');

export interface ConsoleHarness {
  t: TestApp;
  url: string;
  browser: Browser;
  /** Root, logged in over the API (the factory password). */
  root: Caller;
  close(): Promise<void>;
}

export async function startConsole(opts: TestAppOptions = {}): Promise<ConsoleHarness> {
  if (!existsSync(resolve(CONSOLE_DIST, 'index.html'))) {
    throw new Error(`${CONSOLE_DIST} has no build: run npm run build -w console`);
  }
  const t = await startApp('sqlite', { ...opts, env: { CONSOLE_DIST, ...opts.env } });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const root = await loginRoot(t.url);
  return {
    t,
    url: t.url,
    browser,
    root,
    close: async () => {
      await browser.close();
      await t.close();
    },
  };
}

export interface OpenOptions {
  /** Signed in as this caller (its session cookie and stored user); anonymous without. */
  as?: Caller;
  theme?: 'light' | 'dark';
  locale?: 'zh-CN' | 'en';
  /** Viewport width; 390 for the narrow checks. */
  width?: number;
  /** A touch screen (locator.tap() works), as a phone at 390 px. */
  touch?: boolean;
  /** Browser permissions granted to the console's origin, e.g. clipboard-read and clipboard-write. */
  permissions?: string[];
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Uncaught page errors and console errors seen so far. */
  errors: string[];
  close(): Promise<void>;
}

/** Opens `path` in a fresh browser context as the given user, theme, language and width. */
export async function openPage(h: ConsoleHarness, path: string, opts: OpenOptions = {}): Promise<OpenedPage> {
  const context = await h.browser.newContext({ viewport: { width: opts.width ?? 1280, height: opts.touch ? 844 : 900 }, hasTouch: opts.touch ?? false });
  if (opts.permissions) await context.grantPermissions(opts.permissions, { origin: h.url });
  // DELAY_API=<ms>: every /api call of the page answers that much later, a slow network or server
  // on purpose; a check that reads a screen before its data is in fails under it.
  const delayMs = Number(process.env.DELAY_API ?? 0);
  if (delayMs > 0) {
    await context.route('**/api/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await route.continue();
    });
  }
  const init: Record<string, string> = {};
  if (opts.theme) init['theme-mode'] = opts.theme;
  if (opts.locale) init['sluice-locale'] = opts.locale;
  if (opts.as) {
    const cookie = opts.as.sessionCookie();
    if (!cookie) throw new Error('openPage: the caller is not logged in');
    await context.addCookies([{ name: 'session', value: cookie, url: h.url }]);
    const self = await opts.as.get('/api/user/self');
    const u = self.body.data as { id: number; username: string; display_name: string; role: number; status: number; group: string };
    init.user = JSON.stringify({ id: u.id, username: u.username, display_name: u.display_name, role: u.role, status: u.status, group: u.group });
  }
  // Only on the first document of the context: later navigations keep what the page stored.
  // (A string: the test project has no DOM types.)
  await context.addInitScript({
    // Top frame only: embedded third-party pages (chat clients, the monitor) may not touch storage.
    content: `if (window === window.top && !sessionStorage.getItem('__seeded')) { sessionStorage.setItem('__seeded', '1');
      for (const [k, v] of Object.entries(${JSON.stringify(init)})) localStorage.setItem(k, v); }`,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  await page.goto(`${h.url}${path}`);
  return { page, context, errors, close: () => context.close() };
}

/**
 * Waits until every finite animation and transition on the page has ended (a button fading from its
 * disabled look, a dialog sliding in), so axe measures colours as a person sees them at rest. Endless
 * ones (spinners, the New Year snow) are left running. Twice: one ending can start another.
 */
export async function settleAnimations(page: Page): Promise<void> {
  for (let round = 0; round < 2; round += 1) {
    await page.evaluate(`Promise.race([
      Promise.all(document.getAnimations()
        .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ])`);
  }
}

/**
 * Waits until a page expression is truthy, polled from the test (each check is a plain page.evaluate, which
 * the console's CSP allows; waitForFunction's string predicates are re-evaluated inside the page with eval
 * whenever the first check is false, and the CSP refuses that).
 */
export async function waitForPage(page: Page, expression: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await page.evaluate<unknown>(expression)) return;
    if (Date.now() > deadline) throw new Error(`waitForPage: still false after ${timeoutMs} ms: ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * axe-core over the whole page (or only over `include`, a selector): no serious or critical violation.
 * Only the violations are read, so the other result types are cut to one node each (axe's `resultTypes`).
 * A page whose frames all share its origin is analysed by one `axe.run` in the page (the builder's legacy
 * mode); with a frame of another origin, axe runs in each frame and finishes in a blank page, which reaches
 * into that frame too. Measured on the channel screen: 0.7 s against 2.1 s of wall time, a third of the CPU.
 */
export async function expectAccessible(page: Page, label = page.url(), include?: string): Promise<void> {
  await settleAnimations(page);
  const origin = new URL(page.url()).origin;
  const oneOrigin = page.frames().every((f) => /^https?:/.test(f.url()) && new URL(f.url()).origin === origin);
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode(oneOrigin);
  if (include) builder.include(include);
  const result = await builder.analyze();
  const bad = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(' | ')}`);
  expect({ label, violations: bad }).toEqual({ label, violations: [] });
}

/** Nothing wider than the viewport (the 390 px check). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate<{ scroll: number; client: number }>(
    '({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })',
  );
  expect(scroll).toBeLessThanOrEqual(client);
}

/** Saves a full-page screenshot as SHOTS_DIR/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const file = join(SHOTS_DIR, `${name}.png`);
  // At rest, as a person sees it: a toast or dialog caught mid-fade shows the page through it.
  await settleAnimations(page);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Counts the toast cards (`[data-tone]`) holding `text` that have ever been on the page from now on,
 * those already up included: a MutationObserver sees each card as it is added, so a second toast
 * after the first has gone is counted too. Returns a reader of the count so far.
 */
export async function watchToasts(page: Page, text: string): Promise<() => Promise<number>> {
  const slot = `__toasts_${Math.random().toString(36).slice(2)}`;
  await page.evaluate(`(() => {
    const text = ${JSON.stringify(text)};
    const seen = new WeakSet();
    const state = { count: 0 };
    const scan = () => {
      for (const el of document.querySelectorAll('[data-tone]')) {
        if (!seen.has(el) && (el.textContent || '').includes(text)) {
          seen.add(el);
          state.count += 1;
        }
      }
    };
    scan();
    new MutationObserver(scan).observe(document.body, { childList: true, subtree: true, characterData: true });
    window[${JSON.stringify(slot)}] = state;
  })()`);
  return () => page.evaluate<number>(`window[${JSON.stringify(slot)}].count`);
}

/** A nested catalogue (i18next resources) as dotted keys: `{a: {b: 'x'}}` is `{'a.b': 'x'}`. */
export function flatten(obj: unknown, prefix = ''): Record<string, unknown> {
  return typeof obj === 'object' && obj !== null
    ? Object.assign({}, ...Object.entries(obj).map(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k)))
    : { [prefix]: obj };
}
