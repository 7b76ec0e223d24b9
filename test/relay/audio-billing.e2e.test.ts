import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import OpenAI, { toFile } from 'openai';
import { DATABASES } from '../support/env';
import type { FakeOpenAI } from '../support/fakes/openai-upstream';
import { consumeLogs, createChannel, createToken, fakeUpstream, otherOf, relayIdle, sdk, setOption, startRelayKit, type LogRow, type RelayKit } from './relay-kit';

const UPSTREAM_KEY = 'sk-upstream-audio-0123456789abcdefghij';
const FIXTURES = join(__dirname, '..', '..', 'server', 'src', 'wire', 'openai-media', '__fixtures__', 'audio');
const WHISPER_RATIO = 15;

/** Speech-to-text quota by hand (reference §3.2): ceil(seconds) / 60 × 1000 tokens, × model ratio × group ratio 1. */
function sttTokens(seconds: number): number {
  return Math.ceil((Math.ceil(seconds) * 1000) / 60);
}
function sttQuota(seconds: number): number {
  return sttTokens(seconds) * WHISPER_RATIO;
}

/**
 * whisper-1 reports no duration for the text, srt and vtt formats: the relay bills the length it
 * reads from the file's headers (2.5 s tone files written by ffmpeg, see the fixtures' README),
 * not a guess from its size, whatever the container.
 */
describe.each(DATABASES)('audio billing: speech-to-text by the uploaded file duration, chat audio tokens by the audio ratios (%s)', (kind) => {
  let kit: RelayKit;
  let fake: FakeOpenAI;
  let client: OpenAI;

  beforeAll(async () => {
    kit = await startRelayKit(kind);
    fake = await fakeUpstream(kit, { key: UPSTREAM_KEY });
    await setOption(kit.root, 'ModelRatio', { 'whisper-1': WHISPER_RATIO, 'gpt-4o-audio-preview': 1.25 });
    await createChannel(kit.root, { name: 'openai', key: UPSTREAM_KEY, base_url: fake.url, models: 'whisper-1,gpt-4o-audio-preview' });
    client = sdk(kit, (await createToken(kit.root)).key);
  });
  afterAll(() => kit.close());

  const files: [string, string, number][] = [
    ['tone-cbr.mp3', 'audio/mpeg', 2.664],
    ['tone-vbr.mp3', 'audio/mpeg', 2.664],
    ['tone.m4a', 'audio/mp4', 2.5],
    ['tone.ogg', 'audio/ogg', 2.5],
    ['tone-vorbis.ogg', 'audio/ogg', 2.5],
    ['tone.webm', 'audio/webm', 2.508],
    ['tone.flac', 'audio/flac', 2.5],
  ];

  it.each(files)('%s in text, srt and vtt', async (name, type, seconds) => {
    const data = readFileSync(join(FIXTURES, name));
    for (const format of ['text', 'srt', 'vtt'] as const) {
      const before = (await consumeLogs(kit.root, 'root')).length;
      const answer = await client.audio.transcriptions.create({ model: 'whisper-1', file: await toFile(data, name, { type }), response_format: format });
      expect(String(answer).length).toBeGreaterThan(0);
      expect(fake.last().multipart?.files[0]?.data.equals(data)).toBe(true);
      await relayIdle(kit);
      const logs = await consumeLogs(kit.root, 'root');
      expect(logs).toHaveLength(before + 1);
      // whisper is billed by duration alone: the transcript is no completion.
      expect([format, logs[0]?.prompt_tokens, logs[0]?.completion_tokens, logs[0]?.quota]).toEqual([format, sttTokens(seconds), 0, sttQuota(seconds)]);
    }
  });

  it('chat audio tokens at the default audio ratios: (100 + 400·16 + 50·4 + 250·16·2)·1.25 = 18375', async () => {
    // gpt-4o-audio-preview: MR 1.25 (set above), CR 4 (gpt-4o family), AudioRatio 16 and
    // AudioCompletionRatio 2 by default ($40/M audio in, $80/M audio out against $2.50/M text in).
    fake.next({
      kind: 'json',
      body: {
        id: 'chatcmpl-audio',
        object: 'chat.completion',
        created: 1_700_000_000,
        model: 'gpt-4o-audio-preview',
        choices: [{ index: 0, message: { role: 'assistant', content: 'hello' }, finish_reason: 'stop' }],
        usage: {
          prompt_tokens: 500,
          completion_tokens: 300,
          total_tokens: 800,
          prompt_tokens_details: { cached_tokens: 0, audio_tokens: 400 },
          completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 250 },
        },
      },
    });
    await client.chat.completions.create({ model: 'gpt-4o-audio-preview', messages: [{ role: 'user', content: 'say hello' }] });
    await relayIdle(kit);
    const log = (await consumeLogs(kit.root, 'root'))[0];
    expect(log).toMatchObject({ model_name: 'gpt-4o-audio-preview', prompt_tokens: 500, completion_tokens: 300, quota: 18375 });
    expect(otherOf(log as LogRow)).toMatchObject({ audio: true, audio_input: 400, audio_output: 250, audio_ratio: 16, audio_completion_ratio: 2 });
  });

  it('a duration the upstream reports (json) still wins over the file', async () => {
    const data = readFileSync(join(FIXTURES, 'tone.flac'));
    await client.audio.transcriptions.create({ model: 'whisper-1', file: await toFile(data, 'tone.flac', { type: 'audio/flac' }) });
    await relayIdle(kit);
    // The fake answers json with usage {type: "duration", seconds: 4}.
    expect((await consumeLogs(kit.root, 'root'))[0]?.quota).toBe(sttQuota(4));
  });
});
