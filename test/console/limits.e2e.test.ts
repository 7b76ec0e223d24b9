// Browser test of the group settings' limits section (issue 26): GroupRateLimits saved through the
// JSON editor (a bad field refused by the server with its path), channel affinity switch and TTL;
// light, dark and 390 px screenshots, axe, no console error.
import { expectAccessible, openPage, screenshot, startConsole, type ConsoleHarness } from './support';

describe('console: group limits and channel affinity', () => {
  let h: ConsoleHarness;
  beforeAll(async () => {
    h = await startConsole();
  });
  afterAll(async () => h.close());

  async function option(key: string): Promise<string | undefined> {
    const data = (await h.root.get('/api/option/')).body.data as { key: string; value: string }[];
    return data.find((o) => o.key === key)?.value;
  }

  async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
    for (let i = 0; i < 100; i++) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`timed out: ${what}`);
  }

  it('saves GroupRateLimits and the affinity options; a bad field is refused with its path', async () => {
    const { page, errors, close } = await openPage(h, '/setting?tab=group', { as: h.root });
    await page.getByText('刷新成功').first().waitFor();
    const form = page.getByRole('form', { name: '分组限流与渠道亲和' });
    const editor = form.getByLabel('分组限流');
    await editor.fill('{"vip": {"rpm": -3}}');
    await form.getByRole('button', { name: '保存' }).click();
    await page.getByText('vip.rpm').first().waitFor();
    expect(await option('GroupRateLimits')).toBe('{}');

    await editor.fill('{"vip": {"rpm": 60, "tpm": 100000, "concurrency": 4}}');
    await form.getByRole('switch', { name: /渠道亲和/ }).click();
    await form.getByLabel('亲和保持时间（秒）').fill('600');
    await form.getByRole('button', { name: '保存' }).click();
    await eventually(async () => (await option('GroupRateLimits'))?.includes('100000') === true && (await option('ChannelAffinityTTLSeconds')) === '600', 'saved');
    expect(JSON.parse((await option('GroupRateLimits')) ?? '')).toEqual({ vip: { rpm: 60, tpm: 100000, concurrency: 4 } });
    expect(await option('ChannelAffinityEnabled')).toBe('false');
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, 'limits-group-settings-light');
    await expectAccessible(page, 'group limits light');
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await close();

    for (const view of [
      { name: 'dark', theme: 'dark' as const, locale: 'en' as const },
      { name: 'narrow', width: 390 },
    ]) {
      const o = await openPage(h, '/setting?tab=group', { as: h.root, ...view });
      await o.page.getByText(view.name === 'dark' ? 'Refresh succeeded' : '刷新成功').first().waitFor();
      const f = o.page.getByRole('form', { name: view.name === 'dark' ? 'Group limits and channel affinity' : '分组限流与渠道亲和' });
      await f.scrollIntoViewIfNeeded();
      expect(await f.getByLabel(view.name === 'dark' ? 'Group rate limits' : '分组限流').inputValue()).toContain('100000');
      await screenshot(o.page, `limits-group-settings-${view.name}`);
      await expectAccessible(o.page, `group limits ${view.name}`);
      expect(o.errors).toEqual([]);
      await o.close();
    }
  });
});
