import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { nowSeconds } from '../../common/sql';
import { GroupsService } from '../../options/groups.service';
import { OptionsService } from '../../options/options.service';
import { RateLimiter } from '../../rate-limit/rate-limiter.service';
import { EventBus } from '../../redis/event-bus.service';
import { NEVER_EXPIRES, TOKEN_DISABLED, TOKEN_ENABLED, TOKEN_EXHAUSTED, TOKEN_EXPIRED } from '../../tokens/token.entity';
import { splitTokenKey } from '../../tokens/token-key';
import { TokensService, type TokenAuthView } from '../../tokens/tokens.service';
import { USER_ENABLED, UsersService } from '../../users/users.service';
import { IpAllowList, presentedGeminiKey, presentedKey } from '../pipeline/credentials';
import { RelayError, unavailableOnFailure } from './relay-errors';

const ROLE_ADMIN = 10;
/** Token views are kept this long unless a `tokens.changed` message drops them first. */
const TOKEN_CACHE_MS = 10_000;
/** Unknown keys are remembered briefly so a flood of bad keys does not reach the database. */
const NEGATIVE_CACHE_MS = 5_000;
const TOKEN_CACHE_MAX = 100_000;

/** Who is calling the relay, after every admission check but the per-request ones. */
export interface RelayCaller {
  userId: number;
  username: string;
  role: number;
  /** null for the console playground (session auth): no token cap. */
  token: TokenAuthView | null;
  /** The using group: the token's, or the user's when the token names none (playground: the body's). */
  group: string;
  /** The token's model limits; null when it has none. */
  allowedModels: ReadonlySet<string> | null;
  /** `sk-KEY-CHANNELID`, admins only. */
  pinnedChannelId: number | null;
  /** Socket address, or the forwarded one when the peer is a trusted proxy (Fastify's request.ip). */
  clientIp: string;
}

interface CachedToken {
  view: TokenAuthView | null;
  ips: IpAllowList | null;
  models: ReadonlySet<string> | null;
  at: number;
}

/**
 * Relay admission (reference §1.2, money rule 7): credentials, token state, IP allow-list, user
 * state, group; then per request the token's model limits and the rate limits. Token views are
 * cached in memory for a few seconds and dropped at once on every node when a token changes.
 */
