import type { CanonicalChat } from '../canonical/chat';
import { SparkStreamDecoder, fromSparkFrames, isLastSparkFrame, sparkTarget, toSparkChat } from './chat';

const chat = (over: Partial<CanonicalChat> = {}): CanonicalChat => ({
  model: 'SparkDesk-v3.5',
  system: [],
  turns: [{ role: 'user', parts: [{ type: 'text', text: 'Hi' }] }],
  tools: [],
  toolChoice: null,
  parallelToolCalls: null,
  maxOutputTokens: null,
  temperature: null,
  topP: null,
  topK: null,
  stop: [],
  stream: false,
  reasoning: null,
  responseFormat: null,
  user: null,
  choiceCount: 1,
  passthrough: {},
  ...over,
});

// Frames as the WebSocket API documents them (header.status / choices.status 0, 1, 2; usage on the last).
const frame = (status: number, content: string, usage?: object) =>
  JSON.stringify({
    header: { code: 0, message: 'Success', sid: 'cht000cb087@dx18793cd421fb894542', status },
    payload: { choices: { status, seq: status, text: [{ content, role: 'assistant', index: 0 }] }, ...(usage ? { usage: { text: usage } } : {}) },
  });
const USAGE = { question_tokens: 4, prompt_tokens: 5, completion_tokens: 9, total_tokens: 14 };
const ERROR = JSON.stringify({ header: { code: 10013, message: 'input content is not compliant', sid: 'cht000', status: 2 } });

describe('Spark versions', () => {
  it('takes the version from a SparkDesk-vX.Y model, a domain-named model, the channel setting, else Lite', () => {
    expect(sparkTarget('SparkDesk-v3.5', 'v1.1')).toMatchObject({ ok: true, version: { path: '/v3.5/chat' }, domain: 'generalv3.5' });
    expect(sparkTarget('SparkDesk-v4.0', '')).toMatchObject({ ok: true, version: { path: '/v4.0/chat' }, domain: '4.0Ultra' });
    expect(sparkTarget('4.0ultra', '')).toMatchObject({ ok: true, version: { path: '/v4.0/chat' }, domain: '4.0Ultra' });
    expect(sparkTarget('max-32k', 'v1.1')).toMatchObject({ ok: true, version: { path: '/chat/max-32k' }, domain: 'max-32k' });
    expect(sparkTarget('general', '')).toMatchObject({ ok: true, version: { path: '/v1.1/chat' }, domain: 'general' });
    expect(sparkTarget('spark-custom', 'v3.1')).toMatchObject({ ok: true, version: { path: '/v3.1/chat' }, domain: 'generalv3' });
    expect(sparkTarget('spark-custom', '3.5')).toMatchObject({ ok: true, domain: 'generalv3.5' });
    expect(sparkTarget('spark-custom', 'pro-128k')).toMatchObject({ ok: true, version: { path: '/chat/pro-128k' }, domain: 'pro-128k' });
    expect(sparkTarget('spark-custom', '')).toMatchObject({ ok: true, version: { path: '/v1.1/chat' }, domain: 'lite' });
    expect(sparkTarget('spark-custom', 'v9.9')).toEqual({ ok: false, named: 'v9.9' });
    expect(sparkTarget('SparkDesk-v9.9', 'v3.5')).toEqual({ ok: false, named: 'v9.9' });
  });
});

describe('Spark request frame', () => {
  it('sends header.app_id, the domain and only the sampling the client set; history in order', () => {
    const body = toSparkChat(
      chat({
        system: ['Be brief.'],
        turns: [
          { role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
          { role: 'assistant', parts: [{ type: 'text', text: 'Hello.' }] },
          { role: 'user', parts: [{ type: 'text', text: 'More' }] },
        ],
        temperature: 0.3,
        maxOutputTokens: 64,
        topK: 4,
        topP: 0.9,
        user: 'u-0123456789012345678901234567890123456789',
      }),
      { appId: 'app1', domain: 'generalv3.5', system: true },
    );
    expect(body).toEqual({
      header: { app_id: 'app1', uid: 'u-012345678901234567890123456789' },
      parameter: { chat: { domain: 'generalv3.5', temperature: 0.3, max_tokens: 64, top_k: 4 } },
      payload: {
        message: {
          text: [
            { role: 'system', content: 'Be brief.' },
            { role: 'user', content: 'Hi' },
            { role: 'assistant', content: 'Hello.' },
            { role: 'user', content: 'More' },
          ],
        },
      },
    });
  });

  it('opens the first user turn with the system text on versions without a system role', () => {
    const body = toSparkChat(chat({ system: ['Be brief.'] }), { appId: 'a', domain: 'lite', system: false });
    expect(body).toEqual({ header: { app_id: 'a' }, parameter: { chat: { domain: 'lite' } }, payload: { message: { text: [{ role: 'user', content: 'Be brief.\n\nHi' }] } } });
  });
});

describe('Spark answer frames', () => {
  it('collects a whole answer: text in order, the last frame ends it with its payload.usage.text', () => {
    const r = fromSparkFrames([frame(0, 'Hel'), frame(1, 'lo'), frame(2, '!', USAGE)], 'SparkDesk-v3.5');
    expect(r).toEqual({
      kind: 'answer',
      answer: { id: 'cht000cb087@dx18793cd421fb894542', model: 'SparkDesk-v3.5', parts: [{ type: 'text', text: 'Hello!' }], finishReason: 'stop', usage: expect.objectContaining({ promptTokens: 5, completionTokens: 9 }) },
    });
  });

  it('reads an error frame, an answer cut before its last frame, and garbage', () => {
    expect(fromSparkFrames([ERROR], 'm')).toEqual({ kind: 'error', error: { code: 10013, message: 'input content is not compliant', sid: 'cht000' } });
    expect(fromSparkFrames([frame(0, 'Hel')], 'm')).toEqual({ kind: 'incomplete' });
    expect(fromSparkFrames(['not json'], 'm')).toEqual({ kind: 'malformed' });
    expect(isLastSparkFrame(frame(1, 'x'))).toBe(false);
    expect(isLastSparkFrame(frame(2, 'x', USAGE))).toBe(true);
    expect(isLastSparkFrame(ERROR)).toBe(true);
    expect(isLastSparkFrame('garbage')).toBe(false);
  });

  it('decodes a stream: start on the first frame, text per frame, finish, usage and end on the last', () => {
    const d = new SparkStreamDecoder('SparkDesk-v3.5');
    expect(d.push(frame(0, 'Hel'))).toEqual({ kind: 'parts', parts: [{ type: 'start', id: 'cht000cb087@dx18793cd421fb894542', model: 'SparkDesk-v3.5' }, { type: 'text', text: 'Hel' }], text: 'Hel', usage: null, finish: null, done: false });
    expect(d.push(frame(1, 'lo'))).toMatchObject({ parts: [{ type: 'text', text: 'lo' }], done: false });
    const last = d.push(frame(2, '', USAGE));
    expect(last).toMatchObject({ kind: 'parts', text: '', finish: 'stop', done: true, usage: { promptTokens: 5, completionTokens: 9 } });
    expect(last.kind === 'parts' && last.parts.map((p) => p.type)).toEqual(['finish', 'usage', 'end']);
    expect(d.push(ERROR)).toEqual({ kind: 'error', error: { code: 10013, message: 'input content is not compliant', sid: 'cht000' } });
    expect(d.push('{"nope":1}')).toEqual({ kind: 'malformed' });
  });
});
