import { DATABASES } from '../support/env';
import { FakeMidjourney } from '../support/fakes/midjourney';
import { FakeSuno } from '../support/fakes/suno';
import { createChannel, startRelayKit, type RelayKit } from '../relay/relay-kit';

/**
 * Channel tests of task servers (issue #16 point 8): types 2, 5 (midjourney-proxy) and 36
 * (Suno-API) are tested by asking the task server's list, with the key as that server expects
 * it, never with a chat request; the panel's default models for those types are the task models.
 */
describe.each(DATABASES)('task channel tests (%s)', (kind) => {
  let kit: RelayKit;
  let mj: FakeMidjourney;
  let suno: FakeSuno;

  beforeAll(async () => {
    kit = await startRelayKit(kind);
    mj = await new FakeMidjourney('mj-test-key-0123456789').start();
    suno = await new FakeSuno('suno-test-key-0123456789').start();
  });
  afterAll(async () => {
    await mj.stop();
    await suno.stop();
    await kit.close();
  });

  it.each([2, 5])('type %i asks midjourney-proxy for its task list with mj-api-secret; a wrong key fails', async (type) => {
    const good = await createChannel(kit.root, { name: `mj${type}`, type, key: 'mj-test-key-0123456789', base_url: mj.url, models: 'mj_imagine' });
    const bad = await createChannel(kit.root, { name: `mj${type}-bad`, type, key: 'mj-wrong-key-0123456789', base_url: mj.url, models: 'mj_imagine' });
    const before = mj.calls.length;
    const ok = await kit.root.get(`/api/channel/test/${good}`).expect(200);
    expect(ok.body).toMatchObject({ success: true });
    expect(typeof ok.body.time).toBe('number');
    const refused = await kit.root.get(`/api/channel/test/${bad}`).expect(200);
    expect(refused.body.success).toBe(false);
    expect(refused.body.message).toContain('401');
    expect(refused.body.message).not.toContain('mj-wrong-key');
    const calls = mj.calls.slice(before);
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/mj/task/list-by-condition', { ids: [] }],
      ['POST', '/mj/task/list-by-condition', { ids: [] }],
    ]);
    expect(calls.map((c) => c.secret)).toEqual(['mj-test-key-0123456789', 'mj-wrong-key-0123456789']);
    // The test time is recorded on the channel.
    expect((await kit.root.get(`/api/channel/${good}`).expect(200)).body.data.test_time).toBeGreaterThan(0);
  });

  it('type 36 asks Suno-API /suno/fetch with the key as Bearer; a server that is not Suno-API fails', async () => {
    const good = await createChannel(kit.root, { name: 'suno', type: 36, key: 'suno-test-key-0123456789', base_url: suno.url, models: 'suno_music' });
    const before = suno.calls.length;
    expect((await kit.root.get(`/api/channel/test/${good}`).expect(200)).body).toMatchObject({ success: true });
    expect(suno.calls.slice(before)).toEqual([{ method: 'POST', path: '/suno/fetch', authorization: 'Bearer suno-test-key-0123456789', body: { ids: [] } }]);
    // A midjourney-proxy behind a Suno channel answers 404 JSON: not a pass.
    const wrong = await createChannel(kit.root, { name: 'suno-wrong', type: 36, key: 'mj-test-key-0123456789', base_url: mj.url, models: 'suno_music' });
    expect((await kit.root.get(`/api/channel/test/${wrong}`).expect(200)).body.success).toBe(false);
  });

  it('the channel panel defaults for types 2, 5 and 36 are the task models the relay routes', async () => {
    const res = await kit.root.get('/api/channel/models').expect(200);
    const byType = res.body.data as Record<string, string[]>;
    expect(byType['2']).toEqual(expect.arrayContaining(['mj_imagine', 'mj_upscale', 'mj_variation', 'mj_describe', 'mj_blend']));
    expect(byType['5']).toEqual(expect.arrayContaining(['mj_imagine', 'swap_face']));
    expect(byType['36']).toEqual(['suno_music', 'suno_lyrics']);
  });
});
