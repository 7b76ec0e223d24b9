// Browser tests of issue 27 (console part 3): what a new user tripped over, in Chromium at 1280 and
// 390 px, both languages, both themes. One server and one browser for the whole suite.
import type { Page } from 'playwright-core';
import { newUser, type Caller } from '../support/http';
import { expectAccessible, expectNoHorizontalOverflow, openPage, screenshot, startConsole, type ConsoleHarness } from './support';

const THEMES = ['light', 'dark'] as const;
const LOCALES = ['zh-CN', 'en'] as const;

/** The element at the centre of a locator's box is the locator's element or inside it. */
async function centreIsReachable(page: Page, selector: string): Promise<boolean> {
  return page.evaluate<boolean>(`(() => {
    const el = document.querySelector(${JSON.stringify(selector)});
    if (!el) return false;
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && (hit === el || el.contains(hit));
  })()`);
}

describe('console part 3', () => {
  let h: ConsoleHarness;
  let user: Caller;

  beforeAll(async () => {
    h = await startConsole();
    user = (await newUser(h.url)).caller;
  });
  afterAll(async () => {
    await h?.close();
  });

  describe('1. floating buttons never cover content', () => {
    it.each(LOCALES.flatMap((locale) => THEMES.map((theme) => [locale, theme] as const)))(
      'a real tap on Send reaches it at 390 px with the floating buttons present (%s, %s)',
      async (locale, theme) => {
        const o = await openPage(h, '/playground', { as: user, width: 390, touch: true, locale, theme });
        const { page } = o;
        const input = page.getByRole('textbox').last();
        await input.waitFor();
        await input.fill('hello from a phone');
        const send = page.getByRole('button', { name: locale === 'en' ? 'Send' : '发送', exact: true });
        // The floating group is on the page (collapsed to one launcher at this width).
        await page.getByRole('group', { name: locale === 'en' ? 'Quick actions' : '快捷操作' }).waitFor();
        await send.scrollIntoViewIfNeeded();
        await send.evaluate((el) => el.setAttribute('data-probe', 'send'));
        await screenshot(page, `part3-playground-390-${locale}-${theme}`);
        expect(await centreIsReachable(page, '[data-probe=send]')).toBe(true);
        const sent = page.waitForRequest((r) => r.url().includes('/pg/chat/completions') && r.method() === 'POST');
        await send.tap({ timeout: 5000 });
        const request = await sent;
        expect(JSON.stringify(request.postDataJSON())).toContain('hello from a phone');
        await expectNoHorizontalOverflow(page);
        // The launcher opens the four buttons; Escape folds them again.
        const group = page.getByRole('group', { name: locale === 'en' ? 'Quick actions' : '快捷操作' });
        const themeButton = group.getByRole('button', { name: theme === 'dark' ? (locale === 'en' ? 'Switch to light' : '切换到浅色') : (locale === 'en' ? 'Switch to dark' : '切换到深色'), exact: false });
        expect(await themeButton.isVisible()).toBe(false);
        await group.getByRole('button', { name: locale === 'en' ? 'Open quick actions' : '展开快捷操作' }).tap();
        await themeButton.waitFor({ state: 'visible' });
        await screenshot(page, `part3-floating-open-390-${locale}-${theme}`);
        await expectAccessible(page);
        await page.keyboard.press('Escape');
        await themeButton.waitFor({ state: 'hidden' });
        // The playground's request has no channel behind it (503): the one expected console line.
        expect(o.errors.filter((e) => !e.includes('status of 503'))).toEqual([]);
        await o.close();
      },
    );
  });
});
