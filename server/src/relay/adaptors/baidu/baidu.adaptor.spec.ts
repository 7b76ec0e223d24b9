import { generateKeyPairSync } from 'node:crypto';
import { TokenCache } from '../../pipeline/token-cache';
import { context, response } from '../__fixtures__/replay';
import { adaptorFor } from '../registry';
import type { UpstreamRequest } from '../types';
import { baiduAdaptor } from './baidu.adaptor';

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const VERTEX_KEY = JSON.stringify({
  type: 'service_account',
  project_id: 'proj-spec',
  private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  client_email: 'relay@proj-spec.iam.gserviceaccount.com',
  token_uri: 'https://oauth2.googleapis.com/token',
});
const BAIDU_KEY = 'baidu-ak-0123456789|baidu-sk-abcdefghij';

describe('Baidu (type 15) token exchange', () => {
  it('uses the one relay token cache with Vertex AI: each credential exchanged once, both served from the same cache', async () => {
    const cache = new TokenCache(() => 1_700_000_000_000);
    const sent: UpstreamRequest[] = [];
    const run = async (req: UpstreamRequest) => {
      sent.push(req);
      const url = new URL(req.url);
      if (url.pathname === '/oauth/2.0/token') return response(JSON.stringify({ access_token: '24.baidu-token', expires_in: 2592000, refresh_token: 'r', scope: 's', session_key: 'k', session_secret: 'x' }));
      return response(JSON.stringify({ access_token: 'ya29.vertex-token', expires_in: 3599, token_type: 'Bearer' }));
    };
    const baidu = context(15, { key: BAIDU_KEY, upstreamModel: 'ERNIE-3.5-8K' });
    const vertex = context(41, { key: VERTEX_KEY, upstreamModel: 'gemini-2.5-flash' });
    const baiduX = adaptorFor(15).tokenExchange;
    const vertexX = adaptorFor(41).tokenExchange;
    if (!baiduX || !vertexX) throw new Error('token exchange missing');
    for (let i = 0; i < 3; i++) {
      await expect(cache.get(baiduX, baidu, run)).resolves.toMatchObject({ ok: true, token: '24.baidu-token', expiresInSeconds: 2592000 });
      await expect(cache.get(vertexX, vertex, run)).resolves.toMatchObject({ ok: true, token: 'ya29.vertex-token' });
    }
    expect(sent).toHaveLength(2);
    expect(cache.size).toBe(2);
    const tokenUrl = new URL(sent[0]!.url);
    expect(tokenUrl.origin + tokenUrl.pathname).toBe('https://aip.baidubce.com/oauth/2.0/token');
    expect(Object.fromEntries(tokenUrl.searchParams)).toEqual({ grant_type: 'client_credentials', client_id: 'baidu-ak-0123456789', client_secret: 'baidu-sk-abcdefghij' });
    expect(baiduX.cacheKey(baidu)).not.toContain('baidu-sk');
  });

  it('error 111 (token expired) moves the credential to a fresh cache entry, once for however many requests saw the stale token', async () => {
    const cache = new TokenCache(() => 1_700_000_000_000);
    let n = 0;
    const run = async () => response(JSON.stringify({ access_token: `24.token-${++n}`, expires_in: 2592000 }));
    const x = baiduAdaptor.tokenExchange!;
    const ctx = context(15, { key: 'ak-expiring-01|sk-expiring-01', upstreamModel: 'ERNIE-3.5-8K' });
    const first = await cache.get(x, ctx, run);
    expect(first).toMatchObject({ token: '24.token-1' });
    const stale = { ...ctx, accessToken: '24.token-1' };
    const req = { endpoint: 'chat', model: 'ERNIE-3.5-8K' } as never;
    const expired = response(JSON.stringify({ error_code: 111, error_msg: 'Access token expired' }));
    for (let i = 0; i < 3; i++) {
      const parsed = baiduAdaptor.parseTextResponse(req, expired, stale);
      expect(parsed).toMatchObject({ ok: false, failure: { class: 'auth', status: 401, retryable: true, disableChannel: false, code: '111' } });
    }
    await expect(cache.get(x, ctx, run)).resolves.toMatchObject({ token: '24.token-2' });
    await expect(cache.get(x, ctx, run)).resolves.toMatchObject({ token: '24.token-2' });
    expect(n).toBe(2);
  });

  it('an unknown client id at the token endpoint is an auth failure that disables the channel, without the secret', () => {
    const x = baiduAdaptor.tokenExchange!;
    const ctx = context(15, { key: 'ak-unknown-000|sk-unknown-000' });
    const answer = x.parseResponse(response(JSON.stringify({ error: 'invalid_client', error_description: 'unknown client id' }), 401), ctx);
    expect(answer).toMatchObject({ ok: false, failure: { class: 'auth', disableChannel: true, status: 401, code: 'invalid_client' } });
    expect(JSON.stringify(answer)).not.toContain('sk-unknown');
  });
});
