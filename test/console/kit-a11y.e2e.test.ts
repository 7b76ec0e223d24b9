// Kit components inside the real console, checked with axe where unit tests cannot see them:
// the top navigation with a submenu open and after it closed (Radix NavigationMenu), the shell's
// check-in calendar in light and dark (colour contrast needs a real layout), and a FormField
// Select named by its label.
import {
  expectAccessible,
  openPage,
  screenshot,
  startConsole,
  type ConsoleHarness,
  type OpenedPage,
} from './support';

jest.setTimeout(120_000);

let h: ConsoleHarness;

beforeAll(async () => {
  h = await startConsole();
});

afterAll(async () => {
  await h?.close();
});

/** Waits until no submenu of the main navigation is open (fails the test by timeout otherwise). */
async function submenusClosed(page: OpenedPage['page']): Promise<void> {
  // (A locator: the console's CSP forbids the string predicates of waitForFunction.)
  await page.locator('nav [aria-expanded="true"]').waitFor({ state: 'detached', timeout: 5000 });
}

async function done(p: OpenedPage): Promise<void> {
  expect(p.errors).toEqual([]);
  await p.close();
}

describe('kit accessibility in the console', () => {
  it('keeps the top navigation accessible after the logs submenu was opened and closed', async () => {
    const p = await openPage(h, '/log', { as: h.root });
    const { page } = p;
    const nav = page.getByRole('navigation', { name: '主导航' });
    const trigger = nav.getByRole('button', { name: '日志' });
    await trigger.click();
    await nav.getByRole('link', { name: '使用日志' }).waitFor();
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    await expectAccessible(page, 'nav with the submenu open');
    await trigger.click();
    await submenusClosed(page);
    await expectAccessible(page, 'nav after the submenu closed');
    // Opened with the keyboard and closed with Escape, focus back on the trigger.
    await trigger.focus();
    await page.keyboard.press('Enter');
    await nav.getByRole('link', { name: '使用日志' }).waitFor();
    await page.keyboard.press('Escape');
    await submenusClosed(page);
    await expectAccessible(page, 'nav after Escape');
    // Opened by hovering, closed by moving away.
    await page.mouse.move(600, 600);
    await trigger.hover();
    await nav.getByRole('link', { name: '使用日志' }).waitFor();
    await page.mouse.move(600, 600);
    await submenusClosed(page);
    await expectAccessible(page, 'nav after hovering away');
    // Opened, then an entry chosen.
    await trigger.click();
    await nav.getByRole('link', { name: '使用日志' }).click();
    await submenusClosed(page);
    await expectAccessible(page, 'nav after choosing an entry');
    await done(p);
  });

  it('keeps the collapsed navigation accessible on a phone after a submenu was opened', async () => {
    const p = await openPage(h, '/log', { as: h.root, width: 390 });
    const { page } = p;
    await page.getByRole('button', { name: '打开菜单' }).click();
    const nav = page.getByRole('navigation', { name: '主导航' });
    const trigger = nav.getByRole('button', { name: '日志' });
    await trigger.click();
    await nav.getByRole('link', { name: '使用日志' }).waitFor();
    await trigger.click();
    await submenusClosed(page);
    await expectAccessible(page, 'phone nav after the submenu closed');
    await page.getByRole('button', { name: '关闭菜单' }).click();
    await expectAccessible(page, 'phone nav collapsed');
  });

  it.each(['light', 'dark'] as const)('shows the check-in calendar accessibly (%s)', async (theme) => {
    const p = await openPage(h, '/detail', { as: h.root, theme });
    const { page } = p;
    await page.getByRole('button', { name: /^(签到|今日已签到)$/ }).first().click();
    const today = new Date().toISOString().slice(0, 10);
    await page.locator(`[data-date="${today}"] [data-day-state]`).waitFor();
    await expectAccessible(page, `check-in calendar (${theme})`);
    await screenshot(page, `kit-checkin-${theme}`);
    await done(p);
  });

  it('names a FormField Select (a div combobox) from its label', async () => {
    const p = await openPage(h, '/setting?tab=operation', { as: h.root });
    const { page } = p;
    const combo = page.getByRole('combobox', { name: '数据看板默认时间粒度' });
    await combo.waitFor();
    // Named by the field's label (aria-labelledby from FormField), not by an aria-label of its own.
    expect(await combo.getAttribute('aria-label')).toBeNull();
    expect(await combo.getAttribute('aria-labelledby')).toBeTruthy();
    await expectAccessible(page, 'options with FormField selects');
    await done(p);
  });
});
