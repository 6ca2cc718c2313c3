// Sliding-window counters for the auth endpoints' abuse limits (in memory, per backend process); password sign-ins
// have growing delays instead (login-throttle.ts).
import { DEFAULT_LOGIN_THROTTLE, LoginThrottle, type LoginThrottleLimits } from './login-throttle.ts';

export class SlidingWindow {
  private readonly hits = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) this.hits.set(key, list);
    else this.hits.delete(key);
    return list;
  }

  isBlocked(key: string, now = Date.now()): boolean {
    return this.recent(key, now).length >= this.limit;
  }

  record(key: string, now = Date.now()): void {
    const list = this.recent(key, now);
    list.push(now);
    this.hits.set(key, list);
    if (this.hits.size > 50_000) for (const k of [...this.hits.keys()]) this.recent(k, now);
  }

  /** Records a hit unless the key is already at its limit; false = refused. */
  take(key: string, now = Date.now()): boolean {
    if (this.isBlocked(key, now)) return false;
    this.record(key, now);
    return true;
  }

  /** Seconds until the oldest hit leaves the window. */
  retryAfterSeconds(key: string, now = Date.now()): number {
    const list = this.recent(key, now);
    return list.length ? Math.max(1, Math.ceil((list[0]! + this.windowMs - now) / 1000)) : 0;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }
}

export interface AuthLimits {
  /** Failed sign-ins of one account from one address before growing delays (5). */
  failedLoginsPerAccountAndIp: number;
  /** Failed sign-ins of one account from every address before its (capped, 1 min) delays (10). */
  failedLoginsPerAccount: number;
  /** Failed sign-ins (and mailed codes guessed) per client address across accounts before delays (20). */
  failedLoginsPerIp: number;
  /** Delays' base, ceilings and memory (tests shorten them). */
  loginDelays?: Partial<Pick<LoginThrottleLimits, 'baseDelayMs' | 'maxDelayMs' | 'maxEmailDelayMs' | 'forgetAfterMs'>>;
  /** Sign-ups per client address per hour (AUTH_SIGNUPS_PER_IP_HOUR, 30). */
  signUpsPerIpPerHour: number;
  /** Mails (recover, otp, resend) per address: one per `emailIntervalSeconds` (60, as GoTrue's SMTP_MAX_FREQUENCY). */
  emailIntervalSeconds: number;
  /** Mail requests per client address per hour (30). */
  emailsPerIpPerHour: number;
}

export function defaultAuthLimits(): AuthLimits {
  const n = (name: string, fallback: number) => {
    const value = Number(process.env[name]);
    return Number.isFinite(value) && value > 0 ? value : fallback;
  };
  return {
    failedLoginsPerAccountAndIp: DEFAULT_LOGIN_THROTTLE.freePerEmailIp,
    failedLoginsPerAccount: DEFAULT_LOGIN_THROTTLE.freePerEmail,
    failedLoginsPerIp: DEFAULT_LOGIN_THROTTLE.freePerIp,
    signUpsPerIpPerHour: n('AUTH_SIGNUPS_PER_IP_HOUR', 30),
    emailIntervalSeconds: 60,
    emailsPerIpPerHour: n('AUTH_EMAILS_PER_IP_HOUR', 30),
  };
}

/** Every limiter of GoTrue. */
export class AuthLimiter {
  /** Password sign-ins: growing delays per (email, address), address and email; never a lock. */
  readonly login: LoginThrottle;
  /** Mailed codes guessed per address (POST /verify with a wrong code). */
  readonly loginIp: SlidingWindow;
  readonly signUpIp: SlidingWindow;
  readonly emailAddress: SlidingWindow;
  readonly emailIp: SlidingWindow;

  constructor(readonly limits: AuthLimits = defaultAuthLimits()) {
    this.login = new LoginThrottle({
      ...DEFAULT_LOGIN_THROTTLE,
      ...(limits.loginDelays ?? {}),
      freePerEmailIp: limits.failedLoginsPerAccountAndIp,
      freePerEmail: limits.failedLoginsPerAccount,
      freePerIp: limits.failedLoginsPerIp,
    });
    this.loginIp = new SlidingWindow(limits.failedLoginsPerIp, 5 * 60_000);
    this.signUpIp = new SlidingWindow(limits.signUpsPerIpPerHour, 3600_000);
    this.emailAddress = new SlidingWindow(1, limits.emailIntervalSeconds * 1000);
    this.emailIp = new SlidingWindow(limits.emailsPerIpPerHour, 3600_000);
  }
}
