import { parseChatRequest } from '../../../wire/openai-chat/parse';
import { ChannelConfigError } from '../errors';
import { context, response } from '../__fixtures__/replay';
import { adaptorFor } from '../registry';
import { sparkAdaptor } from './spark.adaptor';

const KEY = 'app0001|c3BhcmstYXBpLXNlY3JldC0wMTIz|spark-api-key-0123456789abcdef';
const ERROR_FRAME = (code: number, message: string) => JSON.stringify({ header: { code, message, sid: 'cht000', status: 2 } });

describe('Spark adaptor (type 18)', () => {
  const chat = (body: object) => parseChatRequest({ model: 'SparkDesk-v3.5', messages: [{ role: 'user', content: 'Hi' }], ...body });

  it('is the registry entry for type 18, defaulting to the catalogue base URL as wss', () => {
    expect(adaptorFor(18)).toBe(sparkAdaptor);
    expect(sparkAdaptor.defaultBaseUrl).toBe('https://spark-api.xf-yun.com');
    const req = sparkAdaptor.buildTextRequest(chat({}), context(18, { key: KEY, upstreamModel: 'SparkDesk-v3.5' }));
    expect(req).toMatchObject({ method: 'GET', url: 'wss://spark-api.xf-yun.com/v3.5/chat', expect: 'websocket' });
    expect(JSON.parse(String(req.body))).toMatchObject({ header: { app_id: 'app0001' }, parameter: { chat: { domain: 'generalv3.5' } } });
  });

  it('turns a base URL of http into ws (keeping host, port and path), and refuses a bad key or an unknown version', () => {
    const ctx = context(18, { key: KEY, baseUrl: 'http://127.0.0.1:4567/spark/', upstreamModel: 'lite-custom', other: 'v4.0' });
    expect(sparkAdaptor.buildTextRequest(chat({}), ctx).url).toBe('ws://127.0.0.1:4567/spark/v4.0/chat');
    expect(() => sparkAdaptor.buildTextRequest(chat({}), { ...ctx, key: 'app|secret' })).toThrow(ChannelConfigError);
    expect(() => sparkAdaptor.buildTextRequest(chat({}), { ...ctx, other: 'v7.7' })).toThrow(/v7\.7.*v1\.1, v2\.1/);
  });

  it('classifies error frames by code: licence errors disable, limits retry, moderation is the request', () => {
    const ctx = context(18, { key: KEY });
    const failure = (code: number) => {
      const r = sparkAdaptor.parseTextResponse(chat({}), response(JSON.stringify([ERROR_FRAME(code, `error ${code} for ${KEY}`)])), ctx);
      if (r.ok) throw new Error('expected a failure');
      return r.failure;
    };
    expect(failure(11200)).toMatchObject({ class: 'billing', disableChannel: true, retryable: false, code: '11200', type: 'spark_error' });
    expect(failure(10016)).toMatchObject({ class: 'auth', disableChannel: true });
    expect(failure(11202)).toMatchObject({ class: 'rate_limit', status: 429, retryable: true, disableChannel: false });
    expect(failure(10013)).toMatchObject({ class: 'bad_request', status: 400, retryable: false });
    expect(failure(10012)).toMatchObject({ class: 'server', retryable: true });
    expect(failure(12345)).toMatchObject({ class: 'server', status: 502, retryable: true, disableChannel: false });
    for (const part of KEY.split('|')) expect(failure(11200).message).not.toContain(part);
  });

  it('reads a refused handshake: 401 disables, a 403 for the date does not', () => {
    const ctx = context(18, { key: KEY });
    expect(sparkAdaptor.mapError({ status: 401, text: '{"message":"HMAC signature does not match"}' }, ctx)).toMatchObject({ class: 'auth', disableChannel: true, status: 401, message: 'HMAC signature does not match' });
    expect(sparkAdaptor.mapError({ status: 403, text: '{"message":"HMAC signature cannot be verified, a valid date or x-date header is required for HMAC Authentication"}' }, ctx)).toMatchObject({ class: 'auth', disableChannel: false, status: 403 });
  });

  it('answers a whole answer from its frames; a socket closed before the last frame is a protocol failure', () => {
    const frames = [
      JSON.stringify({ header: { code: 0, message: 'Success', sid: 's1', status: 0 }, payload: { choices: { status: 0, seq: 0, text: [{ content: 'Hel', role: 'assistant', index: 0 }] } } }),
      JSON.stringify({ header: { code: 0, message: 'Success', sid: 's1', status: 2 }, payload: { choices: { status: 2, seq: 1, text: [{ content: 'lo', role: 'assistant', index: 0 }] }, usage: { text: { question_tokens: 1, prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 } } } }),
    ];
    const ctx = context(18, { key: KEY });
    expect(sparkAdaptor.parseTextResponse(chat({}), response(JSON.stringify(frames)), ctx)).toMatchObject({ ok: true, outputText: 'Hello', usage: { promptTokens: 1, completionTokens: 2 } });
    expect(sparkAdaptor.parseTextResponse(chat({}), response(JSON.stringify(frames.slice(0, 1))), ctx)).toMatchObject({ ok: false, failure: { status: 502 } });
    expect(sparkAdaptor.isLastMessage?.(frames[1] as string)).toBe(true);
  });
});
