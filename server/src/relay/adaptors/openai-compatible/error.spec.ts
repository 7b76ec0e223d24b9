import type { ChannelContext } from '../types';
import { classify, mapOpenAIError, withMappedStatus } from './error';

const ctx = { type: 1, baseUrl: 'https://api.openai.com', key: 'sk-channel-key-0123456789', upstreamModel: 'gpt-4o-mini', other: '', organization: '' } as ChannelContext;

function answer(status: number, error: Record<string, unknown>) {
  return mapOpenAIError({ status, text: JSON.stringify({ error }) }, ctx);
}

describe('OpenAI-wire error classification', () => {
  it('disables only on structured auth or billing signals, never on message text', () => {
    expect(classify(401, null, null)).toEqual({ class: 'auth', disableChannel: true });
    expect(classify(402, null, null)).toEqual({ class: 'billing', disableChannel: true });
    expect(classify(429, 'insufficient_quota', 'insufficient_quota')).toEqual({ class: 'billing', disableChannel: true });
    expect(classify(400, 'invalid_api_key', null)).toEqual({ class: 'auth', disableChannel: true });
    // permission_error is a model or organisation restriction, not a dead key.
    expect(classify(403, null, 'permission_error')).toEqual({ class: 'auth', disableChannel: false });
    expect(classify(429, 'rate_limit_exceeded', 'requests')).toEqual({ class: 'rate_limit', disableChannel: false });
    expect(classify(500, null, 'server_error')).toEqual({ class: 'server', disableChannel: false });
    const echoed = answer(400, { message: 'invalid api key: Incorrect API key provided', type: 'invalid_request_error', code: null });
    expect(echoed).toMatchObject({ class: 'bad_request', disableChannel: false, retryable: false });
  });

  it('scrubs the channel key from what it keeps', () => {
    const f = answer(401, { message: `Incorrect API key provided: ${ctx.key}.`, type: 'invalid_request_error', code: 'invalid_api_key' });
    expect(f).toMatchObject({ status: 401, class: 'auth', disableChannel: true, retryable: false, code: 'invalid_api_key' });
    expect(f.message).not.toContain(ctx.key);
  });
});

describe('withMappedStatus (status_code_mapping before the retry and disable decisions)', () => {
  const auth401 = answer(401, { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' });

  it('leaves an unmapped failure alone', () => {
    expect(withMappedStatus(auth401, 401)).toBe(auth401);
  });

  it('401 mapped to 500 is a retryable server error that does not disable, whatever its code says', () => {
    expect(withMappedStatus(auth401, 500)).toMatchObject({ status: 500, class: 'server', retryable: true, disableChannel: false, code: 'invalid_api_key' });
    const quota = answer(429, { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' });
    expect(withMappedStatus(quota, 503)).toMatchObject({ status: 503, class: 'server', retryable: true, disableChannel: false });
  });

  it('400 mapped to 401 with an auth code is a 401; a bare 400 mapped to 401 is not a disable', () => {
    const badKey = answer(400, { message: 'API key not valid', type: 'invalid_request_error', code: 'invalid_api_key' });
    expect(withMappedStatus(badKey, 401)).toMatchObject({ status: 401, class: 'auth', retryable: false, disableChannel: true });
    // A 400 is what any malformed user request gets: mapped, it must not let users switch channels off.
    const plain = answer(400, { message: 'invalid api key in your prompt', type: 'invalid_request_error', code: null });
    expect(withMappedStatus(plain, 401)).toMatchObject({ status: 401, class: 'auth', retryable: false, disableChannel: false });
  });

  it('a mapping can take a disable away but never create one', () => {
    // 401 mapped to 403: the mapped answer is no auth signal without a code.
    const bare401 = answer(401, { message: 'unauthorised', type: null, code: null });
    expect(withMappedStatus(bare401, 403)).toMatchObject({ status: 403, disableChannel: false, retryable: false });
    expect(withMappedStatus(auth401, 403)).toMatchObject({ status: 403, disableChannel: true });
    const permission = answer(403, { message: 'no access to this model', type: 'permission_error', code: null });
    expect(withMappedStatus(permission, 401)).toMatchObject({ status: 401, disableChannel: false });
    // 429 mapped to 400 is no longer retried (faults e2e proves it end to end).
    const busy = answer(429, { message: 'slow down', type: 'requests', code: 'rate_limit_exceeded' });
    expect(withMappedStatus(busy, 400)).toMatchObject({ status: 400, class: 'bad_request', retryable: false, disableChannel: false });
    const server = answer(500, { message: 'boom', type: 'server_error', code: null });
    expect(withMappedStatus(server, 429)).toMatchObject({ status: 429, class: 'rate_limit', retryable: true, disableChannel: false });
  });
});
