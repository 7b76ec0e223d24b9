import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomHex } from '../../../common/secrets';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { ClusterLink } from '../../../cluster/cluster-link.service';
import { OptionsService } from '../../../options/options.service';
import { RedisService } from '../../../redis/redis.service';
import type { RelayCaller } from '../../edge/relay-auth.service';
import { RelayError } from '../../edge/relay-errors';
import { groupRules, type LimitRule } from './group-rate-limits';
import { LIMIT_WINDOW_MS, LocalLimitCounters, type AdmitResult, type Scope, type ScopeState } from './local-limits';
import { ADMIT, FINISH } from './scripts';

export { LIMIT_WINDOW_MS } from './local-limits';

/** Where a ticket's counters are: Redis, the cluster primary, or this process. */
type CounterHome = 'redis' | 'cluster' | 'local';

/** OpenAI's duration format for the reset headers: `17ms`, `1s`, `6m0s`. */
export function resetText(ms: number): string {
  const v = Math.max(0, Math.ceil(ms));
  if (v < 1000) return `${v}ms`;
  const s = Math.ceil(v / 1000);
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m${s % 60}s`;
}

/** A request admitted under limits: settle once (TPM to the real usage), free the slot once. */
export class LimitTicket {
  private settled = false;
  private slotFree: boolean;

  constructor(
    private readonly owner: RelayLimits,
    readonly scopes: readonly Scope[],
    readonly rid: string,
    readonly home: CounterHome,
    readonly headers: Record<string, string>,
  ) {
    this.slotFree = !scopes.some((s) => s.rule.concurrency > 0);
  }

  /** The client left or the answer ended: the concurrency slot goes back at once. Idempotent. */
  releaseSlot(): void {
    if (this.slotFree) return;
    this.slotFree = true;
    this.owner.finish(this, -1, true);
  }

  /** The request is over: reservations become the real usage (0 when nothing was charged). Idempotent. */
  settle(actualTokens: number): void {
    if (this.settled) return;
    this.settled = true;
    const slot = !this.slotFree;
    this.slotFree = true;
    const tpm = this.scopes.some((s) => s.rule.tpm > 0);
    if (!tpm && !slot) return;
    this.owner.finish(this, tpm ? Math.max(0, Math.round(actualTokens)) : -1, slot);
  }
}

/**
 * Token and group limits of the relay (issue 26): requests per minute, tokens per minute
 * (reserved before the call, settled to the real usage after) and requests at once. With Redis
 * the counters are shared by every node through one atomic script per admission and one per
 * settlement; without Redis in a cluster (SLUICE_WORKERS > 1) the primary holds them for every
 * process (one IPC round trip per admission); otherwise (or when either fails) they live in this
 * process (LocalLimitCounters, the same algorithm in all three). A request under no
 * limit costs nothing here: `scopes()` answers null without allocating.
 */
@Injectable()
export class RelayLimits {
  private readonly logger = new Logger('RelayLimits');
  /** Reservation ids start with this process's pid (base 36) and a dot: the cluster primary frees a dead process's slots by it. */
  private readonly node = `${process.pid.toString(36)}.${randomHex(3)}`;
  private seq = 0;
  private groupMemo: { raw: unknown; rules: Map<string, LimitRule> } = { raw: undefined, rules: new Map() };
  private readonly local = new LocalLimitCounters();
  private readonly leaseMs: number;

  constructor(
    private readonly options: OptionsService,
    private readonly redis: RedisService,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly cluster: ClusterLink,
  ) {
    // A slot of a node that died is freed when its lease ends: no request outlives the total timeout.
    this.leaseMs = config.relay.totalTimeoutMs + 60_000;
  }

  /** The scopes that limit this caller, or null (the common case: no allocation, no round trip). */
  scopes(caller: RelayCaller): Scope[] | null {
    const t = caller.token;
    const tokenLimited = t !== null && (t.rpmLimit > 0 || t.tpmLimit > 0 || t.concurrencyLimit > 0);
    const raw = this.options.json<unknown>('GroupRateLimits');
    if (raw !== this.groupMemo.raw) this.groupMemo = { raw, rules: groupRules(raw) };
    const group = this.groupMemo.rules.size === 0 ? undefined : this.groupMemo.rules.get(caller.group);
    if (!tokenLimited && group === undefined) return null;
    const out: Scope[] = [];
    if (tokenLimited) out.push({ id: `t:${t.id}`, rule: { rpm: t.rpmLimit, tpm: t.tpmLimit, concurrency: t.concurrencyLimit } });
    if (group !== undefined) out.push({ id: `g:${caller.group}:${caller.userId}`, rule: group });
    return out;
  }

  /** Counts the request in every scope or refuses it (429 `rate_limit_exceeded`, nothing counted). */
  async admit(scopes: Scope[], reserveTokens: number): Promise<LimitTicket> {
    const rid = `${this.node}${(++this.seq).toString(36)}`;
    const need = Math.max(0, Math.round(reserveTokens));
    const client = this.redis.client;
    if (client) {
      let res: number[] | null = null;
      try {
        const keys: string[] = [];
        const argv: (string | number)[] = [Date.now(), LIMIT_WINDOW_MS, rid, need, this.leaseMs];
        for (const s of scopes) {
          keys.push(this.key(s, 'r'), this.key(s, 't'), this.key(s, 'h'), this.key(s, 'c'));
          argv.push(s.rule.rpm, s.rule.tpm, s.rule.concurrency);
        }
        res = (await client.eval(ADMIT, keys.length, ...keys, ...argv)) as number[];
      } catch (err) {
        this.logger.warn(`redis limits unavailable, counting in this process: ${(err as Error).message}`);
      }
      if (res) {
        if (res[0] === 0) throw refusal(scopes, res[1] ?? 0, res[2] ?? 0, res[3] ?? 1000, res[4] ?? 0, need);
        const states = scopes.map((_, i) => ({ requests: res[1 + i * 4] ?? 0, requestsResetMs: res[2 + i * 4] ?? 0, tokens: res[3 + i * 4] ?? 0, tokensResetMs: res[4 + i * 4] ?? 0 }));
        return new LimitTicket(this, scopes, rid, 'redis', headersOf(scopes, states));
      }
    }
    if (this.cluster.active) {
      let res: AdmitResult | null = null;
      try {
        res = await this.cluster.call('lim.admit', { scopes, rid, need, leaseMs: this.leaseMs });
      } catch (err) {
        this.logger.warn(`cluster limits unavailable, counting in this process: ${(err as Error).message}`);
      }
      if (res) return this.ticketOf(scopes, rid, need, 'cluster', res);
    }
    return this.ticketOf(scopes, rid, need, 'local', this.local.admit(scopes, rid, need, this.leaseMs));
  }

  private ticketOf(scopes: Scope[], rid: string, need: number, home: CounterHome, res: AdmitResult): LimitTicket {
    if (!res.ok) throw refusal(scopes, res.kind, res.index, res.retryMs, res.used, need);
    return new LimitTicket(this, scopes, rid, home, headersOf(scopes, res.states));
  }

  /** Called by LimitTicket only (once for the slot, once for the settlement). */
  finish(ticket: LimitTicket, actualTokens: number, slot: boolean): void {
    const client = this.redis.client;
    if (ticket.home === 'redis' && client) {
      const keys: string[] = [];
      for (const s of ticket.scopes) keys.push(this.key(s, 't'), this.key(s, 'h'), this.key(s, 'c'));
      client.eval(FINISH, keys.length, ...keys, ticket.rid, actualTokens, slot ? '1' : '0').catch((err: unknown) => {
        // The slot's lease and the window's end free what could not be freed now.
        this.logger.warn(`redis limits settlement failed: ${(err as Error).message}`);
      });
      return;
    }
    if (ticket.home === 'cluster') {
      this.cluster.cast('lim.finish', { scopes: [...ticket.scopes], rid: ticket.rid, actual: actualTokens, slot });
      return;
    }
    this.local.finish(ticket.scopes, ticket.rid, actualTokens, slot);
  }

  /** What the counters hold now (tests, operators): requests and tokens in the window, slots in use. */
  async inspect(scopeId: string): Promise<{ requests: number; tokens: number; slots: number }> {
    const client = this.redis.client;
    if (client) {
      const s: Scope = { id: scopeId, rule: { rpm: 0, tpm: 0, concurrency: 0 } };
      const now = Date.now();
      const [r, h, c] = await Promise.all([
        client.zcount(this.key(s, 'r'), now - LIMIT_WINDOW_MS, '+inf'),
        client.hget(this.key(s, 'h'), '~sum'),
        client.zcount(this.key(s, 'c'), now, '+inf'),
      ]);
      return { requests: r, tokens: Number(h ?? 0), slots: c };
    }
    if (this.cluster.active) return this.cluster.call('lim.inspect', { scopeId });
    return this.local.inspect(scopeId);
  }

  private key(s: Scope, kind: string): string {
    return this.redis.key('lim', s.id, kind);
  }
}

/** OpenAI's headers for the tightest scope of each kind. */
function headersOf(scopes: readonly Scope[], states: readonly ScopeState[]): Record<string, string> {
  const h: Record<string, string> = {};
  let reqLeft = Infinity;
  let tokLeft = Infinity;
  scopes.forEach((s, i) => {
    const st = states[i];
    if (!st) return;
    if (s.rule.rpm > 0 && s.rule.rpm - st.requests < reqLeft) {
      reqLeft = s.rule.rpm - st.requests;
      h['x-ratelimit-limit-requests'] = String(s.rule.rpm);
      h['x-ratelimit-remaining-requests'] = String(Math.max(0, reqLeft));
      h['x-ratelimit-reset-requests'] = resetText(st.requestsResetMs);
    }
    if (s.rule.tpm > 0 && s.rule.tpm - st.tokens < tokLeft) {
      tokLeft = s.rule.tpm - st.tokens;
      h['x-ratelimit-limit-tokens'] = String(s.rule.tpm);
      h['x-ratelimit-remaining-tokens'] = String(Math.max(0, tokLeft));
      h['x-ratelimit-reset-tokens'] = resetText(st.tokensResetMs);
    }
  });
  return h;
}

/** The 429 of a refused admission, with retry-after and the headers of the limit that refused. */
function refusal(scopes: readonly Scope[], kind: number, index: number, retryMs: number, used: number, need: number): RelayError {
  const s = scopes[index] as Scope;
  const err =
    kind === 1
      ? RelayError.rateLimited('relay.limit_rpm', retryMs / 1000, { limit: s.rule.rpm })
      : kind === 2
        ? RelayError.rateLimited('relay.limit_tpm', retryMs / 1000, { limit: s.rule.tpm, need })
        : RelayError.rateLimited('relay.limit_concurrency', retryMs / 1000, { limit: s.rule.concurrency });
  if (kind === 1) {
    err.headers['x-ratelimit-limit-requests'] = String(s.rule.rpm);
    err.headers['x-ratelimit-remaining-requests'] = '0';
    err.headers['x-ratelimit-reset-requests'] = resetText(retryMs);
  } else if (kind === 2) {
    err.headers['x-ratelimit-limit-tokens'] = String(s.rule.tpm);
    err.headers['x-ratelimit-remaining-tokens'] = String(Math.max(0, s.rule.tpm - used));
    err.headers['x-ratelimit-reset-tokens'] = resetText(retryMs);
  }
  return err;
}
