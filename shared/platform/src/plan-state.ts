// Plan and monthly quote quota of the signed-in user, as a page-wide state stream (DESIGN §4).
// Deep import: the plan table is pure constants, and the package index would pull zod into /auth.
import { type PlanId, PLAN_IDS, PLANS, remainingQuotes } from '@atelier/domain/src/plans';
import { accountQuotaRemaining, remainingAfterHeldNumber } from '@atelier/domain/src/quota';
import type { Observable } from 'rxjs';

import { authState$, getAuthState, type AuthState } from './auth/auth-service';
import { nextTask } from './next-task';
import { loadSupabase } from './supabase-client';
import {
  offlineReady,
  quoteReservationsSettled,
  syncQuoteReservations,
  parisMonth,
  takeReservedQuoteNumber,
  type ReservationSyncResult,
} from './quote-reservations';
import { StateCell } from './state-stream';
import { useCellState } from './use-observable-state';

export interface PlanState {
  plan: PlanId;
  /** A paid or free subscription row with status active. */
  active: boolean;
  quotesUsed: number;
  /** null = unlimited */
  remaining: number | null;
  loading: boolean;
}

export interface QuoteCredit {
  allowed: boolean;
  number: string | null;
  plan: PlanId;
  quotesUsed: number;
  remaining: number | null;
}

export const PLAN_REFRESH_MS = 10_000;

const INITIAL: PlanState = {
  plan: 'free',
  active: false,
  quotesUsed: 0,
  remaining: remainingQuotes('free', 0),
  loading: true,
};

interface PlanRuntime {
  subject: StateCell<PlanState>;
  timer: ReturnType<typeof setInterval> | null;
  started: boolean;
}

const KEY = Symbol.for('atelier.plan.v2');
type GlobalWithPlan = typeof globalThis & { [KEY]?: PlanRuntime };
const runtime: PlanRuntime = ((globalThis as GlobalWithPlan)[KEY] ??= {
  subject: new StateCell<PlanState>(INITIAL),
  timer: null,
  started: false,
});

export const planState$: Observable<PlanState> = runtime.subject.stream;

export function getPlanState(): PlanState {
  return runtime.subject.getValue();
}

export function usePlanState(): PlanState {
  return useCellState(runtime.subject);
}

function asPlanId(value: unknown): PlanId {
  return PLAN_IDS.includes(value as PlanId) ? (value as PlanId) : 'free';
}

/** Usage counted this month: a reset dated in an earlier calendar month means nothing is used yet. */
export function quotesUsedThisMonth(
  quotesUsed: number,
  lastReset: string | null | undefined,
  now = new Date(),
): number {
  if (!lastReset) return quotesUsed;
  const reset = new Date(lastReset);
  if (Number.isNaN(reset.getTime())) return quotesUsed;
  const earlierMonth =
    reset.getFullYear() < now.getFullYear() ||
    (reset.getFullYear() === now.getFullYear() && reset.getMonth() < now.getMonth());
  return earlierMonth ? 0 : quotesUsed;
}

export function derivePlanState(
  subscription: { plan_id?: string | null; status?: string | null } | null,
  quota: { quotes_used?: number | null; last_reset?: string | null } | null,
  now = new Date(),
  heldByAnyDevice = 0,
): PlanState {
  const active = subscription?.status === 'active';
  const plan = active ? asPlanId(subscription?.plan_id) : 'free';
  const quotesUsed = quotesUsedThisMonth(quota?.quotes_used ?? 0, quota?.last_reset, now);
  // Issue 29.4 (decision 0051): the same account-wide figure as the reservation sync's.
  const remaining = accountQuotaRemaining(PLANS[plan].quota.quotesPerMonth, quotesUsed, heldByAnyDevice);
  return { plan, active, quotesUsed, remaining, loading: false };
}

/**
 * The last plan the server confirmed for a user, kept in this browser (issue 29.8): offline, or before the first
 * refresh answers, a Pro account shows Pro — not the free default.
 */
const LAST_PLAN_PREFIX = 'atelier.lastPlan.';

