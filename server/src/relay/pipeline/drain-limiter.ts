/**
 * Caps how many streams are drained at once after their client left (money rule 6): a drain
 * keeps an upstream connection open only to read its usage, so past the cap the relay aborts
 * the upstream at once and charges the content delivered.
 */
export class DrainLimiter {
  private active = 0;

  constructor(readonly max: number) {}

  get inUse(): number {
    return this.active;
  }

  tryAcquire(): boolean {
    if (this.active >= this.max) return false;
    this.active += 1;
    return true;
  }

  release(): void {
    if (this.active > 0) this.active -= 1;
  }
}
