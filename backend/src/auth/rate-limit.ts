// Failed sign-in attempts per email and client address: after `limit` failures within `windowMs`, further
// attempts are refused (429) until the oldest failure leaves the window.
export class FailedLoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit = 5,
    private readonly windowMs = 5 * 60_000,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  isBlocked(email: string, ip: string, now = Date.now()): boolean {
    return this.recent(`${email}|${ip}`, now).length >= this.limit;
  }

  recordFailure(email: string, ip: string, now = Date.now()): void {
    const key = `${email}|${ip}`;
    const list = this.recent(key, now);
    list.push(now);
    this.failures.set(key, list);
    if (this.failures.size > 50_000) this.prune(now);
  }

  reset(email: string, ip: string): void {
    this.failures.delete(`${email}|${ip}`);
  }

  private prune(now: number): void {
    for (const key of [...this.failures.keys()]) this.recent(key, now);
  }
}
