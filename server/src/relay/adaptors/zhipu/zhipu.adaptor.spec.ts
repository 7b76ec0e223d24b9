import { createHmac } from 'node:crypto';
import { parseChatRequest } from '../../../wire/openai-chat/parse';
import { context } from '../__fixtures__/replay';
import { zhipuAdaptor } from './zhipu.adaptor';
import { signZhipuToken, zhipuBearer, ZHIPU_TOKEN_TTL_MS } from './zhipu-token';

/** Verifies a token the way the platform does: HS256 over header.payload with the key's secret. */
function verify(token: string, secret: string): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const [h, p, sig] = token.split('.');
  const expected = createHmac('sha256', secret).update(`${h}.${p}`).digest('base64url');
  expect(sig).toBe(expected);
  return { header: JSON.parse(Buffer.from(h ?? '', 'base64url').toString()), payload: JSON.parse(Buffer.from(p ?? '', 'base64url').toString()) };
}

describe('Zhipu GLM-4V (type 26)', () => {
  it('signs an id.secret key as the documented JWT (HS256, sign_type SIGN, api_key, exp and timestamp in ms)', () => {
    const now = 1_700_000_000_000;
    const { header, payload } = verify(signZhipuToken('abc123', 's3cr3t', now), 's3cr3t');
    expect(header).toEqual({ alg: 'HS256', sign_type: 'SIGN' });
    expect(payload).toEqual({ api_key: 'abc123', exp: now + ZHIPU_TOKEN_TTL_MS, timestamp: now });
  });

  it('caches a token per key until shortly before it lapses; a plain key goes as it is', () => {
    const t0 = 1_700_000_000_000;
    const first = zhipuBearer('cache-id.cache-secret', t0);
    expect(zhipuBearer('cache-id.cache-secret', t0 + 60_000)).toBe(first);
    const later = zhipuBearer('cache-id.cache-secret', t0 + ZHIPU_TOKEN_TTL_MS - 60_000);
    expect(later).not.toBe(first);
    expect(verify(later, 'cache-secret').payload.timestamp).toBe(t0 + ZHIPU_TOKEN_TTL_MS - 60_000);
    expect(zhipuBearer('plainapikey')).toBe('plainapikey');
    expect(zhipuBearer('a.b.c')).toBe('a.b.c');
  });

  it('posts chat to /api/paas/v4/chat/completions with the signed bearer, never the secret', () => {
    const ctx = context(26, { key: 'kid.ksecret', upstreamModel: 'glm-4-flash' });
    const req = zhipuAdaptor.buildTextRequest(parseChatRequest({ model: 'glm-4-flash', messages: [{ role: 'user', content: 'hi' }], stream: true }), ctx);
    expect(req.url).toBe('https://open.bigmodel.cn/api/paas/v4/chat/completions');
    const auth = req.headers.Authorization ?? '';
    expect(auth).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(auth).not.toContain('ksecret');
    expect(verify(auth.slice(7), 'ksecret').payload.api_key).toBe('kid');
    expect(JSON.parse(String(req.body))).toMatchObject({ model: 'glm-4-flash', stream: true, stream_options: { include_usage: true } });
    expect(zhipuAdaptor.embeddings?.buildRequest({ endpoint: 'embedding', model: 'embedding-2', body: { model: 'embedding-2', input: 'x' }, inputs: ['x'], inputTokenCount: 0 }, ctx).url).toBe(
      'https://open.bigmodel.cn/api/paas/v4/embeddings',
    );
  });
});
