import { EventStreamCodec, type MessageHeaders } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { parseChatRequest } from '../../../wire/openai-chat/parse';
import type { JsonObject } from '../../../wire/canonical/json';
import type { StreamStep } from '../../../wire/canonical/response';
import { AwsEventStreamDecoder } from '../../../wire/framing/eventstream/aws-event-stream';
import { encodeAnswer } from '../../../wire/format';
import { openAIChatFormat } from '../../../wire/openai-chat';
import { context, fixtureJson, fixtureText, response } from '../__fixtures__/replay';
import { awsClaudeAdaptor } from './aws-claude.adaptor';
import { AwsCredentialsError, parseAwsCredentials } from './credentials';
import { bedrockModelId } from './models';

const DIR = __dirname;
const AK = 'AKIAIOSFODNN7EXAMPLE';
const SK = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const API_KEY = 'ABSKQmVkcm9ja0FQSUtleS1leGFtcGxlLWtleQ==';
const ctx = context(33, { key: `${AK}|${SK}|us-east-1`, upstreamModel: 'claude-sonnet-4-20250514' });
const chat = (extra: Record<string, unknown> = {}) => parseChatRequest({ model: 'claude-sonnet-4-20250514', messages: [{ role: 'user', content: 'hi' }], ...extra });
const codec = new EventStreamCodec(toUtf8, fromUtf8);
const str = (value: string) => ({ type: 'string' as const, value });

function chunkFrame(event: unknown): Uint8Array {
  const headers: MessageHeaders = { ':event-type': str('chunk'), ':content-type': str('application/json'), ':message-type': str('event') };
  return codec.encode({ headers, body: fromUtf8(JSON.stringify({ bytes: Buffer.from(JSON.stringify(event)).toString('base64') })) });
}

function exceptionFrame(type: string, message: string): Uint8Array {
  const headers: MessageHeaders = { ':exception-type': str(type), ':content-type': str('application/json'), ':message-type': str('exception') };
  return codec.encode({ headers, body: fromUtf8(JSON.stringify({ message })) });
}

/** The bytes through the relay's framing in uneven pieces, then the adaptor's stream parser. */
function replay(bytes: Buffer, parse: (e: { event: string | null; data: string; id: string | null }) => StreamStep): StreamStep[] {
  const d = new AwsEventStreamDecoder({ maxEventBytes: 1 << 20 });
  const steps: StreamStep[] = [];
  for (let at = 0, size = 1; at < bytes.length; at += size, size = (size % 17) + 1) for (const e of d.push(bytes.subarray(at, at + size))) steps.push(parse(e));
  return steps;
}

describe('AWS Claude credentials and model ids', () => {
  it('reads AK|SK|Region (and a session token as a fourth part); malformed keys never echo the secret', () => {
    expect(parseAwsCredentials(` ${AK}|${SK}|eu-west-1 `)).toEqual({ kind: 'sigv4', accessKeyId: AK, secretAccessKey: SK, region: 'eu-west-1', sessionToken: null });
    expect(parseAwsCredentials(`${AK}|${SK}|us-west-2|FwoGZXIvYXdzEJr`)).toMatchObject({ kind: 'sigv4', sessionToken: 'FwoGZXIvYXdzEJr' });
    expect(parseAwsCredentials(`${API_KEY}|us-east-1`)).toEqual({ kind: 'api_key', apiKey: API_KEY, region: 'us-east-1' });
    for (const bad of [`${AK}|${SK}`, `${API_KEY}|nowhere`, 'short|us-east-1', `${AK}||us-east-1`, `${AK}|${SK}|nowhere`, `lower|${SK}|us-east-1`]) {
      expect(() => parseAwsCredentials(bad)).toThrow(AwsCredentialsError);
      try {
        parseAwsCredentials(bad);
      } catch (e) {
        expect((e as Error).message).not.toContain(SK);
      }
    }
  });

  it('maps Anthropic names to Bedrock ids with the cross-region prefix of the region geography when the model has one', () => {
    expect(bedrockModelId('claude-sonnet-4-20250514', 'us-east-1')).toBe('us.anthropic.claude-sonnet-4-20250514-v1:0');
    expect(bedrockModelId('claude-sonnet-4-20250514', 'eu-central-1')).toBe('eu.anthropic.claude-sonnet-4-20250514-v1:0');
    expect(bedrockModelId('claude-haiku-4-5-20251001', 'ap-northeast-1')).toBe('apac.anthropic.claude-haiku-4-5-20251001-v1:0');
    // No EU profile for this one, none at all in GovCloud: the plain id.
    expect(bedrockModelId('claude-3-5-haiku-20241022', 'eu-west-1')).toBe('anthropic.claude-3-5-haiku-20241022-v1:0');
    expect(bedrockModelId('claude-3-haiku-20240307', 'us-gov-west-1')).toBe('anthropic.claude-3-haiku-20240307-v1:0');
    expect(bedrockModelId('claude-2.1', 'us-east-1')).toBe('anthropic.claude-v2:1');
    // Already a Bedrock id (or an ARN): as it is.
    expect(bedrockModelId('eu.anthropic.claude-3-7-sonnet-20250219-v1:0', 'eu-west-1')).toBe('eu.anthropic.claude-3-7-sonnet-20250219-v1:0');
  });
});

