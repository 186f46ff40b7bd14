/**
 * Telegram's per-chat allowance as a token bucket (pure, the clock passed in): `burst` calls at once,
 * then one more every `intervalMs`. A 429 empties it until Telegram's `retry_after` has passed.
 */

/** The bucket; an interval of 0 or less means no spacing (tests), though a 429 still holds it. */
export class SendBucket {
  private tokens: number;
  private refilledAt: number;
  private heldUntil = -Infinity;

  constructor(
    private readonly intervalMs: number,
    private readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.refilledAt = now;
  }

  /** Calls allowed at `now`. */
  level(now: number): number {
    if (now < this.heldUntil) return 0;
    if (this.intervalMs <= 0) return Infinity;
    const earned = Math.floor((now - this.refilledAt) / this.intervalMs);
    if (earned > 0) {
      this.tokens = Math.min(this.burst, this.tokens + earned);
      this.refilledAt = this.tokens === this.burst ? now : this.refilledAt + earned * this.intervalMs;
    }
    return this.tokens;
  }

  /** Spend one call (the caller checked `level`). */
  take(now: number): void {
    if (this.level(now) !== Infinity) this.tokens -= 1;
  }

  /** A 429: nothing goes before `until`; then the bucket fills from empty, one call at `until`. */
  holdUntil(until: number): void {
    this.heldUntil = until;
    this.tokens = 0;
    this.refilledAt = until - Math.max(0, this.intervalMs);
  }

  /** When the bucket will allow `need` calls (`now` if it does). */
  when(now: number, need: number): number {
    if (now < this.heldUntil) return this.intervalMs <= 0 ? this.heldUntil : this.heldUntil + (need - 1) * this.intervalMs;
    const level = this.level(now);
    if (level >= need) return now;
    return this.refilledAt + (need - level) * this.intervalMs;
  }
}
