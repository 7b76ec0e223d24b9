import { DATABASES } from '../support/env';
import { FakeLibrary } from '../support/fakes/aiproxy-library';
import { FakeChatGLM } from '../support/fakes/chatglm';
import { FakeCohere } from '../support/fakes/cohere';
import { FakeDify } from '../support/fakes/dify';
import { FakePaLM } from '../support/fakes/palm';
import type { RecordingFake } from '../support/fakes/fake-server';
import { createChannel, relaySuite } from '../relay/relay-kit';

interface Case {
  type: number;
  model: string;
  key: string;
  wrongKey: string;
  other?: string;
  /** The path the provider answers chat on. */
  path: RegExp;
  fake: () => RecordingFake<{ path: string }>;
}

const CASES: Case[] = [
  { type: 11, model: 'chat-bison-001', key: 'AIzaFakePalmTest0123456789abcdef', wrongKey: 'AIzaWrongPalmKey0123456789abcdef', path: /^\/v1beta2\/models\/chat-bison-001:generateMessage$/, fake: () => new FakePaLM({ key: 'AIzaFakePalmTest0123456789abcdef' }) },
  { type: 16, model: 'chatglm_turbo', key: 'fakeglmtest01.fakeglmsecretT0123456789', wrongKey: 'fakeglmtest01.wrongsecret0123456789', path: /^\/api\/paas\/v3\/model-api\/chatglm_turbo\/invoke$/, fake: () => new FakeChatGLM({ id: 'fakeglmtest01', secret: 'fakeglmsecretT0123456789' }) },
  { type: 21, model: 'library-qa', key: 'ap-fakeLibraryTest0123456789', wrongKey: 'ap-wrongLibraryKey0123456789', other: 'lib-test', path: /^\/api\/library\/ask$/, fake: () => new FakeLibrary({ key: 'ap-fakeLibraryTest0123456789', libraryId: 'lib-test' }) },
  { type: 34, model: 'command-r', key: 'co-channel-test-0123456789abcdefghij', wrongKey: 'co-wrong-key-0123456789abcdefghijkl', path: /^\/v1\/chat$/, fake: () => new FakeCohere({ key: 'co-channel-test-0123456789abcdefghij' }) },
  { type: 37, model: 'dify', key: 'app-fakeDifyTest0123456789', wrongKey: 'app-wrongDifyKey0123456789', path: /^\/v1\/chat-messages$/, fake: () => new FakeDify({ key: 'app-fakeDifyTest0123456789' }) },
];

/**
 * The channel test button (GET /api/channel/test/:id) on the native types whose own suites do not
 * press it: the provider's chat path is reached with the channel's key and a reply counts as success;
 * a key the provider refuses is a failed test whose message never carries the key.
 */
describe.each(DATABASES)('channel test button on native types (%s)', (kind) => {
  const ctx = relaySuite(kind, async (s) => {
    const fakes = new Map<number, RecordingFake<{ path: string }>>();
    for (const c of CASES) fakes.set(c.type, await s.fake(c.fake()));
    return { fakes };
  });

  it.each(CASES)('type $type: reaches the provider at its chat path and succeeds; a refused key fails without showing it', async (c) => {
    const fake = ctx.fakes.get(c.type)!;
    const id = await createChannel(ctx.kit.root, { name: `test-${c.type}`, type: c.type, key: c.key, base_url: fake.url, models: c.model, other: c.other ?? '' });
    const ok = await ctx.kit.root.get(`/api/channel/test/${id}`).expect(200);
    expect(ok.body).toMatchObject({ success: true, message: '' });
    expect(fake.requests.map((r) => r.path)).toEqual(expect.arrayContaining([expect.stringMatching(c.path)]));

    const badId = await createChannel(ctx.kit.root, { name: `test-${c.type}-bad`, type: c.type, key: c.wrongKey, base_url: fake.url, models: c.model, other: c.other ?? '' });
    const bad = await ctx.kit.root.get(`/api/channel/test/${badId}`).expect(200);
    expect(bad.body.success).toBe(false);
    expect(String(bad.body.message)).not.toBe('');
    expect(JSON.stringify(bad.body)).not.toContain(c.wrongKey);
  });
});
