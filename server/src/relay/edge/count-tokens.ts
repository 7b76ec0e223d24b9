import { estimatePromptTokens } from '../../billing/estimate';
import type { OptionsService } from '../../options/options.service';
import type { OutboundClient } from '../../outbound/outbound.service';
import { ADAPTORS, unsupportedEndpoint } from '../adaptors/registry';
import { isRelayChannelType } from '../adaptors/channel-types';
import type { Adaptor, CountTokensCapability, CountTokensRequest, TokenAnswer, TokenExchangeCapability, ChannelContext } from '../adaptors/types';
import type { JsonObject } from '../../wire/canonical/json';
import { DEFAULT_RELAY_LIMITS } from '../../wire/canonical/limits';
import { parseGeminiRequest } from '../../wire/gemini/parse';
import { parseMessagesRequest } from '../../wire/anthropic-messages/parse';
import type { CanonicalRequest } from '../../wire/canonical/request';
import { ENDPOINTS, type EndpointOps } from '../pipeline/endpoints';
import type { ClientExchange } from '../pipeline/exchange';
import type { Failover } from '../pipeline/failover';
import type { RelayAuthService, RelayCaller } from './relay-auth.service';
import { runAttempt, type AttemptLimits } from '../pipeline/upstream-attempt';
import { HeldRequest } from '../pipeline/held-request';

/**
 * Token counting, `POST /v1/messages/count_tokens` and Gemini's `POST /v1beta/models/{model}:countTokens`:
 * free (no hold, no consume log, no quota), admitted like a relayed call (model limits, rate
 * limits). The channel the relay would pick for the model answers it when its adaptor counts
 * (`Adaptor.countTokens`: Claude, Gemini, AWS Claude, Vertex), through the relay's own attempt
 * path (`Failover.run`: `prepare` with the model mapping and the token exchange, `runAttempt` with
 * signing, the address policy, timeouts, error parsing, status_code_mapping and health reports);
 * any other channel type gets the gateway's local estimate, as the hold would count it, and so
 * does a channel whose provider says it cannot count the call (`cannotCount`: Bedrock for some
 * models, or for a credential without the CountTokens permission). The
 * answer is in the caller's format whatever the upstream's: `{input_tokens}` or `{totalTokens}`.
 */

export interface CountTokensDeps {
  auth: RelayAuthService;
  failover: Failover;
  outbound: OutboundClient;
  options: OptionsService;
  limits: AttemptLimits;
  totalTimeoutMs: number;
  retryWindowMs: number;
  authorize(exchange: TokenExchangeCapability, ctx: ChannelContext): Promise<TokenAnswer>;
}

/** The caller's format: how its count request is parsed and its answer written. */
interface CountFormat {
  readonly ops: EndpointOps;
  answer(tokens: number): JsonObject;
}

function countRequest(req: CanonicalRequest): CountTokensRequest {
  if (req.endpoint !== 'messages' && req.endpoint !== 'gemini') throw new Error(`count of a ${req.endpoint} request`);
  return req;
}

function capability(a: Adaptor): CountTokensCapability {
  if (!a.countTokens) throw unsupportedEndpoint(a.type, 'count_tokens');
  return a.countTokens;
}

/** The endpoint row of the caller's format (its error shape), with the count calls in place of generation. */
function countFormat(base: EndpointOps, path: string, wire: 'messages' | 'gemini', answer: (tokens: number) => JsonObject): CountFormat {
  const ops: EndpointOps = {
    ...base,
    path,
    build: (a, req, ctx) => capability(a).buildRequest(countRequest(req), ctx),
    parseResponse: (a, _req, res, ctx) => {
      const counted = capability(a).parseCount(res, ctx);
      if (!counted.ok) return counted;
      // The provider answered in the caller's own format (Gemini to Gemini, Claude to Anthropic): as it wrote it.
      const body = counted.wire === wire ? res.text : JSON.stringify(answer(counted.inputTokens));
      return { ok: true, clientBody: body, usage: null, finishReason: null, outputText: '', toolCalls: 0 };
    },
  };
  return { ops, answer };
}

const MESSAGES_COUNT = countFormat(ENDPOINTS.messages, '/v1/messages/count_tokens', 'messages', (n) => ({ input_tokens: n }));
const GEMINI_COUNT = countFormat(ENDPOINTS.gemini, '/v1beta/models/{model}:countTokens', 'gemini', (n) => ({ totalTokens: n }));

export class TokenCounting {
  constructor(private readonly d: CountTokensDeps) {}

  /** `POST /v1/messages/count_tokens` (an Anthropic Messages body without max_tokens). */
  messages(x: ClientExchange, caller: RelayCaller, input: unknown): Promise<void> {
    return this.count(x, caller, parseMessagesRequest(input, DEFAULT_RELAY_LIMITS, { countOnly: true }), MESSAGES_COUNT);
  }

  /** `POST /v1beta/models/{model}:countTokens` (`{contents}` or `{generateContentRequest}`). */
  gemini(x: ClientExchange, caller: RelayCaller, body: unknown, model: string): Promise<void> {
    return this.count(x, caller, parseGeminiRequest({ body, stream: false, sse: false }, DEFAULT_RELAY_LIMITS, model, { countOnly: true }), GEMINI_COUNT);
  }

  private async count(x: ClientExchange, caller: RelayCaller, req: CountTokensRequest, format: CountFormat): Promise<void> {
    this.d.auth.checkModel(caller, req.model);
    await this.d.auth.checkRateLimits(caller);
    const first = await this.d.failover.firstChannel(caller.group, req.model, caller.pinnedChannelId);
    // The gateway's own count, as the hold would make it.
    const answerEstimate = (): void => x.sendJson(200, format.answer(estimatePromptTokens(req)));
    if (!(isRelayChannelType(first.channel.type) && ADAPTORS[first.channel.type].countTokens)) {
      answerEstimate();
      return;
    }
    const allowPrivate = this.d.options.bool('AllowPrivateUpstreamEnabled');
    const request = new HeldRequest(req);
    const result = await this.d.failover.run({
      exchange: x,
      ops: format.ops,
      request,
      group: caller.group,
      pinned: first.pinned ? first.channel : null,
      first: first.channel,
      // The channel picked decides between the provider's count and the estimate; a count that
      // fails is answered (the client may ask again) rather than retried on a channel that may not count.
      retryTimes: 0,
      retryWindowMs: this.d.retryWindowMs,
      authorize: this.d.authorize,
      attempt: async (_channel, adaptor, ctx, upstream) => {
        const r = await runAttempt(this.d.outbound, this.d.limits, {
          exchange: x,
          ops: format.ops,
          request,
          adaptor,
          ctx,
          upstream,
          allowPrivate,
          deadline: x.startedAt + this.d.totalTimeoutMs,
          promptEstimate: 0,
          checkpoint: () => undefined,
        });
        // The provider cannot count this (the model, or a credential without counting): the estimate,
        // as for a channel type that never counts, and nothing held against the channel.
        if (r.kind === 'failed' && r.fromStatus && !r.clientGone && capability(adaptor).cannotCount?.(r.failure)) {
          answerEstimate();
          return { kind: 'served', charge: { kind: 'nothing', reason: 'count_tokens' } };
        }
        return r;
      },
    });
    // Served: the answer went out in the attempt; counting is free, so its charge is dropped.
    if (result.kind === 'failed' && !result.clientGone) x.sendError(result.error);
  }
}
