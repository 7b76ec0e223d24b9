import { DEFAULT_RELAY_LIMITS } from '../../../wire/canonical/limits';
import { parseGeminiRequest } from '../../../wire/gemini/parse';
import { parseMessagesRequest } from '../../../wire/anthropic-messages/parse';
import { context, describeRequest, fixtureText, response } from '../__fixtures__/replay';
import { geminiAdaptor } from './gemini.adaptor';

const ctx = context(24, { key: 'AIzaSy-gemini-count-0123456789abcdef', upstreamModel: 'gemini-2.5-flash', other: 'v1' });
const count = geminiAdaptor.countTokens;
const contents = [{ role: 'user', parts: [{ text: 'Hello there' }] }];

describe('Gemini token counting (models.countTokens)', () => {
  if (!count) throw new Error('Gemini counts tokens');

  it('passes {contents} through to {version}/models/{model}:countTokens with the key in a header', () => {
    const req = describeRequest(count.buildRequest(parseGeminiRequest({ contents }, DEFAULT_RELAY_LIMITS, 'public', { countOnly: true }), ctx));
    expect(req.url).toBe('https://generativelanguage.googleapis.com/v1/models/gemini-2.5-flash:countTokens');
    expect(req.headers).toMatchObject({ 'x-goog-api-key': ctx.key });
    expect(req.body).toEqual({ contents });
  });

  it('maps the model inside a generateContentRequest', () => {
    const body = { generateContentRequest: { model: 'models/public', contents, systemInstruction: { parts: [{ text: 'Be brief.' }] } } };
    const req = describeRequest(count.buildRequest(parseGeminiRequest(body, DEFAULT_RELAY_LIMITS, 'public', { countOnly: true }), ctx));
    expect(req.body).toEqual({ generateContentRequest: { ...body.generateContentRequest, model: 'models/gemini-2.5-flash' } });
  });

  it('converts a Messages body into a generateContentRequest, so the system prompt and tools count', () => {
    const msg = parseMessagesRequest(
      { model: 'public', system: 'Be brief.', tools: [{ name: 'get_weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }], messages: [{ role: 'user', content: 'Hello there' }] },
      DEFAULT_RELAY_LIMITS,
      { countOnly: true },
    );
    const req = describeRequest(count.buildRequest(msg, ctx));
    expect(req.body).toEqual({
      generateContentRequest: {
        model: 'models/gemini-2.5-flash',
        contents,
        systemInstruction: { parts: [{ text: 'Be brief.' }] },
        tools: [{ functionDeclarations: [{ name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } }] }],
      },
    });
  });

  it('reads {totalTokens} (absent: zero, as Google leaves zero counts out); an error object is a failure', () => {
    expect(count.parseCount(response(fixtureText(__dirname, 'count-tokens-response.json')), ctx)).toEqual({ ok: true, inputTokens: 10, wire: 'gemini' });
    expect(count.parseCount(response('{}'), ctx)).toEqual({ ok: true, inputTokens: 0, wire: 'gemini' });
    expect(count.parseCount(response('{"error":{"code":400,"message":"bad","status":"INVALID_ARGUMENT"}}'), ctx)).toMatchObject({ ok: false, failure: { status: 502 } });
  });
});
