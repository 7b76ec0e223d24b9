import { DEFAULT_RELAY_LIMITS } from '../../../wire/canonical/limits';
import { parseGeminiRequest } from '../../../wire/gemini/parse';
import { parseMessagesRequest } from '../../../wire/anthropic-messages/parse';
import { context, describeRequest, fixtureText, response } from '../__fixtures__/replay';
import { claudeAdaptor } from './claude.adaptor';

const ctx = context(14, { key: 'sk-ant-count-0123456789abcdefghij', upstreamModel: 'claude-sonnet-4-20250514' });
const count = claudeAdaptor.countTokens;

describe('Claude token counting (count_tokens)', () => {
  if (!count) throw new Error('Claude counts tokens');

  it('passes a Messages body to /v1/messages/count_tokens with the model mapped and the client headers', () => {
    const input = { body: { model: 'public', system: 'Be brief.', messages: [{ role: 'user', content: 'Hello there' }] }, anthropicVersion: '2023-06-01', anthropicBeta: 'token-counting-2024-11-01' };
    const req = describeRequest(count.buildRequest(parseMessagesRequest(input, DEFAULT_RELAY_LIMITS, { countOnly: true }), ctx));
    expect(req).toMatchObject({ method: 'POST', url: 'https://api.anthropic.com/v1/messages/count_tokens' });
    expect(req.headers).toMatchObject({ 'x-api-key': ctx.key, 'anthropic-version': '2023-06-01', 'anthropic-beta': 'token-counting-2024-11-01' });
    expect(req.body).toEqual({ model: 'claude-sonnet-4-20250514', system: 'Be brief.', messages: [{ role: 'user', content: 'Hello there' }] });
  });

  it('converts a Gemini countTokens body (wrapped or not) to the fields count_tokens takes, no max_tokens', () => {
    const body = { generateContentRequest: { model: 'models/public', contents: [{ role: 'user', parts: [{ text: 'Hello there' }] }], systemInstruction: { parts: [{ text: 'Be brief.' }] } } };
    const req = describeRequest(count.buildRequest(parseGeminiRequest(body, DEFAULT_RELAY_LIMITS, 'public', { countOnly: true }), ctx));
    expect(req.body).toEqual({ model: 'claude-sonnet-4-20250514', system: [{ type: 'text', text: 'Be brief.' }], messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello there' }] }] });
    expect(req.headers).toMatchObject({ 'anthropic-version': '2023-06-01' });
  });

  it('reads {input_tokens}; anything else is an upstream failure, never a count', () => {
    expect(count.parseCount(response(fixtureText(__dirname, 'count-tokens-response.json')), ctx)).toEqual({ ok: true, inputTokens: 2095, wire: 'messages' });
    expect(count.parseCount(response('{"type":"message"}'), ctx)).toMatchObject({ ok: false, failure: { status: 502, retryable: false } });
    expect(count.parseCount(response('{"input_tokens": -1}'), ctx).ok).toBe(false);
  });
});
