// Plans, prices and quotas: one table for the whole product (SPEC.md §6, §9; DESIGN.md §8).
export type PlanId = 'free' | 'pro' | 'enterprise';
export const PLAN_IDS: readonly PlanId[] = ['free', 'pro', 'enterprise'];

export interface PlanQuota {
  /** Quotes per calendar month; -1 = unlimited. */
  quotesPerMonth: number;
  storageMb: number;
  /** -1 = unlimited. */
  clients: number;
}

export interface Plan {
  id: PlanId;
  name: string;
  /** Monthly price in cents. */
  priceCents: number;
  quota: PlanQuota;
}

export const PLANS: Record<PlanId, Plan> = {
  free: { id: 'free', name: 'Gratuit', priceCents: 0, quota: { quotesPerMonth: 3, storageMb: 100, clients: 10 } },
  pro: { id: 'pro', name: 'Pro', priceCents: 2999, quota: { quotesPerMonth: -1, storageMb: 1024, clients: -1 } },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    priceCents: 5499,
    quota: { quotesPerMonth: -1, storageMb: 10240, clients: -1 },
  },
};

export const FREE_QUOTES_PER_MONTH = PLANS.free.quota.quotesPerMonth;

/** Remaining quotes this month, or null when unlimited. */
export function remainingQuotes(plan: PlanId, quotesUsed: number): number | null {
  const limit = PLANS[plan].quota.quotesPerMonth;
  return limit < 0 ? null : Math.max(0, limit - quotesUsed);
}
