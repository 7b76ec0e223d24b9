import { createHmac } from 'node:crypto';
import { parseZhipuKey, signZhipuToken, ZhipuTokenCache } from './jwt';

/** Verifies a token the way the platform does: HS256 over header.payload with the key's secret. */
function verify(token: string, secret: string): { header: Record<string, unknown>; payload: Record<string, unknown> } | null {
  const [h, p, s] = token.split('.');
  if (!h || !p || !s) return null;
  const expected = createHmac('sha256', secret).update(`${h}.${p}`).digest('base64url');
  if (expected !== s) return null;
  return { header: JSON.parse(Buffer.from(h, 'base64url').toString()), payload: JSON.parse(Buffer.from(p, 'base64url').toString()) };
}

describe('Zhipu JWT', () => {
  it('splits id.secret keys and nothing else', () => {
    expect(parseZhipuKey('abc123.s3cr3t')).toEqual({ id: 'abc123', secret: 's3cr3t' });
    expect(parseZhipuKey('plain-key')).toBeNull();
    expect(parseZhipuKey('a.b.c')).toBeNull();
    expect(parseZhipuKey('.secret')).toBeNull();
  });

  it('signs HS256 with sign_type SIGN and millisecond claims', () => {
    const token = signZhipuToken({ id: 'abc123', secret: 's3cr3t' }, 1_700_000_000_000, 60_000);
    const out = verify(token, 's3cr3t');
    expect(out?.header).toEqual({ alg: 'HS256', sign_type: 'SIGN' });
    expect(out?.payload).toEqual({ api_key: 'abc123', exp: 1_700_000_060_000, timestamp: 1_700_000_000_000 });
    expect(verify(token, 'other')).toBeNull();
  });

  it('reuses a token until five minutes before it expires, and passes a plain key through', () => {
    let now = 1_700_000_000_000;
    const cache = new ZhipuTokenCache(() => now);
    const first = cache.bearer('abc123.s3cr3t');
    now += 24 * 60_000;
    expect(cache.bearer('abc123.s3cr3t')).toBe(first);
    now += 2 * 60_000;
    const second = cache.bearer('abc123.s3cr3t');
    expect(second).not.toBe(first);
    expect(verify(second, 's3cr3t')?.payload.timestamp).toBe(now);
    expect(cache.bearer(' plain-key ')).toBe('plain-key');
  });
});
