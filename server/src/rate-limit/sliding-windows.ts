/** A sliding window's answer: allowed, else the seconds until the oldest hit leaves the window. */
export interface RateDecision {
  allowed: boolean;
  retryAfter: number;
}

/**
 * The in-memory sliding windows of the limiter (the same algorithm as its Redis script). One
 * instance is shared by a single process's requests, or, in a cluster without Redis, held by the
 * primary for every process (check-then-write is atomic there: one thread answers each hit).
 */
export class SlidingWindows {
  private readonly windows = new Map<string, { hits: number[]; windowMs: number }>();
  private lastSweep = Date.now();

  hit(key: string, windowMs: number, limit: number, now = Date.now()): RateDecision {
    this.sweep(now);
    const hits = (this.windows.get(key)?.hits ?? []).filter((t) => t > now - windowMs);
    this.windows.set(key, { hits, windowMs });
    if (hits.length < limit) {
      hits.push(now);
      return { allowed: true, retryAfter: 0 };
    }
    const oldest = hits[0] ?? now;
    return { allowed: false, retryAfter: Math.ceil((windowMs - (now - oldest)) / 1000) };
  }

  /** Keeps the map bounded. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [k, { hits, windowMs }] of this.windows) {
      const last = hits[hits.length - 1];
      if (last === undefined || last <= now - windowMs) this.windows.delete(k);
    }
  }
}