export function cachedPlan(
  userId: string,
): { plan: PlanId; active: boolean; quota?: { quotesUsed: number; remaining: number | null } } | null {
  try {
    const raw = globalThis.localStorage?.getItem(`${LAST_PLAN_PREFIX}${userId}`);
    if (!raw) return null;
    const value = JSON.parse(raw) as { plan?: unknown; active?: unknown; quotesUsed?: unknown; remaining?: unknown };
    if (!PLAN_IDS.includes(value.plan as PlanId) || typeof value.active !== 'boolean') return null;
    // The last figure the server gave (decision 0051), so an offline start shows it and not the plan's full quota.
    const quota =
      typeof value.quotesUsed === 'number' && (value.remaining === null || typeof value.remaining === 'number')
        ? { quotesUsed: value.quotesUsed, remaining: value.remaining }
        : undefined;
    return { plan: value.plan as PlanId, active: value.active, ...(quota ? { quota } : {}) };
  } catch {
    return null;
  }
}

function rememberPlan(userId: string, state: PlanState): void {
  try {
    globalThis.localStorage?.setItem(
      `${LAST_PLAN_PREFIX}${userId}`,
      JSON.stringify({
        plan: state.plan,
        active: state.active,
        quotesUsed: state.quotesUsed,
        remaining: state.remaining,
      }),
    );
  } catch {
    // storage full or disabled: the plan is simply read again next time
  }
}

/** Before the server answers (or when it cannot), the cached plan instead of the free default. */
function seedFromCache(userId: string, force = false): void {
  const prev = runtime.subject.getValue();
  if (!prev.loading && !force) return;
  const cached = cachedPlan(userId);
  if (!cached) return;
  const { quota, ...plan } = cached;
  runtime.subject.next(
    quota
      ? { ...prev, ...plan, ...quota }
      : { ...prev, ...plan, remaining: remainingQuotes(cached.plan, prev.quotesUsed) },
  );
}

function isSessionMissing(error: { name?: string; message?: string } | null | undefined): boolean {
  return !!error && (error.name === 'AuthSessionMissingError' || /session.*missing/i.test(error.message ?? ''));
}

/** Reads `subscriptions` and `user_quotas` for the signed-in user. Keeps the previous state on failure. */
export async function refreshPlanState(): Promise<void> {
  const user = getAuthState().user;
  if (!user) {
    runtime.subject.next({ ...INITIAL, loading: false });
    return;
  }
  try {
    const client = await loadSupabase();
    // The Paris-time formatter (made once: a time-zone formatter loads its zone's rules, ~10 ms on a phone) and
    // the three queries run in tasks of their own, not in the one that signed the session in (issue 14, TBT).
    const month = parisMonth(new Date());
    await nextTask();
    const [sub, quota, held] = await Promise.all([
      client.from('subscriptions').select('plan_id, status').eq('user_id', user.id).maybeSingle(),
      client.from('user_quotas').select('quotes_used, last_reset').eq('user_id', user.id).maybeSingle(),
      client
        .from('quote_number_reservations')
        .select('number', { count: 'exact', head: true })
        .eq('user_id', user.id)
        .eq('state', 'held')
        .eq('month', `${month}-01`),
    ]);
    const error = [sub.error, quota.error, held.error].find((e) => e && e.code !== 'PGRST116');
    if (error) throw error;
    const next = derivePlanState(sub.data, quota.data, new Date(), held.count ?? 0);
    rememberPlan(user.id, next);
    runtime.subject.next(next);
  } catch (error) {
    if (isSessionMissing(error as Error)) stopPlanRefresh();
    console.warn('[atelier] plan state refresh failed', error);
    seedFromCache(user.id);
    runtime.subject.next({ ...runtime.subject.getValue(), loading: false });
  }
}

/** Refreshes on sign-in and every 10 s while signed in, except on /auth (SPEC §9). Idempotent. */
export function startPlanRefresh(): void {
  if (runtime.started) return;
  runtime.started = true;
  // Offline devis numbers: confirmed / topped up when the network comes back and once the app opens offline.
  globalThis.addEventListener?.('online', () => void syncOfflineQuoteNumbers({ force: true }));
  globalThis.navigator?.serviceWorker?.addEventListener?.(
    'controllerchange',
    () => void syncOfflineQuoteNumbers({ force: true }),
  );
  authState$.subscribe((state: AuthState) => {
    if (state.status === 'signed-in') {
      if (state.user) seedFromCache(state.user.id, true);
      // After the sign-in's own work (auth's subscribers, the user's sync engine): the cached plan shows meanwhile.
      void nextTask().then(refreshPlanState);
      void syncOfflineQuoteNumbers({ force: true });
      if (!runtime.timer) {
        runtime.timer = setInterval(() => {
          if (globalThis.location?.pathname !== '/auth') {
            void refreshPlanState();
            void syncOfflineQuoteNumbers(); // no call unless numbers wait for confirmation or the block is short
          }
        }, PLAN_REFRESH_MS);
      }
    } else if (state.status === 'signed-out') {
      stopPlanRefresh();
      runtime.subject.next({ ...INITIAL, loading: false });
    }
  });
}

