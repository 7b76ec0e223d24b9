import { DEFAULT_RELAY_LIMITS } from '../../../wire/canonical/limits';
import { parseGeminiRequest } from '../../../wire/gemini/parse';
import { parseMessagesRequest } from '../../../wire/anthropic-messages/parse';
import { context, fixtureText, response } from '../__fixtures__/replay';
import { awsClaudeAdaptor } from './aws-claude.adaptor';
import { bedrockFoundationModelId } from './models';

const AK = 'AKIAIOSFODNN7EXAMPLE';
const SK = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const ctx = context(33, { key: `${AK}|${SK}|us-east-1`, upstreamModel: 'claude-sonnet-4-20250514' });
const count = awsClaudeAdaptor.countTokens;

/** The InvokeModel body inside a CountTokens request. */
function invokeBody(body: string | Uint8Array | null): unknown {
  const outer = JSON.parse(String(body)) as { input: { invokeModel: { body: string } } };
  expect(Object.keys(outer.input)).toEqual(['invokeModel']);
  return JSON.parse(Buffer.from(outer.input.invokeModel.body, 'base64').toString('utf8'));
}

describe('AWS Claude token counting (Bedrock CountTokens)', () => {
  if (!count) throw new Error('AWS Claude counts tokens');

  it('counts with the foundation model id, never a cross-region profile', () => {
    expect(bedrockFoundationModelId('claude-sonnet-4-20250514')).toBe('anthropic.claude-sonnet-4-20250514-v1:0');
    expect(bedrockFoundationModelId('us.anthropic.claude-3-5-haiku-20241022-v1:0')).toBe('anthropic.claude-3-5-haiku-20241022-v1:0');
    expect(bedrockFoundationModelId('global.anthropic.claude-sonnet-4-5-20250929-v1:0')).toBe('anthropic.claude-sonnet-4-5-20250929-v1:0');
    expect(bedrockFoundationModelId('anthropic.claude-v2:1')).toBe('anthropic.claude-v2:1');
  });

  it('posts {input: {invokeModel: {body: base64}}} to /model/{id}/count-tokens; the body is the InvokeModel body with max_tokens', () => {
    const input = { body: { model: 'public', system: 'Be brief.', messages: [{ role: 'user', content: 'Hello there' }] }, anthropicVersion: null, anthropicBeta: 'context-1m-2025-08-07' };
    const req = count.buildRequest(parseMessagesRequest(input, DEFAULT_RELAY_LIMITS, { countOnly: true }), ctx);
    expect(req).toMatchObject({ method: 'POST', expect: 'json', url: 'https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-sonnet-4-20250514-v1%3A0/count-tokens' });
    expect(invokeBody(req.body)).toEqual({
      anthropic_version: 'bedrock-2023-05-31',
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'Hello there' }],
      max_tokens: 8192,
      anthropic_beta: ['context-1m-2025-08-07'],
    });
  });

  it('converts a Gemini countTokens body and keeps a client max_tokens', () => {
    const g = parseGeminiRequest({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] }, DEFAULT_RELAY_LIMITS, 'public', { countOnly: true });
    expect(invokeBody(count.buildRequest(g, ctx).body)).toEqual({ anthropic_version: 'bedrock-2023-05-31', messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }], max_tokens: 8192 });
    const m = parseMessagesRequest({ model: 'public', max_tokens: 10, messages: [{ role: 'user', content: 'Hi' }] }, DEFAULT_RELAY_LIMITS, { countOnly: true });
    expect(invokeBody(count.buildRequest(m, ctx).body)).toMatchObject({ max_tokens: 10 });
  });

  it('is SigV4-signed by the adaptor like InvokeModel', async () => {
    const m = parseMessagesRequest({ model: 'public', messages: [{ role: 'user', content: 'Hi' }] }, DEFAULT_RELAY_LIMITS, { countOnly: true });
    const sign = awsClaudeAdaptor.signRequest;
    if (!sign) throw new Error('AWS Claude signs');
    const signed = await sign(count.buildRequest(m, ctx), ctx, new Date('2026-01-02T03:04:05Z'));
    expect(signed.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE\/20260102\/us-east-1\/bedrock\/aws4_request, SignedHeaders=/);
  });

  it('reads {inputTokens}', () => {
    expect(count.parseCount(response(fixtureText(__dirname, 'count-tokens-response.json')), ctx)).toEqual({ ok: true, inputTokens: 14 });
    expect(count.parseCount(response('{"message":"odd"}'), ctx)).toMatchObject({ ok: false, failure: { status: 502 } });
  });
});
