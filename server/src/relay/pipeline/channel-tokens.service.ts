import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { OptionsService } from '../../options/options.service';
import { OutboundClient } from '../../outbound/outbound.service';
import type { ChannelContext, TokenAnswer, TokenExchangeCapability, UpstreamRequest, UpstreamResponse } from '../adaptors/types';
import { TokenCache } from './token-cache';

/** A token endpoint's answer is small; anything past this is cut (the parser then refuses it). */
const MAX_TOKEN_ANSWER_BYTES = 64 * 1024;

/**
 * The access tokens of token-exchange channels (Vertex AI today, Baidu later), one cache per node
 * shared by client requests and channel tests: a test never mints a second token for a credential
 * the relay already holds, and a token a test minted serves the next request. Exchanges go through
 * the outbound client under the private-upstream rule and the relay's header and idle timeouts.
 */
@Injectable()
export class ChannelTokens {
  private readonly cache = new TokenCache();
  private readonly timeouts: { headersMs: number; idleMs: number };

  constructor(
    private readonly outbound: OutboundClient,
    private readonly options: OptionsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.timeouts = { headersMs: config.relay.headersTimeoutMs, idleMs: config.relay.idleTimeoutMs };
  }

  /** The channel's access token: cached, or exchanged once however many callers ask at once. */
  get(cap: TokenExchangeCapability, ctx: ChannelContext): Promise<TokenAnswer> {
    return this.cache.get(cap, ctx, (upstream) => this.exchange(upstream));
  }

  /** Credentials with a token cached now. */
  get size(): number {
    return this.cache.size;
  }

  private async exchange(upstream: UpstreamRequest): Promise<UpstreamResponse> {
    const res = await this.outbound.request({
      url: upstream.url,
      method: upstream.method,
      headers: { ...upstream.headers },
      body: upstream.body,
      allowPrivate: this.options.bool('AllowPrivateUpstreamEnabled'),
      timeouts: this.timeouts,
    });
    const text = await this.outbound.readText(res, MAX_TOKEN_ANSWER_BYTES, 'truncate');
    const headers: Record<string, string | undefined> = {};
    for (const [k, v] of Object.entries(res.headers)) headers[k.toLowerCase()] = Array.isArray(v) ? v[0] : v;
    return { status: res.status, headers, text, bytes: Buffer.byteLength(text) };
  }
}