export function stopPlanRefresh(): void {
  if (runtime.timer) clearInterval(runtime.timer);
  runtime.timer = null;
}

interface CreditRow {
  allowed?: boolean;
  plan?: string;
  quotes_used?: number;
  remaining?: number | null;
  number?: string | null;
}

/** Publishes what a reservation sync says (the account-wide figure, decision 0051). */
function publishSync(result: ReservationSyncResult | null): void {
  if (!result) return;
  const prev = runtime.subject.getValue();
  const next = {
    ...prev,
    plan: asPlanId(result.plan),
    quotesUsed: result.quotesUsed,
    remaining: result.remaining,
    loading: false,
  };
  const user = getAuthState().user;
  if (user) rememberPlan(user.id, next);
  runtime.subject.next(next);
}

/** Confirms the quote numbers used on this device and tops its offline block up (quote-reservations.ts). */
export async function syncOfflineQuoteNumbers(options: { force?: boolean } = {}): Promise<void> {
  publishSync(await syncQuoteReservations(options));
}

/**
 * The next quote number with its quota credit: a number this device reserved for offline use first (no network
 * needed; confirmed at the next sync), else atomically from the server (RPC consume_quote_credit).
 */
function creditFromReservation(): QuoteCredit | null {
  const reserved = takeReservedQuoteNumber();
  if (!reserved) return null;
  const prev = runtime.subject.getValue();
  // The held number was counted when it was reserved: the figure does not move (decision 0051).
  const remaining = remainingAfterHeldNumber(prev.remaining);
  runtime.subject.next({ ...prev, quotesUsed: prev.quotesUsed + 1, remaining, loading: false });
  void syncOfflineQuoteNumbers();
  return { allowed: true, number: reserved, plan: prev.plan, quotesUsed: prev.quotesUsed + 1, remaining };
}

export async function consumeQuoteCredit(): Promise<QuoteCredit> {
  // A sync under way may be bringing this device's next numbers: wait for it (it never waits for the network
  // when offline, see syncQuoteReservations).
  await quoteReservationsSettled();
  const reserved = creditFromReservation();
  if (reserved) return reserved;
  const { data, error } = await (await loadSupabase()).rpc('consume_quote_credit');
  if (error) throw error;
  const row = (data ?? {}) as CreditRow;
  if (!row.allowed && offlineReady()) {
    // The quota may be taken by numbers the server holds for this very device (a sync whose answer was lost):
    // a sync brings them back, and the devis takes one.
    await syncQuoteReservations({ force: true });
    const recovered = creditFromReservation();
    if (recovered) return recovered;
  }
  const plan = asPlanId(row.plan);
  const quotesUsed = row.quotes_used ?? 0;
  const remaining = row.remaining === undefined ? remainingQuotes(plan, quotesUsed) : row.remaining;
  const credit: QuoteCredit = {
    allowed: !!row.allowed,
    number: row.allowed ? (row.number ?? null) : null,
    plan,
    quotesUsed,
    remaining: remaining !== null && remaining < 0 ? null : remaining,
  };
  const prev = runtime.subject.getValue();
  runtime.subject.next({ ...prev, plan, quotesUsed, remaining: credit.remaining, loading: false });
  void syncOfflineQuoteNumbers();
  return credit;
}

/** Next gapless document number of the user (RPC next_document_number), e.g. 'FA0001'. */
export async function nextDocumentNumber(kind: 'invoice'): Promise<string> {
  const { data, error } = await (await loadSupabase()).rpc('next_document_number', { kind });
  if (error) throw error;
  if (typeof data !== 'string' || !data) throw new Error('next_document_number returned no number');
  return data;
}

/** Tests only. */
export function resetPlanStateForTests(): void {
  stopPlanRefresh();
  runtime.started = false;
  runtime.subject.next(INITIAL);
}