describe('AWS Claude adaptor (type 33): OpenAI chat to Bedrock InvokeModel', () => {
  it('invoke / invoke-with-response-stream on the region endpoint, the Messages body without model and stream, bedrock-2023-05-31', () => {
    const whole = awsClaudeAdaptor.buildTextRequest(chat({ messages: [{ role: 'system', content: 'Be terse.' }, { role: 'user', content: 'hi' }] }), ctx);
    expect(whole).toMatchObject({ method: 'POST', url: 'https://bedrock-runtime.us-east-1.amazonaws.com/model/us.anthropic.claude-sonnet-4-20250514-v1%3A0/invoke', expect: 'json' });
    expect(JSON.parse(whole.body as string)).toEqual({
      anthropic_version: 'bedrock-2023-05-31',
      max_tokens: 8192,
      system: [{ type: 'text', text: 'Be terse.' }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    });
    const streamed = awsClaudeAdaptor.buildTextRequest(chat({ stream: true }), { ...ctx, baseUrl: 'http://127.0.0.1:9/' });
    expect(streamed).toMatchObject({ url: 'http://127.0.0.1:9/model/us.anthropic.claude-sonnet-4-20250514-v1%3A0/invoke-with-response-stream', expect: 'aws-eventstream' });
    expect(streamed.headers).toMatchObject({ Accept: 'application/vnd.amazon.eventstream' });
    expect(JSON.parse(streamed.body as string)).not.toHaveProperty('stream');
    // A malformed key is a channel problem (a plain error: the relay tries another channel).
    expect(() => awsClaudeAdaptor.buildTextRequest(chat(), { ...ctx, key: 'sk-not-aws' })).toThrow(AwsCredentialsError);
  });

  it('signs with SigV4 for the clock given: the same clock signs the same, another body or clock does not; no host header is returned', async () => {
    const sign = awsClaudeAdaptor.signRequest;
    if (!sign) throw new Error('type 33 must sign');
    const req = awsClaudeAdaptor.buildTextRequest(chat(), ctx);
    const now = new Date('2025-11-26T04:00:00Z');
    const a = await sign(req, ctx, now);
    expect(a.headers['x-amz-date']).toBe('20251126T040000Z');
    expect(a.headers.authorization).toMatch(
      new RegExp(`^AWS4-HMAC-SHA256 Credential=${AK}/20251126/us-east-1/bedrock/aws4_request, SignedHeaders=accept;content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$`),
    );
    expect(Object.keys(a.headers).map((k) => k.toLowerCase())).not.toContain('host');
    expect(a.body).toBe(req.body);
    expect((await sign(req, ctx, now)).headers.authorization).toBe(a.headers.authorization);
    expect((await sign({ ...req, body: '{"x":1}' }, ctx, now)).headers.authorization).not.toBe(a.headers.authorization);
    expect((await sign(req, ctx, new Date('2025-11-26T04:00:01Z'))).headers.authorization).not.toBe(a.headers.authorization);
    const temp = { ...ctx, key: `${AK}|${SK}|us-east-1|FwoGZXIvYXdzEJr` };
    expect((await sign(req, temp, now)).headers['x-amz-security-token']).toBe('FwoGZXIvYXdzEJr');
    // A Bedrock API key: a Bearer token, no SigV4.
    const bearer = await sign(req, { ...ctx, key: `${API_KEY}|us-east-1` }, now);
    expect(bearer.headers).toMatchObject({ Authorization: `Bearer ${API_KEY}` });
    expect(bearer.headers).not.toHaveProperty('x-amz-date');
  });

  it('the InvokeModel answer (the Anthropic message) becomes a canonical answer with the upstream usage (an OpenAI chat completion from the chat format)', () => {
    const parsed = awsClaudeAdaptor.parseTextResponse(chat(), response(fixtureText(DIR, 'invoke-response.json')), ctx);
    expect(parsed).toMatchObject({ ok: true, answer: { finishReason: 'stop' } });
    const encoded = encodeAnswer(openAIChatFormat, chat(), parsed);
    if (!parsed.ok || !encoded.ok) throw new Error('expected ok');
    expect(JSON.parse(encoded.clientBody)).toMatchObject({ object: 'chat.completion', choices: [{ message: { content: 'Hello! How can I help you today?' }, finish_reason: 'stop' }] });
    expect(parsed.usage).toMatchObject({ promptTokens: 12, completionTokens: 11 });
  });

  it('the binary event stream through the relay framing: chunks to canonical parts, finish reason and usage; an exception frame is the upstream error', () => {
    const events = fixtureJson(DIR, 'stream-events.json') as JsonObject[];
    const req = chat({ stream: true, stream_options: { include_usage: true } });
    const steps = replay(Buffer.concat(events.map(chunkFrame)), awsClaudeAdaptor.openTextStream?.(req, ctx) ?? (() => { throw new Error('no stream'); }));
    expect(steps.map((s) => s.text).join('')).toBe('Hello there!');
    expect(steps.every((s) => s.forward === null)).toBe(true);
    expect(steps.flatMap((s) => s.parts ?? []).filter((p) => p.type === 'text').map((p) => (p.type === 'text' ? p.text : '')).join('')).toBe('Hello there!');
    expect(steps.some((s) => s.finishReason === 'stop')).toBe(true);
    expect(steps.filter((s) => s.usage).at(-1)?.usage).toMatchObject({ promptTokens: 14, completionTokens: 4 });
    expect(steps.at(-1)?.done).toBe(true);

    const failed = replay(Buffer.concat([chunkFrame(events[0]), exceptionFrame('throttlingException', 'Too many tokens')]), awsClaudeAdaptor.openTextStream?.(req, ctx) ?? (() => { throw new Error('no stream'); }));
    expect(failed.at(-1)?.error).toMatchObject({ status: 429, class: 'rate_limit', retryable: true, disableChannel: false, code: 'ThrottlingException', message: 'Too many tokens' });
  });

  it.each([
    [429, 'ThrottlingException:http://internal.amazon.com/coral/com.amazon.bedrock/', 'error-throttling.json', { class: 'rate_limit', retryable: true, disableChannel: false }],
    [403, 'AccessDeniedException:http://internal.amazon.com/coral/com.amazon.bedrock/', 'error-access-denied.json', { class: 'auth', retryable: false, disableChannel: true }],
    [403, 'UnrecognizedClientException:http://internal.amazon.com/coral/com.amazon.coral.service/', 'error-unrecognized-client.json', { class: 'auth', retryable: false, disableChannel: true }],
    [400, 'ValidationException:http://internal.amazon.com/coral/com.amazon.bedrock/', 'error-validation.json', { class: 'bad_request', retryable: false, disableChannel: false }],
  ])('a %i %s maps to its class, retry and disable signal', (status, header, file, expected) => {
    const f = awsClaudeAdaptor.mapError({ status, text: fixtureText(DIR, file), headers: { 'x-amzn-errortype': header } }, ctx);
    expect(f).toMatchObject({ status, ...expected, code: header.split(':')[0] });
    expect(f.message).toBe((JSON.parse(fixtureText(DIR, file)) as { message: string }).message);
  });

  it('error text never carries the channel secret', () => {
    const f = awsClaudeAdaptor.mapError({ status: 403, text: JSON.stringify({ message: `bad secret ${SK} for ${AK}` }) }, ctx);
    expect(f.message).not.toContain(SK);
    expect(f.message).not.toContain(AK);
  });
});
