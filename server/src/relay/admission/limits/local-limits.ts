import type { LimitRule } from './group-rate-limits';

/** Requests and tokens per minute are counted over a sliding minute. */
export const LIMIT_WINDOW_MS = 60_000;

/** One counted subject: a token, or a user inside a group (GroupRateLimits). */
export interface Scope {
  /** Key part: `t:<token id>` or `g:<group>:<user id>`. */
  id: string;
  rule: LimitRule;
}

export interface ScopeState {
  requests: number;
  requestsResetMs: number;
  tokens: number;
  tokensResetMs: number;
}

/**
 * An admission's answer, plain data (it crosses the cluster's IPC): admitted with each scope's
 * state, or refused by `kind` (1 rpm, 2 tpm, 3 concurrency) of scope `index`.
 */
export type AdmitResult =
  | { ok: true; states: ScopeState[] }
  | { ok: false; kind: 1 | 2 | 3; index: number; retryMs: number; used: number };

interface Tokens {
  entries: { rid: string; at: number; tokens: number }[];
  sum: number;
}

/**
 * The relay's limit counters in memory: the same algorithm as the Redis scripts (scripts.ts).
 * Held by a process on its own, or in a cluster without Redis by the primary for every process;
 * either way one thread runs each call, so check-then-write is atomic. Every scope is checked
 * before any is written: a refused request leaves no trace.
 */
export class LocalLimitCounters {
  private readonly requests = new Map<string, number[]>();
  private readonly tokens = new Map<string, Tokens>();
  private readonly slots = new Map<string, Map<string, number>>();

  admit(scopes: readonly Scope[], rid: string, need: number, leaseMs: number, now = Date.now()): AdmitResult {
    const from = now - LIMIT_WINDOW_MS;
    for (let i = 0; i < scopes.length; i++) {
      const s = scopes[i] as Scope;
      if (s.rule.rpm > 0) {
        const hits = (this.requests.get(s.id) ?? []).filter((t) => t > from);
        this.requests.set(s.id, hits);
        if (hits.length >= s.rule.rpm) return { ok: false, kind: 1, index: i, retryMs: (hits[0] ?? now) + LIMIT_WINDOW_MS - now, used: hits.length };
      }
      if (s.rule.tpm > 0) {
        const w = this.tokens.get(s.id) ?? { entries: [], sum: 0 };
        this.tokens.set(s.id, w);
        while (w.entries.length > 0 && (w.entries[0]?.at ?? now) <= from) w.sum -= w.entries.shift()?.tokens ?? 0;
        if (w.sum + need > s.rule.tpm) {
          let retry = LIMIT_WINDOW_MS;
          if (need <= s.rule.tpm) {
            let left = w.sum;
            for (const e of w.entries) {
              left -= e.tokens;
              if (left + need <= s.rule.tpm) {
                retry = e.at + LIMIT_WINDOW_MS - now;
                break;
              }
            }
          }
          return { ok: false, kind: 2, index: i, retryMs: retry, used: w.sum };
        }
      }
      if (s.rule.concurrency > 0) {
        const slots = this.slots.get(s.id) ?? new Map<string, number>();
        this.slots.set(s.id, slots);
        for (const [k, until] of slots) if (until <= now) slots.delete(k);
        if (slots.size >= s.rule.concurrency) return { ok: false, kind: 3, index: i, retryMs: 1000, used: slots.size };
      }
    }
    const states = scopes.map((s) => {
      const st: ScopeState = { requests: 0, requestsResetMs: 0, tokens: 0, tokensResetMs: 0 };
      if (s.rule.rpm > 0) {
        const hits = this.requests.get(s.id) as number[];
        hits.push(now);
        st.requests = hits.length;
        st.requestsResetMs = (hits[0] ?? now) + LIMIT_WINDOW_MS - now;
      }
      if (s.rule.tpm > 0) {
        const w = this.tokens.get(s.id) as Tokens;
        w.entries.push({ rid, at: now, tokens: need });
        w.sum += need;
        st.tokens = w.sum;
        st.tokensResetMs = (w.entries[0]?.at ?? now) + LIMIT_WINDOW_MS - now;
      }
      if (s.rule.concurrency > 0) (this.slots.get(s.id) as Map<string, number>).set(rid, now + leaseMs);
      return st;
    });
    return { ok: true, states };
  }

  /** Settles reservation `rid` to `actualTokens` (when >= 0) and frees its slot (when `slot`). Harmless twice. */
  finish(scopes: readonly Scope[], rid: string, actualTokens: number, slot: boolean): void {
    for (const s of scopes) {
      if (actualTokens >= 0 && s.rule.tpm > 0) {
        const w = this.tokens.get(s.id);
        const e = w?.entries.find((x) => x.rid === rid);
        if (w && e) {
          w.sum += actualTokens - e.tokens;
          e.tokens = actualTokens;
        }
      }
      if (slot && s.rule.concurrency > 0) this.slots.get(s.id)?.delete(rid);
    }
  }

  /** Frees every slot whose reservation id starts with `ridPrefix` (the requests of a process that died). Returns how many. */
  releaseSlots(ridPrefix: string): number {
    let n = 0;
    for (const slots of this.slots.values()) {
      for (const rid of slots.keys()) {
        if (!rid.startsWith(ridPrefix)) continue;
        slots.delete(rid);
        n++;
      }
    }
    return n;
  }

  inspect(scopeId: string, now = Date.now()): { requests: number; tokens: number; slots: number } {
    return {
      requests: (this.requests.get(scopeId) ?? []).filter((t) => t > now - LIMIT_WINDOW_MS).length,
      tokens: this.tokens.get(scopeId)?.sum ?? 0,
      slots: [...(this.slots.get(scopeId)?.values() ?? [])].filter((t) => t > now).length,
    };
  }
}
