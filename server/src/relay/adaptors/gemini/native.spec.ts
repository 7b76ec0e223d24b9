import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseGeminiRequest } from '../../../wire/gemini/parse';
import { SseParser } from '../../../wire/framing/sse/sse-parser';
import type { ChannelContext } from '../types';
import { geminiNative } from './native';

const fixture = (name: string): string => readFileSync(join(__dirname, '__fixtures__', name), 'utf8');
const ctx: ChannelContext = { type: 24, baseUrl: 'https://g.example/', key: 'AIza-k', upstreamModel: 'gemini-2.0-flash', other: JSON.stringify({ version: 'v1' }), organization: '' };
const body = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }], safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_LOW_AND_ABOVE' }], cachedContent: 'cachedContents/abc' };

describe('Gemini native passthrough', () => {
  it('sends the body as the client wrote it, to the mapped model and the channel version, streams always as SSE', () => {
    const whole = geminiNative.buildRequest(parseGeminiRequest({ body, stream: false, sse: false }, undefined, 'public'), ctx);
    expect(whole).toMatchObject({ method: 'POST', url: 'https://g.example/v1/models/gemini-2.0-flash:generateContent', expect: 'json' });
    expect(whole.headers['x-goog-api-key']).toBe('AIza-k');
    expect(JSON.parse(String(whole.body))).toEqual(body);
    const streamed = geminiNative.buildRequest(parseGeminiRequest({ body, stream: true, sse: false }, undefined, 'public'), ctx);
    expect(streamed).toMatchObject({ url: 'https://g.example/v1/models/gemini-2.0-flash:streamGenerateContent?alt=sse', expect: 'sse' });
  });

  it('a whole answer goes to the client unchanged, its usage read for billing', () => {
    const text = fixture('generate-content-thinking.json');
    const req = parseGeminiRequest({ body, stream: false, sse: false }, undefined, 'public');
    const r = geminiNative.parseResponse(req, { status: 200, headers: {}, text, bytes: text.length }, ctx);
    expect(r.ok && r.clientBody).toBe(text);
    expect(r.ok && r.usage?.reasoningTokens).toBeGreaterThan(0);
  });

  it('stream events are forwarded as Google wrote them; the finish event ends the answer with the usage', () => {
    const req = parseGeminiRequest({ body, stream: true, sse: true }, undefined, 'public');
    const parse = geminiNative.openStream(req, ctx);
    const events = new SseParser({ maxEventBytes: 1 << 20 }).push(Buffer.from(fixture('stream-text.sse')));
    const steps = events.map(parse);
    expect(steps.map((s) => s.forward?.data)).toEqual(events.map((e) => JSON.parse(e.data)));
    expect(steps.map((s) => s.done)).toEqual([false, false, true]);
    expect(steps.at(-1)).toMatchObject({ finishReason: 'stop', usage: { promptTokens: 7, completionTokens: 6 } });
    expect(steps.map((s) => s.text).join('')).toBe('The quick brown fox jumps.');
  });

  it('with candidateCount the answer ends on the event finishing the last candidate, not the first', () => {
    const req = parseGeminiRequest({ body: { ...body, generationConfig: { candidateCount: 2 } }, stream: true, sse: true }, undefined, 'public');
    const parse = geminiNative.openStream(req, ctx);
    const steps = new SseParser({ maxEventBytes: 1 << 20 }).push(Buffer.from(fixture('stream-candidates.sse'))).map(parse);
    expect(steps.map((s) => s.done)).toEqual([false, false, true]);
    expect(steps.map((s) => s.finishReason)).toEqual([null, null, 'stop']);
    expect(steps.map((s) => s.text)).toEqual(['Rosesget_weather{"city":"Paris"}', ' are red.get_time{}', '']);
  });
});
