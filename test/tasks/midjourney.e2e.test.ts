import request from 'supertest';
import { DATABASES } from '../support/env';
import { FakeMidjourney, PNG_1X1 } from '../support/fakes/midjourney';
import { newUser } from '../support/http';
import { consumeLogs, createChannel, createToken, fundedUser, setOption, startRelayKit, tokenState, userQuota, type RelayKit } from '../relay/relay-kit';
import { mjGet, mjPost, raw, runJob, systemLogs } from './task-kit';

const QPU = 500_000;
/** GroupRatio of the default group in this suite: every charge below is price × 500000 × 1.5. */
const GR = 1.5;
const MJ_MODELS = 'mj_imagine,mj_upscale,mj_variation,mj_reroll,mj_custom_zoom,mj_modal,mj_describe,mj_blend,mj_shorten,mj_upload,mj_edits,mj_video,swap_face,mj_zoom';

/**
 * The Midjourney relay end to end against a fake midjourney-proxy (reference §8.1, money rules):
 * submit, follow-ups on the original's channel, fetch and list from the gateway's rows, billing
 * by hold and settle, refunds of refused and failed tasks, polling, timeouts and the image proxy.
 */
describe.each(DATABASES)('midjourney relay (%s)', (kind) => {
  let kit: RelayKit;
  let fake: FakeMidjourney;
  let channelId: number;
  const upstreamKey = 'mj-secret-upstream-0123456789';

  beforeAll(async () => {
    // A small body cap so an oversize upload is cheap to send; a short submit timeout for the hanging upstream.
    kit = await startRelayKit(kind, { env: { RELAY_BODY_LIMIT_BYTES: '65536', RELAY_HEADERS_TIMEOUT_MS: '1500' } });
    fake = await new FakeMidjourney(upstreamKey).start();
    channelId = await createChannel(kit.root, { name: 'mj-a', type: 2, key: upstreamKey, base_url: fake.url, models: MJ_MODELS });
    await setOption(kit.root, 'GroupRatio', JSON.stringify({ default: GR, vip: 1, svip: 1 }));
    await setOption(kit.root, 'ServerAddress', 'https://gw.example.com');
  });
  afterAll(async () => {
    await fake.stop();
    await kit.close();
  });

  async function account(quota = 1_000_000) {
    const user = await fundedUser(kit, quota);
    const token = await createToken(user.caller, { unlimited_quota: false, remain_quota: quota });
    return { ...user, token };
  }

  const poll = () => runJob(kit.t, 'tasks.poll_midjourney');

  it('imagine: charged the action price times the group ratio once, the key sent as mj-api-secret, accountFilter dropped', async () => {
    const u = await account();
    const res = await mjPost(kit.t, '/mj/submit/imagine', u.token.key, { prompt: 'a cat --fast', accountFilter: { instanceId: 'x' }, notifyHook: 'http://evil.example/hook' }).expect(200);
    expect(res.body.code).toBe(1);
    const mjId = res.body.result as string;
    expect(mjId).toMatch(/^\d+$/);
    const sent = fake.submits().at(-1);
    expect(sent).toMatchObject({ path: '/mj/submit/imagine', secret: upstreamKey });
    expect(sent?.body).toEqual({ prompt: 'a cat --fast' });

    // mj_imagine $0.1 × 500000 × 1.5 = 75000
    const charge = 0.1 * QPU * GR;
    expect(await userQuota(u.caller)).toMatchObject({ quota: 1_000_000 - charge, used: charge, requests: 1 });
    expect(await tokenState(u.caller, u.token.id)).toMatchObject({ remain: 1_000_000 - charge, used: charge });
    const logs = await consumeLogs(kit.root, u.username);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ model_name: 'mj_imagine', quota: charge, channel: channelId });
    expect(logs[0]?.content).toContain(`ID ${mjId}`);

    const fetched = await mjGet(kit.t, `/mj/task/${mjId}/fetch`, u.token.key).expect(200);
    expect(fetched.body).toMatchObject({ id: mjId, action: 'IMAGINE', status: 'SUBMITTED', progress: '0%', prompt: 'a cat --fast' });
  });

  it('codes 21 and 22 are accepted (charged) and shown as 1; the mode prefix is stripped', async () => {
    const u = await account();
    fake.script({ kind: 'accept', code: 21 }, { kind: 'accept', code: 22 });
    const a = await mjPost(kit.t, '/mj/submit/imagine', u.token.key, { prompt: 'one' }).expect(200);
    const b = await mjPost(kit.t, '/relax/mj/submit/imagine', u.token.key, { prompt: 'two' }).expect(200);
    expect([a.body.code, b.body.code]).toEqual([1, 1]);
    expect(fake.submits().at(-1)?.path).toBe('/mj/submit/imagine');
    expect((await userQuota(u.caller)).quota).toBe(1_000_000 - 2 * 0.1 * QPU * GR);
  });

  it('a task progresses to success through the polling job; fetch, list and the image proxy show it', async () => {
    const u = await account();
    const other = await account();
    const mjId = (await mjPost(kit.t, '/mj/submit/imagine', u.token.key, { prompt: 'sunrise' }).expect(200)).body.result as string;
    await poll();
    expect((await mjGet(kit.t, `/mj/task/${mjId}/fetch`, u.token.key).expect(200)).body).toMatchObject({ status: 'IN_PROGRESS', progress: '50%' });
    await poll();
    const done = (await mjGet(kit.t, `/mj/task/${mjId}/fetch`, u.token.key).expect(200)).body;
    expect(done).toMatchObject({ status: 'SUCCESS', progress: '100%', imageUrl: `https://gw.example.com/mj/image/${mjId}` });
    expect(done.buttons[0].customId).toContain('upsample');

    const list = await mjPost(kit.t, '/mj/task/list-by-condition', u.token.key, { ids: [mjId, 'nope'] }).expect(200);
    expect(list.body.map((x: { id: string }) => x.id)).toEqual([mjId]);
    // Another user's task is invisible to them.
    expect((await mjPost(kit.t, '/mj/task/list-by-condition', other.token.key, { ids: [mjId] }).expect(200)).body).toEqual([]);
    const foreign = await mjGet(kit.t, `/mj/task/${mjId}/fetch`, other.token.key).expect(404);
    expect(foreign.body).toMatchObject({ code: 4 });

    const img = await fetch(`${kit.t.url}/mj/image/${mjId}`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await img.arrayBuffer()).toString('base64')).toBe(PNG_1X1.toString('base64'));

    const seed = await mjGet(kit.t, `/mj/task/${mjId}/image-seed`, u.token.key).expect(200);
    expect(seed.body).toMatchObject({ code: 1, result: `seed-${mjId}` });
  });

  it('the image proxy: 404 for a missing task, a redirecting or non-image answer refused, a private address refused', async () => {
    const u = await account();
    await request(kit.t.url).get('/mj/image/does-not-exist').expect(404);
    const mjId = (await mjPost(kit.t, '/mj/submit/imagine', u.token.key, { prompt: 'x' }).expect(200)).body.result as string;
    await poll();
    await poll();
    fake.imageMode = 'redirect';
    const redirected = await request(kit.t.url).get(`/mj/image/${mjId}`).expect(403);
    expect(redirected.body).toMatchObject({ code: 4 });
    fake.imageMode = 'html';
    await request(kit.t.url).get(`/mj/image/${mjId}`).expect(502);
    fake.imageMode = 'png';
    // The fake is on loopback: without AllowPrivateUpstreamEnabled the address is refused.
    await setOption(kit.root, 'AllowPrivateUpstreamEnabled', 'false');
    try {
      await request(kit.t.url).get(`/mj/image/${mjId}`).expect(403);
    } finally {
      await setOption(kit.root, 'AllowPrivateUpstreamEnabled', 'true');
    }
    await request(kit.t.url).get(`/mj/image/${mjId}`).expect(200);
  });

  it('follow-ups reuse the original task channel, need it to have succeeded, and are priced per action; CustomZoom is free', async () => {
    const u = await account();
    const mjId = (await mjPost(kit.t, '/mj/submit/imagine', u.token.key, { prompt: 'castle' }).expect(200)).body.result as string;

    // Not yet successful: refused, nothing charged, nothing sent.
    const sentBefore = fake.submits().length;
    const before = await userQuota(u.caller);
    const early = await mjPost(kit.t, '/mj/submit/change', u.token.key, { taskId: mjId, action: 'UPSCALE', index: 1 }).expect(400);
    expect(early.body).toMatchObject({ code: 4 });
    expect(early.body.description).toContain('task_status_not_success');
    expect(fake.submits().length).toBe(sentBefore);
    expect((await userQuota(u.caller)).quota).toBe(before.quota);

    await poll();
    await poll();
    // A second, preferred channel for the follow-up models: the follow-up must still go to the original's.
    const other = await new FakeMidjourney('other-key-0123456789').start();
    try {
      await createChannel(kit.root, { name: 'mj-b', type: 5, key: 'other-key-0123456789', base_url: other.url, models: 'mj_upscale,mj_custom_zoom,mj_variation', priority: 10 });
      const up = await mjPost(kit.t, '/mj/submit/change', u.token.key, { taskId: mjId, action: 'UPSCALE', index: 2 }).expect(200);
      expect(up.body.code).toBe(1);
      const simple = await mjPost(kit.t, '/mj/submit/simple-change', u.token.key, { content: `${mjId} V1` }).expect(200);
      expect(simple.body.code).toBe(1);
      const zoom = await mjPost(kit.t, '/mj/submit/action', u.token.key, { taskId: mjId, customId: `MJ::CustomZoom::${mjId}` }).expect(200);
      expect(zoom.body.code).toBe(1);
      expect(other.submits()).toHaveLength(0);
      expect(fake.submits().slice(-3).map((c) => c.path)).toEqual(['/mj/submit/change', '/mj/submit/simple-change', '/mj/submit/action']);
    } finally {
      await other.stop();
    }
    // imagine 75000, upscale 0.05 × 500000 × 1.5 = 37500, variation 75000, custom zoom free (0).
    const after = await userQuota(u.caller);
    expect(before.quota - after.quota).toBe(37_500 + 75_000);
    const logs = await consumeLogs(kit.root, u.username);
    expect(logs.map((l) => [l.model_name, l.quota])).toEqual([
      ['mj_custom_zoom', 0],
      ['mj_variation', 75_000],
      ['mj_upscale', 37_500],
      ['mj_imagine', 75_000],
    ]);
  });

  it('every submit route relays to its upstream path and is charged its own price (hand-computed, group ratio 1.5)', async () => {
    const u = await account(5_000_000);
    const img = 'data:image/png;base64,iVBORw0KGgo=';
    const original = (await mjPost(kit.t, '/mj/submit/imagine', u.token.key, { prompt: 'base' }).expect(200)).body.result as string;
    const cases: [string, Record<string, unknown>, string, number][] = [
      ['/mj/submit/blend', { base64Array: [img, img], dimensions: 'SQUARE' }, 'mj_blend', 75_000],
      ['/mj/submit/describe', { base64: img }, 'mj_describe', 37_500],
      ['/mj/submit/shorten', { prompt: 'a very long prompt' }, 'mj_shorten', 75_000],
      ['/mj/submit/upload-discord-images', { base64Array: [img] }, 'mj_upload', 37_500],
      ['/mj/submit/edits', { prompt: 'make it blue', image: img }, 'mj_edits', 75_000],
      ['/mj/submit/video', { prompt: 'a moving cat', image: img }, 'mj_video', 600_000],
      ['/mj/insight-face/swap', { sourceBase64: img, targetBase64: img }, 'swap_face', 37_500],
      // The modal step of a task that has not finished is allowed (it is that task's second step).
      ['/mj/submit/modal', { taskId: original, prompt: 'region', maskBase64: img }, 'mj_modal', 75_000],
    ];
    const check = async (path: string, body: Record<string, unknown>, model: string, price: number) => {
      const before = (await userQuota(u.caller)).quota;
      const res = await mjPost(kit.t, path, u.token.key, body).expect(200);
      expect(res.body.code).toBe(1);
      expect(fake.submits().at(-1)?.path).toBe(path);
      expect(before - (await userQuota(u.caller)).quota).toBe(price);
      const log = (await consumeLogs(kit.root, u.username))[0];
      expect([log?.model_name, log?.quota]).toEqual([model, price]);
    };
    for (const [path, body, model, price] of cases) await check(path, body, model, price);
    // Inpaint on an unfinished original, with the success check off: free (its modal step was charged).
    await setOption(kit.root, 'MjActionCheckSuccessEnabled', 'false');
    try {
      await check('/mj/submit/action', { taskId: original, customId: `MJ::Inpaint::1::${original}::SOLO` }, 'mj_inpaint', 0);
    } finally {
      await setOption(kit.root, 'MjActionCheckSuccessEnabled', 'true');
    }
    // An upload is done once accepted.
    const uploads = (await u.caller.get('/api/mj/self/?p=0&page_size=100').expect(200)).body.data.filter((m: { action: string }) => m.action === 'UPLOAD');
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({ status: 'SUCCESS', progress: '100%' });
  });

  it('credential forms and forwarding options: Bearer key, the midjourney-proxy placeholder, mode flags cleared, notifyHook kept when enabled', async () => {
    const u = await account();
    await request(kit.t.url).post('/mj/submit/imagine').set('Authorization', `Bearer ${u.token.key}`).send({ prompt: 'bearer' }).expect(200);
    await request(kit.t.url)
      .post('/mj/submit/imagine')
      .set('Authorization', 'Bearer midjourney-proxy')
      .set('mj-api-secret', u.token.key)
      .send({ prompt: 'placeholder' })
      .expect(200);
    await setOption(kit.root, 'MjModeClearEnabled', 'true');
    await setOption(kit.root, 'MjNotifyEnabled', 'true');
    try {
      await mjPost(kit.t, '/turbo/mj/submit/imagine', u.token.key, { prompt: 'a dog --turbo --ar 2:1', notifyHook: 'https://hook.example/x' }).expect(200);
      expect(fake.submits().at(-1)?.body).toEqual({ prompt: 'a dog --ar 2:1', notifyHook: 'https://hook.example/x' });
    } finally {
      await setOption(kit.root, 'MjModeClearEnabled', 'false');
      await setOption(kit.root, 'MjNotifyEnabled', 'false');
    }
    expect((await userQuota(u.caller)).quota).toBe(1_000_000 - 3 * 75_000);
  });

  it('bad input and unknown or foreign tasks: Midjourney error shape, no charge, no upstream call', async () => {
    const u = await account();
    const other = await account();
    const mjId = (await mjPost(kit.t, '/mj/submit/imagine', other.token.key, { prompt: 'mine' }).expect(200)).body.result as string;
    const sent = fake.submits().length;
    const before = await userQuota(u.caller);
    const empty = await mjPost(kit.t, '/mj/submit/imagine', u.token.key, { prompt: '  ' }).expect(400);
    expect(empty.body).toMatchObject({ code: 4, result: null });
    expect(empty.body.description).toContain('prompt');
    const unknown = await mjPost(kit.t, '/mj/submit/change', u.token.key, { taskId: 'no-such-task', action: 'UPSCALE', index: 1 }).expect(404);
    expect(unknown.body).toMatchObject({ code: 4 });
    await mjPost(kit.t, '/mj/submit/change', u.token.key, { taskId: mjId, action: 'UPSCALE', index: 1 }).expect(404);
    await mjPost(kit.t, '/mj/submit/action', u.token.key, { taskId: mjId, customId: 'garbage' }).expect(400);
    const notJson = await request(kit.t.url).post('/mj/submit/imagine').set('mj-api-secret', u.token.key).set('content-type', 'application/json').send('{nope').expect(400);
    expect(notJson.body).toMatchObject({ code: 4 });
    const oversize = await mjPost(kit.t, '/mj/submit/upload-discord-images', u.token.key, { base64Array: ['A'.repeat(70_000)] }).expect(413);
    expect(oversize.body).toMatchObject({ code: 4 });
    const noKey = await request(kit.t.url).post('/mj/submit/imagine').send({ prompt: 'x' }).expect(401);
    expect(noKey.body).toMatchObject({ code: 4 });
    expect(fake.submits().length).toBe(sent);
    expect((await userQuota(u.caller)).quota).toBe(before.quota);
  });

  it('a refused submit passes the answer through and charges nothing; an upstream that errs, answers garbage, closes or times out leaves no hold and no task row', async () => {
    const u = await account();
    const before = await userQuota(u.caller);
    const tokBefore = await tokenState(u.caller, u.token.id);
    fake.script({ kind: 'refuse', code: 24, description: '可能包含敏感词' });
    const refused = await mjPost(kit.t, '/mj/submit/imagine', u.token.key, { prompt: 'forbidden' }).expect(200);
    expect(refused.body).toMatchObject({ code: 24, description: '可能包含敏感词' });
    for (const s of [{ kind: 'http', status: 500 }, { kind: 'garbage' }, { kind: 'close' }, { kind: 'hang' }] as const) {
      fake.script(s);
      const res = await mjPost(kit.t, '/mj/submit/imagine', u.token.key, { prompt: 'broken' });
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(res.body).toMatchObject({ code: 4 });
    }
    expect(await userQuota(u.caller)).toEqual(before);
    expect(await tokenState(u.caller, u.token.id)).toMatchObject({ remain: tokBefore.remain, used: tokBefore.used });
    const rows = await raw<{ n: string | number }>(kit.t, 'SELECT COUNT(*) AS n FROM midjourneys WHERE user_id = $1', [u.id]);
    expect(Number(rows[0]?.n)).toBe(0);
    const holds = await raw<{ status: string }>(kit.t, "SELECT status FROM holds WHERE user_id = $1 AND model_name = 'mj_imagine'", [u.id]);
    expect(holds.map((h) => h.status).sort()).toEqual(['refunded', 'refunded', 'refunded', 'refunded', 'refunded']);
  });

  it('not enough quota: quota_not_enough in the Midjourney shape, nothing sent', async () => {
    const u = await account(10_000);
    const sent = fake.submits().length;
    const res = await mjPost(kit.t, '/mj/submit/imagine', u.token.key, { prompt: 'too dear' }).expect(403);
    expect(res.body).toMatchObject({ code: 4 });
    expect(res.body.description).toContain('quota_not_enough');
    expect(fake.submits().length).toBe(sent);
  });

  it('a failed task is refunded once to user and token, with a system log', async () => {
    const u = await account();
    fake.script({ kind: 'accept', outcome: 'failure' });
    const mjId = (await mjPost(kit.t, '/mj/submit/imagine', u.token.key, { prompt: 'doomed' }).expect(200)).body.result as string;
    const charged = await userQuota(u.caller);
    expect(charged.quota).toBe(1_000_000 - 75_000);
    await poll();
    await poll();
    const task = (await mjGet(kit.t, `/mj/task/${mjId}/fetch`, u.token.key).expect(200)).body;
    expect(task).toMatchObject({ status: 'FAILURE', failReason: 'banned prompt detected' });
    await poll();
    await poll();
    expect((await userQuota(u.caller)).quota).toBe(1_000_000);
    expect(await tokenState(u.caller, u.token.id)).toMatchObject({ remain: 1_000_000, used: 0 });
    const sys = await systemLogs(kit.root, u.username);
    expect(sys).toHaveLength(1);
    expect(sys[0]?.content).toContain(`构图失败 ${mjId}`);
    expect(sys[0]?.quota).toBe(75_000);
  });

  it('a task past the timeout fails and is refunded; a task with no upstream id fails too', async () => {
    const u = await account();
    fake.script({ kind: 'accept', outcome: 'never' });
    const mjId = (await mjPost(kit.t, '/mj/submit/imagine', u.token.key, { prompt: 'forever' }).expect(200)).body.result as string;
    await poll();
    expect((await mjGet(kit.t, `/mj/task/${mjId}/fetch`, u.token.key).expect(200)).body.status).toBe('IN_PROGRESS');
    await raw(kit.t, 'UPDATE midjourneys SET submit_time = submit_time - $1 WHERE mj_id = $2', [2 * 3_600_000, mjId]);
    await poll();
    const task = (await mjGet(kit.t, `/mj/task/${mjId}/fetch`, u.token.key).expect(200)).body;
    expect(task).toMatchObject({ status: 'FAILURE', failReason: '上游任务超时（超过1小时）' });
    expect((await userQuota(u.caller)).quota).toBe(1_000_000);

    fake.script({ kind: 'refuse', code: 1, description: 'ok but no id' });
    await mjPost(kit.t, '/mj/submit/imagine', u.token.key, { prompt: 'idless' }).expect(200);
    expect((await userQuota(u.caller)).quota).toBe(1_000_000 - 75_000);
    await poll();
    expect((await userQuota(u.caller)).quota).toBe(1_000_000);
    expect(await systemLogs(kit.root, u.username)).toHaveLength(2);
  });

  it('a task whose channel was deleted fails and is refunded', async () => {
    const u = await account();
    const gone = await new FakeMidjourney('gone-key-0123456789').start();
    try {
      const goneId = await createChannel(kit.root, { name: 'mj-gone', type: 2, key: 'gone-key-0123456789', base_url: gone.url, models: 'mj_imagine', priority: 99 });
      const mjId = (await mjPost(kit.t, '/mj/submit/imagine', u.token.key, { prompt: 'orphan' }).expect(200)).body.result as string;
      expect(gone.submits()).toHaveLength(1);
      await kit.root.delete(`/api/channel/${goneId}/`).expect(200);
      await poll();
      expect((await mjGet(kit.t, `/mj/task/${mjId}/fetch`, u.token.key).expect(200)).body).toMatchObject({ status: 'FAILURE', failReason: '渠道不存在或已删除' });
      expect((await userQuota(u.caller)).quota).toBe(1_000_000);
      expect(await systemLogs(kit.root, u.username)).toHaveLength(1);
    } finally {
      await gone.stop();
    }
  });

  it('management lists: admins filter by channel, task id and time; users see only their own, without admin columns', async () => {
    const u = await account();
    const mjId = (await mjPost(kit.t, '/mj/submit/imagine', u.token.key, { prompt: 'listed' }).expect(200)).body.result as string;
    const self = await u.caller.get('/api/mj/self/?p=0').expect(200);
    expect(self.body.success).toBe(true);
    expect(self.body.data).toHaveLength(1);
    expect(self.body.data[0]).toMatchObject({ mj_id: mjId, action: 'IMAGINE', prompt: 'listed', quota: 75_000 });
    expect(self.body.data[0]).not.toHaveProperty('channel_id');
    expect(self.body.data[0]).not.toHaveProperty('code');

    const byId = await kit.root.get(`/api/mj/?p=0&mj_id=${mjId}&channel_id=${channelId}`).expect(200);
    expect(byId.body.data).toHaveLength(1);
    expect(byId.body.data[0]).toMatchObject({ mj_id: mjId, channel_id: channelId, code: 1 });
    expect((await kit.root.get(`/api/mj/?mj_id=${mjId}&channel_id=${channelId + 1000}`).expect(200)).body.data).toHaveLength(0);
    const now = Math.floor(Date.now() / 1000);
    expect((await kit.root.get(`/api/mj/?mj_id=${mjId}&start_timestamp=${now - 60}&end_timestamp=${now + 60}`).expect(200)).body.data).toHaveLength(1);
    expect((await kit.root.get(`/api/mj/?mj_id=${mjId}&start_timestamp=${now + 60}`).expect(200)).body.data).toHaveLength(0);
    // Pages are zero-based.
    expect((await kit.root.get(`/api/mj/?mj_id=${mjId}&p=1`).expect(200)).body.data).toHaveLength(0);
    // A regular user may not use the admin list.
    const stranger = await newUser(kit.t.url);
    await stranger.caller.get('/api/mj/').expect(403);
    expect((await stranger.caller.get('/api/mj/self/').expect(200)).body.data).toEqual([]);
  });

  it('the status flags follow DrawingEnabled and TaskEnabled; drawing off refuses submits', async () => {
    expect((await request(kit.t.url).get('/api/status').expect(200)).body.data).toMatchObject({ enable_drawing: true, enable_task: true });
    await setOption(kit.root, 'DrawingEnabled', 'false');
    try {
      expect((await request(kit.t.url).get('/api/status').expect(200)).body.data.enable_drawing).toBe(false);
      const u = await account();
      const res = await mjPost(kit.t, '/mj/submit/imagine', u.token.key, { prompt: 'off' }).expect(403);
      expect(res.body).toMatchObject({ code: 4 });
    } finally {
      await setOption(kit.root, 'DrawingEnabled', 'true');
    }
  });
});
