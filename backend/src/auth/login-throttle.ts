// Password sign-in limits without lock-out (issue 25 item 6). Failed attempts are counted per (email, address),
// per address and per email; past a free allowance each counter imposes a growing delay before the next attempt
// (doubling, capped), never a lock:
// - (email, address): a guesser on one account from one place is slowed up to 15 minutes between tries;
// - address: one place trying many accounts is slowed likewise;
// - email, from everywhere: a spread-out guess on one account is slowed, but its delay is capped low (1 minute),
//   so the owner coming from a new address is at worst made to wait, and the mail step always gets them in: a
//   sign-in through a recovery / magic link resets the email's counter and theirs (the administrator included).
// Counters forget failures after 15 minutes without one. In memory, per backend process.

export interface LoginThrottleLimits {
  /** Failures of one (email, address) before delays start (5). */
  freePerEmailIp: number;
  /** Failures from one address across accounts before delays start (20; AuthLimits.failedLoginsPerIp). */
  freePerIp: number;
  /** Failures on one email from every address before its delays start (10). */
  freePerEmail: number;
  /** First delay; each further failure doubles it. */
  baseDelayMs: number;
  /** Ceilings: per (email, address) and per address 15 minutes, per email 1 minute. */
  maxDelayMs: number;
  maxEmailDelayMs: number;
  /** A counter is forgotten this long after its last failure. */
  forgetAfterMs: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleLimits = {
  freePerEmailIp: 5,
  freePerIp: 20,
  freePerEmail: 10,
  baseDelayMs: 2000,
  maxDelayMs: 15 * 60_000,
  maxEmailDelayMs: 60_000,
  forgetAfterMs: 15 * 60_000,
};

interface Counter {
  failures: number;
  last: number;
}

const MAX_KEYS = 100_000;

class DelayCounter {
  private readonly counters = new Map<string, Counter>();

  constructor(
    private readonly free: number,
    private readonly baseMs: number,
    private readonly maxMs: number,
    private readonly forgetMs: number,
  ) {}

  private get(key: string, now: number): Counter | undefined {
    const counter = this.counters.get(key);
    if (counter && now - counter.last >= Math.max(this.forgetMs, this.delayFor(counter.failures))) {
      this.counters.delete(key);
      return undefined;
    }
    return counter;
  }

  private delayFor(failures: number): number {
    if (failures < this.free) return 0;
    return Math.min(this.maxMs, this.baseMs * 2 ** Math.min(30, failures - this.free));
  }

  /** Milliseconds to wait before the next attempt (0 = may try now). */
  wait(key: string, now: number): number {
    const counter = this.get(key, now);
    if (!counter) return 0;
    return Math.max(0, counter.last + this.delayFor(counter.failures) - now);
  }

  fail(key: string, now: number): void {
    const counter = this.get(key, now) ?? { failures: 0, last: now };
    counter.failures += 1;
    counter.last = now;
    this.counters.set(key, counter);
    if (this.counters.size > MAX_KEYS) for (const k of [...this.counters.keys()]) this.get(k, now);
  }

  reset(key: string): void {
    this.counters.delete(key);
  }

  failures(key: string, now: number): number {
    return this.get(key, now)?.failures ?? 0;
  }
}

export class LoginThrottle {
  private readonly emailIp: DelayCounter;
  private readonly ip: DelayCounter;
  private readonly email: DelayCounter;

  constructor(readonly limits: LoginThrottleLimits = DEFAULT_LOGIN_THROTTLE) {
    const { baseDelayMs: base, maxDelayMs: max, forgetAfterMs: forget } = limits;
    this.emailIp = new DelayCounter(limits.freePerEmailIp, base, max, forget);
    this.ip = new DelayCounter(limits.freePerIp, base, max, forget);
    this.email = new DelayCounter(limits.freePerEmail, base, limits.maxEmailDelayMs, forget);
  }

  /** Seconds the caller must wait before this attempt (0 = go on), the longest of the three delays. */
  retryAfterSeconds(email: string, ip: string, now = Date.now()): number {
    const ms = Math.max(
      this.emailIp.wait(`${email}\u0000${ip}`, now),
      this.ip.wait(ip, now),
      this.email.wait(email, now),
    );
    return ms > 0 ? Math.ceil(ms / 1000) : 0;
  }

  /** A wrong password (or an unknown email: counted the same, so nothing tells them apart). */
  failed(email: string, ip: string, now = Date.now()): void {
    this.emailIp.fail(`${email}\u0000${ip}`, now);
    this.ip.fail(ip, now);
    this.email.fail(email, now);
  }

  /** A right password from this address: its own counter starts again (the others decay on their own). */
  succeeded(email: string, ip: string): void {
    this.emailIp.reset(`${email}\u0000${ip}`);
  }

  /** A sign-in through a mailed link or code proves the mailbox: the email's counters start again. */
  provedMailbox(email: string, ip: string): void {
    this.emailIp.reset(`${email}\u0000${ip}`);
    this.email.reset(email);
  }

  /** For tests and the admin view: failures currently counted. */
  failures(email: string, ip: string, now = Date.now()): { emailIp: number; ip: number; email: number } {
    return {
      emailIp: this.emailIp.failures(`${email}\u0000${ip}`, now),
      ip: this.ip.failures(ip, now),
      email: this.email.failures(email, now),
    };
  }
}
