import type { ChannelContext, TokenExchangeCapability, UpstreamRequest, UpstreamResponse } from '../adaptors/types';
import { TOKEN_REFRESH_MARGIN_MS, TokenCache } from './token-cache';

const ctx: ChannelContext = { type: 1, baseUrl: '', key: 'credential-a', upstreamModel: 'm', other: '', organization: '' };

/** An exchange whose answer the test decides; counts the requests it built. */
function capability(expiresIn: number): TokenExchangeCapability & { built: number[] } {
  const built: number[] = [];
  return {
    built,
    cacheKey: (c) => `k:${c.key}`,
    buildRequest: (_c, now) => {
      built.push(now);
      return { method: 'POST', url: 'https://token.example/token', headers: {}, body: `now=${now}`, expect: 'json' };
    },
    parseResponse: (res) => {
      if (res.status !== 200) return { ok: false, failure: { class: 'auth', retryable: false, disableChannel: true, status: 401, code: 'invalid_grant', type: null, message: 'refused', retryAfterSeconds: null } };
      return { ok: true, token: res.text, expiresInSeconds: expiresIn };
    },
  };
}

function answer(status: number, text: string): UpstreamResponse {
  return { status, headers: {}, text, bytes: text.length };
}

describe('TokenCache', () => {
  it('makes one exchange for concurrent requests of one credential and reuses the token', async () => {
    let now = 1_700_000_000_000;
    const cache = new TokenCache(() => now);
    const cap = capability(3600);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let sent = 0;
    const run = async (_req: UpstreamRequest) => {
      sent += 1;
      await gate;
      return answer(200, `token-${sent}`);
    };
    const all = Promise.all(Array.from({ length: 20 }, () => cache.get(cap, ctx, run)));
    release();
    const answers = await all;
    expect(sent).toBe(1);
    expect(answers.every((a) => a.ok && a.token === 'token-1')).toBe(true);
    expect(cap.built).toEqual([1_700_000_000]);

    now += 3600_000 - TOKEN_REFRESH_MARGIN_MS - 1;
    expect(await cache.get(cap, ctx, run)).toMatchObject({ ok: true, token: 'token-1' });
    expect(sent).toBe(1);
  });

  it('exchanges again once the token is within the margin of its expiry', async () => {
    let now = 1_000_000;
    const cache = new TokenCache(() => now);
    const cap = capability(3600);
    let sent = 0;
    const run = async () => answer(200, `token-${++sent}`);
    await cache.get(cap, ctx, run);
    now += 3600_000 - TOKEN_REFRESH_MARGIN_MS;
    expect(await cache.get(cap, ctx, run)).toMatchObject({ ok: true, token: 'token-2' });
    expect(cap.built).toEqual([1000, 1000 + 3600 - TOKEN_REFRESH_MARGIN_MS / 1000]);
  });

  it('keeps credentials apart and never caches a failure', async () => {
    const cache = new TokenCache(() => 5_000_000);
    const cap = capability(3600);
    const statuses = [400, 200];
    const run = async () => answer(statuses.shift() ?? 500, 'tok');
    expect(await cache.get(cap, ctx, run)).toMatchObject({ ok: false, failure: { code: 'invalid_grant' } });
    expect(await cache.get(cap, ctx, run)).toMatchObject({ ok: true, token: 'tok' });
    const other = await cache.get(cap, { ...ctx, key: 'credential-b' }, async () => answer(200, 'tok-b'));
    expect(other).toMatchObject({ ok: true, token: 'tok-b' });
    expect(cache.size).toBe(2);
  });

  it('turns an unreachable token endpoint into a retryable connect failure', async () => {
    const cache = new TokenCache();
    const r = await cache.get(capability(3600), ctx, () => Promise.reject(new Error('ECONNREFUSED')));
    expect(r).toMatchObject({ ok: false, failure: { retryable: true, status: 502, message: 'could not reach the token endpoint' } });
  });
});
