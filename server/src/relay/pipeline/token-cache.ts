import type { ChannelContext, TokenAnswer, TokenExchangeCapability, UpstreamRequest, UpstreamResponse } from '../adaptors/types';
import { transportFailure } from '../../wire/canonical/errors';

/** A token is dropped this long before it expires, so no call leaves with one about to lapse. */
export const TOKEN_REFRESH_MARGIN_MS = 60_000;
/** Credentials remembered at most (one per channel key in practice). */
const MAX_ENTRIES = 1_000;

/** Sends the exchange request; throws on a transport failure (connect, timeout, blocked address). */
export type TokenRunner = (req: UpstreamRequest) => Promise<UpstreamResponse>;

/**
 * Access tokens of channels whose adaptor declares a token exchange (Vertex AI), per credential,
 * until `TOKEN_REFRESH_MARGIN_MS` before they expire. Concurrent requests for one credential
 * share one exchange in flight; a failed exchange is not cached (the next request tries again).
 */
export class TokenCache {
  private readonly tokens = new Map<string, { token: string; expiresAt: number }>();
  private readonly pending = new Map<string, Promise<TokenAnswer>>();

  constructor(private readonly now: () => number = Date.now) {}

  get(cap: TokenExchangeCapability, ctx: ChannelContext, run: TokenRunner): Promise<TokenAnswer> {
    const key = cap.cacheKey(ctx);
    const hit = this.tokens.get(key);
    if (hit && hit.expiresAt - TOKEN_REFRESH_MARGIN_MS > this.now()) {
      return Promise.resolve({ ok: true, token: hit.token, expiresInSeconds: Math.floor((hit.expiresAt - this.now()) / 1000) });
    }
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const p = this.exchange(cap, ctx, run, key).finally(() => this.pending.delete(key));
    this.pending.set(key, p);
    return p;
  }

  /** Credentials with a token cached now. */
  get size(): number {
    return this.tokens.size;
  }

  private async exchange(cap: TokenExchangeCapability, ctx: ChannelContext, run: TokenRunner, key: string): Promise<TokenAnswer> {
    const startedAt = this.now();
    let res: UpstreamResponse;
    try {
      res = await run(cap.buildRequest(ctx, Math.floor(startedAt / 1000)));
    } catch {
      return { ok: false, failure: { ...transportFailure('connect'), message: 'could not reach the token endpoint' } };
    }
    const answer = cap.parseResponse(res, ctx);
    if (!answer.ok) return answer;
    // The lifetime counts from when the exchange was sent: the clock ran while it travelled.
    const expiresAt = startedAt + answer.expiresInSeconds * 1000;
    this.tokens.delete(key);
    if (this.tokens.size >= MAX_ENTRIES) {
      const oldest = this.tokens.keys().next().value;
      if (oldest !== undefined) this.tokens.delete(oldest);
    }
    this.tokens.set(key, { token: answer.token, expiresAt });
    return answer;
  }
}
