// The drawing-log (/midjourney) and async-task (/task) screens in Chromium, over tasks submitted
// through the real relay to a fake midjourney-proxy and a fake Suno-API, then moved on by the
// polling jobs (one success with an image, one failure, one still running per platform).
import request from 'supertest';
import { createChannel, createToken, fundedUser, setOption, type RelayKit } from '../relay/relay-kit';
import { FakeMidjourney } from '../support/fakes/midjourney';
import { FakeSuno } from '../support/fakes/suno';
import { mjPost, raw, runJob } from '../tasks/task-kit';
import type { Caller } from '../support/http';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expectAccessible, expectNoHorizontalOverflow, openPage, screenshot, SHOTS_DIR, startConsole, waitForPage, type ConsoleHarness } from './support';

const MJ_KEY = 'mj-secret-console-0123456789';
const SUNO_KEY = 'suno-key-console-0123456789';
/** A screenshot of an open dialog with its opening animation played to the end. */
async function still(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage: true, animations: 'disabled' });
}

const LONG_PROMPT = 'a lighthouse at dawn over a quiet sea, oil painting, warm light';

describe('drawing log and async task screens', () => {
  let h: ConsoleHarness;
  let mjFake: FakeMidjourney;
  let sunoFake: FakeSuno;
  let mjChannel: number;
  let sunoChannel: number;
  let user: { caller: Caller; id: number; username: string };
  const mj = { done: '', failed: '', running: '' };
  const suno = { music: '', lyrics: '', others: [] as string[] };

  beforeAll(async () => {
    h = await startConsole();
    const kit: RelayKit = { t: h.t, root: h.root, fakes: [], close: async () => undefined };
    await setOption(h.root, 'AllowPrivateUpstreamEnabled', 'true');
    // Result images point at the gateway's own /mj/image/:id proxy, which the browser can reach.
    await setOption(h.root, 'ServerAddress', h.url);
    mjFake = await new FakeMidjourney(MJ_KEY).start();
    sunoFake = await new FakeSuno(SUNO_KEY, 'song').start();
    mjChannel = await createChannel(h.root, { name: 'mj-proxy', type: 2, key: MJ_KEY, base_url: mjFake.url, models: 'mj_imagine' });
    sunoChannel = await createChannel(h.root, { name: 'suno-api', type: 36, key: SUNO_KEY, base_url: sunoFake.url, models: 'suno_music,suno_lyrics' });
    user = await fundedUser(kit, 10_000_000);
    const other = await fundedUser(kit, 10_000_000);
    const userKey = (await createToken(user.caller, { name: 'tasks' })).key;
    const otherKey = (await createToken(other.caller, { name: 'tasks' })).key;

    const imagine = async (key: string, prompt: string) => {
      const res = await mjPost(h.t, '/mj/submit/imagine', key, { prompt }).expect(200);
      return res.body.result as string;
    };
    mjFake.script({ kind: 'accept' }, { kind: 'accept', outcome: 'failure' }, { kind: 'accept', outcome: 'never' });
    mj.done = await imagine(userKey, LONG_PROMPT);
    mj.failed = await imagine(userKey, 'a forbidden subject');
    mj.running = await imagine(otherKey, 'still drawing');

    const sunoSubmit = async (key: string, action: 'music' | 'lyrics', body: object) => {
      const res = await request(h.url).post(`/suno/submit/${action}`).set('Authorization', `Bearer ${key}`).send(body).expect(200);
      return res.body.data as string;
    };
    sunoFake.script({ kind: 'accept' }, { kind: 'accept', outcome: 'failure' });
    suno.music = await sunoSubmit(userKey, 'music', { gpt_description_prompt: 'a happy song' });
    suno.lyrics = await sunoSubmit(userKey, 'lyrics', { prompt: 'rain' });
    // Ten more of another user's: the admin's list runs over one page of ten.
    for (let i = 0; i < 10; i += 1) suno.others.push(await sunoSubmit(otherKey, 'lyrics', { prompt: `verse ${i}` }));

    for (let i = 0; i < 2; i += 1) {
      await runJob(h.t, 'tasks.poll_midjourney');
      await runJob(h.t, 'tasks.poll_suno');
    }
    // The music task took a minute and a half (the fake finishes in 5 s): its time spent shows red.
    await raw(h.t, 'UPDATE tasks SET finish_time = submit_time + 90 WHERE task_id = $1', [suno.music]);
  });
  afterAll(async () => {
    await mjFake?.stop();
    await sunoFake?.stop();
    await h?.close();
  });

  it('drawing log, admin: the callback notice, admin columns, the image viewer, long text, the failed bar and filters', async () => {
    const { page, errors, close } = await openPage(h, '/midjourney', { as: h.root });
    const table = page.getByRole('table', { name: '绘图日志' });
    await table.getByRole('row').filter({ hasText: mj.running }).waitFor();
    expect(await table.getByRole('row').count()).toBe(4);
    await page.getByText('当前未开启 Midjourney 回调').waitFor();
    for (const header of ['渠道', '提交结果', '任务状态']) expect(await table.getByRole('columnheader', { name: header, exact: true }).count()).toBe(1);
    await screenshot(page, 'mj-admin-light');

    const done = table.getByRole('row').filter({ hasText: mj.done });
    await done.locator('[data-color]', { hasText: new RegExp(`^${mjChannel}$`) }).waitFor();
    await done.getByText('已提交').waitFor();
    await done.getByText('成功').waitFor();
    await done.getByText('绘图').waitFor();
    expect(await done.getByRole('progressbar', { name: `任务 ${mj.done} 的进度` }).getAttribute('aria-valuenow')).toBe('100');

    // The result image opens in the viewer, loaded through the gateway's image proxy.
    await done.getByRole('button', { name: `查看任务 ${mj.done} 的结果图片` }).click();
    const viewer = page.getByRole('dialog', { name: '查看图片' });
    const img = viewer.getByRole('img', { name: `任务 ${mj.done} 的结果图片` });
    expect(await img.getAttribute('src')).toBe(`${h.url}/mj/image/${mj.done}`);
    // (Strings: the test project has no DOM types.)
    const imgSelector = `[role="dialog"] img[alt="任务 ${mj.done} 的结果图片"]`;
    await waitForPage(page, `(() => { const el = document.querySelector(${JSON.stringify(imgSelector)}); return !!el && el.complete && el.naturalWidth > 0; })()`);
    expect(await page.evaluate<number>(`document.querySelector(${JSON.stringify(imgSelector)}).naturalWidth`)).toBe(1);
    await still(page, 'mj-viewer-light');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    // The long prompt is cut in the cell and whole in its dialog.
    await done.getByRole('button', { name: /^a lighthouse/ }).first().click();
    const promptDialog = page.getByRole('dialog', { name: 'Prompt' });
    await promptDialog.getByText(LONG_PROMPT).waitFor();
    await page.keyboard.press('Escape');
    await promptDialog.waitFor({ state: 'detached' });

    // The failed task: a warning bar (not the running colour), its reason in a dialog, no image.
    const failed = table.getByRole('row').filter({ hasText: mj.failed });
    await failed.getByText('失败').waitFor();
    const fillOf = (id: string) =>
      page.evaluate<string>(`getComputedStyle(document.querySelector('[aria-label="任务 ${id} 的进度"] [data-part="fill"]')).backgroundColor`);
    const [failedFill, runningFill] = [await fillOf(mj.failed), await fillOf(mj.running)];
    expect(failedFill).toMatch(/^rgb/);
    expect(failedFill).not.toBe(runningFill);
    expect(await failed.getByRole('button', { name: /查看任务 .* 的结果图片/ }).count()).toBe(0);
    await failed.getByRole('button', { name: /^banned prompt/ }).click();
    await page.getByRole('dialog', { name: '失败原因' }).getByText('banned prompt detected').waitFor();
    await page.keyboard.press('Escape');
    await expectAccessible(page, '/midjourney admin light');

    // Filters: a task ID, then a channel with no drawings.
    await page.getByLabel('任务 ID').fill(mj.failed);
    await page.getByRole('button', { name: '查询' }).click();
    // The old rows leave when the new query starts loading: the filtered row is waited for, then counted.
    await table.getByRole('row').filter({ hasText: mj.done }).waitFor({ state: 'detached' });
    await table.getByRole('row').filter({ hasText: mj.failed }).waitFor();
    expect(await table.getByRole('row').count()).toBe(2);
    await page.getByLabel('任务 ID').fill('');
    await page.getByLabel('渠道 ID').fill(String(mjChannel + 100));
    await page.getByRole('button', { name: '查询' }).click();
    await page.getByText('这段时间没有绘图任务').waitFor();
    await page.getByRole('button', { name: '重置' }).click();
    await table.getByRole('row').filter({ hasText: mj.running }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('drawing log, user, dark, 390 px: only their own drawings, no admin columns, filter or notice', async () => {
    const { page, errors, close } = await openPage(h, '/midjourney', { as: user.caller, theme: 'dark', width: 390 });
    const table = page.getByRole('table', { name: '绘图日志' });
    await table.getByRole('row').filter({ hasText: mj.done }).waitFor();
    expect(await table.getByRole('row').count()).toBe(3);
    expect(await table.getByRole('row').filter({ hasText: mj.running }).count()).toBe(0);
    for (const header of ['渠道', '提交结果', '任务状态']) expect(await table.getByRole('columnheader', { name: header, exact: true }).count()).toBe(0);
    expect(await page.getByLabel('渠道 ID').count()).toBe(0);
    expect(await page.getByText('当前未开启 Midjourney 回调').count()).toBe(0);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, '/midjourney user dark');
    await screenshot(page, 'mj-user-dark-390');
    // The viewer in the dark theme on a phone, by keyboard: focus comes back to the thumbnail.
    const thumb = table.getByRole('button', { name: `查看任务 ${mj.done} 的结果图片` });
    await thumb.focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: '查看图片' });
    await viewer.waitFor();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, '/midjourney viewer dark');
    await still(page, 'mj-viewer-dark-390');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    expect(await page.evaluate<string>('document.activeElement?.getAttribute("aria-label") ?? ""')).toBe(`查看任务 ${mj.done} 的结果图片`);
    expect(errors).toEqual([]);
    await close();
  });

  it('drawing log in English, without the notice once the callback is on', async () => {
    await setOption(h.root, 'MjNotifyEnabled', 'true');
    try {
      const { page, errors, close } = await openPage(h, '/midjourney', { as: h.root, locale: 'en' });
      const table = page.getByRole('table', { name: 'Drawing logs' });
      await table.getByRole('row').filter({ hasText: mj.done }).waitFor();
      await table.getByRole('columnheader', { name: 'Result image' }).waitFor();
      await table.getByRole('row').filter({ hasText: mj.failed }).getByText('Failed').waitFor();
      expect(await page.getByText('The Midjourney callback is off').count()).toBe(0);
      await screenshot(page, 'mj-admin-en');
      expect(errors).toEqual([]);
      await close();
    } finally {
      await setOption(h.root, 'MjNotifyEnabled', 'false');
    }
  });

  it('async tasks, admin: columns, pages fetched beyond the first, time spent, the JSON and failure dialogs, filters', async () => {
    const { page, errors, close } = await openPage(h, '/task', { as: h.root });
    await page.getByRole('heading', { name: '异步任务' }).waitFor();
    const table = page.getByRole('table', { name: '异步任务' });
    await table.getByRole('row').filter({ hasText: suno.others[9] as string }).waitFor();
    // Ten of twelve on the first page; the user's two (the oldest) come with the next page.
    expect(await table.getByRole('row').count()).toBe(11);
    expect(await table.getByRole('row').filter({ hasText: suno.music }).count()).toBe(0);
    await table.getByRole('columnheader', { name: '渠道', exact: true }).waitFor();
    const newest = table.getByRole('row').filter({ hasText: suno.others[9] as string });
    await newest.locator('[data-color]', { hasText: new RegExp(`^${sunoChannel}$`) }).waitFor();
    await newest.getByText('生成歌词').waitFor();
    await newest.getByText('Suno').waitFor();
    await newest.getByText('成功').waitFor();
    // The fake finishes in about 5 s: green.
    await expect(newest.locator('[data-color]', { hasText: /^\d+ 秒$/ }).getAttribute('data-color')).resolves.toBe('success');
    await expectAccessible(page, '/task admin light');
    await screenshot(page, 'task-admin-light');

    const pager = page.getByRole('navigation', { name: '分页' });
    const nextPage = page.waitForRequest((r) => r.url().includes('/api/task/?') && /[?&]p=1(&|$)/.test(r.url()));
    await pager.getByRole('button', { name: '第 2 页' }).click();
    await nextPage;
    const music = table.getByRole('row').filter({ hasText: suno.music });
    await music.waitFor();
    expect(await table.getByRole('row').count()).toBe(3);
    // No third page: the second was not full.
    expect(await pager.getByRole('button', { name: '第 3 页' }).count()).toBe(0);
    await expect(music.locator('[data-color]', { hasText: /^90 秒$/ }).getAttribute('data-color')).resolves.toBe('danger');
    expect(await music.getByRole('progressbar', { name: `任务 ${suno.music} 的进度` }).getAttribute('aria-valuenow')).toBe('100');
    await music.getByText('生成音乐').waitFor();
    await expect(music.getByRole('cell', { name: '无', exact: true }).count()).resolves.toBe(1);

    // The task ID opens the whole record as JSON.
    await music.getByRole('button', { name: `查看任务 ${suno.music} 的完整记录` }).click();
    const json = page.getByRole('dialog', { name: '任务详情' });
    await json.getByText(`"task_id": "${suno.music}"`).waitFor();
    const text = (await json.locator('pre').textContent()) ?? '';
    expect(JSON.parse(text)).toMatchObject({ task_id: suno.music, platform: 'suno', action: 'MUSIC', status: 'SUCCESS', channel_id: sunoChannel, progress: '100%' });
    await expectAccessible(page, '/task JSON dialog');
    await still(page, 'task-json-light');
    await page.keyboard.press('Escape');
    await json.waitFor({ state: 'detached' });

    // The failure reason opens in full.
    const lyrics = table.getByRole('row').filter({ hasText: suno.lyrics });
    await lyrics.getByText('失败').waitFor();
    await lyrics.getByRole('button', { name: 'content policy' }).click();
    await page.getByRole('dialog', { name: '失败原因' }).getByText('content policy').waitFor();
    await page.keyboard.press('Escape');

    // Filter by task ID.
    await page.getByLabel('任务 ID').fill(suno.lyrics);
    await page.getByRole('button', { name: '查询' }).click();
    await music.waitFor({ state: 'detached' });
    await lyrics.waitFor();
    expect(await table.getByRole('row').count()).toBe(2);
    await page.getByLabel('任务 ID').fill('');
    await page.getByLabel('渠道 ID').fill(String(sunoChannel + 100));
    await page.getByRole('button', { name: '查询' }).click();
    await page.getByText('这段时间没有异步任务').waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('async tasks, user, dark, 390 px: their own tasks only, no channel column or filter', async () => {
    const { page, errors, close } = await openPage(h, '/task', { as: user.caller, theme: 'dark', width: 390 });
    const table = page.getByRole('table', { name: '异步任务' });
    await table.getByRole('row').filter({ hasText: suno.music }).waitFor();
    expect(await table.getByRole('row').count()).toBe(3);
    expect(await table.getByRole('columnheader', { name: '渠道', exact: true }).count()).toBe(0);
    expect(await page.getByLabel('渠道 ID').count()).toBe(0);
    // The start time defaults to the start of today.
    const start = await page.getByLabel('起始时间', { exact: true }).inputValue();
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(start).toMatch(new RegExp(`^${day}T00:00(:00)?$`));
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, '/task user dark');
    await screenshot(page, 'task-user-dark-390');
    await table.getByRole('button', { name: `查看任务 ${suno.lyrics} 的完整记录` }).click();
    const json = page.getByRole('dialog', { name: '任务详情' });
    const record = JSON.parse((await json.locator('pre').textContent()) ?? '') as Record<string, unknown>;
    expect(record).toMatchObject({ task_id: suno.lyrics, status: 'FAILURE', fail_reason: 'content policy' });
    expect(record).not.toHaveProperty('channel_id');
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, '/task JSON dialog dark');
    await still(page, 'task-json-dark-390');
    expect(errors).toEqual([]);
    await close();
  });

  it('async tasks in English', async () => {
    const { page, errors, close } = await openPage(h, '/task', { as: user.caller, locale: 'en' });
    const table = page.getByRole('table', { name: 'Async tasks' });
    const lyrics = table.getByRole('row').filter({ hasText: suno.lyrics });
    await lyrics.getByText('Generate lyrics').waitFor();
    await lyrics.getByText('Failed').waitFor();
    await table.getByRole('row').filter({ hasText: suno.music }).getByRole('cell', { name: 'None', exact: true }).waitFor();
    await screenshot(page, 'task-user-en');
    expect(errors).toEqual([]);
    await close();
  });
});
