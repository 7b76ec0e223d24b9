import { oauthTokenAnswer, type OAuthTokenEndpoint } from './oauth-token';
import type { ChannelContext, UpstreamResponse } from './types';

const ctx = { key: 'client-id|very-secret-value', baseUrl: '', other: '', upstreamModel: 'm' } as unknown as ChannelContext;
const endpoint: OAuthTokenEndpoint = { type: 'test_token_error', refused: 'Test token endpoint refused the key', keyStatuses: [401, 403], secrets: () => [ctx.key, 'very-secret-value'] };
const res = (status: number, body: unknown): UpstreamResponse => {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return { status, headers: {}, text, bytes: text.length };
};

describe('oauthTokenAnswer (RFC 6749 token endpoints)', () => {
  it('reads the token and its lifetime in whole seconds', () => {
    expect(oauthTokenAnswer(res(200, { access_token: 'tok', expires_in: 3599.7, token_type: 'Bearer' }), ctx, endpoint)).toEqual({ ok: true, token: 'tok', expiresInSeconds: 3599 });
  });

  it('a key error code disables the channel, even inside a 200, and the message never carries the secret', () => {
    for (const status of [400, 200]) {
      const answer = oauthTokenAnswer(res(status, { error: 'invalid_client', error_description: 'bad secret very-secret-value' }), ctx, endpoint);
      expect(answer).toMatchObject({ ok: false, failure: { class: 'auth', disableChannel: true, retryable: false, status: 401, code: 'invalid_client', type: 'test_token_error' } });
      expect(answer.ok ? '' : answer.failure.message).toMatch(/^Test token endpoint refused the key \(invalid_client: bad secret /);
      expect(answer.ok ? '' : answer.failure.message).not.toContain('very-secret-value');
    }
  });

  it("the endpoint's key statuses disable whatever the body; other refusals are classified by status", () => {
    expect(oauthTokenAnswer(res(403, 'forbidden'), ctx, endpoint)).toMatchObject({ ok: false, failure: { class: 'auth', disableChannel: true, status: 401 } });
    expect(oauthTokenAnswer(res(429, { error: 'slow_down' }), ctx, endpoint)).toMatchObject({ ok: false, failure: { class: 'rate_limit', retryable: true, disableChannel: false, status: 429, code: 'slow_down' } });
    expect(oauthTokenAnswer(res(503, ''), ctx, endpoint)).toMatchObject({ ok: false, failure: { class: 'server', retryable: true, status: 503, message: 'Test token endpoint refused the key (HTTP 503)' } });
  });

  it('a 200 without a usable token is a bad upstream, retried elsewhere', () => {
    for (const body of [{ access_token: '', expires_in: 10 }, { access_token: 'tok' }, { access_token: 'tok', expires_in: 0 }, 'not json', { error: 'temporarily_unavailable' }]) {
      expect(oauthTokenAnswer(res(200, body), ctx, endpoint)).toMatchObject({ ok: false, failure: { class: 'server', status: 502, disableChannel: false, retryable: true } });
    }
  });
});