@Injectable()
export class RelayAuthService implements OnModuleInit, OnModuleDestroy {
  private readonly cache = new Map<string, CachedToken>();
  /**
   * Token reads in flight, by key: when a cached entry expires, every request of that moment
   * waits for one read instead of sending its own (at 256 concurrent streams, 50 to 120 reads at
   * once filled the pool and held up the ledger's holds behind them).
   */
  private readonly reading = new Map<string, Promise<TokenAuthView | null>>();
  private groupMemo: { generation: number; refs: unknown[]; hits: Map<string, boolean> } | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly tokens: TokensService,
    private readonly users: UsersService,
    private readonly groups: GroupsService,
    private readonly options: OptionsService,
    private readonly limiter: RateLimiter,
    private readonly bus: EventBus,
  ) {}

  onModuleInit(): void {
    this.unsubscribe = this.bus.on('tokens.changed', ({ ids }) => {
      const drop = new Set(ids);
      for (const [key, entry] of this.cache) if (entry.view === null || drop.has(entry.view.id)) this.cache.delete(key);
      // A read begun before the change is not shared with requests after it.
      this.reading.clear();
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  /** Token checks in the reference's order, each with its status and code. */
  async authenticate(req: FastifyRequest, options: { fresh?: boolean; gemini?: boolean } = {}): Promise<RelayCaller> {
    // Gemini-native paths also take `x-goog-api-key` and `?key=`.
    const raw = options.gemini ? presentedGeminiKey(req.headers, req.url) : presentedKey(req.headers);
    if (raw === null) throw new RelayError('missing_api_key', 'relay.missing_api_key', 401);
    const { key, channelId } = splitTokenKey(raw);
    const fresh = options.fresh === true;
    // A cached view (the usual case) is used at once: no read, no promise on the way.
    const entry = (fresh ? undefined : this.cachedToken(key, Date.now())) ?? (await unavailableOnFailure(this.token(key, fresh)));
    const t = entry.view;
    if (!t) throw new RelayError('invalid_api_key', 'relay.invalid_api_key', 401);
    switch (t.status) {
      case TOKEN_ENABLED:
        break;
      case TOKEN_DISABLED:
        throw new RelayError('token_disabled', 'relay.token_disabled', 401);
      case TOKEN_EXPIRED:
        throw new RelayError('token_expired', 'relay.token_expired', 401);
      case TOKEN_EXHAUSTED:
        throw new RelayError('token_quota_exhausted', 'relay.token_exhausted', 403);
      default:
        throw new RelayError('token_disabled', 'relay.token_disabled', 401);
    }
    const clientIp = req.ip;
    if (entry.ips && !entry.ips.allows(clientIp)) throw new RelayError('ip_not_allowed', 'relay.ip_not_allowed', 403, { ip: clientIp.slice(0, 64) });

    const user = this.users.cachedAuthSnapshot(t.userId) ?? (await unavailableOnFailure(this.users.authSnapshot(t.userId)));
    if (!user || user.deleted) throw new RelayError('invalid_api_key', 'relay.invalid_api_key', 401);
    if (user.status !== USER_ENABLED) throw new RelayError('user_banned', 'relay.user_banned', 403);
    if (channelId !== null && user.role < ROLE_ADMIN) throw new RelayError('channel_pin_forbidden', 'relay.channel_pin_forbidden', 403);

    // A token without a group uses the user's own group: neither "usable" nor GroupRatio is asked
    // (new-api prices a group missing from GroupRatio at 1). Only a group the token names is checked.
    const group = t.group !== '' ? t.group : user.group;
    if (t.group !== '') this.checkGroup(user.group, group);
    return { userId: user.id, username: user.username, role: user.role, token: t, group, allowedModels: entry.models, pinnedChannelId: channelId, clientIp };
  }

  /** The playground: a signed-in user, the group from the body (one they may use) or their own, no token. */
  playground(user: { id: number; username: string; role: number; group: string }, bodyGroup: unknown, clientIp: string): RelayCaller {
    const named = typeof bodyGroup === 'string' && bodyGroup.trim() !== '' ? bodyGroup.trim().slice(0, 64) : null;
    // As for a token: only a group the body names is checked; the user's own one always serves.
    if (named !== null) this.checkGroup(user.group, named);
    const group = named ?? user.group;
    return { userId: user.id, username: user.username, role: user.role, token: null, group, allowedModels: null, pinnedChannelId: null, clientIp };
  }

  /** The token's model limits (403 `model_not_allowed`). */
  checkModel(caller: RelayCaller, model: string): void {
    if (caller.allowedModels && !caller.allowedModels.has(model)) throw new RelayError('model_not_allowed', 'relay.model_not_allowed', 403, { model: model.slice(0, 128) });
  }

  /**
   * The token's own rate limit, then the ModelRequestRateLimit* options (per user, a window of
   * DurationMinutes). Both the total and the success count are counted at admission (a request
   * refused later still counts): simple, atomic, and never lets more through than configured.
   */
  /** Whether `checkRateLimits` has anything to count for this caller (false: it would return at once). */
  hasRateLimits(caller: RelayCaller): boolean {
    const t = caller.token;
    return (t !== null && t.rateLimitEnabled && t.rateLimitCount > 0) || this.options.bool('ModelRequestRateLimitEnabled');
  }

  async checkRateLimits(caller: RelayCaller): Promise<void> {
    const t = caller.token;
    if (t && t.rateLimitEnabled && t.rateLimitCount > 0) {
      const d = await this.limiter.hit('relay-token', String(t.id), { limit: t.rateLimitCount, windowSeconds: Math.max(1, t.rateLimitInterval) });
      if (!d.allowed) throw RelayError.rateLimited('relay.token_rate_limited', d.retryAfter, { count: t.rateLimitCount, seconds: t.rateLimitInterval });
    }
    if (!this.options.bool('ModelRequestRateLimitEnabled')) return;
    const minutes = Math.max(1, this.options.num('ModelRequestRateLimitDurationMinutes'));
    let total = this.options.num('ModelRequestRateLimitCount');
    let success = this.options.num('ModelRequestRateLimitSuccessCount');
    const perGroup = this.options.json<Record<string, unknown>>('ModelRequestRateLimitGroup') ?? {};
    const override = perGroup[caller.group];
    if (Array.isArray(override) && override.length >= 2) {
      const [a, b] = override.map(Number);
      if (Number.isFinite(a) && Number.isFinite(b)) {
        total = a as number;
        success = b as number;
      }
    }
    const windowSeconds = minutes * 60;
    for (const [bucket, limit] of [
      ['relay-model-total', total],
      ['relay-model-success', success],
    ] as const) {
      if (!(limit > 0)) continue;
      const d = await this.limiter.hit(bucket, String(caller.userId), { limit: Math.floor(limit), windowSeconds });
      if (!d.allowed) throw RelayError.rateLimited('relay.model_rate_limited', d.retryAfter, { count: Math.floor(limit), minutes });
    }
  }

  private checkGroup(userGroup: string, group: string): void {
    if (!this.groupUsable(userGroup, group)) throw new RelayError('group_forbidden', 'relay.group_forbidden', 403, { group: group.slice(0, 64) });
  }

  /** canUse + "still has a ratio", memoised until one of the group options changes (new parsed objects). */
  private groupUsable(userGroup: string, group: string): boolean {
    // While no option changed (the options' generation), the parsed objects are the same ones.
    const generation = this.options.generation;
    if (!this.groupMemo || this.groupMemo.generation !== generation) {
      const refs = [
        this.options.json<unknown>('UserUsableGroups'),
        this.options.json<unknown>('HiddenGroups'),
        this.options.json<unknown>('GroupDisplayNames'),
        this.options.json<unknown>('GroupRatio'),
      ];
      if (!this.groupMemo || this.groupMemo.refs.some((r, i) => r !== refs[i])) this.groupMemo = { generation, refs, hits: new Map() };
      else this.groupMemo.generation = generation;
    }
    const key = `${userGroup}\u0000${group}`;
    let ok = this.groupMemo.hits.get(key);
    if (ok === undefined) {
      ok = this.groups.canUse(userGroup, group) && group in this.groups.ratios();
      if (this.groupMemo.hits.size >= TOKEN_CACHE_MAX) this.groupMemo.hits.clear();
      this.groupMemo.hits.set(key, ok);
    }
    return ok;
  }

  /** The cached entry of this key while it may be used as it is (see `token`); undefined when it must be read. */
  private cachedToken(key: string, now: number): CachedToken | undefined {
    const hit = this.cache.get(key);
    if (!hit) return undefined;
    const ttl = hit.view ? TOKEN_CACHE_MS : NEGATIVE_CACHE_MS;
    const v = hit.view;
    // A cached enabled token past its expiry is read again so the expiry is recorded.
    const expired = v !== null && v.status === TOKEN_ENABLED && v.expiredTime !== NEVER_EXPIRES && v.expiredTime <= nowSeconds();
    return now - hit.at < ttl && !expired ? hit : undefined;
  }

  /** Keyed by the presented key itself (this process holds decrypted keys anyway): no hash per request. */
  private async token(key: string, fresh: boolean): Promise<CachedToken> {
    const now = Date.now();
    const hit = fresh ? undefined : this.cachedToken(key, now);
    if (hit) return hit;
    let read = fresh ? undefined : this.reading.get(key);
    if (!read) {
      read = this.tokens.authenticate(key);
      if (!fresh) {
        const shared = read;
        this.reading.set(key, shared);
        const done = (): void => {
          if (this.reading.get(key) === shared) this.reading.delete(key);
        };
        shared.then(done, done);
      }
    }
    const view = await read;
    const entry: CachedToken = {
      view,
      ips: view && view.ipLimits.length > 0 ? new IpAllowList(view.ipLimits) : null,
      models: view && view.modelLimitsEnabled ? new Set(view.modelLimits) : null,
      at: now,
    };
    if (this.cache.size >= TOKEN_CACHE_MAX) this.cache.clear();
    this.cache.set(key, entry);
    return entry;
  }
}
