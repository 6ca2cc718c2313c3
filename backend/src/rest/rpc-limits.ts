// Per-route bounds of /rest/v1 (issue 25 §2): body caps per RPC and per-user rate limits on the expensive RPCs,
// so that one account cannot monopolise the single database connection. Everything else keeps the default body
// limit and no rate limit (the statement timeout bounds each request).

/** Body cap of an RPC whose arguments are legitimately larger than the default (bytes). */
export const RPC_BODY_LIMITS: Record<string, number> = {
  import_legacy_data: 2 * 1024 * 1024,
};

/** Calls allowed per user and per window for the expensive RPCs. */
export const RPC_RATE_LIMITS: Record<string, { calls: number; windowSeconds: number }> = {
  // Lots of 25 clients (migration 0053): a 1 000-client import is 40 calls of about 0,1 s.
  import_legacy_data: { calls: 60, windowSeconds: 60 },
  admin_list_users: { calls: 120, windowSeconds: 60 },
  admin_dashboard: { calls: 60, windowSeconds: 60 },
  delete_user: { calls: 30, windowSeconds: 60 },
};

/** JSON nesting accepted in request bodies: deeper input is refused before it reaches JSON.parse or Postgres. */
export const MAX_JSON_DEPTH = 64;

/** Statement timeout of every /rest/v1 request (PostgREST's role-level statement_timeout on hosted Supabase). */
export const REST_STATEMENT_TIMEOUT_MS = 5000;

/** Named jobs allowed a longer statement timeout than REST_STATEMENT_TIMEOUT_MS (once per account, capped input). */
export const RPC_STATEMENT_TIMEOUTS_MS: Record<string, number> = {
  import_legacy_data: 60_000,
};

/** Fixed-window counters per (function, user); memory is bounded by pruning expired windows. */
export class RpcRateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Seconds to wait when the call is over the limit, else 0 (and the call is counted). */
  take(fn: string, user: string): number {
    const limit = RPC_RATE_LIMITS[fn];
    if (!limit) return 0;
    const now = this.now();
    const windowMs = limit.windowSeconds * 1000;
    if (this.windows.size > 10_000) {
      for (const [key, window] of this.windows) if (now - window.start >= windowMs) this.windows.delete(key);
    }
    const key = `${fn}\u0000${user}`;
    const window = this.windows.get(key);
    if (!window || now - window.start >= windowMs) {
      this.windows.set(key, { start: now, count: 1 });
      return 0;
    }
    if (window.count >= limit.calls) return Math.max(1, Math.ceil((window.start + windowMs - now) / 1000));
    window.count += 1;
    return 0;
  }
}
