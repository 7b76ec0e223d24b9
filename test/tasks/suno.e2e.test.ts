import request from 'supertest';
import { DATABASES } from '../support/env';
import { FakeSuno } from '../support/fakes/suno';
import { channelStatusBecomes, consumeLogs, createChannel, createToken, fundedUser, setOption, startRelayKit, tokenState, userQuota, withOption, type RelayKit } from '../relay/relay-kit';
import { raw, runJob, systemLogs } from './task-kit';

const MUSIC = 50_000; // $0.1 × 500000
const LYRICS = 5_000; // $0.01 × 500000

/**
 * The Suno relay end to end against a fake Suno-API (reference §8.2, money rules): music and
 * lyrics, continuations on the original channel, retries across channels before a task exists,
 * fetches from the gateway's rows, polling, refunds of failed and timed-out tasks, the task list.
 */
describe.each(DATABASES)('suno relay (%s)', (kind) => {
  let kit: RelayKit;
  let fake: FakeSuno;
  let channelId: number;

  beforeAll(async () => {
    kit = await startRelayKit(kind);
    fake = await new FakeSuno('suno-upstream-key-0123456789', 'a').start();
    channelId = await createChannel(kit.root, { name: 'suno-a', type: 36, key: 'suno-upstream-key-0123456789', base_url: fake.url, models: 'suno_music,suno_lyrics' });
    await setOption(kit.root, 'RetryTimes', '2');
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
  const submit = (key: string, action: string, body: unknown) => request(kit.t.url).post(`/suno/submit/${action}`).set('Authorization', `Bearer ${key}`).send(body as object);
  const fetchMany = (key: string, body: unknown) => request(kit.t.url).post('/suno/fetch').set('Authorization', `Bearer ${key}`).send(body as object);
  const fetchOne = (key: string, id: string) => request(kit.t.url).get(`/suno/fetch/${id}`).set('Authorization', `Bearer ${key}`);
  const poll = () => runJob(kit.t, 'tasks.poll_suno');

  it('music and lyrics: charged their price once each with a consume log; the key sent as Bearer', async () => {
    const u = await account();
    const music = await submit(u.token.key, 'music', { gpt_description_prompt: 'a happy song', mv: 'chirp-v3-5' }).expect(200);
    expect(music.body).toMatchObject({ code: 'success', message: '' });
    const musicId = music.body.data as string;
    expect(fake.submits().at(-1)).toMatchObject({ path: '/suno/submit/music', authorization: 'Bearer suno-upstream-key-0123456789' });
    const lyrics = await submit(u.token.key, 'lyrics', { prompt: 'rain' }).expect(200);
    const lyricsId = lyrics.body.data as string;
    expect(await userQuota(u.caller)).toMatchObject({ quota: 1_000_000 - MUSIC - LYRICS, used: MUSIC + LYRICS, requests: 2 });
    expect(await tokenState(u.caller, u.token.id)).toMatchObject({ remain: 1_000_000 - MUSIC - LYRICS });
    const logs = await consumeLogs(kit.root, u.username);
    expect(logs.map((l) => [l.model_name, l.quota, l.channel])).toEqual([
      ['suno_lyrics', LYRICS, channelId],
      ['suno_music', MUSIC, channelId],
    ]);

    const one = await fetchOne(u.token.key, musicId).expect(200);
    expect(one.body).toMatchObject({ code: 'success', data: { task_id: musicId, action: 'MUSIC', status: 'SUBMITTED' } });
    await poll();
    await poll();
    const both = await fetchMany(u.token.key, { ids: [musicId, lyricsId, 'unknown'] }).expect(200);
    expect(both.body.code).toBe('success');
    expect(both.body.data.map((t: { task_id: string; status: string; progress: string }) => [t.task_id, t.status, t.progress])).toEqual([
      [musicId, 'SUCCESS', '100%'],
      [lyricsId, 'SUCCESS', '100%'],
    ]);
    expect(both.body.data[1].data).toMatchObject({ title: 'song' });
    const onlyLyrics = await fetchMany(u.token.key, { ids: [musicId, lyricsId], action: 'LYRICS' }).expect(200);
    expect(onlyLyrics.body.data).toHaveLength(1);

    // Another user's tasks are not theirs to read.
    const other = await account();
    expect((await fetchMany(other.token.key, { ids: [musicId] }).expect(200)).body.data).toEqual([]);
    const foreign = await fetchOne(other.token.key, musicId).expect(404);
    expect(foreign.body).toMatchObject({ code: 'task_not_exist', data: null });
  });

  it('a continuation stays on the original channel; an unknown or foreign original is refused without a charge', async () => {
    const u = await account();
    const first = (await submit(u.token.key, 'music', { prompt: '[Verse] hello', tags: 'pop' }).expect(200)).body.data as string;
    const preferred = await new FakeSuno('suno-other-key-0123456789', 'b').start();
    const otherChannel = await createChannel(kit.root, { name: 'suno-b', type: 36, key: 'suno-other-key-0123456789', base_url: preferred.url, models: 'suno_music', priority: 50 });
    try {
      const cont = await submit(u.token.key, 'music', { prompt: '[Chorus] more', task_id: first, continue_clip_id: `${first}-clip`, continue_at: 30 }).expect(200);
      expect(cont.body.code).toBe('success');
      expect(preferred.submits()).toHaveLength(0);
      expect(fake.submits().at(-1)?.body).toMatchObject({ task_id: first, continue_at: 30 });

      const before = await userQuota(u.caller);
      const unknown = await submit(u.token.key, 'music', { prompt: 'x', task_id: 'nope' }).expect(404);
      expect(unknown.body).toMatchObject({ code: 'task_not_exist', data: null });
      const stranger = await account();
      await submit(stranger.token.key, 'music', { prompt: 'x', task_id: first }).expect(404);
      expect((await userQuota(u.caller)).quota).toBe(before.quota);
      // A new task goes to the preferred channel.
      await submit(u.token.key, 'music', { prompt: 'fresh' }).expect(200);
      expect(preferred.submits()).toHaveLength(1);
    } finally {
      await kit.root.delete(`/api/channel/${otherChannel}/`).expect(200);
      await preferred.stop();
    }
  });

  it('retries other channels on 429 and 5xx before a task exists, not on 504; charged once', async () => {
    const u = await account();
    const flaky = await new FakeSuno('suno-flaky-key-0123456789', 'c').start();
    const flakyId = await createChannel(kit.root, { name: 'suno-c', type: 36, key: 'suno-flaky-key-0123456789', base_url: flaky.url, models: 'suno_music', priority: 40 });
    try {
      flaky.script({ kind: 'http', status: 500 });
      const ok500 = await submit(u.token.key, 'music', { prompt: 'retry me' }).expect(200);
      expect(ok500.body.code).toBe('success');
      flaky.script({ kind: 'http', status: 429 });
      await submit(u.token.key, 'music', { prompt: 'retry me again' }).expect(200);
      expect(flaky.submits()).toHaveLength(2);
      expect((await userQuota(u.caller)).quota).toBe(1_000_000 - 2 * MUSIC);
      expect((await consumeLogs(kit.root, u.username)).map((l) => l.channel)).toEqual([channelId, channelId]);

      flaky.script({ kind: 'http', status: 504 });
      const sentA = fake.submits().length;
      const timeout = await submit(u.token.key, 'music', { prompt: 'no retry' });
      expect(timeout.status).toBeGreaterThanOrEqual(500);
      expect(timeout.body).toMatchObject({ code: 'upstream_error', data: null });
      expect(fake.submits().length).toBe(sentA);
      expect((await userQuota(u.caller)).quota).toBe(1_000_000 - 2 * MUSIC);
    } finally {
      await kit.root.delete(`/api/channel/${flakyId}/`).expect(200);
      await flaky.stop();
    }
  });

  it('submissions take the relay attempt path: a refused key auto-disables the channel, an unreachable channel is skipped for the next', async () => {
    const u = await account();
    const bad = await new FakeSuno('suno-revoked-key-0123456789', 'd').start();
    const badId = await createChannel(kit.root, { name: 'suno-revoked', type: 36, key: 'suno-revoked-key-0123456789', base_url: bad.url, models: 'suno_music', priority: 40 });
    try {
      await withOption(kit.root, 'AutomaticDisableChannelEnabled', 'true', 'false', async () => {
        bad.script({ kind: 'http', status: 401 });
        const refused = await submit(u.token.key, 'music', { prompt: 'revoked key' });
        // A 401 is not worth another channel (no retry), but it is reported to channel health.
        expect(refused.status).toBe(502);
        expect(refused.body).toMatchObject({ code: 'upstream_error', data: null });
        expect(await channelStatusBecomes(kit.root, badId, 3)).toBe(3);
      });
      expect((await userQuota(u.caller)).quota).toBe(1_000_000);
    } finally {
      await kit.root.delete(`/api/channel/${badId}/`).expect(200);
      await bad.stop();
    }
    // Nothing listens on port 1: no task can exist there, so the next channel serves.
    const deadId = await createChannel(kit.root, { name: 'suno-dead', type: 36, key: 'suno-dead-key-0123456789', base_url: 'http://127.0.0.1:1', models: 'suno_music', priority: 40 });
    try {
      const ok = await submit(u.token.key, 'music', { prompt: 'next channel' }).expect(200);
      expect(ok.body.code).toBe('success');
      expect((await consumeLogs(kit.root, u.username)).map((l) => l.channel)).toEqual([channelId]);
    } finally {
      await kit.root.delete(`/api/channel/${deadId}/`).expect(200);
    }
  });

  it('bad input, refusals and broken upstreams: Suno error shape, no charge, no task row', async () => {
    const u = await account();
    const sent = fake.submits().length;
    const empty = await submit(u.token.key, 'music', { prompt: ' ' }).expect(400);
    expect(empty.body).toMatchObject({ code: 'invalid_request', data: null });
    await submit(u.token.key, 'lyrics', {}).expect(400);
    await submit(u.token.key, 'video', { prompt: 'x' }).expect(400);
    expect(fake.submits().length).toBe(sent);

    fake.script({ kind: 'refuse', code: 'error', message: 'prompt rejected' }, { kind: 'garbage' }, { kind: 'close' });
    const refused = await submit(u.token.key, 'music', { prompt: 'no' }).expect(400);
    expect(refused.body).toMatchObject({ code: 'error', data: null });
    expect(refused.body.message).toContain('prompt rejected');
    expect((await submit(u.token.key, 'music', { prompt: 'garbage' })).status).toBeGreaterThanOrEqual(500);
    expect((await submit(u.token.key, 'music', { prompt: 'closed' })).status).toBeGreaterThanOrEqual(500);
    expect(await userQuota(u.caller)).toMatchObject({ quota: 1_000_000, used: 0 });
    const rows = await raw<{ n: string | number }>(kit.t, 'SELECT COUNT(*) AS n FROM tasks WHERE user_id = $1', [u.id]);
    expect(Number(rows[0]?.n)).toBe(0);

    const poor = await account(1_000);
    const broke = await submit(poor.token.key, 'music', { prompt: 'dear' }).expect(403);
    expect(broke.body).toMatchObject({ code: 'quota_not_enough' });
  });

  it('a failed task and a timed-out one are refunded once to user and token, with system logs', async () => {
    const u = await account();
    fake.script({ kind: 'accept', outcome: 'failure' }, { kind: 'accept', outcome: 'never' });
    const failed = (await submit(u.token.key, 'music', { prompt: 'doomed' }).expect(200)).body.data as string;
    const stuck = (await submit(u.token.key, 'lyrics', { prompt: 'stuck' }).expect(200)).body.data as string;
    expect((await userQuota(u.caller)).quota).toBe(1_000_000 - MUSIC - LYRICS);
    await poll();
    await poll();
    await poll();
    expect((await fetchOne(u.token.key, failed).expect(200)).body.data).toMatchObject({ status: 'FAILURE', fail_reason: 'content policy' });
    expect((await userQuota(u.caller)).quota).toBe(1_000_000 - LYRICS);
    await raw(kit.t, 'UPDATE tasks SET submit_time = submit_time - 7200 WHERE task_id = $1', [stuck]);
    await poll();
    await poll();
    expect((await fetchOne(u.token.key, stuck).expect(200)).body.data).toMatchObject({ status: 'FAILURE' });
    expect((await userQuota(u.caller)).quota).toBe(1_000_000);
    expect(await tokenState(u.caller, u.token.id)).toMatchObject({ remain: 1_000_000, used: 0 });
    const sys = await systemLogs(kit.root, u.username);
    expect(sys.map((s) => s.quota).sort((x, y) => x - y)).toEqual([LYRICS, MUSIC]);
    expect(sys.some((s) => s.content.includes(`异步任务执行失败 ${failed}`))).toBe(true);
  });

  it('TaskEnabled off: the status flag says so and submits are refused without a charge', async () => {
    const u = await account();
    await setOption(kit.root, 'TaskEnabled', 'false');
    try {
      expect((await request(kit.t.url).get('/api/status').expect(200)).body.data.enable_task).toBe(false);
      const res = await submit(u.token.key, 'music', { prompt: 'off' }).expect(403);
      expect(res.body).toMatchObject({ code: 'task_disabled', data: null });
    } finally {
      await setOption(kit.root, 'TaskEnabled', 'true');
    }
    expect((await request(kit.t.url).get('/api/status').expect(200)).body.data.enable_task).toBe(true);
    expect((await userQuota(u.caller)).quota).toBe(1_000_000);
  });

  it('task lists: admins filter by channel, task id and time; users see their own, without admin columns', async () => {
    const u = await account();
    const id = (await submit(u.token.key, 'lyrics', { prompt: 'listed' }).expect(200)).body.data as string;
    const self = await u.caller.get('/api/task/self?p=0').expect(200);
    expect(self.body.data).toHaveLength(1);
    expect(self.body.data[0]).toMatchObject({ task_id: id, platform: 'suno', action: 'LYRICS', status: 'SUBMITTED', quota: LYRICS });
    expect(self.body.data[0]).not.toHaveProperty('channel_id');
    expect(self.body.data[0]).not.toHaveProperty('user_id');
    const now = Math.floor(Date.now() / 1000);
    const admin = await kit.root.get(`/api/task/?p=0&task_id=${id}&channel_id=${channelId}&start_timestamp=${now - 60}&end_timestamp=${now + 60}`).expect(200);
    expect(admin.body.data).toHaveLength(1);
    expect(admin.body.data[0]).toMatchObject({ task_id: id, channel_id: channelId, user_id: u.id });
    expect((await kit.root.get(`/api/task/?task_id=${id}&end_timestamp=${now - 3600}`).expect(200)).body.data).toHaveLength(0);
    expect((await kit.root.get(`/api/task/?task_id=${id}&channel_id=${channelId + 999}`).expect(200)).body.data).toHaveLength(0);
    await u.caller.get('/api/task/').expect(403);
    const bad = await kit.root.get('/api/task/?start_timestamp=abc').expect(400);
    expect(bad.body.success).toBe(false);
  });
});
