type Value = { kind: 'string'; v: string; until: number } | { kind: 'hash'; v: Map<string, string>; until: number };

const SWEEP_EVERY_MS = 60_000;

/**
 * The few Redis commands the small shared states use (channel run generations and progress,
 * channel affinity), in memory: held by the cluster's primary for every process when there is no
 * Redis. `until` is the expiry (ms since the epoch, Infinity: none); an expired key reads as absent.
 */
export class MemoryKv {
  private readonly values = new Map<string, Value>();
  private lastSweep = Date.now();

  get(key: string, now = Date.now()): string | null {
    const e = this.live(key, now);
    return e?.kind === 'string' ? e.v : null;
  }

  /** SET with an optional TTL (0: none). */
  set(key: string, value: string, ttlMs = 0, now = Date.now()): void {
    this.values.set(key, { kind: 'string', v: value, until: ttlMs > 0 ? now + ttlMs : Infinity });
  }

  incr(key: string, now = Date.now()): number {
    const e = this.live(key, now);
    const n = (e?.kind === 'string' ? Number(e.v) || 0 : 0) + 1;
    this.values.set(key, { kind: 'string', v: String(n), until: e?.until ?? Infinity });
    return n;
  }

  hgetall(key: string, now = Date.now()): Record<string, string> {
    const e = this.live(key, now);
    return e?.kind === 'hash' ? Object.fromEntries(e.v) : {};
  }

  hget(key: string, field: string, now = Date.now()): string | null {
    const e = this.live(key, now);
    return e?.kind === 'hash' ? (e.v.get(field) ?? null) : null;
  }

  /** HSET of every field, then (when ttlMs > 0) EXPIRE. */
  hset(key: string, fields: Record<string, string>, ttlMs = 0, now = Date.now()): void {
    const h = this.hash(key, now);
    for (const [f, v] of Object.entries(fields)) h.v.set(f, v);
    if (ttlMs > 0) h.until = now + ttlMs;
  }

  /** HINCRBY of each field by its amount. */
  hincrby(key: string, by: Record<string, number>, now = Date.now()): void {
    const h = this.hash(key, now);
    for (const [f, n] of Object.entries(by)) h.v.set(f, String((Number(h.v.get(f)) || 0) + n));
  }

  private hash(key: string, now: number): Extract<Value, { kind: 'hash' }> {
    const e = this.live(key, now);
    if (e?.kind === 'hash') return e;
    const h: Extract<Value, { kind: 'hash' }> = { kind: 'hash', v: new Map(), until: Infinity };
    this.values.set(key, h);
    return h;
  }

  private live(key: string, now: number): Value | undefined {
    this.sweep(now);
    const e = this.values.get(key);
    if (e && e.until <= now) {
      this.values.delete(key);
      return undefined;
    }
    return e;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    for (const [k, e] of this.values) if (e.until <= now) this.values.delete(k);
  }
}
